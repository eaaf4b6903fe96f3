CREATE TABLE `sandbox_gopay_payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`goid` text NOT NULL,
	`order_number` text NOT NULL,
	`state` text NOT NULL,
	`sub_state` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`instrument` text,
	`lang` text,
	`return_url` text NOT NULL,
	`notification_url` text NOT NULL,
	`request` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_gopay_payments_order` ON `sandbox_gopay_payments` (`order_number`);--> statement-breakpoint
CREATE TABLE `sandbox_gopay_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sandbox_gopay_refunds_payment` ON `sandbox_gopay_refunds` (`payment_id`);