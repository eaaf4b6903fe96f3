import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Language } from '../../../lib/language';
import { NEWS_PAGE_SIZE } from '../../../lib/schemas/page';
import { database } from '../../db/client';
import { careers, news, type CareerType } from '../../db/schema';
import { notFound } from '../../http/errors';

/** News and open positions (`GET v1/page/news…`, `GET v1/page/careers…`) in one language; bodies stay Markdown. */
export type NewsItem = { token: string; published_on: string; title: string; perex: string };
export type NewsDetail = NewsItem & { body: string };
export type NewsPage = { items: NewsItem[]; page: number; pages: number; total: number };

export type Career = { id: number; title: string; place: string; type: CareerType; perex: string; published_on: string };
export type CareerDetail = Career & { body: string };

const isEn = (language: Language) => language === 'en';

const newsItem = (row: typeof news.$inferSelect, en: boolean): NewsItem => ({
  token: row.token,
  published_on: row.publishedOn,
  title: en ? row.titleEn : row.titleCs,
  perex: en ? row.perexEn : row.perexCs,
});

export async function listNews(d1: D1Database, language: Language, page: number): Promise<NewsPage> {
  const db = database(d1);
  const [[total], rows] = await db.batch([
    db.select({ total: count() }).from(news).where(eq(news.active, true)),
    db
      .select()
      .from(news)
      .where(eq(news.active, true))
      .orderBy(desc(news.publishedOn), desc(news.id))
      .limit(NEWS_PAGE_SIZE)
      .offset((page - 1) * NEWS_PAGE_SIZE),
  ]);
  const n = total?.total ?? 0;
  return { items: rows.map((r) => newsItem(r, isEn(language))), page, pages: Math.ceil(n / NEWS_PAGE_SIZE), total: n };
}

export async function newsDetail(d1: D1Database, language: Language, token: string): Promise<NewsDetail> {
  const row = await database(d1)
    .select()
    .from(news)
    .where(and(eq(news.token, token), eq(news.active, true)))
    .get();
  if (!row) throw notFound('No such news article');
  const en = isEn(language);
  return { ...newsItem(row, en), body: en ? row.bodyEn : row.bodyCs };
}

const career = (row: typeof careers.$inferSelect, en: boolean): Career => ({
  id: row.id,
  title: en ? row.titleEn : row.titleCs,
  place: en ? row.placeEn : row.placeCs,
  type: row.type,
  perex: en ? row.perexEn : row.perexCs,
  published_on: row.publishedOn,
});

export async function listCareers(d1: D1Database, language: Language): Promise<Career[]> {
  const rows = await database(d1).select().from(careers).where(eq(careers.active, true)).orderBy(asc(careers.position), asc(careers.id));
  return rows.map((r) => career(r, isEn(language)));
}

export async function careerDetail(d1: D1Database, language: Language, id: number): Promise<CareerDetail> {
  const row = await database(d1)
    .select()
    .from(careers)
    .where(and(eq(careers.id, id), eq(careers.active, true)))
    .get();
  if (!row) throw notFound('No such position');
  const en = isEn(language);
  return { ...career(row, en), body: en ? row.bodyEn : row.bodyCs };
}
