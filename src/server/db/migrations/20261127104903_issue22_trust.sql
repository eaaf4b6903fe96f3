CREATE TABLE `customs_invoice_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`anonymous_id` text,
	`client_address` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`ordered_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `customs_invoice_uploads_user` ON `customs_invoice_uploads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `customs_invoice_uploads_anonymous` ON `customs_invoice_uploads` (`anonymous_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `customs_invoice_uploads_address` ON `customs_invoice_uploads` (`client_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `customs_invoice_uploads_unordered` ON `customs_invoice_uploads` (`ordered_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `shipments` ADD `recipient_nonce` text;--> statement-breakpoint
-- Backfill (issue 22 item 1): every existing shipment gets its own random nonce (128 bits), so
-- its recipient gets a tracking token of its own; new shipments get one when they are booked.
UPDATE `shipments` SET `recipient_nonce` = lower(hex(randomblob(16))) WHERE `recipient_nonce` IS NULL;
