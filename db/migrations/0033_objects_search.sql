-- Hand-written: the search of objects by address, client name or phone (db/objects.ts objectSearchValues)
-- through an FTS5 index of trigrams, which finds any part of three characters or more in any case, Cyrillic
-- included. A LIKE per spelling over every object of the company made /objects?q= take 100 ms at 100 000
-- objects and 16.5 ms at 10 000 (docs/performance.md). The index holds no copy of the text
-- (content='objects'): the triggers below keep it in step with every insert, delete and change of those three
-- columns, in the same transaction, whoever writes (the app, the CLI, a cascade). db/objects_search_test.ts
-- checks what it finds against a case-insensitive «contains» over every object, and FTS5's integrity-check.
CREATE VIRTUAL TABLE `objects_search` USING fts5(`address`, `client_name`, `client_phone`, content='objects', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `objects_search_insert` AFTER INSERT ON `objects` BEGIN INSERT INTO `objects_search` (rowid, `address`, `client_name`, `client_phone`) VALUES (NEW.`id`, NEW.`address`, NEW.`client_name`, NEW.`client_phone`); END;
--> statement-breakpoint
CREATE TRIGGER `objects_search_delete` AFTER DELETE ON `objects` BEGIN INSERT INTO `objects_search` (`objects_search`, rowid, `address`, `client_name`, `client_phone`) VALUES ('delete', OLD.`id`, OLD.`address`, OLD.`client_name`, OLD.`client_phone`); END;
--> statement-breakpoint
CREATE TRIGGER `objects_search_update` AFTER UPDATE OF `address`, `client_name`, `client_phone` ON `objects` WHEN OLD.`address` IS NOT NEW.`address` OR OLD.`client_name` IS NOT NEW.`client_name` OR OLD.`client_phone` IS NOT NEW.`client_phone` BEGIN INSERT INTO `objects_search` (`objects_search`, rowid, `address`, `client_name`, `client_phone`) VALUES ('delete', OLD.`id`, OLD.`address`, OLD.`client_name`, OLD.`client_phone`); INSERT INTO `objects_search` (rowid, `address`, `client_name`, `client_phone`) VALUES (NEW.`id`, NEW.`address`, NEW.`client_name`, NEW.`client_phone`); END;
--> statement-breakpoint
INSERT INTO `objects_search` (`objects_search`) VALUES ('rebuild');
