import { benefitStatsRow } from '../db/repositories/content';
import { getAggregateRating } from './ratings';

export type BenefitStats = {
  happyUserRatingCurrent: number;
  shipmentsLastYearCurrent: number;
  usersCurrent: number;
  yearsOfExperienceCurrent: number;
};

/**
 * The benefit figures of the home page. The rating is the customers' aggregate (spec §3
 * aggregate rating, the one the footer and the reviews show), never a figure of its own, so
 * the site shows one rating everywhere; the other figures are the stored ones.
 */
export async function getBenefitStats(db: D1Database): Promise<BenefitStats | null> {
  const [row, rating] = await Promise.all([benefitStatsRow(db), getAggregateRating(db)]);
  if (!row) return null;
  const { id: _id, happyUserRatingCurrent: _stored, ...stats } = row;
  return { happyUserRatingCurrent: rating.avg, ...stats };
}
