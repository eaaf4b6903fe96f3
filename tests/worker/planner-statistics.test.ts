import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DAILY_CRON, runScheduled } from '../../src/server/scheduled';

/**
 * The daily housekeeping keeps the query planner's statistics (src/server/db/statistics.ts:
 * PRAGMA optimize, as D1's "Use indexes" best practice asks): a database that never had any
 * (every one before, and this test file's, migrated and seeded by tests/worker/setup.ts) has
 * sqlite_stat1 rows for its tables after the daily cron, and none after the 5-minute one.
 */
const statTable = async (db: D1Database) => (await db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").first<{ n: number }>())!.n;
const statRows = async (db: D1Database, table: string) => (await db.prepare('SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = ?').bind(table).first<{ n: number }>())!.n;

beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe("the planner's statistics", () => {
  it('are not kept by the 5-minute cron, and the database starts without them', async () => {
    expect(await statTable(env.DB), 'sqlite_stat1 before any cron').toBe(0);
    await runScheduled({ cron: '*/5 * * * *', scheduledTime: Date.now() }, env as never);
    expect(await statTable(env.DB), 'sqlite_stat1 after the 5-minute cron').toBe(0);
  });

  it('are written by the daily housekeeping for the tables with rows (PRAGMA optimize)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runScheduled({ cron: DAILY_CRON, scheduledTime: Date.now() }, env as never);
    expect(errors.mock.calls.filter(([m]) => String(m).includes('planner statistics'))).toEqual([]);
    expect(await statTable(env.DB), 'sqlite_stat1 after the daily cron').toBe(1);
    // the seed's users and countries: one row per index of each
    for (const table of ['users', 'countries']) expect(await statRows(env.DB, table), table).toBeGreaterThan(0);
    const users = (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())!.n;
    const stat = (await env.DB.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'users' AND idx IS NOT NULL LIMIT 1").first<{ stat: string }>())!.stat;
    expect(Number(stat.split(' ')[0]), 'the row count the planner now has for users').toBe(users);
  });
});
