CREATE TABLE `sandbox_cpost_nonces` (
	`nonce` text PRIMARY KEY NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sandbox_cpost_parcels` (
	`parcel_code` text PRIMARY KEY NOT NULL,
	`consignment` text NOT NULL,
	`record_id` text NOT NULL,
	`prefix` text NOT NULL,
	`sequence` integer NOT NULL,
	`quantity` integer NOT NULL,
	`note` text,
	`point_code` text,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`label` text NOT NULL,
	`created_at` text NOT NULL,
	`accepted_at` text
);
