DROP INDEX `tasks_company_status_idx`;--> statement-breakpoint
CREATE INDEX `tasks_company_status_completed_idx` ON `tasks` (`company_id`,`status`,`completed_at`);