ALTER TABLE `service_visits` ADD `moved_from` text;--> statement-breakpoint
ALTER TABLE `service_visits` ADD `move_reason` text;--> statement-breakpoint
ALTER TABLE `service_visits` ADD `reminder_sent_at` integer;--> statement-breakpoint
ALTER TABLE `service_visits` ADD `report_client_id` text;