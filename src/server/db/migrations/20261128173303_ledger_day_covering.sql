DROP INDEX `ledger_entries_day`;--> statement-breakpoint
CREATE INDEX `ledger_entries_day` ON `ledger_entries` (`day`,`currency`,`method`,`debit`,`credit`,`kind`,`amount_minor`);