CREATE TABLE `change_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shipment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `change_requests_shipment` ON `change_requests` (`shipment_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `claim_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`message_id` integer,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `claim_messages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `claim_files_claim` ON `claim_files` (`claim_id`);--> statement-breakpoint
CREATE TABLE `claim_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`claim_id` integer NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claim_messages_claim` ON `claim_messages` (`claim_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`number` text NOT NULL,
	`shipment_id` integer NOT NULL,
	`reason` text NOT NULL,
	`description` text NOT NULL,
	`email` text NOT NULL,
	`language` text NOT NULL,
	`bank_account` text,
	`amount_minor` integer,
	`currency` text,
	`status` text DEFAULT 'received' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_token` ON `claims` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `claims_number` ON `claims` (`number`);--> statement-breakpoint
CREATE INDEX `claims_shipment` ON `claims` (`shipment_id`);--> statement-breakpoint
CREATE TABLE `nps_responses` (
	`token` text PRIMARY KEY NOT NULL,
	`order_id` integer,
	`score` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `ratings` ADD `shipment_id` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `updated_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_shipment` ON `ratings` (`shipment_id`);