ALTER TABLE `careers` ADD `title_sk` text;--> statement-breakpoint
ALTER TABLE `careers` ADD `place_sk` text;--> statement-breakpoint
ALTER TABLE `careers` ADD `perex_sk` text;--> statement-breakpoint
ALTER TABLE `careers` ADD `body_sk` text;--> statement-breakpoint
ALTER TABLE `faq_categories` ADD `name_sk` text;--> statement-breakpoint
ALTER TABLE `faq_categories` ADD `description_sk` text;--> statement-breakpoint
ALTER TABLE `faq_questions` ADD `question_sk` text;--> statement-breakpoint
ALTER TABLE `faq_questions` ADD `answer_sk` text;--> statement-breakpoint
ALTER TABLE `news` ADD `title_sk` text;--> statement-breakpoint
ALTER TABLE `news` ADD `perex_sk` text;--> statement-breakpoint
ALTER TABLE `news` ADD `body_sk` text;