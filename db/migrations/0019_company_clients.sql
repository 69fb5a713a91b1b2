ALTER TABLE `objects` ADD `client_kind` text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_inn` text(12);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_kpp` text(9);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_ogrn` text(15);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_legal_address` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_signer` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_name` text;--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_bik` text(9);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_account` text(20);--> statement-breakpoint
ALTER TABLE `objects` ADD `client_bank_cor_account` text(20);