CREATE TABLE `estimate_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`estimate_id` integer NOT NULL,
	`estimate_version` integer NOT NULL,
	`link_id` integer,
	`decision` text NOT NULL,
	`comment` text,
	`by_name` text NOT NULL,
	`by_user_id` integer,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `client_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `estimate_decisions_estimate_idx` ON `estimate_decisions` (`estimate_id`,`estimate_version`,`created_at`);--> statement-breakpoint
CREATE INDEX `estimate_decisions_object_idx` ON `estimate_decisions` (`object_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `companies` ADD `works_start_rule` text DEFAULT 'signed_and_prepaid' NOT NULL;--> statement-breakpoint
ALTER TABLE `objects` ADD `stage` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `objects` ADD `status_override` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `status_override_reason` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `status_override_by` integer;--> statement-breakpoint
ALTER TABLE `objects` ADD `status_override_at` integer;--> statement-breakpoint
ALTER TABLE `objects` ADD `works_started_at` integer;--> statement-breakpoint
ALTER TABLE `objects` ADD `works_finished_at` integer;--> statement-breakpoint
ALTER TABLE `objects` ADD `contract_total` integer;--> statement-breakpoint
ALTER TABLE `objects` ADD `received_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the objects made before statuses followed events. Their stage follows
-- the status they had; works in progress or completed get their start (and finish) dated by their last change,
-- so deriving the status again later keeps them where they are; an approved or cancelled object keeps its
-- status as a recorded override (domain/job_status.ts adoptedState; the works starting ends an approval's);
-- the contract's total and the money received are filled from contracts and payments.
UPDATE `objects` SET `stage` = CASE `status`
  WHEN 'in_progress' THEN 'measuring' WHEN 'measurement_done' THEN 'measured'
  WHEN 'estimation_done' THEN 'estimated' WHEN 'approved' THEN 'override' WHEN 'work_in_progress' THEN 'works'
  WHEN 'completed' THEN 'works_done' WHEN 'cancelled' THEN 'override' ELSE 'new' END;--> statement-breakpoint
UPDATE `objects` SET `works_started_at` = `updated_at` WHERE `status` IN ('work_in_progress', 'completed');--> statement-breakpoint
UPDATE `objects` SET `works_finished_at` = `updated_at` WHERE `status` = 'completed';--> statement-breakpoint
UPDATE `objects` SET `status_override` = `status`, `status_override_at` = `updated_at`,
  `status_override_reason` = 'Статус задан вручную до перехода на статусы по событиям'
  WHERE `status` IN ('approved', 'cancelled');--> statement-breakpoint
UPDATE `objects` SET `contract_total` = (SELECT c.`total_amount` FROM `contracts` c WHERE c.`object_id` = `objects`.`id`
  ORDER BY c.`created_at` DESC, c.`id` DESC LIMIT 1);--> statement-breakpoint
UPDATE `objects` SET `received_total` = COALESCE((SELECT SUM(p.`received_amount`) FROM `payments` p
  WHERE p.`object_id` = `objects`.`id` AND p.`status` = 'paid'), 0);
