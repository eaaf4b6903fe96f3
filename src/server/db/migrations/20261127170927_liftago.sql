CREATE TABLE `sandbox_liftago_prices` (
	`window` text PRIMARY KEY NOT NULL,
	`price_minor` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_liftago_rides` (
	`ride_id` text PRIMARY KEY NOT NULL,
	`partner_ref` text NOT NULL,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`window_from` text,
	`window_to` text,
	`created_at` text NOT NULL,
	`on_board_at` text,
	`cancelled_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_liftago_rides_partner_ref_unique` ON `sandbox_liftago_rides` (`partner_ref`);--> statement-breakpoint
ALTER TABLE `shipments` ADD `courier_position` text;