ALTER TABLE `orders` ADD `shipping_cost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `access_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `object_id` integer REFERENCES objects(id) ON DELETE set null;