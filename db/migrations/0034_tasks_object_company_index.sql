DROP INDEX `tasks_object_idx`;--> statement-breakpoint
CREATE INDEX `tasks_object_idx` ON `tasks` (`object_id`,`company_id`,`created_at`);