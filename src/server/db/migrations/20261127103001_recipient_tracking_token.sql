ALTER TABLE `shipments` ADD `recipient_nonce` text;
--> statement-breakpoint
-- Backfill (issue 22 item 1): every existing shipment gets its own random nonce (128 bits), so
-- its recipient gets a tracking token of its own; new shipments get one when they are created.
UPDATE `shipments` SET `recipient_nonce` = lower(hex(randomblob(16))) WHERE `recipient_nonce` IS NULL;
