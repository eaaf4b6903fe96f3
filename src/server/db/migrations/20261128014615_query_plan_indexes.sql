DROP INDEX `addresses_user_search`;--> statement-breakpoint
CREATE INDEX `addresses_user_listed` ON `addresses` (`user_id`,"is_default_sender" DESC,`search`);--> statement-breakpoint
CREATE INDEX `bank_transactions_order` ON `bank_transactions` (`order_id`);--> statement-breakpoint
CREATE INDEX `bank_transactions_outcome` ON `bank_transactions` (`outcome`,`booked_on`);--> statement-breakpoint
CREATE INDEX `claim_files_message` ON `claim_files` (`message_id`);--> statement-breakpoint
CREATE INDEX `credit_entries_order` ON `credit_entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `credit_entries_user_id` ON `credit_entries` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `shipments_carrier_ref` ON `shipments` (`carrier`,`carrier_ref`);--> statement-breakpoint
CREATE INDEX `refunds_batch` ON `refunds` (`batch_ref`);