ALTER TABLE `shipments` ADD `events_archived_at` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `events_archive_key` text;--> statement-breakpoint
CREATE INDEX `shipments_archivable_delivered` ON `shipments` (`delivered_at`) WHERE "events_archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX `shipments_archivable_cancelled` ON `shipments` (`cancelled_at`) WHERE "events_archived_at" IS NULL;