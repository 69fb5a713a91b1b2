CREATE TABLE `client_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`estimate_id` integer,
	`contract_id` integer,
	`payment_id` integer,
	`token_hash` text NOT NULL,
	`show_items` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`opened_at` integer,
	`accepted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_links_token_idx` ON `client_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `client_links_object_idx` ON `client_links` (`object_id`);--> statement-breakpoint
CREATE TABLE `contract_signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`link_id` integer,
	`signer_name` text NOT NULL,
	`signature_image` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`text_sha256` text NOT NULL,
	`signed_at` integer NOT NULL,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `client_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_signatures_contract_idx` ON `contract_signatures` (`contract_id`);--> statement-breakpoint
CREATE TABLE `contract_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`work_type` text NOT NULL,
	`body` text NOT NULL,
	`updated_by` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_templates_company_type_idx` ON `contract_templates` (`company_id`,`work_type`);--> statement-breakpoint
CREATE TABLE `customer_objects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`link_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `client_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_objects_user_object_idx` ON `customer_objects` (`user_id`,`object_id`);--> statement-breakpoint
ALTER TABLE `contracts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `contracts` ADD `text_sha256` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `contracts` ADD `total_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contracts` ADD `prepayment_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `contracts_company_number_idx` ON `contracts` (`company_id`,`contract_number`,`version`);--> statement-breakpoint
ALTER TABLE `payments` ADD `received_amount` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `received_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `received_by` integer;