CREATE TABLE `sandbox_wedo_packages` (
	`order_number` text PRIMARY KEY NOT NULL,
	`reference` text,
	`reference2` text,
	`barcodes` text NOT NULL,
	`product` text NOT NULL,
	`point` text,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`label` text NOT NULL,
	`created_at` text NOT NULL,
	`collected_at` text,
	`deleted_at` text
);
--> statement-breakpoint
CREATE TABLE `sandbox_wedo_pickups` (
	`id` text PRIMARY KEY NOT NULL,
	`pickup_date` text NOT NULL,
	`created_at` text NOT NULL,
	`deleted_at` text
);
