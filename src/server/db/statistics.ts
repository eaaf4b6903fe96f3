import { yearDatabases, type YearBindings } from '../services/archive/years/databases';

/**
 * The query planner's statistics (sqlite_stat1; docs/d1-reads.md, "The planner's statistics").
 * D1's "Use indexes" best practice: after creating an index run `PRAGMA optimize`, which runs
 * ANALYZE on the tables that need it and keeps the statistics the planner chooses indexes by.
 * Bounded by SQLite itself: optimize analyzes with a temporary analysis_limit (D1 refuses
 * `PRAGMA analysis_limit` and `ANALYZE` unbounded reads every index: 2 s of CPU at 300,000
 * parcels, against 0.2 s for optimize). The migrations' script runs it after applying them
 * (scripts/d1-migrate.mjs), the daily housekeeping every day (src/server/scheduled.ts).
 */
export const OPTIMIZE = 'PRAGMA optimize';

/** `PRAGMA optimize` on DB and each closed year's database; the milliseconds D1 reports for each */
export async function refreshPlannerStatistics(env: YearBindings & { DB: D1Database }): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const { binding, db } of [{ binding: 'DB', db: env.DB }, ...yearDatabases(env)]) {
    done[binding] = (await db.prepare(OPTIMIZE).run()).meta.duration;
  }
  return done;
}
