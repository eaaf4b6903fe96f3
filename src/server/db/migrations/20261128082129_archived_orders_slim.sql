DROP INDEX `orders_idempotency_key`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key` ON `orders` (`idempotency_key`) WHERE "idempotency_key" <> '';--> statement-breakpoint
-- BACKFILL (issue 28 item 4, data only; keep after the schema statements): orders archived before
-- this migration drop their idempotency key, parcels archived before it their notification marks.
UPDATE `orders` SET `idempotency_key` = '' WHERE `records_archived_at` IS NOT NULL;--> statement-breakpoint
DELETE FROM `shipment_notifications` WHERE `shipment_id` IN (SELECT `id` FROM `shipments` WHERE `events_archived_at` IS NOT NULL);
