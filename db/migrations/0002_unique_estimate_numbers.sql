-- Estimates that already share a number within their company keep the oldest as is; the others get their id appended.
UPDATE `estimates` SET `estimate_number` = `estimate_number` || '-' || `id`
WHERE EXISTS (
  SELECT 1 FROM `estimates` AS `earlier`
  WHERE `earlier`.`company_id` = `estimates`.`company_id`
    AND `earlier`.`estimate_number` = `estimates`.`estimate_number`
    AND `earlier`.`id` < `estimates`.`id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_company_number_idx` ON `estimates` (`company_id`,`estimate_number`);
