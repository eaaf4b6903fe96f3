ALTER TABLE `users` ADD `cod_account_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `cod_bank_code` text;