import { asc, eq } from 'drizzle-orm';
import { searchFaq } from '../../../lib/faq-search';
import type { FaqQuery } from '../../../lib/schemas/page';
import { replicaDatabase } from '../../db/replica';
import { faqCategories, faqQuestions } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Language } from '../../../lib/language';

/**
 * The frequently asked questions of `GET v1/page/faq` in one language. The set is small (tens
 * of questions), so every call reads all active rows in one batch and shapes them here.
 */
export type FaqQuestion = { id: number; category_id: number; question: string; answer: string };
export type FaqCategory = { id: number; name: string; description: string; question_count: number };
export type FaqCategoryWithQuestions = FaqCategory & { questions: FaqQuestion[] };
export type FaqSearchHit = FaqQuestion & { category_name: string };

/** the answers, by query: the categories; all of them with their questions; one category; a search */
export type FaqAnswer =
  | { categories: FaqCategory[] }
  | { categories: FaqCategoryWithQuestions[] }
  | { category: FaqCategoryWithQuestions }
  | { query: string; questions: FaqSearchHit[] };

async function readFaq(d1: D1Database, language: Language): Promise<FaqCategoryWithQuestions[]> {
  const db = replicaDatabase(d1);
  const text = (cs: string, en: string, sk: string | null) => (language === 'en' ? en : language === 'sk' ? (sk ?? cs) : cs);
  const [categories, questions] = await db.batch([
    db.select().from(faqCategories).where(eq(faqCategories.active, true)).orderBy(asc(faqCategories.position), asc(faqCategories.id)),
    db
      .select()
      .from(faqQuestions)
      .where(eq(faqQuestions.active, true))
      .orderBy(asc(faqQuestions.categoryId), asc(faqQuestions.position), asc(faqQuestions.id)),
  ]);
  return categories.map((c) => {
    const own = questions
      .filter((q) => q.categoryId === c.id)
      .map((q) => ({ id: q.id, category_id: q.categoryId, question: text(q.questionCs, q.questionEn, q.questionSk), answer: text(q.answerCs, q.answerEn, q.answerSk) }));
    return { id: c.id, name: text(c.nameCs, c.nameEn, c.nameSk), description: text(c.descriptionCs, c.descriptionEn, c.descriptionSk), question_count: own.length, questions: own };
  });
}

export async function getFaq(d1: D1Database, language: Language, query: FaqQuery): Promise<FaqAnswer> {
  const all = await readFaq(d1, language);
  const scope = query.id === undefined ? all : all.filter((c) => c.id === query.id);
  if (scope.length === 0) throw notFound('No such FAQ category');
  if (query.q !== undefined) {
    const hits = scope.flatMap((c) => c.questions.map((q) => ({ ...q, category_name: c.name })));
    return { query: query.q, questions: searchFaq(hits, query.q) };
  }
  if (query.id !== undefined) return { category: scope[0]! };
  if (query.get_all) return { categories: all };
  return { categories: all.map(({ questions: _, ...c }) => c) };
}

