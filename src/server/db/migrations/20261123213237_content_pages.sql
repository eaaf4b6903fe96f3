CREATE TABLE `careers` (
	`id` integer PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`title_cs` text NOT NULL,
	`title_en` text NOT NULL,
	`place_cs` text NOT NULL,
	`place_en` text NOT NULL,
	`type` text NOT NULL,
	`perex_cs` text NOT NULL,
	`perex_en` text NOT NULL,
	`body_cs` text NOT NULL,
	`body_en` text NOT NULL,
	`published_on` text NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `careers_active` ON `careers` (`active`,`position`);--> statement-breakpoint
CREATE TABLE `faq_categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`name_cs` text NOT NULL,
	`name_en` text NOT NULL,
	`description_cs` text NOT NULL,
	`description_en` text NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faq_categories_position` ON `faq_categories` (`active`,`position`);--> statement-breakpoint
CREATE TABLE `faq_questions` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`position` integer NOT NULL,
	`question_cs` text NOT NULL,
	`question_en` text NOT NULL,
	`answer_cs` text NOT NULL,
	`answer_en` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `faq_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faq_questions_category` ON `faq_questions` (`category_id`,`active`,`position`);--> statement-breakpoint
CREATE TABLE `news` (
	`id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`published_on` text NOT NULL,
	`title_cs` text NOT NULL,
	`title_en` text NOT NULL,
	`perex_cs` text NOT NULL,
	`perex_en` text NOT NULL,
	`body_cs` text NOT NULL,
	`body_en` text NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `news_token` ON `news` (`token`);--> statement-breakpoint
CREATE INDEX `news_published` ON `news` (`active`,`published_on`,`id`);