DROP INDEX `contracts_company_number_idx`;--> statement-breakpoint
-- Hand-written, before the unique index it makes possible: a contract number held by
-- several objects of a company stays with the object that took it first (lowest contract id); the other
-- objects' contracts get their object id appended («Д-7» → «Д-7-42»).
UPDATE `contracts` SET `contract_number` = `contract_number` || '-' || `object_id`
WHERE `object_id` <> (
  SELECT `first`.`object_id` FROM `contracts` AS `first`
  WHERE `first`.`company_id` = `contracts`.`company_id`
    AND `first`.`contract_number` = `contracts`.`contract_number`
  ORDER BY `first`.`id` LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_company_number_idx` ON `contracts` (`company_id`,`contract_number`,`version`);
