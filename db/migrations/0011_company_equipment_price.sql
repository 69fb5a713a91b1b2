ALTER TABLE `companies` ADD `equipment_price_basis` text DEFAULT 'retail' NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `equipment_markup_percent` integer DEFAULT 11 NOT NULL;