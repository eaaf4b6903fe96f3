CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`number` text NOT NULL,
	`tier` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`activation_token_hash` text,
	`activated_at` text,
	`signed_at` text,
	`signed_ip` text,
	`valid_from` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_number` ON `contracts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_activation_token` ON `contracts` (`activation_token_hash`);--> statement-breakpoint
CREATE INDEX `contracts_user` ON `contracts` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `pickup_places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`contact_person` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`zip` text NOT NULL,
	`country` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_places_user` ON `pickup_places` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `pickups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`place_id` integer,
	`place` text NOT NULL,
	`carrier` text NOT NULL,
	`kind` text NOT NULL,
	`date` text NOT NULL,
	`weekdays` text,
	`window_from` text NOT NULL,
	`window_to` text NOT NULL,
	`parcel_count` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'ordered' NOT NULL,
	`carrier_ref` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`cancelled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`place_id`) REFERENCES `pickup_places`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pickups_user` ON `pickups` (`user_id`,`status`,`date`);--> statement-breakpoint
CREATE INDEX `pickups_place` ON `pickups` (`place_id`,`status`);