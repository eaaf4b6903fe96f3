CREATE TABLE `unbilled_orders` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unbilled_orders_created` ON `unbilled_orders` (`created_at`);--> statement-breakpoint
-- hand-written (drizzle-kit does not model triggers): unbilled_orders holds the orders on account
-- that no invoice bills yet. An order enters when made (or changed to be on account) and leaves
-- when a monthly invoice lists it (invoice_orders) or an invoice of its own is issued; a change of
-- its owner, currency or time moves its row with it. Invoices are never deleted (accounting
-- records); a deleted order takes its row along (the foreign key's cascade).
CREATE TRIGGER `unbilled_orders_insert` AFTER INSERT ON `orders` WHEN NEW.`payment_method` = 'invoice' AND NEW.`user_id` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `unbilled_orders` (`order_id`, `user_id`, `currency`, `created_at`)
    SELECT NEW.`id`, NEW.`user_id`, NEW.`currency`, NEW.`created_at`
    WHERE NOT EXISTS (SELECT 1 FROM `invoice_orders` WHERE `order_id` = NEW.`id`) AND NOT EXISTS (SELECT 1 FROM `invoices` WHERE `order_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `unbilled_orders_update` AFTER UPDATE OF `payment_method`, `user_id`, `currency`, `created_at` ON `orders` BEGIN
  DELETE FROM `unbilled_orders` WHERE `order_id` = NEW.`id`;
  INSERT INTO `unbilled_orders` (`order_id`, `user_id`, `currency`, `created_at`)
    SELECT NEW.`id`, NEW.`user_id`, NEW.`currency`, NEW.`created_at`
    WHERE NEW.`payment_method` = 'invoice' AND NEW.`user_id` IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM `invoice_orders` WHERE `order_id` = NEW.`id`) AND NOT EXISTS (SELECT 1 FROM `invoices` WHERE `order_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `unbilled_orders_billed` AFTER INSERT ON `invoice_orders` BEGIN
  DELETE FROM `unbilled_orders` WHERE `order_id` = NEW.`order_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `unbilled_orders_own_invoice` AFTER INSERT ON `invoices` WHEN NEW.`order_id` IS NOT NULL BEGIN
  DELETE FROM `unbilled_orders` WHERE `order_id` = NEW.`order_id`;
END;
--> statement-breakpoint
-- the orders on account not billed yet (along orders_payment_method)
INSERT INTO `unbilled_orders` (`order_id`, `user_id`, `currency`, `created_at`)
  SELECT `id`, `user_id`, `currency`, `created_at` FROM `orders` o
  WHERE `payment_method` = 'invoice' AND `user_id` IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM `invoice_orders` WHERE `order_id` = o.`id`) AND NOT EXISTS (SELECT 1 FROM `invoices` WHERE `order_id` = o.`id`);
