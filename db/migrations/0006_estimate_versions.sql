CREATE TABLE `estimate_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`summary` text NOT NULL,
	`total_delta` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `estimate_changes_estimate_idx` ON `estimate_changes` (`estimate_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `estimate_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`version` integer NOT NULL,
	`estimate_number` text NOT NULL,
	`status` text NOT NULL,
	`total_amount` integer NOT NULL,
	`snapshot` text NOT NULL,
	`created_at` integer NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_versions_estimate_version_idx` ON `estimate_versions` (`estimate_id`,`version`);--> statement-breakpoint
ALTER TABLE `estimates` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `discount_kind` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `discount_value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `discount_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `client_note` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `internal_note` text;