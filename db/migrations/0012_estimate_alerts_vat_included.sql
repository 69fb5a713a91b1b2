ALTER TABLE `estimates` ADD `alerts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `alerts_confirmed` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `alerts_confirmed_by` integer;--> statement-breakpoint
ALTER TABLE `estimates` ADD `alerts_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `estimates` ADD `vat_included` integer DEFAULT false NOT NULL;