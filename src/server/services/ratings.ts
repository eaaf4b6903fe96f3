import type { RatingSort } from '../../lib/schemas/app';

export const RATINGS_PAGE_SIZE = 10;

export type AggregateRating = { avg: number; total: number };

export type Rating = {
  id: number;
  author: string;
  score: number;
  comment: string;
  created_at: string;
  carrier: string | null;
  country: string | null;
};

export type RatingsPage = { items: Rating[]; page: number; pages: number; total: number };

const ORDER_BY: Record<RatingSort, string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  best: 'score DESC, created_at DESC, id DESC',
  worst: 'score ASC, created_at DESC, id DESC',
};

const aggregate = (row: { avg: number | null; total: number } | null): AggregateRating => ({
  avg: row?.avg ?? 0,
  total: row?.total ?? 0,
});

export async function getAggregateRating(db: D1Database): Promise<AggregateRating> {
  return aggregate(await db.prepare('SELECT ROUND(AVG(score), 2) AS avg, COUNT(*) AS total FROM ratings').first());
}

/** The rating shown on a country's price list; null when the country does not exist. */
export async function getPricelistRating(db: D1Database, country: string): Promise<AggregateRating | null> {
  const row = await db
    .prepare(
      `SELECT ROUND(AVG(r.score), 2) AS avg, COUNT(r.id) AS total
       FROM countries c LEFT JOIN ratings r ON r.country = c.code WHERE c.code = ? GROUP BY c.code`,
    )
    .bind(country)
    .first<{ avg: number | null; total: number }>();
  return row ? aggregate(row) : null;
}

export async function listRatings(db: D1Database, page: number, sort: RatingSort): Promise<RatingsPage> {
  const [count, rows] = await db.batch([
    db.prepare('SELECT COUNT(*) AS total FROM ratings'),
    db
      .prepare(
        `SELECT id, author, score, comment, created_at, carrier, country FROM ratings ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`,
      )
      .bind(RATINGS_PAGE_SIZE, (page - 1) * RATINGS_PAGE_SIZE),
  ]);
  const total = (count.results[0] as { total: number }).total;
  return { items: rows.results as Rating[], page, pages: Math.ceil(total / RATINGS_PAGE_SIZE), total };
}
