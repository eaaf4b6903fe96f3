CREATE TABLE `bank_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_ref` text NOT NULL,
	`variable_symbol` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`booked_on` text NOT NULL,
	`counter_account` text,
	`order_id` integer,
	`outcome` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_ref` ON `bank_transactions` (`bank_ref`);--> statement-breakpoint
CREATE INDEX `bank_transactions_vs` ON `bank_transactions` (`variable_symbol`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `credit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`reason` text NOT NULL,
	`order_id` integer,
	`dedupe_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_entries_dedupe` ON `credit_entries` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `credit_entries_user` ON `credit_entries` (`user_id`,`currency`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`percent` integer,
	`amount_minor` integer,
	`currency` text,
	`valid_until` text,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`request_hash` text NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`response` text,
	`locked_until` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`number` text NOT NULL,
	`token` text NOT NULL,
	`issued_on` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_token` ON `invoices` (`token`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`service_id` text NOT NULL,
	`carrier` text NOT NULL,
	`shipment` text NOT NULL,
	`quote` text NOT NULL,
	`price_minor` integer NOT NULL,
	`price_vat_minor` integer NOT NULL,
	`vat_rate` integer NOT NULL,
	`collection_point_id` text,
	`delivery_point_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_position` ON `order_items` (`order_id`,`position`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`number` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`variable_symbol` text NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`territory` text NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'unpaid' NOT NULL,
	`payment_method` text NOT NULL,
	`payer_type` text NOT NULL,
	`payer_name` text,
	`payer_ico` text,
	`payer_dic` text,
	`discount_code` text,
	`discount_minor` integer DEFAULT 0 NOT NULL,
	`total_minor` integer NOT NULL,
	`total_vat_minor` integer NOT NULL,
	`refunded_minor` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`paid_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_token` ON `orders` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_variable_symbol` ON `orders` (`variable_symbol`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`received_minor` integer DEFAULT 0 NOT NULL,
	`gateway_ref` text,
	`redirect_url` text,
	`failure_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_gateway_ref` ON `payments` (`gateway_ref`);--> statement-breakpoint
CREATE TABLE `sandbox_bank_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variable_symbol` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`counter_account` text,
	`booked_on` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_card_payments` (
	`ref` text PRIMARY KEY NOT NULL,
	`merchant_order` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`refunded_minor` integer DEFAULT 0 NOT NULL,
	`return_url` text NOT NULL,
	`notify_url` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`user_id` integer,
	`tracking_number` text NOT NULL,
	`carrier` text NOT NULL,
	`service_id` text NOT NULL,
	`carrier_ref` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`pickup_date` text,
	`pickup_from` text,
	`pickup_to` text,
	`label` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`refund_minor` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`cancelled_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_tracking` ON `shipments` (`tracking_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_item` ON `shipments` (`item_id`);--> statement-breakpoint
CREATE INDEX `shipments_order` ON `shipments` (`order_id`);--> statement-breakpoint
CREATE INDEX `shipments_user` ON `shipments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `shipments_status` ON `shipments` (`status`);