CREATE TABLE `sandbox_toptrans_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text,
	`label` text,
	`order` text NOT NULL,
	`pieces` text,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`loading_date` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	`loaded_at` text,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_toptrans_orders_order_number_unique` ON `sandbox_toptrans_orders` (`order_number`);