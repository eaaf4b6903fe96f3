ALTER TABLE `orders` ADD `records_archived_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `records_archive_key` text;--> statement-breakpoint
CREATE INDEX `orders_archivable` ON `orders` (`created_at`) WHERE "records_archived_at" IS NULL;