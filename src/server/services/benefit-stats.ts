import { benefitStatsRow } from '../db/repositories/content';

export type BenefitStats = {
  happyUserRatingCurrent: number;
  shipmentsLastYearCurrent: number;
  usersCurrent: number;
  yearsOfExperienceCurrent: number;
};

export async function getBenefitStats(db: D1Database): Promise<BenefitStats | null> {
  const row = await benefitStatsRow(db);
  if (!row) return null;
  const { id: _id, ...stats } = row;
  return stats;
}
