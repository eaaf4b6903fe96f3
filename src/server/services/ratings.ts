import { asc, desc, type SQL } from 'drizzle-orm';
import type { RatingSort } from '../../lib/schemas/app';
import { countryRatingAggregate, ratingAggregate, ratingColumns, ratingsPage } from '../db/repositories/content';

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
  /** the language the review is written in */
  language: 'cs' | 'sk' | 'en';
};

export type RatingsPage = { items: Rating[]; page: number; pages: number; total: number };

const r = ratingColumns;
const ORDER_BY: Record<RatingSort, SQL[]> = {
  newest: [desc(r.createdAt), desc(r.id)],
  oldest: [asc(r.createdAt), asc(r.id)],
  best: [desc(r.score), desc(r.createdAt), desc(r.id)],
  worst: [asc(r.score), desc(r.createdAt), desc(r.id)],
};

const aggregate = (row: { avg: number | null; total: number } | null | undefined): AggregateRating => ({
  avg: row?.avg ?? 0,
  total: row?.total ?? 0,
});

export async function getAggregateRating(db: D1Database): Promise<AggregateRating> {
  return aggregate(await ratingAggregate(db));
}

/** The rating shown on a country's price list; null when the country does not exist. */
export async function getPricelistRating(db: D1Database, country: string): Promise<AggregateRating | null> {
  const row = await countryRatingAggregate(db, country);
  return row ? aggregate(row) : null;
}

export async function listRatings(db: D1Database, page: number, sort: RatingSort): Promise<RatingsPage> {
  const { total, rows } = await ratingsPage(db, ORDER_BY[sort], RATINGS_PAGE_SIZE, (page - 1) * RATINGS_PAGE_SIZE);
  return { items: rows, page, pages: Math.ceil(total / RATINGS_PAGE_SIZE), total };
}
