CREATE TABLE `document_numbers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`seq` integer NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_numbers_seq_idx` ON `document_numbers` (`company_id`,`kind`,`year`,`seq`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`contract_id` integer,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`document` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`object_id`) REFERENCES `objects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_number_idx` ON `invoices` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `invoices_object_idx` ON `invoices` (`object_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_kind` text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_inn` text(12);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_kpp` text(9);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_ogrn` text(15);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_legal_address` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_signer` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_name` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_bik` text(9);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_account` text(20);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_cor_account` text(20);--> statement-breakpoint
-- Hand-written: the page-cache change counters of the two new tables (the pattern of
-- 0018_page_cache_counters.sql; db/table_versions_test.ts checks every table has them).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('document_numbers', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `document_numbers_insert_version` AFTER INSERT ON `document_numbers` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'document_numbers'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `document_numbers_update_version` AFTER UPDATE ON `document_numbers` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'document_numbers'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `document_numbers_delete_version` AFTER DELETE ON `document_numbers` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'document_numbers'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('invoices', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `invoices_insert_version` AFTER INSERT ON `invoices` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'invoices'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `invoices_update_version` AFTER UPDATE ON `invoices` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'invoices'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `invoices_delete_version` AFTER DELETE ON `invoices` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'invoices'; END;
