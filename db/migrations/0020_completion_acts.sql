CREATE TABLE `completion_acts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`version` integer NOT NULL,
	`content` text NOT NULL,
	`total_amount` integer NOT NULL,
	`received_amount` integer NOT NULL,
	`due_amount` integer NOT NULL,
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
CREATE UNIQUE INDEX `completion_acts_object_version_idx` ON `completion_acts` (`object_id`,`version`);--> statement-breakpoint
CREATE INDEX `completion_acts_company_idx` ON `completion_acts` (`company_id`);--> statement-breakpoint
-- Hand-written: the page cache's change counters of the new table (the pattern of 0018_page_cache_counters.sql).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('completion_acts', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `completion_acts_insert_version` AFTER INSERT ON `completion_acts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'completion_acts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `completion_acts_update_version` AFTER UPDATE ON `completion_acts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'completion_acts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `completion_acts_delete_version` AFTER DELETE ON `completion_acts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'completion_acts'; END;
