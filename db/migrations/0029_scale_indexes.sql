DROP INDEX `objects_company_created_idx`;--> statement-breakpoint
DROP INDEX `objects_company_status_updated_idx`;--> statement-breakpoint
CREATE INDEX `objects_company_created_idx` ON `objects` (`company_id`,`created_at`,`status`,`work_type`,`estimated_cost`);--> statement-breakpoint
CREATE INDEX `objects_company_status_updated_idx` ON `objects` (`company_id`,`status`,`updated_at`,`contract_total`,`estimated_cost`);--> statement-breakpoint
DROP INDEX `tasks_company_created_idx`;--> statement-breakpoint
CREATE INDEX `tasks_company_assignee_created_idx` ON `tasks` (`company_id`,`assigned_to`,`created_at`);--> statement-breakpoint
CREATE INDEX `tasks_company_created_idx` ON `tasks` (`company_id`,`created_at`,`status`,`priority`,`assigned_to`,`completed_at`);--> statement-breakpoint
CREATE INDEX `estimates_company_creator_idx` ON `estimates` (`company_id`,`created_by`);