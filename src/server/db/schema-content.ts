// The content area's tables (issue 13 items 4 and 6); re-exported by schema.ts.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { flag } from './columns';

/**
 * Frequently asked questions (spec §7 `v1/page/faq`): categories in their order, each with
 * its questions in theirs. Texts in Czech and English; answers are Markdown (links to our
 * pages as `route:<route-id>`), rendered on the server by the FAQ pages.
 */
export const faqCategories = sqliteTable(
  'faq_categories',
  {
    /** the `:id` of /casto-kladene-otazky/kategorie/:id (the same in both languages) */
    id: integer('id').primaryKey(),
    position: integer('position').notNull(),
    nameCs: text('name_cs').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionCs: text('description_cs').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** Slovak (issue 26); a missing one falls back to Czech */
    nameSk: text('name_sk'),
    descriptionSk: text('description_sk'),
    active: flag('active').notNull().default(true),
  },
  (t) => [index('faq_categories_position').on(t.active, t.position)],
);

export const faqQuestions = sqliteTable(
  'faq_questions',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionCs: text('question_cs').notNull(),
    questionEn: text('question_en').notNull(),
    answerCs: text('answer_cs').notNull(),
    answerEn: text('answer_en').notNull(),
    questionSk: text('question_sk'),
    answerSk: text('answer_sk'),
    active: flag('active').notNull().default(true),
  },
  (t) => [index('faq_questions_category').on(t.categoryId, t.active, t.position)],
);

/** News (/novinky/:token): the token is the article's address in both languages; the body is Markdown. */
export const news = sqliteTable(
  'news',
  {
    id: integer('id').primaryKey(),
    token: text('token').notNull(),
    /** yyyy-MM-dd, the day it was published */
    publishedOn: text('published_on').notNull(),
    titleCs: text('title_cs').notNull(),
    titleEn: text('title_en').notNull(),
    perexCs: text('perex_cs').notNull(),
    perexEn: text('perex_en').notNull(),
    bodyCs: text('body_cs').notNull(),
    bodyEn: text('body_en').notNull(),
    /** Slovak (issue 26): only articles that concern Slovak readers have it; the Slovak pages list only those */
    titleSk: text('title_sk'),
    perexSk: text('perex_sk'),
    bodySk: text('body_sk'),
    active: flag('active').notNull().default(true),
  },
  (t) => [uniqueIndex('news_token').on(t.token), index('news_published').on(t.active, t.publishedOn, t.id)],
);

export const CAREER_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export type CareerType = (typeof CAREER_TYPES)[number];

/** Open positions (/kariera/:id); an inactive one is no longer shown (its address answers 404). */
export const careers = sqliteTable(
  'careers',
  {
    id: integer('id').primaryKey(),
    position: integer('position').notNull(),
    titleCs: text('title_cs').notNull(),
    titleEn: text('title_en').notNull(),
    placeCs: text('place_cs').notNull(),
    placeEn: text('place_en').notNull(),
    type: text('type', { enum: CAREER_TYPES }).notNull(),
    perexCs: text('perex_cs').notNull(),
    perexEn: text('perex_en').notNull(),
    bodyCs: text('body_cs').notNull(),
    bodyEn: text('body_en').notNull(),
    /** Slovak (issue 26): positions open to Slovak applicants; the Slovak pages list only those */
    titleSk: text('title_sk'),
    placeSk: text('place_sk'),
    perexSk: text('perex_sk'),
    bodySk: text('body_sk'),
    /** yyyy-MM-dd */
    publishedOn: text('published_on').notNull(),
    active: flag('active').notNull().default(true),
  },
  (t) => [index('careers_active').on(t.active, t.position)],
);
