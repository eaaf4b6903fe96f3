-- The schema of a closed accounting year's database (DB_Y<year>, docs/retention.md "A D1 database per
-- closed accounting year"): the tables whose rows move there (src/server/services/archive/years), with the
-- main database's columns and indexes but no foreign keys (users, and the rows that stay, live in DB) and
-- no trigger on `users`. Generated from sqlite_master of the main migrations applied in order, FOREIGN KEY
-- clauses removed; tests/worker/years.test.ts fails when a held table's columns differ from DB's.
-- Apply: `wrangler d1 migrations apply DB_Y2025 --local` (wrangler.toml gives each year binding this folder).
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `change_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shipment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `claim_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`message_id` integer,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `claim_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`number` text NOT NULL,
	`shipment_id` integer NOT NULL,
	`reason` text NOT NULL,
	`description` text NOT NULL,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`bank_account` text,
	`amount_minor` integer,
	`currency` text,
	`status` text DEFAULT 'received' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoice_orders` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`day` text NOT NULL,
	`currency` text NOT NULL,
	`debit` text NOT NULL,
	`credit` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`kind` text NOT NULL,
	`method` text,
	`order_id` integer,
	`user_id` integer,
	`invoice_id` integer,
	`refund_id` integer,
	`ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "ledger_entries_positive" CHECK("ledger_entries"."amount_minor" > 0),
	CONSTRAINT "ledger_entries_two_sides" CHECK("ledger_entries"."debit" <> "ledger_entries"."credit")
);
--> statement-breakpoint
CREATE TABLE `nps_responses` (
	`token` text PRIMARY KEY NOT NULL,
	`order_id` integer,
	`score` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
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
	`delivery_point_id` text
);
--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL, `payer_ic_dph` text, `records_archived_at` text, `records_archive_key` text
);
--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`shipment_id` integer,
	`dedupe_key` text NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`payer_account` text,
	`payer_account_source` text,
	`gateway_ref` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`batch_ref` text,
	`bank_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	`settled_at` text,
	CONSTRAINT "refunds_positive" CHECK("refunds"."amount_minor" > 0)
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
	`cancelled_at` text, `tracking_status` text DEFAULT 'pending' NOT NULL, `tracking_at` text, `delivered_at` text, `recipient_nonce` text, `carrier_packages` text, `refusal_code` text, `courier_position` text, `events_archived_at` text, `events_archive_key` text
);
--> statement-breakpoint
CREATE TABLE `tracking_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shipment_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`raw_status` text NOT NULL,
	`status` text NOT NULL,
	`occurred_at` text NOT NULL,
	`location` text,
	`description` text,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_transactions_order` ON `bank_transactions` (`order_id`);
