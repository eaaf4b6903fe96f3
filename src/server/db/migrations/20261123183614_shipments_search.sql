CREATE TABLE `shipment_search` (
	`shipment_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`shipment_id`) REFERENCES `shipments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shipment_search_user` ON `shipment_search` (`user_id`);