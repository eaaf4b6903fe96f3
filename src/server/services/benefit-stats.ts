export type BenefitStats = {
  happyUserRatingCurrent: number;
  shipmentsLastYearCurrent: number;
  usersCurrent: number;
  yearsOfExperienceCurrent: number;
};

export async function getBenefitStats(db: D1Database): Promise<BenefitStats | null> {
  return db
    .prepare(
      `SELECT happy_user_rating_current AS happyUserRatingCurrent, shipments_last_year_current AS shipmentsLastYearCurrent,
              users_current AS usersCurrent, years_of_experience_current AS yearsOfExperienceCurrent
       FROM benefit_stats WHERE id = 1`,
    )
    .first<BenefitStats>();
}
