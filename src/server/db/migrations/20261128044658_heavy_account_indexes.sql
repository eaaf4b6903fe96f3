DROP INDEX `credit_entries_user`;--> statement-breakpoint
CREATE INDEX `credit_entries_user` ON `credit_entries` (`user_id`,`currency`,`amount_minor`);--> statement-breakpoint
DROP INDEX `orders_user`;--> statement-breakpoint
CREATE INDEX `orders_payment_method` ON `orders` (`payment_method`,`created_at`,`user_id`,`currency`,`status`,`total_vat_minor`,`refunded_minor`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at`,`id`,`status`,`currency`,`total_vat_minor`,`refunded_minor`);--> statement-breakpoint
CREATE INDEX `invoices_user_unpaid` ON `invoices` (`user_id`,`due_on`) WHERE "paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX `shipments_user_tracking` ON `shipments` (`user_id`,`status`,`tracking_status`,`tracking_at`);--> statement-breakpoint
CREATE INDEX `shipments_user_carrier` ON `shipments` (`user_id`,`carrier`,`created_at`,`id`,`status`,`tracking_status`);