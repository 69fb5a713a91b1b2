CREATE TABLE `job_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`kind` text NOT NULL,
	`line_index` integer,
	`section` text NOT NULL,
	`name` text NOT NULL,
	`unit` text NOT NULL,
	`old_quantity` real NOT NULL,
	`new_quantity` real NOT NULL,
	`price_per_unit` integer NOT NULL,
	`reason` text NOT NULL,
	`requires_consent` integer DEFAULT false NOT NULL,
	`photo_ids` text NOT NULL,
	`agreement_id` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agreement_id`) REFERENCES `supplementary_agreements`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `job_changes_object_idx` ON `job_changes` (`object_id`);--> statement-breakpoint
CREATE TABLE `supplementary_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`number` integer NOT NULL,
	`content` text NOT NULL,
	`old_total` integer NOT NULL,
	`new_total` integer NOT NULL,
	`text_sha256` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`link_id` integer,
	`signer_name` text,
	`signature_image` text,
	`signed_at` integer,
	`ip` text,
	`user_agent` text,
	`refused_at` integer,
	`refusal_comment` text,
	`refused_by` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_id`) REFERENCES `client_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `supplementary_agreements_contract_number_idx` ON `supplementary_agreements` (`contract_id`,`number`);--> statement-breakpoint
CREATE INDEX `supplementary_agreements_object_idx` ON `supplementary_agreements` (`object_id`);--> statement-breakpoint
ALTER TABLE `objects` ADD `changes_delta` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the page cache's change counters of the two new tables (the pattern of 0018_page_cache_counters.sql).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('job_changes', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `job_changes_insert_version` AFTER INSERT ON `job_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'job_changes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `job_changes_update_version` AFTER UPDATE ON `job_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'job_changes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `job_changes_delete_version` AFTER DELETE ON `job_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'job_changes'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('supplementary_agreements', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `supplementary_agreements_insert_version` AFTER INSERT ON `supplementary_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'supplementary_agreements'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `supplementary_agreements_update_version` AFTER UPDATE ON `supplementary_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'supplementary_agreements'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `supplementary_agreements_delete_version` AFTER DELETE ON `supplementary_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'supplementary_agreements'; END;
