ALTER TABLE `objects` ADD `completed_at` integer;--> statement-breakpoint
CREATE INDEX `objects_company_completed_idx` ON `objects` (`company_id`,`status`,`completed_at`);
--> statement-breakpoint
-- Custom SQL (hand-written): «Завершено объектов» of a period counted completed objects by the day of their
-- last change, so a note added to a job finished months ago counted it as finished today. `completed_at` is
-- the moment the job last became completed: set here by triggers on the change of status (the status is
-- written only with the moment of its event in updated_at, db/job_status.ts), whoever writes, and cleared
-- when the job leaves «Завершено». The object_completed tallies (0023) now follow it.
-- Jobs already completed: the works' end when it was recorded, else the last change (the best there is).
UPDATE `objects` SET `completed_at` = coalesce(`works_finished_at`, `updated_at`) WHERE `status` = 'completed';
--> statement-breakpoint
-- A job inserted completed (the demo, an import) takes the works' end when it has one, as above. A trigger's
-- own UPDATE fires the other triggers of objects (the counters, the tallies below), not itself.
CREATE TRIGGER `object_completed_at_insert` AFTER INSERT ON `objects` WHEN NEW.`status` = 'completed' AND NEW.`completed_at` IS NULL BEGIN UPDATE `objects` SET `completed_at` = coalesce(NEW.`works_finished_at`, NEW.`updated_at`) WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `object_completed_at_update` AFTER UPDATE OF `status` ON `objects` WHEN (NEW.`status` = 'completed') IS NOT (OLD.`status` = 'completed') BEGIN UPDATE `objects` SET `completed_at` = CASE WHEN NEW.`status` = 'completed' THEN NEW.`updated_at` END WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
DROP TRIGGER `object_completed_tally_insert`;
--> statement-breakpoint
DROP TRIGGER `object_completed_tally_update`;
--> statement-breakpoint
DROP TRIGGER `object_completed_tally_delete`;
--> statement-breakpoint
CREATE TRIGGER `object_completed_tally_insert` AFTER INSERT ON `objects` BEGIN INSERT INTO `company_day_tallies` (`company_id`, `kind`, `day`, `status`, `variant`, `user_id`, `n`, `amount`, `timed`) SELECT NEW.company_id, 'object_completed', NEW.completed_at / 86400000, 'completed', '', 0, +1, +0, +0 WHERE NEW.status = 'completed' AND NEW.completed_at IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`, `amount` = `amount` + excluded.`amount`, `timed` = `timed` + excluded.`timed`; END;
--> statement-breakpoint
CREATE TRIGGER `object_completed_tally_update` AFTER UPDATE ON `objects` WHEN OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`status` IS NOT NEW.`status` OR OLD.`completed_at` IS NOT NEW.`completed_at` BEGIN INSERT INTO `company_day_tallies` (`company_id`, `kind`, `day`, `status`, `variant`, `user_id`, `n`, `amount`, `timed`) SELECT OLD.company_id, 'object_completed', OLD.completed_at / 86400000, 'completed', '', 0, -1, -0, -0 WHERE OLD.status = 'completed' AND OLD.completed_at IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`, `amount` = `amount` + excluded.`amount`, `timed` = `timed` + excluded.`timed`; INSERT INTO `company_day_tallies` (`company_id`, `kind`, `day`, `status`, `variant`, `user_id`, `n`, `amount`, `timed`) SELECT NEW.company_id, 'object_completed', NEW.completed_at / 86400000, 'completed', '', 0, +1, +0, +0 WHERE NEW.status = 'completed' AND NEW.completed_at IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`, `amount` = `amount` + excluded.`amount`, `timed` = `timed` + excluded.`timed`; END;
--> statement-breakpoint
CREATE TRIGGER `object_completed_tally_delete` AFTER DELETE ON `objects` BEGIN INSERT INTO `company_day_tallies` (`company_id`, `kind`, `day`, `status`, `variant`, `user_id`, `n`, `amount`, `timed`) SELECT OLD.company_id, 'object_completed', OLD.completed_at / 86400000, 'completed', '', 0, -1, -0, -0 WHERE OLD.status = 'completed' AND OLD.completed_at IS NOT NULL ON CONFLICT DO UPDATE SET `n` = `n` + excluded.`n`, `amount` = `amount` + excluded.`amount`, `timed` = `timed` + excluded.`timed`; END;
--> statement-breakpoint
DELETE FROM `company_day_tallies` WHERE `kind` = 'object_completed';
--> statement-breakpoint
INSERT INTO `company_day_tallies` (`company_id`, `kind`, `day`, `status`, `variant`, `user_id`, `n`, `amount`, `timed`) SELECT company_id, 'object_completed', completed_at / 86400000, 'completed', '', 0, count(*), 0, 0 FROM `objects` WHERE status = 'completed' AND completed_at IS NOT NULL GROUP BY 1, 3;
