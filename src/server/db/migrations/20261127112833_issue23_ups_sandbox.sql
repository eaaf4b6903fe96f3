CREATE TABLE `sandbox_ups_pickups` (
	`prn` text PRIMARY KEY NOT NULL,
	`pickup_date` text NOT NULL,
	`cancelled_at` text
);
--> statement-breakpoint
CREATE TABLE `sandbox_ups_shipments` (
	`shipment_id` text PRIMARY KEY NOT NULL,
	`packages` text NOT NULL,
	`reference` text,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`created_at` text NOT NULL,
	`picked_up_at` text,
	`voided_at` text
);
