import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { yearDatabases } from '../../src/server/services/archive/years/databases';

// docs/retention.md, "A D1 database per closed accounting year": a closed year's rows move to DB_Y<year>

/** the tables a year database holds (src/server/db/year-migrations) */
const YEAR_TABLES = ['orders', 'order_items', 'shipments', 'payments', 'bank_transactions', 'refunds', 'invoices', 'invoice_orders', 'nps_responses', 'tracking_events', 'change_requests', 'claims', 'claim_messages', 'claim_files', 'ledger_entries', 'credit_entries'];

describe('year databases', () => {
  it('are the bindings YEAR_DATABASES lists, newest first', () => {
    expect(yearDatabases(env).map((y) => [y.year, y.binding])).toEqual([[2025, 'DB_Y2025']]);
    expect(yearDatabases({ ...env, YEAR_DATABASES: 'DB_Y2025, DB_Y2024, DB, nonsense' }).map((y) => y.year)).toEqual([2025]);
  });

  it("hold every column of the main database's tables they take, with its type, and no foreign key", async () => {
    const columns = async (db: D1Database, table: string) => (await db.prepare(`PRAGMA table_info(${table})`).all<{ name: string; type: string; notnull: number; pk: number }>()).results.map((c) => `${c.name} ${c.type} ${c.notnull} ${c.pk}`).sort();
    for (const table of YEAR_TABLES) {
      const main = await columns(env.DB, table);
      expect(main.length, table).toBeGreaterThan(0);
      expect(await columns(env.DB_Y2025, table), `${table}: year-migrations must follow the main migrations`).toEqual(main);
      expect((await env.DB_Y2025.prepare(`PRAGMA foreign_key_list(${table})`).all()).results, table).toEqual([]);
    }
  });
});
