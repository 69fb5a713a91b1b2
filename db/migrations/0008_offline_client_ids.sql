ALTER TABLE `documents` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `documents_client_idx` ON `documents` (`company_id`,`client_id`);--> statement-breakpoint
ALTER TABLE `measurement_records` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `measurement_records_client_idx` ON `measurement_records` (`task_id`,`client_id`);