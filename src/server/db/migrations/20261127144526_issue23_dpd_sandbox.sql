CREATE TABLE `sandbox_dpd_pickups` (
	`pickup_id` text PRIMARY KEY NOT NULL,
	`territory` text NOT NULL,
	`pickup_date` text NOT NULL,
	`cancelled_at` text
);
--> statement-breakpoint
CREATE TABLE `sandbox_dpd_shipments` (
	`shipment_id` text PRIMARY KEY NOT NULL,
	`territory` text NOT NULL,
	`parcels` text NOT NULL,
	`reference` text,
	`label` text NOT NULL,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`created_at` text NOT NULL,
	`picked_up_at` text,
	`cancelled_at` text
);
