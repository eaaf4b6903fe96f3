CREATE TABLE `carrier_calls` (
	`id` integer PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`carrier` text NOT NULL,
	`call` text NOT NULL,
	`outcome` text NOT NULL,
	`ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `carrier_calls_carrier_created` ON `carrier_calls` (`carrier`,`created_at`);--> statement-breakpoint
CREATE INDEX `carrier_calls_created_at` ON `carrier_calls` (`created_at`);