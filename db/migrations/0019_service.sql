CREATE TABLE `installed_equipment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`kind` text NOT NULL,
	`model_code` text,
	`model_name` text NOT NULL,
	`serial_number` text,
	`installed_on` text,
	`source` text NOT NULL,
	`depth_m` real,
	`casing` text,
	`static_level_m` real,
	`dynamic_level_m` real,
	`flow_rate_m3h` real,
	`pump` text,
	`notes` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "installed_equipment_kind_check" CHECK(kind IN ('station', 'well', 'pump')),
	CONSTRAINT "installed_equipment_source_check" CHECK(source IN ('act', 'manual'))
);
--> statement-breakpoint
CREATE INDEX `installed_equipment_object_idx` ON `installed_equipment` (`object_id`);--> statement-breakpoint
CREATE INDEX `installed_equipment_company_idx` ON `installed_equipment` (`company_id`,`kind`);--> statement-breakpoint
CREATE TABLE `service_agreements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`equipment_id` integer,
	`plan_id` integer,
	`renews_id` integer,
	`number` text NOT NULL,
	`plan_name` text NOT NULL,
	`visits_per_year` integer NOT NULL,
	`rrule` text NOT NULL,
	`operations` text NOT NULL,
	`priority_callout` integer DEFAULT false NOT NULL,
	`parts_discount_percent` integer DEFAULT 0 NOT NULL,
	`size_band` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`pay_mode` text NOT NULL,
	`price_per_year` integer NOT NULL,
	`price_per_visit` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`contract_text` text NOT NULL,
	`text_sha256` text NOT NULL,
	`signer_name` text,
	`signature_image` text,
	`signed_ip` text,
	`signed_user_agent` text,
	`signed_at` integer,
	`ended_at` integer,
	`end_reason` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`equipment_id`) REFERENCES `installed_equipment`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`plan_id`) REFERENCES `service_plans`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "service_agreements_status_check" CHECK(status IN ('draft', 'sent', 'signed', 'ended')),
	CONSTRAINT "service_agreements_pay_mode_check" CHECK(pay_mode IN ('year', 'visit'))
);
--> statement-breakpoint
CREATE INDEX `service_agreements_object_idx` ON `service_agreements` (`object_id`);--> statement-breakpoint
CREATE INDEX `service_agreements_company_idx` ON `service_agreements` (`company_id`,`status`,`ends_on`);--> statement-breakpoint
CREATE TABLE `service_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`visits_per_year` integer NOT NULL,
	`rrule` text NOT NULL,
	`operations` text NOT NULL,
	`priority_callout` integer DEFAULT false NOT NULL,
	`parts_discount_percent` integer DEFAULT 0 NOT NULL,
	`prices` text NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_plans_company_idx` ON `service_plans` (`company_id`,`archived`);--> statement-breakpoint
CREATE TABLE `service_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`agreement_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`planned_on` text NOT NULL,
	`task_id` integer,
	`status` text DEFAULT 'planned' NOT NULL,
	`done_at` integer,
	`done_by` integer,
	`report` text,
	`client_signer_name` text,
	`client_signature` text,
	`client_signed_at` integer,
	`moved_from` text,
	`move_reason` text,
	`reminder_sent_at` integer,
	`report_client_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agreement_id`) REFERENCES `service_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "service_visits_status_check" CHECK(status IN ('planned', 'done', 'overdue', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `service_visits_agreement_idx` ON `service_visits` (`agreement_id`,`planned_on`);--> statement-breakpoint
CREATE INDEX `service_visits_company_idx` ON `service_visits` (`company_id`,`status`,`planned_on`);--> statement-breakpoint
CREATE INDEX `service_visits_object_idx` ON `service_visits` (`object_id`);--> statement-breakpoint
CREATE INDEX `service_visits_task_idx` ON `service_visits` (`task_id`);--> statement-breakpoint
-- Hand-edited: drizzle-kit leaves out the ON DELETE of a column added by ALTER TABLE; the schema declares set null.
ALTER TABLE `payments` ADD `service_agreement_id` integer REFERENCES service_agreements(id) ON DELETE set null;--> statement-breakpoint

-- Hand-written: the page-cache change counters of the four new tables (the pattern of 0018_page_cache_counters.sql).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('installed_equipment', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `installed_equipment_insert_version` AFTER INSERT ON `installed_equipment` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'installed_equipment'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `installed_equipment_update_version` AFTER UPDATE ON `installed_equipment` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'installed_equipment'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `installed_equipment_delete_version` AFTER DELETE ON `installed_equipment` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'installed_equipment'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('service_plans', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_plans_insert_version` AFTER INSERT ON `service_plans` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_plans'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_plans_update_version` AFTER UPDATE ON `service_plans` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_plans'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_plans_delete_version` AFTER DELETE ON `service_plans` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_plans'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('service_agreements', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_agreements_insert_version` AFTER INSERT ON `service_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_agreements'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_agreements_update_version` AFTER UPDATE ON `service_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_agreements'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_agreements_delete_version` AFTER DELETE ON `service_agreements` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_agreements'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('service_visits', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_visits_insert_version` AFTER INSERT ON `service_visits` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_visits'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_visits_update_version` AFTER UPDATE ON `service_visits` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_visits'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `service_visits_delete_version` AFTER DELETE ON `service_visits` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'service_visits'; END;
