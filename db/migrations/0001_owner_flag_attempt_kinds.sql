ALTER TABLE `login_attempts` ADD `kind` text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `is_owner` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A demo install made before the flag keeps its owner: the seeded system administrator (is_demo is set only by the seed).
UPDATE `users` SET `is_owner` = true WHERE `email` = 'admin@demo.local' AND `is_demo` = 1 AND `role` = 'system_admin';
