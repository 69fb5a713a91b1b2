CREATE TABLE `open_task_tallies` (
	`company_id` integer NOT NULL,
	`due_day` integer NOT NULL,
	`created_day` integer NOT NULL,
	`status` text NOT NULL,
	`priority` text NOT NULL,
	`user_id` integer DEFAULT 0 NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`)
);
--> statement-breakpoint
-- Hand-written: the tally of open tasks by due day (db/schema/tallies.ts openTaskTallies) is kept by the
-- triggers below in the same transaction as every insert, update and delete of a task, whoever writes (the
-- app, the CLI, a cascade), as the day tallies of 0023_day_tallies are. Open: assigned, pending or in
-- progress (domain/figures.ts openTaskStatuses) with a due date; an update takes the old row's count away
-- and adds the new one's, only when a column the tally depends on changed. A row that falls to 0 is
-- deleted, so the table holds no more rows than there are open tasks. The backfill counts the tasks there.
-- db/tallies_test.ts checks the tally against a recount after a run of writes.
CREATE TRIGGER `open_task_tally_insert` AFTER INSERT ON `tasks` BEGIN INSERT INTO `open_task_tallies` (`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`, `n`) SELECT NEW.company_id, NEW.due_date / 86400000, NEW.created_at / 86400000, NEW.status, NEW.priority, coalesce(NEW.assigned_to, 0), +1 WHERE NEW.status IN ('assigned', 'pending', 'in_progress') AND NEW.due_date IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tally_delete` AFTER DELETE ON `tasks` BEGIN INSERT INTO `open_task_tallies` (`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`, `n`) SELECT OLD.company_id, OLD.due_date / 86400000, OLD.created_at / 86400000, OLD.status, OLD.priority, coalesce(OLD.assigned_to, 0), -1 WHERE OLD.status IN ('assigned', 'pending', 'in_progress') AND OLD.due_date IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tally_update` AFTER UPDATE ON `tasks` WHEN OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`status` IS NOT NEW.`status` OR OLD.`due_date` IS NOT NEW.`due_date` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`priority` IS NOT NEW.`priority` OR OLD.`assigned_to` IS NOT NEW.`assigned_to` BEGIN INSERT INTO `open_task_tallies` (`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`, `n`) SELECT OLD.company_id, OLD.due_date / 86400000, OLD.created_at / 86400000, OLD.status, OLD.priority, coalesce(OLD.assigned_to, 0), -1 WHERE OLD.status IN ('assigned', 'pending', 'in_progress') AND OLD.due_date IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`; INSERT INTO `open_task_tallies` (`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`, `n`) SELECT NEW.company_id, NEW.due_date / 86400000, NEW.created_at / 86400000, NEW.status, NEW.priority, coalesce(NEW.assigned_to, 0), +1 WHERE NEW.status IN ('assigned', 'pending', 'in_progress') AND NEW.due_date IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tally_empty` AFTER UPDATE OF `n` ON `open_task_tallies` WHEN NEW.`n` = 0 BEGIN DELETE FROM `open_task_tallies` WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
INSERT INTO `open_task_tallies` (`company_id`, `due_day`, `created_day`, `status`, `priority`, `user_id`, `n`) SELECT company_id, due_date / 86400000, created_at / 86400000, status, priority, coalesce(assigned_to, 0), count(*) FROM `tasks` WHERE status IN ('assigned', 'pending', 'in_progress') AND due_date IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- The page cache's change counters of the new table (as in 0018_page_cache_counters and 0028_company_table_versions).
INSERT OR IGNORE INTO `table_versions` (`name`, `version`) VALUES ('open_task_tallies', 0);
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `open_task_tallies_insert_version` AFTER INSERT ON `open_task_tallies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'open_task_tallies'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `open_task_tallies_update_version` AFTER UPDATE ON `open_task_tallies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'open_task_tallies'; END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS `open_task_tallies_delete_version` AFTER DELETE ON `open_task_tallies` BEGIN UPDATE `table_versions` SET `version` = `version` + 1 WHERE `name` = 'open_task_tallies'; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tallies_insert_company_version` AFTER INSERT ON `open_task_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'open_task_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tallies_update_company_version` AFTER UPDATE ON `open_task_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'open_task_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(NEW.`company_id`, 0), 'open_task_tallies', 1 WHERE NEW.`company_id` IS NOT OLD.`company_id` ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `open_task_tallies_delete_company_version` AFTER DELETE ON `open_task_tallies` BEGIN INSERT INTO `company_table_versions` (`company_id`, `name`, `version`) SELECT coalesce(OLD.`company_id`, 0), 'open_task_tallies', 1 WHERE true ON CONFLICT DO UPDATE SET `version` = `version` + 1; END;
