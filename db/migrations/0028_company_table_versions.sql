-- Custom SQL (hand-written, no schema change): the page cache's change counters per company
-- (server/page_cache.ts, db/table_versions.ts). Beside the table's own counter in table_versions (0018), a
-- write to a table that belongs to a company moves that company's counter of the table here, so a company's
-- pages survive another company's writes. The company is the row's company_id (`id` for companies; for
-- crew_members, estimate_items, customer_objects and order_items their parent's), 0 when it has none (a
-- user without a company, a shop product of no company, a child whose parent is already gone in a cascade):
-- a company's page counts its own counter and counter 0. An update moving a row to another company moves
-- both. Kept like table_versions: in the same transaction as the change, whoever writes. A migration that
-- rebuilds one of these tables must create its three *_company_version triggers again
-- (db/table_versions_test.ts checks).
CREATE TABLE IF NOT EXISTS `company_table_versions` (
  `company_id` integer NOT NULL,
  `name` text NOT NULL,
  `version` integer NOT NULL,
  PRIMARY KEY (`company_id`, `name`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `activities_insert_company_version` AFTER INSERT ON `activities` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'activities', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `activities_update_company_version` AFTER UPDATE ON `activities` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'activities', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'activities', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `activities_delete_company_version` AFTER DELETE ON `activities` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'activities', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `client_links_insert_company_version` AFTER INSERT ON `client_links` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'client_links', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `client_links_update_company_version` AFTER UPDATE ON `client_links` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'client_links', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'client_links', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `client_links_delete_company_version` AFTER DELETE ON `client_links` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'client_links', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_insert_company_version` AFTER INSERT ON `companies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`id`, 0), 'companies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_update_company_version` AFTER UPDATE ON `companies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`id`, 0), 'companies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`id`, 0), 'companies', 1 WHERE NEW.`id` IS NOT OLD.`id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_delete_company_version` AFTER DELETE ON `companies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`id`, 0), 'companies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_day_tallies_insert_company_version` AFTER INSERT ON `company_day_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_day_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_day_tallies_update_company_version` AFTER UPDATE ON `company_day_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_day_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_day_tallies', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_day_tallies_delete_company_version` AFTER DELETE ON `company_day_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_day_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_mail_servers_insert_company_version` AFTER INSERT ON `company_mail_servers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_mail_servers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_mail_servers_update_company_version` AFTER UPDATE ON `company_mail_servers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_mail_servers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_mail_servers', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_mail_servers_delete_company_version` AFTER DELETE ON `company_mail_servers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_mail_servers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_message_settings_insert_company_version` AFTER INSERT ON `company_message_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_message_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_message_settings_update_company_version` AFTER UPDATE ON `company_message_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_message_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'company_message_settings', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `company_message_settings_delete_company_version` AFTER DELETE ON `company_message_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'company_message_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `completion_acts_insert_company_version` AFTER INSERT ON `completion_acts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'completion_acts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `completion_acts_update_company_version` AFTER UPDATE ON `completion_acts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'completion_acts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'completion_acts', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `completion_acts_delete_company_version` AFTER DELETE ON `completion_acts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'completion_acts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_signatures_insert_company_version` AFTER INSERT ON `contract_signatures` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contract_signatures', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_signatures_update_company_version` AFTER UPDATE ON `contract_signatures` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contract_signatures', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contract_signatures', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_signatures_delete_company_version` AFTER DELETE ON `contract_signatures` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contract_signatures', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_templates_insert_company_version` AFTER INSERT ON `contract_templates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contract_templates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_templates_update_company_version` AFTER UPDATE ON `contract_templates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contract_templates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contract_templates', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contract_templates_delete_company_version` AFTER DELETE ON `contract_templates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contract_templates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contracts_insert_company_version` AFTER INSERT ON `contracts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contracts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contracts_update_company_version` AFTER UPDATE ON `contracts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contracts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'contracts', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `contracts_delete_company_version` AFTER DELETE ON `contracts` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'contracts', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crew_members_insert_company_version` AFTER INSERT ON `crew_members` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `crews` WHERE `id` = NEW.`crew_id`), 0), 'crew_members', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crew_members_update_company_version` AFTER UPDATE ON `crew_members` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `crews` WHERE `id` = OLD.`crew_id`), 0), 'crew_members', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `crews` WHERE `id` = NEW.`crew_id`), 0), 'crew_members', 1 WHERE (SELECT `company_id` FROM `crews` WHERE `id` = NEW.`crew_id`) IS NOT (SELECT `company_id` FROM `crews` WHERE `id` = OLD.`crew_id`) ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crew_members_delete_company_version` AFTER DELETE ON `crew_members` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `crews` WHERE `id` = OLD.`crew_id`), 0), 'crew_members', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crews_insert_company_version` AFTER INSERT ON `crews` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'crews', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crews_update_company_version` AFTER UPDATE ON `crews` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'crews', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'crews', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `crews_delete_company_version` AFTER DELETE ON `crews` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'crews', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `customer_objects_insert_company_version` AFTER INSERT ON `customer_objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `objects` WHERE `id` = NEW.`object_id`), 0), 'customer_objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `customer_objects_update_company_version` AFTER UPDATE ON `customer_objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `objects` WHERE `id` = OLD.`object_id`), 0), 'customer_objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `objects` WHERE `id` = NEW.`object_id`), 0), 'customer_objects', 1 WHERE (SELECT `company_id` FROM `objects` WHERE `id` = NEW.`object_id`) IS NOT (SELECT `company_id` FROM `objects` WHERE `id` = OLD.`object_id`) ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `customer_objects_delete_company_version` AFTER DELETE ON `customer_objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `objects` WHERE `id` = OLD.`object_id`), 0), 'customer_objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `document_numbers_insert_company_version` AFTER INSERT ON `document_numbers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'document_numbers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `document_numbers_update_company_version` AFTER UPDATE ON `document_numbers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'document_numbers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'document_numbers', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `document_numbers_delete_company_version` AFTER DELETE ON `document_numbers` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'document_numbers', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_insert_company_version` AFTER INSERT ON `documents` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'documents', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_update_company_version` AFTER UPDATE ON `documents` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'documents', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'documents', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_delete_company_version` AFTER DELETE ON `documents` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'documents', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_changes_insert_company_version` AFTER INSERT ON `estimate_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_changes_update_company_version` AFTER UPDATE ON `estimate_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_changes', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_changes_delete_company_version` AFTER DELETE ON `estimate_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_decisions_insert_company_version` AFTER INSERT ON `estimate_decisions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_decisions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_decisions_update_company_version` AFTER UPDATE ON `estimate_decisions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_decisions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_decisions', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_decisions_delete_company_version` AFTER DELETE ON `estimate_decisions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_decisions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_items_insert_company_version` AFTER INSERT ON `estimate_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `estimates` WHERE `id` = NEW.`estimate_id`), 0), 'estimate_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_items_update_company_version` AFTER UPDATE ON `estimate_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `estimates` WHERE `id` = OLD.`estimate_id`), 0), 'estimate_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `estimates` WHERE `id` = NEW.`estimate_id`), 0), 'estimate_items', 1 WHERE (SELECT `company_id` FROM `estimates` WHERE `id` = NEW.`estimate_id`) IS NOT (SELECT `company_id` FROM `estimates` WHERE `id` = OLD.`estimate_id`) ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_items_delete_company_version` AFTER DELETE ON `estimate_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `estimates` WHERE `id` = OLD.`estimate_id`), 0), 'estimate_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_versions_insert_company_version` AFTER INSERT ON `estimate_versions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_versions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_versions_update_company_version` AFTER UPDATE ON `estimate_versions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_versions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimate_versions', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimate_versions_delete_company_version` AFTER DELETE ON `estimate_versions` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimate_versions', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimates_insert_company_version` AFTER INSERT ON `estimates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimates_update_company_version` AFTER UPDATE ON `estimates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'estimates', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `estimates_delete_company_version` AFTER DELETE ON `estimates` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'estimates', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `installed_equipment_insert_company_version` AFTER INSERT ON `installed_equipment` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'installed_equipment', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `installed_equipment_update_company_version` AFTER UPDATE ON `installed_equipment` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'installed_equipment', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'installed_equipment', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `installed_equipment_delete_company_version` AFTER DELETE ON `installed_equipment` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'installed_equipment', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `invoices_insert_company_version` AFTER INSERT ON `invoices` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'invoices', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `invoices_update_company_version` AFTER UPDATE ON `invoices` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'invoices', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'invoices', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `invoices_delete_company_version` AFTER DELETE ON `invoices` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'invoices', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `job_changes_insert_company_version` AFTER INSERT ON `job_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'job_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `job_changes_update_company_version` AFTER UPDATE ON `job_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'job_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'job_changes', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `job_changes_delete_company_version` AFTER DELETE ON `job_changes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'job_changes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `mail_unsubscribes_insert_company_version` AFTER INSERT ON `mail_unsubscribes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'mail_unsubscribes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `mail_unsubscribes_update_company_version` AFTER UPDATE ON `mail_unsubscribes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'mail_unsubscribes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'mail_unsubscribes', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `mail_unsubscribes_delete_company_version` AFTER DELETE ON `mail_unsubscribes` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'mail_unsubscribes', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `measurement_records_insert_company_version` AFTER INSERT ON `measurement_records` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'measurement_records', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `measurement_records_update_company_version` AFTER UPDATE ON `measurement_records` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'measurement_records', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'measurement_records', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `measurement_records_delete_company_version` AFTER DELETE ON `measurement_records` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'measurement_records', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_insert_company_version` AFTER INSERT ON `notifications` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'notifications', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_update_company_version` AFTER UPDATE ON `notifications` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'notifications', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'notifications', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_delete_company_version` AFTER DELETE ON `notifications` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'notifications', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `objects_insert_company_version` AFTER INSERT ON `objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `objects_update_company_version` AFTER UPDATE ON `objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'objects', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `objects_delete_company_version` AFTER DELETE ON `objects` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'objects', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `order_items_insert_company_version` AFTER INSERT ON `order_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `orders` WHERE `id` = NEW.`order_id`), 0), 'order_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `order_items_update_company_version` AFTER UPDATE ON `order_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `orders` WHERE `id` = OLD.`order_id`), 0), 'order_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `orders` WHERE `id` = NEW.`order_id`), 0), 'order_items', 1 WHERE (SELECT `company_id` FROM `orders` WHERE `id` = NEW.`order_id`) IS NOT (SELECT `company_id` FROM `orders` WHERE `id` = OLD.`order_id`) ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `order_items_delete_company_version` AFTER DELETE ON `order_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce((SELECT `company_id` FROM `orders` WHERE `id` = OLD.`order_id`), 0), 'order_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `orders_insert_company_version` AFTER INSERT ON `orders` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'orders', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `orders_update_company_version` AFTER UPDATE ON `orders` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'orders', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'orders', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `orders_delete_company_version` AFTER DELETE ON `orders` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'orders', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `outbox_messages_insert_company_version` AFTER INSERT ON `outbox_messages` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'outbox_messages', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `outbox_messages_update_company_version` AFTER UPDATE ON `outbox_messages` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'outbox_messages', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'outbox_messages', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `outbox_messages_delete_company_version` AFTER DELETE ON `outbox_messages` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'outbox_messages', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `payments_insert_company_version` AFTER INSERT ON `payments` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'payments', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `payments_update_company_version` AFTER UPDATE ON `payments` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'payments', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'payments', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `payments_delete_company_version` AFTER DELETE ON `payments` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'payments', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_list_items_insert_company_version` AFTER INSERT ON `price_list_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'price_list_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_list_items_update_company_version` AFTER UPDATE ON `price_list_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'price_list_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'price_list_items', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_list_items_delete_company_version` AFTER DELETE ON `price_list_items` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'price_list_items', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_insert_company_version` AFTER INSERT ON `price_lists` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'price_lists', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_update_company_version` AFTER UPDATE ON `price_lists` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'price_lists', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'price_lists', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `price_lists_delete_company_version` AFTER DELETE ON `price_lists` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'price_lists', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_insert_company_version` AFTER INSERT ON `products` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'products', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_update_company_version` AFTER UPDATE ON `products` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'products', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'products', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `products_delete_company_version` AFTER DELETE ON `products` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'products', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_agreements_insert_company_version` AFTER INSERT ON `service_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_agreements_update_company_version` AFTER UPDATE ON `service_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_agreements', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_agreements_delete_company_version` AFTER DELETE ON `service_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_plans_insert_company_version` AFTER INSERT ON `service_plans` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_plans', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_plans_update_company_version` AFTER UPDATE ON `service_plans` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_plans', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_plans', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_plans_delete_company_version` AFTER DELETE ON `service_plans` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_plans', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_visits_insert_company_version` AFTER INSERT ON `service_visits` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_visits', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_visits_update_company_version` AFTER UPDATE ON `service_visits` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_visits', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'service_visits', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `service_visits_delete_company_version` AFTER DELETE ON `service_visits` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'service_visits', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `shop_settings_insert_company_version` AFTER INSERT ON `shop_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'shop_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `shop_settings_update_company_version` AFTER UPDATE ON `shop_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'shop_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'shop_settings', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `shop_settings_delete_company_version` AFTER DELETE ON `shop_settings` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'shop_settings', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `supplementary_agreements_insert_company_version` AFTER INSERT ON `supplementary_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'supplementary_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `supplementary_agreements_update_company_version` AFTER UPDATE ON `supplementary_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'supplementary_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'supplementary_agreements', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `supplementary_agreements_delete_company_version` AFTER DELETE ON `supplementary_agreements` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'supplementary_agreements', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `tasks_insert_company_version` AFTER INSERT ON `tasks` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'tasks', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `tasks_update_company_version` AFTER UPDATE ON `tasks` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'tasks', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'tasks', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `tasks_delete_company_version` AFTER DELETE ON `tasks` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'tasks', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `users_insert_company_version` AFTER INSERT ON `users` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'users', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_company_version` AFTER UPDATE ON `users` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'users', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'users', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_company_version` AFTER DELETE ON `users` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'users', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `videos_insert_company_version` AFTER INSERT ON `videos` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'videos', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `videos_update_company_version` AFTER UPDATE ON `videos` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'videos', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'videos', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `videos_delete_company_version` AFTER DELETE ON `videos` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'videos', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_insert_company_version` AFTER INSERT ON `webhook_endpoints` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'webhook_endpoints', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_update_company_version` AFTER UPDATE ON `webhook_endpoints` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'webhook_endpoints', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'webhook_endpoints', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_delete_company_version` AFTER DELETE ON `webhook_endpoints` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'webhook_endpoints', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
