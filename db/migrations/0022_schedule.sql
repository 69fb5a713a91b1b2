CREATE TABLE `calendar_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_user_idx` ON `calendar_feeds` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_idx` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE TABLE `crew_members` (
	`crew_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`crew_id`, `user_id`),
	FOREIGN KEY (`crew_id`) REFERENCES `crews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `crew_members_user_idx` ON `crew_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `crews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`foreman_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`foreman_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crews_company_name_idx` ON `crews` (`company_id`,`name`);--> statement-breakpoint
ALTER TABLE `tasks` ADD `scheduled_date` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `window_start` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `window_end` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `crew_id` integer;--> statement-breakpoint
CREATE INDEX `tasks_company_scheduled_idx` ON `tasks` (`company_id`,`scheduled_date`);--> statement-breakpoint
-- Hand-written: the page-cache counters of the new tables (the pattern of 0018_page_cache_counters.sql).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('crews', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crews_insert_version` AFTER INSERT ON `crews` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crews'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crews_update_version` AFTER UPDATE ON `crews` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crews'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crews_delete_version` AFTER DELETE ON `crews` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crews'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('crew_members', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crew_members_insert_version` AFTER INSERT ON `crew_members` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crew_members'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crew_members_update_version` AFTER UPDATE ON `crew_members` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crew_members'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `crew_members_delete_version` AFTER DELETE ON `crew_members` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'crew_members'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('calendar_feeds', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_insert_version` AFTER INSERT ON `calendar_feeds` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'calendar_feeds'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_update_version` AFTER UPDATE ON `calendar_feeds` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'calendar_feeds'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `calendar_feeds_delete_version` AFTER DELETE ON `calendar_feeds` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'calendar_feeds'; END;
