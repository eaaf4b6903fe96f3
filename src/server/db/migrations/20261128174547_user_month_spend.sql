CREATE TABLE `user_month_spend` (
	`user_id` integer NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer DEFAULT 0 NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `month`, `currency`)
);

--> statement-breakpoint
-- hand-written (drizzle-kit does not model triggers): user_month_spend follows the orders. An
-- order counts while it has an account and is neither unpaid nor cancelled, with its total less
-- what was refunded, in its month in Prague: the UTC instant shifted by Prague's offset at that
-- month's start, +2 hours for April to October (summer time: the changes fall on the last Sundays
-- of March and October, never on a month's first day) and +1 hour otherwise; the JavaScript side
-- (services/client-overview.ts pragueMonthOf) is the same rule through Intl. A change of status,
-- totals, owner, currency or time takes the old contribution off and puts the new one on.
CREATE TRIGGER `user_month_spend_insert` AFTER INSERT ON `orders` WHEN NEW.`user_id` IS NOT NULL AND NEW.`status` NOT IN ('unpaid', 'cancelled') BEGIN
  INSERT INTO `user_month_spend` (`user_id`, `month`, `currency`, `total_minor`, `orders`)
    SELECT NEW.`user_id`, CASE WHEN strftime('%m', NEW.`created_at`, '+1 hours') = strftime('%m', NEW.`created_at`, '+2 hours') THEN strftime('%Y-%m', NEW.`created_at`, '+1 hours') WHEN CAST(strftime('%m', NEW.`created_at`, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', NEW.`created_at`, '+2 hours') ELSE strftime('%Y-%m', NEW.`created_at`, '+1 hours') END, NEW.`currency`, NEW.`total_vat_minor` - NEW.`refunded_minor`, 1
    WHERE NEW.`user_id` IS NOT NULL AND NEW.`status` NOT IN ('unpaid', 'cancelled')
    ON CONFLICT (`user_id`, `month`, `currency`) DO UPDATE SET `total_minor` = `total_minor` + excluded.`total_minor`, `orders` = `orders` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_month_spend_update` AFTER UPDATE OF `status`, `total_vat_minor`, `refunded_minor`, `user_id`, `currency`, `created_at` ON `orders` BEGIN
  UPDATE `user_month_spend` SET `total_minor` = `total_minor` - (OLD.`total_vat_minor` - OLD.`refunded_minor`), `orders` = `orders` - 1
    WHERE OLD.`user_id` IS NOT NULL AND OLD.`status` NOT IN ('unpaid', 'cancelled') AND `user_id` = OLD.`user_id` AND `currency` = OLD.`currency` AND `month` = CASE WHEN strftime('%m', OLD.`created_at`, '+1 hours') = strftime('%m', OLD.`created_at`, '+2 hours') THEN strftime('%Y-%m', OLD.`created_at`, '+1 hours') WHEN CAST(strftime('%m', OLD.`created_at`, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', OLD.`created_at`, '+2 hours') ELSE strftime('%Y-%m', OLD.`created_at`, '+1 hours') END;
  INSERT INTO `user_month_spend` (`user_id`, `month`, `currency`, `total_minor`, `orders`)
    SELECT NEW.`user_id`, CASE WHEN strftime('%m', NEW.`created_at`, '+1 hours') = strftime('%m', NEW.`created_at`, '+2 hours') THEN strftime('%Y-%m', NEW.`created_at`, '+1 hours') WHEN CAST(strftime('%m', NEW.`created_at`, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', NEW.`created_at`, '+2 hours') ELSE strftime('%Y-%m', NEW.`created_at`, '+1 hours') END, NEW.`currency`, NEW.`total_vat_minor` - NEW.`refunded_minor`, 1
    WHERE NEW.`user_id` IS NOT NULL AND NEW.`status` NOT IN ('unpaid', 'cancelled')
    ON CONFLICT (`user_id`, `month`, `currency`) DO UPDATE SET `total_minor` = `total_minor` + excluded.`total_minor`, `orders` = `orders` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_month_spend_delete` AFTER DELETE ON `orders` WHEN OLD.`user_id` IS NOT NULL AND OLD.`status` NOT IN ('unpaid', 'cancelled') BEGIN
  UPDATE `user_month_spend` SET `total_minor` = `total_minor` - (OLD.`total_vat_minor` - OLD.`refunded_minor`), `orders` = `orders` - 1
    WHERE OLD.`user_id` IS NOT NULL AND OLD.`status` NOT IN ('unpaid', 'cancelled') AND `user_id` = OLD.`user_id` AND `currency` = OLD.`currency` AND `month` = CASE WHEN strftime('%m', OLD.`created_at`, '+1 hours') = strftime('%m', OLD.`created_at`, '+2 hours') THEN strftime('%Y-%m', OLD.`created_at`, '+1 hours') WHEN CAST(strftime('%m', OLD.`created_at`, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', OLD.`created_at`, '+2 hours') ELSE strftime('%Y-%m', OLD.`created_at`, '+1 hours') END;
END;
--> statement-breakpoint
-- the orders there are (one pass over orders)
INSERT INTO `user_month_spend` (`user_id`, `month`, `currency`, `total_minor`, `orders`)
  SELECT `user_id`, CASE WHEN strftime('%m', `created_at`, '+1 hours') = strftime('%m', `created_at`, '+2 hours') THEN strftime('%Y-%m', `created_at`, '+1 hours') WHEN CAST(strftime('%m', `created_at`, '+2 hours') AS INTEGER) BETWEEN 4 AND 10 THEN strftime('%Y-%m', `created_at`, '+2 hours') ELSE strftime('%Y-%m', `created_at`, '+1 hours') END, `currency`, SUM(`total_vat_minor` - `refunded_minor`), COUNT(*)
  FROM `orders` WHERE `user_id` IS NOT NULL AND `status` NOT IN ('unpaid', 'cancelled')
  GROUP BY 1, 2, 3;
