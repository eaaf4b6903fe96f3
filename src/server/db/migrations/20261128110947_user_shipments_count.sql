ALTER TABLE `users` ADD `shipments_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written (drizzle-kit does not model triggers): users.shipments_count follows the
-- account's shipments on insert, delete (also a cascade from orders) and a change of owner,
-- so the client shipments list's total is one row read, not a COUNT over the user's index
CREATE TRIGGER `shipments_count_insert` AFTER INSERT ON `shipments` WHEN NEW.`user_id` IS NOT NULL BEGIN
  UPDATE `users` SET `shipments_count` = `shipments_count` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_count_delete` AFTER DELETE ON `shipments` WHEN OLD.`user_id` IS NOT NULL BEGIN
  UPDATE `users` SET `shipments_count` = `shipments_count` - 1 WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `shipments_count_owner` AFTER UPDATE OF `user_id` ON `shipments` WHEN OLD.`user_id` IS NOT NEW.`user_id` BEGIN
  UPDATE `users` SET `shipments_count` = `shipments_count` - 1 WHERE `id` = OLD.`user_id`;
  UPDATE `users` SET `shipments_count` = `shipments_count` + 1 WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
-- the shipments there are already (one pass along shipments_user)
UPDATE `users` SET `shipments_count` = (SELECT COUNT(*) FROM `shipments` WHERE `shipments`.`user_id` = `users`.`id`);
