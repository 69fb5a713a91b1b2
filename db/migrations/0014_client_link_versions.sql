ALTER TABLE `client_links` ADD `estimate_version` integer;--> statement-breakpoint
ALTER TABLE `contracts` ADD `estimate_version` integer;--> statement-breakpoint
ALTER TABLE `customer_objects` ADD `approved_at` integer;--> statement-breakpoint
ALTER TABLE `customer_objects` ADD `approved_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
-- Hand-written: bind the existing contracts and links to the estimate version that
-- was in force when they were made: the archived version whose life spans that moment, else the current one.
UPDATE `contracts` SET `estimate_version` = COALESCE(
  (SELECT ev.`version` FROM `estimate_versions` ev WHERE ev.`estimate_id` = `contracts`.`estimate_id`
    AND ev.`created_at` <= `contracts`.`created_at` AND ev.`replaced_at` > `contracts`.`created_at`
    ORDER BY ev.`version` DESC LIMIT 1),
  (SELECT e.`version` FROM `estimates` e WHERE e.`id` = `contracts`.`estimate_id`)
) WHERE `estimate_version` IS NULL;--> statement-breakpoint
UPDATE `client_links` SET `estimate_version` = COALESCE(
  (SELECT c.`estimate_version` FROM `contracts` c WHERE c.`id` = `client_links`.`contract_id`),
  (SELECT ev.`version` FROM `estimate_versions` ev WHERE ev.`estimate_id` = `client_links`.`estimate_id`
    AND ev.`created_at` <= `client_links`.`created_at` AND ev.`replaced_at` > `client_links`.`created_at`
    ORDER BY ev.`version` DESC LIMIT 1),
  (SELECT e.`version` FROM `estimates` e WHERE e.`id` = `client_links`.`estimate_id`)
) WHERE `estimate_version` IS NULL;
-- Objects attached before attaching needed the staff's confirmation stay unconfirmed (approved_at NULL):
-- the company sees them in the object's client links and confirms or removes each one.
