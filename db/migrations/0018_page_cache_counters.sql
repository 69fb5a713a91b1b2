-- The change counters of the page cache (server/page_cache.ts): one row per table in table_versions, moved
-- by a trigger on every insert, update and delete in the same transaction as the change, whoever writes
-- (this process, the CLI beside it, a foreign-key cascade). A migration that rebuilds or adds a table must
-- create its three triggers again (db/table_versions_test.ts fails until it does). IF NOT EXISTS: databases
-- started before this migration have them already (they were made at start).
CREATE TABLE IF NOT EXISTS `table_versions` (`name` text PRIMARY KEY NOT NULL, `version` integer NOT NULL);
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('activities', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `activities_insert_version` AFTER INSERT ON `activities` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'activities'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `activities_update_version` AFTER UPDATE ON `activities` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'activities'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `activities_delete_version` AFTER DELETE ON `activities` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'activities'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('cart_items', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `cart_items_insert_version` AFTER INSERT ON `cart_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'cart_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `cart_items_update_version` AFTER UPDATE ON `cart_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'cart_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `cart_items_delete_version` AFTER DELETE ON `cart_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'cart_items'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('client_links', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `client_links_insert_version` AFTER INSERT ON `client_links` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'client_links'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `client_links_update_version` AFTER UPDATE ON `client_links` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'client_links'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `client_links_delete_version` AFTER DELETE ON `client_links` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'client_links'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('companies', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `companies_insert_version` AFTER INSERT ON `companies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'companies'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `companies_update_version` AFTER UPDATE ON `companies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'companies'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `companies_delete_version` AFTER DELETE ON `companies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'companies'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('contract_signatures', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_signatures_insert_version` AFTER INSERT ON `contract_signatures` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_signatures'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_signatures_update_version` AFTER UPDATE ON `contract_signatures` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_signatures'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_signatures_delete_version` AFTER DELETE ON `contract_signatures` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_signatures'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('contract_templates', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_templates_insert_version` AFTER INSERT ON `contract_templates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_templates'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_templates_update_version` AFTER UPDATE ON `contract_templates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_templates'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contract_templates_delete_version` AFTER DELETE ON `contract_templates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contract_templates'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('contracts', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contracts_insert_version` AFTER INSERT ON `contracts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contracts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contracts_update_version` AFTER UPDATE ON `contracts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contracts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `contracts_delete_version` AFTER DELETE ON `contracts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'contracts'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('customer_objects', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `customer_objects_insert_version` AFTER INSERT ON `customer_objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'customer_objects'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `customer_objects_update_version` AFTER UPDATE ON `customer_objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'customer_objects'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `customer_objects_delete_version` AFTER DELETE ON `customer_objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'customer_objects'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('documents', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `documents_insert_version` AFTER INSERT ON `documents` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'documents'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `documents_update_version` AFTER UPDATE ON `documents` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'documents'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `documents_delete_version` AFTER DELETE ON `documents` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'documents'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('estimate_changes', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_changes_insert_version` AFTER INSERT ON `estimate_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_changes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_changes_update_version` AFTER UPDATE ON `estimate_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_changes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_changes_delete_version` AFTER DELETE ON `estimate_changes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_changes'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('estimate_items', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_items_insert_version` AFTER INSERT ON `estimate_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_items_update_version` AFTER UPDATE ON `estimate_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_items_delete_version` AFTER DELETE ON `estimate_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_items'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('estimate_versions', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_versions_insert_version` AFTER INSERT ON `estimate_versions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_versions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_versions_update_version` AFTER UPDATE ON `estimate_versions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_versions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_versions_delete_version` AFTER DELETE ON `estimate_versions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_versions'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('estimates', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimates_insert_version` AFTER INSERT ON `estimates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimates'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimates_update_version` AFTER UPDATE ON `estimates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimates'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimates_delete_version` AFTER DELETE ON `estimates` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimates'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('local_accounts', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `local_accounts_insert_version` AFTER INSERT ON `local_accounts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'local_accounts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `local_accounts_update_version` AFTER UPDATE ON `local_accounts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'local_accounts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `local_accounts_delete_version` AFTER DELETE ON `local_accounts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'local_accounts'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('login_attempts', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `login_attempts_insert_version` AFTER INSERT ON `login_attempts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'login_attempts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `login_attempts_update_version` AFTER UPDATE ON `login_attempts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'login_attempts'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `login_attempts_delete_version` AFTER DELETE ON `login_attempts` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'login_attempts'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('measurement_records', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `measurement_records_insert_version` AFTER INSERT ON `measurement_records` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'measurement_records'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `measurement_records_update_version` AFTER UPDATE ON `measurement_records` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'measurement_records'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `measurement_records_delete_version` AFTER DELETE ON `measurement_records` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'measurement_records'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('notifications', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `notifications_insert_version` AFTER INSERT ON `notifications` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `notifications_update_version` AFTER UPDATE ON `notifications` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `notifications_delete_version` AFTER DELETE ON `notifications` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'notifications'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('objects', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `objects_insert_version` AFTER INSERT ON `objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'objects'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `objects_update_version` AFTER UPDATE ON `objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'objects'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `objects_delete_version` AFTER DELETE ON `objects` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'objects'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('order_items', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `order_items_insert_version` AFTER INSERT ON `order_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'order_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `order_items_update_version` AFTER UPDATE ON `order_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'order_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `order_items_delete_version` AFTER DELETE ON `order_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'order_items'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('orders', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `orders_insert_version` AFTER INSERT ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `orders_update_version` AFTER UPDATE ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `orders_delete_version` AFTER DELETE ON `orders` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'orders'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('payments', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `payments_insert_version` AFTER INSERT ON `payments` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'payments'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `payments_update_version` AFTER UPDATE ON `payments` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'payments'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `payments_delete_version` AFTER DELETE ON `payments` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'payments'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('price_list_items', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_list_items_insert_version` AFTER INSERT ON `price_list_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_list_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_list_items_update_version` AFTER UPDATE ON `price_list_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_list_items'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_list_items_delete_version` AFTER DELETE ON `price_list_items` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_list_items'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('price_lists', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_lists_insert_version` AFTER INSERT ON `price_lists` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_lists'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_lists_update_version` AFTER UPDATE ON `price_lists` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_lists'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `price_lists_delete_version` AFTER DELETE ON `price_lists` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'price_lists'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('product_categories', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `product_categories_insert_version` AFTER INSERT ON `product_categories` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'product_categories'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `product_categories_update_version` AFTER UPDATE ON `product_categories` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'product_categories'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `product_categories_delete_version` AFTER DELETE ON `product_categories` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'product_categories'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('products', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `products_insert_version` AFTER INSERT ON `products` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'products'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `products_update_version` AFTER UPDATE ON `products` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'products'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `products_delete_version` AFTER DELETE ON `products` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'products'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('sessions', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `sessions_insert_version` AFTER INSERT ON `sessions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'sessions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `sessions_update_version` AFTER UPDATE ON `sessions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'sessions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `sessions_delete_version` AFTER DELETE ON `sessions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'sessions'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('shop_settings', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `shop_settings_insert_version` AFTER INSERT ON `shop_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'shop_settings'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `shop_settings_update_version` AFTER UPDATE ON `shop_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'shop_settings'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `shop_settings_delete_version` AFTER DELETE ON `shop_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'shop_settings'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('tasks', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `tasks_insert_version` AFTER INSERT ON `tasks` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'tasks'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `tasks_update_version` AFTER UPDATE ON `tasks` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'tasks'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `tasks_delete_version` AFTER DELETE ON `tasks` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'tasks'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('users', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `users_insert_version` AFTER INSERT ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `users_update_version` AFTER UPDATE ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `users_delete_version` AFTER DELETE ON `users` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'users'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('videos', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `videos_insert_version` AFTER INSERT ON `videos` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'videos'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `videos_update_version` AFTER UPDATE ON `videos` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'videos'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `videos_delete_version` AFTER DELETE ON `videos` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'videos'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('estimate_decisions', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_decisions_insert_version` AFTER INSERT ON `estimate_decisions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_decisions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_decisions_update_version` AFTER UPDATE ON `estimate_decisions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_decisions'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `estimate_decisions_delete_version` AFTER DELETE ON `estimate_decisions` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'estimate_decisions'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('outbox_messages', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `outbox_messages_insert_version` AFTER INSERT ON `outbox_messages` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'outbox_messages'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `outbox_messages_update_version` AFTER UPDATE ON `outbox_messages` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'outbox_messages'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `outbox_messages_delete_version` AFTER DELETE ON `outbox_messages` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'outbox_messages'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('mail_unsubscribes', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `mail_unsubscribes_insert_version` AFTER INSERT ON `mail_unsubscribes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'mail_unsubscribes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `mail_unsubscribes_update_version` AFTER UPDATE ON `mail_unsubscribes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'mail_unsubscribes'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `mail_unsubscribes_delete_version` AFTER DELETE ON `mail_unsubscribes` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'mail_unsubscribes'; END;
--> statement-breakpoint
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('company_message_settings', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `company_message_settings_insert_version` AFTER INSERT ON `company_message_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'company_message_settings'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `company_message_settings_update_version` AFTER UPDATE ON `company_message_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'company_message_settings'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `company_message_settings_delete_version` AFTER DELETE ON `company_message_settings` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'company_message_settings'; END;
