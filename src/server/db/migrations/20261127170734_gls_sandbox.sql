CREATE TABLE `sandbox_gls_parcels` (
	`parcel_id` integer PRIMARY KEY NOT NULL,
	`main_parcel_id` integer NOT NULL,
	`parcel_number` text NOT NULL,
	`country` text NOT NULL,
	`client_number` integer NOT NULL,
	`client_reference` text,
	`content` text,
	`piece` integer NOT NULL,
	`count` integer NOT NULL,
	`parcel_shop` text,
	`from_city` text NOT NULL,
	`to_city` text NOT NULL,
	`created_at` text NOT NULL,
	`picked_up_at` text,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sandbox_gls_parcels_parcel_number_unique` ON `sandbox_gls_parcels` (`parcel_number`);--> statement-breakpoint
CREATE INDEX `sandbox_gls_parcels_reference` ON `sandbox_gls_parcels` (`client_reference`);--> statement-breakpoint
CREATE INDEX `sandbox_gls_parcels_main` ON `sandbox_gls_parcels` (`main_parcel_id`);