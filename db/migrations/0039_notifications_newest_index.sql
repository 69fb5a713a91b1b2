-- A user's notifications newest first, a page at a time (/notifications, ?before=): read in the index's order
-- instead of sorting all of them for each page.
CREATE INDEX `notifications_user_newest_idx` ON `notifications` (`user_id`,`created_at`,`id`);
