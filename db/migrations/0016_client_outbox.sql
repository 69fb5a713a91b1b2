CREATE TABLE `company_message_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`event` text NOT NULL,
	`enabled` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_message_settings_event_idx` ON `company_message_settings` (`company_id`,`event`);--> statement-breakpoint
CREATE TABLE `mail_unsubscribes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_unsubscribes_company_email_idx` ON `mail_unsubscribes` (`company_id`,`email`);--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer,
	`order_id` integer,
	`event` text NOT NULL,
	`recipient` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`is_reminder` integer DEFAULT false NOT NULL,
	`sender_name` text NOT NULL,
	`reply_to` text,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer,
	`lease_owner` text,
	`last_response` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`unsubscribe_hash` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "outbox_messages_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_dedupe_idx` ON `outbox_messages` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_messages_due_idx` ON `outbox_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_object_idx` ON `outbox_messages` (`object_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_unsubscribe_idx` ON `outbox_messages` (`unsubscribe_hash`);