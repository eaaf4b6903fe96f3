CREATE TABLE `sandbox_ppl_batches` (
	`batch_id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`items` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_ppl_orders` (
	`order_number` text PRIMARY KEY NOT NULL,
	`customer_reference` text NOT NULL,
	`send_date` text NOT NULL,
	`created_at` text NOT NULL,
	`cancelled_at` text
);
--> statement-breakpoint
CREATE TABLE `sandbox_ppl_shipments` (
	`shipment_number` text PRIMARY KEY NOT NULL,
	`packages` text NOT NULL,
	`reference_id` text NOT NULL,
	`product_type` text NOT NULL,
	`note` text,
	`label` text NOT NULL,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`created_at` text NOT NULL,
	`picked_up_at` text,
	`cancelled_at` text
);
