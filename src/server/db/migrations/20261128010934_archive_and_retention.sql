ALTER TABLE `shipments` ADD `events_archived_at` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `events_archive_key` text;--> statement-breakpoint
CREATE INDEX `shipments_archivable_delivered` ON `shipments` (`delivered_at`) WHERE "events_archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX `shipments_archivable_cancelled` ON `shipments` (`cancelled_at`) WHERE "events_archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX `api_keys_revoked_at` ON `api_keys` (`revoked_at`) WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_messages_created_at` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_expires_at` ON `one_time_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_created_at` ON `sign_in_attempts` (`created_at`);