ALTER TABLE `sandbox_bank_lines` ADD `specific_symbol` text;--> statement-breakpoint
ALTER TABLE `sandbox_bank_lines` ADD `message` text;