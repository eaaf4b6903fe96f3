CREATE TABLE `__new_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer,
	`user_id` integer,
	`kind` text DEFAULT 'order' NOT NULL,
	`period` text,
	`number` text NOT NULL,
	`token` text NOT NULL,
	`issued_on` text NOT NULL,
	`due_on` text NOT NULL,
	`paid_at` text,
	`variable_symbol` text NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer NOT NULL,
	`data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- the existing invoices are paid orders' (kind order): owner, due date, variable symbol, currency and total from their order; a contract order billed on account had not been paid yet
INSERT INTO `__new_invoices`("id", "order_id", "user_id", "kind", "period", "number", "token", "issued_on", "due_on", "paid_at", "variable_symbol", "currency", "total_minor", "data", "created_at")
SELECT i."id", i."order_id", o."user_id", 'order', NULL, i."number", i."token", i."issued_on", COALESCE(json_extract(i."data", '$.dueOn'), i."issued_on"),
  CASE WHEN o."payment_method" = 'invoice' OR o."status" = 'unpaid' THEN NULL ELSE COALESCE(o."paid_at", i."created_at") END,
  o."variable_symbol", o."currency", o."total_vat_minor", i."data", i."created_at"
FROM `invoices` i JOIN `orders` o ON o."id" = i."order_id";--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_token` ON `invoices` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_monthly` ON `invoices` (`user_id`,`period`);--> statement-breakpoint
CREATE INDEX `invoices_user` ON `invoices` (`user_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `invoices_variable_symbol` ON `invoices` (`variable_symbol`);--> statement-breakpoint
CREATE TABLE `billing_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`invoice_id` integer,
	`method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`received_minor` integer DEFAULT 0 NOT NULL,
	`variable_symbol` text,
	`gateway_ref` text,
	`redirect_url` text,
	`bank_ref` text,
	`language` text DEFAULT 'cs' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`settled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_token` ON `billing_payments` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_vs` ON `billing_payments` (`variable_symbol`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_gateway_ref` ON `billing_payments` (`gateway_ref`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_payments_bank_ref` ON `billing_payments` (`bank_ref`);--> statement-breakpoint
CREATE INDEX `billing_payments_user` ON `billing_payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `billing_payments_invoice` ON `billing_payments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_orders` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_orders_invoice` ON `invoice_orders` (`invoice_id`);
