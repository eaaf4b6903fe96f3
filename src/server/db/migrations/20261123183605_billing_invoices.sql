DROP INDEX `invoices_monthly`;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_monthly` ON `invoices` (`user_id`,`period`,`currency`);