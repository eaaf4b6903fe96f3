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
CREATE UNIQUE INDEX `ledger_entries_key` ON `ledger_entries` (`key`);--> statement-breakpoint
CREATE INDEX `ledger_entries_day` ON `ledger_entries` (`day`,`currency`);--> statement-breakpoint
CREATE INDEX `ledger_entries_order` ON `ledger_entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_user` ON `ledger_entries` (`user_id`);--> statement-breakpoint
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
CREATE UNIQUE INDEX `refunds_dedupe` ON `refunds` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `refunds_order` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE INDEX `refunds_status` ON `refunds` (`status`,`method`);