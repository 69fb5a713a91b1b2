CREATE INDEX `objects_newest_idx` ON `objects` (`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_newest_idx` ON `tasks` (`created_at`);