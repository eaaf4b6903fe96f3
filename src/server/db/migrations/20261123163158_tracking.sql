CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form` text NOT NULL,
	`topic` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`company` text,
	`ico` text,
	`monthly_parcels` text,
	`tracking_number` text,
	`message` text NOT NULL,
	`language` text NOT NULL,
	`territory` text NOT NULL,
	`ip` text,
	`routed_to` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipment_notifications` (
	`shipment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`shipment_id`, `kind`),
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tracking_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shipment_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`raw_status` text NOT NULL,
	`status` text NOT NULL,
	`occurred_at` text NOT NULL,
	`location` text,
	`description` text,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_events_key` ON `tracking_events` (`shipment_id`,`event_key`);--> statement-breakpoint
CREATE INDEX `tracking_events_shipment` ON `tracking_events` (`shipment_id`,`occurred_at`);--> statement-breakpoint
ALTER TABLE `shipments` ADD `tracking_status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `shipments` ADD `tracking_at` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `delivered_at` text;