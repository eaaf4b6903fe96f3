CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`firstname` text DEFAULT '' NOT NULL,
	`surname` text DEFAULT '' NOT NULL,
	`phone` text NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`zip` text NOT NULL,
	`country` text NOT NULL,
	`tin` text DEFAULT '' NOT NULL,
	`vatin` text DEFAULT '' NOT NULL,
	`address_type` text DEFAULT 'all' NOT NULL,
	`is_default_sender` integer DEFAULT false NOT NULL,
	`search` text NOT NULL,
	`fingerprint` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `addresses_user_search` ON `addresses` (`user_id`,`search`);--> statement-breakpoint
CREATE INDEX `addresses_user_fingerprint` ON `addresses` (`user_id`,`fingerprint`);--> statement-breakpoint
CREATE UNIQUE INDEX `addresses_default_sender` ON `addresses` (`user_id`) WHERE "addresses"."is_default_sender" = 1;