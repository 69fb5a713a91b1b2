DROP INDEX `estimates_company_status_idx`;--> statement-breakpoint
CREATE INDEX `estimates_company_status_idx` ON `estimates` (`company_id`,`status`,`total_amount`);