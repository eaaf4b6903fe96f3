CREATE TABLE `sandbox_fedex_documents` (
	`doc_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_fedex_pickups` (
	`code` text PRIMARY KEY NOT NULL,
	`location` text NOT NULL,
	`scheduled_date` text NOT NULL,
	`cancelled_at` text
);
--> statement-breakpoint
CREATE TABLE `sandbox_fedex_shipments` (
	`master_tracking_number` text PRIMARY KEY NOT NULL,
	`packages` text NOT NULL,
	`reference` text,
	`service_type` text NOT NULL,
	`documents` text NOT NULL,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`created_at` text NOT NULL,
	`picked_up_at` text,
	`cancelled_at` text
);
