-- Per-user counters of a closed year's orders and invoices (docs/retention.md, "A D1 database per closed
-- accounting year"): the client section's orders and invoices lists add them to DB's totals, as the
-- shipments list adds `shipments`. Kept by triggers like that one (INSERT OR IGNORE of a row already there
-- fires nothing); the rows moved before this migration are counted once here.
ALTER TABLE `year_user_counts` ADD `orders` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `year_user_counts` ADD `invoices` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `year_orders_count_insert` AFTER INSERT ON `orders` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `year_user_counts` (`user_id`, `orders`) VALUES (NEW.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `orders` = `orders` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `year_orders_count_delete` AFTER DELETE ON `orders` WHEN OLD.`user_id` IS NOT NULL BEGIN
  UPDATE `year_user_counts` SET `orders` = `orders` - 1 WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `year_invoices_count_insert` AFTER INSERT ON `invoices` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `year_user_counts` (`user_id`, `invoices`) VALUES (NEW.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `invoices` = `invoices` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `year_invoices_count_delete` AFTER DELETE ON `invoices` WHEN OLD.`user_id` IS NOT NULL BEGIN
  UPDATE `year_user_counts` SET `invoices` = `invoices` - 1 WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
INSERT INTO `year_user_counts` (`user_id`, `orders`) SELECT `user_id`, COUNT(*) FROM `orders` WHERE `user_id` IS NOT NULL GROUP BY `user_id` ON CONFLICT (`user_id`) DO UPDATE SET `orders` = excluded.`orders`;
--> statement-breakpoint
INSERT INTO `year_user_counts` (`user_id`, `invoices`) SELECT `user_id`, COUNT(*) FROM `invoices` WHERE `user_id` IS NOT NULL GROUP BY `user_id` ON CONFLICT (`user_id`) DO UPDATE SET `invoices` = excluded.`invoices`;
