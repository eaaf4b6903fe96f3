ALTER TABLE `header_bar` ADD `message_sk` text;--> statement-breakpoint
ALTER TABLE `header_bar` ADD `popup_content_sk` text;--> statement-breakpoint
ALTER TABLE `header_bar` ADD `button_text_sk` text;--> statement-breakpoint
ALTER TABLE `header_bar` ADD `message_es` text;--> statement-breakpoint
ALTER TABLE `header_bar` ADD `popup_content_es` text;--> statement-breakpoint
ALTER TABLE `header_bar` ADD `button_text_es` text;