CREATE TABLE `archived_years` (
	`year` integer PRIMARY KEY NOT NULL,
	`binding` text NOT NULL,
	`cursor` text DEFAULT '{}' NOT NULL,
	`copied_at` text,
	`verified_at` text,
	`deleted_at` text
);
