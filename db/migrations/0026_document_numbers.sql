DROP INDEX `orders_number_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_idx` ON `orders` (`company_id`,`order_number`);--> statement-breakpoint
-- ===== Hand-written: the backfill of document numbers =====
-- Every estimate, contract, act and shop order made before the company numbering takes its place in
-- document_numbers, in creation order per company, kind and Moscow year (UTC+3 without daylight saving
-- since 2014, hence + 10800 s), so allocateNumber() continues after them. A document keeps the number it
-- was issued under (label): a signed contract's or act's text prints it and its SHA-256 covers that text.
-- A document that has versions counts once, from its first version. Invoices were numbered from the start.
INSERT INTO `document_numbers` (`company_id`, `kind`, `year`, `seq`, `label`, `created_at`)
SELECT `company_id`, `kind`, `year`,
  ROW_NUMBER() OVER (PARTITION BY `company_id`, `kind`, `year` ORDER BY `created_at`, `ord`)
    + COALESCE((SELECT MAX(d.`seq`) FROM `document_numbers` d
      WHERE d.`company_id` = docs.`company_id` AND d.`kind` = docs.`kind` AND d.`year` = docs.`year`), 0),
  `label`, `created_at`
FROM (
  SELECT `company_id`, `kind`, CAST(strftime('%Y', `created_at` / 1000 + 10800, 'unixepoch') AS integer) AS `year`,
    `label`, `created_at`, `ord`
  FROM (
    SELECT e.`company_id`, 'estimate' AS `kind`, e.`id` AS `ord`,
      COALESCE((SELECT v.`estimate_number` FROM `estimate_versions` v
        WHERE v.`estimate_id` = e.`id` ORDER BY v.`version` LIMIT 1), e.`estimate_number`) AS `label`,
      COALESCE((SELECT MIN(v.`created_at`) FROM `estimate_versions` v WHERE v.`estimate_id` = e.`id`),
        e.`created_at`) AS `created_at`
    FROM `estimates` e
    UNION ALL
    SELECT c.`company_id`, 'contract', MIN(c.`id`), c.`contract_number`, MIN(c.`created_at`)
    FROM `contracts` c GROUP BY c.`company_id`, c.`object_id`, c.`contract_number`
    UNION ALL
    SELECT a.`company_id`, 'act', a.`id`, json_extract(a.`content`, '$.actNumber'), a.`created_at`
    FROM `completion_acts` a WHERE a.`version` = (SELECT MIN(b.`version`) FROM `completion_acts` b
      WHERE b.`object_id` = a.`object_id`)
    UNION ALL
    SELECT o.`company_id`, 'order', o.`id`, o.`order_number`, o.`created_at`
    FROM `orders` o WHERE o.`company_id` IS NOT NULL
  )
) AS docs;
