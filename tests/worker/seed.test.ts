import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, referenceSeedStatements, seedsDemoData } from '../../src/server/db/seed';

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** rows that belong to demo logins and must never reach a deployed database */
const DEMO_TABLES = ['users', 'api_keys', 'orders', 'order_items', 'shipments', 'payments', 'credit_entries', 'contracts', 'invoices', 'pickup_places', 'addresses', 'discount_codes'];
const REFERENCE_TABLES = ['countries', 'header_bar', 'ratings', 'benefit_stats', 'exchange_rates', 'parcel_points', 'faq_questions', 'news'];

describe('the seed on a deployed database (reference data only)', () => {
  it('fills the reference tables and leaves no demo account, order, credit, contract, invoice or code', async () => {
    // an empty migrated database (the per-file setup seeded everything; storage is per test)
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>();
    await env.DB.batch([env.DB.prepare('PRAGMA defer_foreign_keys = on'), ...results.map(({ name }) => env.DB.prepare(`DELETE FROM ${name}`))]);
    expect(await count('users')).toBe(0);

    const statements = referenceSeedStatements();
    for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));

    for (const table of DEMO_TABLES) expect(`${table}: ${await count(table)}`).toBe(`${table}: 0`);
    for (const table of REFERENCE_TABLES) expect(await count(table), table).toBeGreaterThan(0);
    const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(statements.filter((sql) => demoEmails.some((e) => sql.includes(e)))).toEqual([]);
  });

  it('scripts/seed.mjs adds the demo data locally, remotely only when asked', () => {
    expect(seedsDemoData([])).toBe(true);
    expect(seedsDemoData(['--local', '--persist-to', '.wrangler/e2e'])).toBe(true);
    expect(seedsDemoData(['--remote'])).toBe(false);
    expect(seedsDemoData(['--remote', '--demo'])).toBe(true);
    expect(seedsDemoData(['--local', '--no-demo'])).toBe(false);
  });
});
