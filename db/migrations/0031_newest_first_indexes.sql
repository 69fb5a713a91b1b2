CREATE INDEX `objects_company_newest_idx` ON `objects` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_company_newest_idx` ON `tasks` (`company_id`,`created_at`);