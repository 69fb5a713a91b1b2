ALTER TABLE `estimate_versions` ADD `client_id` text;--> statement-breakpoint
CREATE INDEX `estimate_versions_client_idx` ON `estimate_versions` (`company_id`,`client_id`);--> statement-breakpoint
ALTER TABLE `estimates` ADD `client_id` text;--> statement-breakpoint
CREATE INDEX `estimates_client_idx` ON `estimates` (`company_id`,`client_id`);