import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Language } from '../../../lib/language';
import { NEWS_PAGE_SIZE } from '../../../lib/schemas/page';
import { replicaDatabase } from '../../db/replica';
import { careers, news, type CareerType } from '../../db/schema';
import { notFound } from '../../http/errors';

/** News and open positions (`GET v1/page/news…`, `GET v1/page/careers…`) in one language; bodies stay Markdown. */
export type NewsItem = { token: string; published_on: string; title: string; perex: string };
export type NewsDetail = NewsItem & { body: string };
export type NewsPage = { items: NewsItem[]; page: number; pages: number; total: number };

export type Career = { id: number; title: string; place: string; type: CareerType; perex: string; published_on: string };
export type CareerDetail = Career & { body: string };

/**
 * The texts' language: English, Slovak, else Czech. Slovak readers see only the articles and
 * positions that have a Slovak text (those that concern them); nobody gets Czech on a Slovak page.
 */
type Lang = 'cs' | 'en' | 'sk';
const langOf = (language: Language): Lang => (language === 'en' || language === 'sk' ? language : 'cs');
const text = (lang: Lang, cs: string, en: string, sk: string | null) => (lang === 'en' ? en : lang === 'sk' ? (sk ?? cs) : cs);
const newsShown = (lang: Lang): SQL => (lang === 'sk' ? and(eq(news.active, true), isNotNull(news.titleSk))! : eq(news.active, true));
const careersShown = (lang: Lang): SQL => (lang === 'sk' ? and(eq(careers.active, true), isNotNull(careers.titleSk))! : eq(careers.active, true));

const newsItem = (row: typeof news.$inferSelect, lang: Lang): NewsItem => ({
  token: row.token,
  published_on: row.publishedOn,
  title: text(lang, row.titleCs, row.titleEn, row.titleSk),
  perex: text(lang, row.perexCs, row.perexEn, row.perexSk),
});

export async function listNews(d1: D1Database, language: Language, page: number): Promise<NewsPage> {
  const db = replicaDatabase(d1);
  const lang = langOf(language);
  const [[total], rows] = await db.batch([
    db.select({ total: count() }).from(news).where(newsShown(lang)),
    db
      .select()
      .from(news)
      .where(newsShown(lang))
      .orderBy(desc(news.publishedOn), desc(news.id))
      .limit(NEWS_PAGE_SIZE)
      .offset((page - 1) * NEWS_PAGE_SIZE),
  ]);
  const n = total?.total ?? 0;
  return { items: rows.map((r) => newsItem(r, lang)), page, pages: Math.ceil(n / NEWS_PAGE_SIZE), total: n };
}

export async function newsDetail(d1: D1Database, language: Language, token: string): Promise<NewsDetail> {
  const row = await replicaDatabase(d1)
    .select()
    .from(news)
    .where(and(eq(news.token, token), newsShown(langOf(language))))
    .get();
  if (!row) throw notFound('No such news article');
  const lang = langOf(language);
  return { ...newsItem(row, lang), body: text(lang, row.bodyCs, row.bodyEn, row.bodySk) };
}

const career = (row: typeof careers.$inferSelect, lang: Lang): Career => ({
  id: row.id,
  title: text(lang, row.titleCs, row.titleEn, row.titleSk),
  place: text(lang, row.placeCs, row.placeEn, row.placeSk),
  type: row.type,
  perex: text(lang, row.perexCs, row.perexEn, row.perexSk),
  published_on: row.publishedOn,
});

export async function listCareers(d1: D1Database, language: Language): Promise<Career[]> {
  const lang = langOf(language);
  const rows = await replicaDatabase(d1).select().from(careers).where(careersShown(lang)).orderBy(asc(careers.position), asc(careers.id));
  return rows.map((r) => career(r, lang));
}

export async function careerDetail(d1: D1Database, language: Language, id: number): Promise<CareerDetail> {
  const row = await replicaDatabase(d1)
    .select()
    .from(careers)
    .where(and(eq(careers.id, id), careersShown(langOf(language))))
    .get();
  if (!row) throw notFound('No such position');
  const lang = langOf(language);
  return { ...career(row, lang), body: text(lang, row.bodyCs, row.bodyEn, row.bodySk) };
}