--> statement-breakpoint
CREATE INDEX `bank_transactions_outcome` ON `bank_transactions` (`outcome`,`booked_on`);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_ref` ON `bank_transactions` (`bank_ref`);
--> statement-breakpoint
CREATE INDEX `bank_transactions_vs` ON `bank_transactions` (`variable_symbol`);
--> statement-breakpoint
CREATE INDEX `change_requests_shipment` ON `change_requests` (`shipment_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `claim_files_claim` ON `claim_files` (`claim_id`);
--> statement-breakpoint
CREATE INDEX `claim_files_message` ON `claim_files` (`message_id`);
--> statement-breakpoint
CREATE INDEX `claim_messages_claim` ON `claim_messages` (`claim_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_number` ON `claims` (`number`);
--> statement-breakpoint
CREATE INDEX `claims_shipment` ON `claims` (`shipment_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_token` ON `claims` (`token`);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_entries_dedupe` ON `credit_entries` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `credit_entries_order` ON `credit_entries` (`order_id`);
--> statement-breakpoint
CREATE INDEX `credit_entries_user` ON `credit_entries` (`user_id`,`currency`,`amount_minor`);
--> statement-breakpoint
CREATE INDEX `credit_entries_user_id` ON `credit_entries` (`user_id`,`id`);
--> statement-breakpoint
CREATE INDEX `invoice_orders_invoice` ON `invoice_orders` (`invoice_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_monthly` ON `invoices` (`user_id`,`period`,`currency`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number` ON `invoices` (`number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order` ON `invoices` (`order_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_token` ON `invoices` (`token`);
--> statement-breakpoint
CREATE INDEX `invoices_user` ON `invoices` (`user_id`,`issued_on`);
--> statement-breakpoint
CREATE INDEX `invoices_user_unpaid` ON `invoices` (`user_id`,`due_on`) WHERE "paid_at" IS NULL;
--> statement-breakpoint
CREATE INDEX `invoices_variable_symbol` ON `invoices` (`variable_symbol`);
--> statement-breakpoint
CREATE INDEX `ledger_entries_day` ON `ledger_entries` (`day`,`currency`);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_key` ON `ledger_entries` (`key`);
--> statement-breakpoint
CREATE INDEX `ledger_entries_order` ON `ledger_entries` (`order_id`);
--> statement-breakpoint
CREATE INDEX `ledger_entries_user` ON `ledger_entries` (`user_id`);
--> statement-breakpoint
CREATE INDEX `nps_responses_order` ON `nps_responses` (`order_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_position` ON `order_items` (`order_id`,`position`);
--> statement-breakpoint
CREATE INDEX `orders_archivable` ON `orders` (`created_at`) WHERE "records_archived_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key` ON `orders` (`idempotency_key`) WHERE "idempotency_key" <> '';
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number` ON `orders` (`number`);
--> statement-breakpoint
CREATE INDEX `orders_payment_method` ON `orders` (`payment_method`,`created_at`,`user_id`,`currency`,`status`,`total_vat_minor`,`refunded_minor`);
--> statement-breakpoint
CREATE INDEX `orders_status` ON `orders` (`status`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_token` ON `orders` (`token`);
--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`created_at`,`id`,`status`,`currency`,`total_vat_minor`,`refunded_minor`);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_variable_symbol` ON `orders` (`variable_symbol`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_gateway_ref` ON `payments` (`gateway_ref`);
--> statement-breakpoint
CREATE INDEX `payments_order` ON `payments` (`order_id`);
--> statement-breakpoint
CREATE INDEX `refunds_batch` ON `refunds` (`batch_ref`);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_dedupe` ON `refunds` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `refunds_order` ON `refunds` (`order_id`);
--> statement-breakpoint
CREATE INDEX `refunds_status` ON `refunds` (`status`,`method`);
--> statement-breakpoint
CREATE INDEX `shipments_archivable_cancelled` ON `shipments` (`cancelled_at`) WHERE "events_archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX `shipments_archivable_delivered` ON `shipments` (`delivered_at`) WHERE "events_archived_at" IS NULL;
--> statement-breakpoint
CREATE INDEX `shipments_carrier_ref` ON `shipments` (`carrier`,`carrier_ref`);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_item` ON `shipments` (`item_id`);
--> statement-breakpoint
CREATE INDEX `shipments_order` ON `shipments` (`order_id`);
--> statement-breakpoint
CREATE INDEX `shipments_status` ON `shipments` (`status`);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_tracking` ON `shipments` (`tracking_number`);
--> statement-breakpoint
CREATE INDEX `shipments_user` ON `shipments` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `shipments_user_carrier` ON `shipments` (`user_id`,`carrier`,`created_at`,`id`,`status`,`tracking_status`);
--> statement-breakpoint
CREATE INDEX `shipments_user_tracking` ON `shipments` (`user_id`,`status`,`tracking_status`,`tracking_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_events_key` ON `tracking_events` (`shipment_id`,`event_key`);
--> statement-breakpoint
CREATE INDEX `tracking_events_shipment` ON `tracking_events` (`shipment_id`,`occurred_at`);

-- the year's shipments per user (the client's list total adds it to users.shipments_count of DB)
CREATE TABLE `year_user_counts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`shipments` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `year_shipments_count_insert` AFTER INSERT ON `shipments` WHEN NEW.`user_id` IS NOT NULL BEGIN
  INSERT INTO `year_user_counts` (`user_id`, `shipments`) VALUES (NEW.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `shipments` = `shipments` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `year_shipments_count_delete` AFTER DELETE ON `shipments` WHEN OLD.`user_id` IS NOT NULL BEGIN
  UPDATE `year_user_counts` SET `shipments` = `shipments` - 1 WHERE `user_id` = OLD.`user_id`;
END;
