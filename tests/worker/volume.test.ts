import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { generateVolume, HEAVY_ACCOUNT, ID_TABLES, START_QUERIES, startFrom, type Options, type Row, type Start } from '../../scripts/volume/generate';
import { hashPassword } from '../../src/server/identity/passwords';
import { dailyBooks } from '../../src/server/services/ledger/daily';
import { browser, dataOf } from './client';

// issue 28: the volume generator is deterministic, and what it writes the product reads
const OPTIONS: Options = { parcels: 240, seed: 7, until: '2026-11-20', passwordHash: null };
const emptyStart = (): Start => ({ ids: {}, counters: {}, tracking: new Set(), emails: new Set() });
const fromOne = (): Start => ({ ...emptyStart(), ids: Object.fromEntries(ID_TABLES.map((t) => [t, 1])) });

async function digestOf(options: Options) {
  const rows: string[] = [];
  generateVolume(options, fromOne(), (table, row) => rows.push(`${table}:${JSON.stringify(row)}`));
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(rows.join('\n'))));
  return { rows: rows.length, digest: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('') };
}

const literal = (v: Row[string]) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);

/** the rows into D1 in the order they were made (foreign keys), a few per INSERT */
async function writeToD1(options: Options) {
  const one = async (sql: string) => ((await env.DB.prepare(sql).all()).results as Record<string, unknown>[]);
  const start = startFrom({ ids: (await one(START_QUERIES.ids)) as never, counters: (await one(START_QUERIES.counters)) as never, tracking: (await one(START_QUERIES.tracking)) as never, emails: (await one(START_QUERIES.emails)) as never });
  const statements: string[] = [];
  let table = '';
  let rows: Row[] = [];
  const flush = () => {
    if (!rows.length) return;
    const columns = Object.keys(rows[0]!);
    statements.push(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${rows.map((r) => `(${columns.map((c) => literal(r[c]!)).join(', ')})`).join(', ')}`);
    rows = [];
  };
  const summary = generateVolume(options, start, (t, row) => {
    if (t !== table || rows.length >= 15 || Object.keys(row).length !== Object.keys(rows[0] ?? row).length) flush();
    table = t;
    rows.push(row);
  });
  flush();
  // the sequences continue after the generated numbers, as seed:volume leaves them
  for (const [name, value] of Object.entries(summary.counters)) statements.push(`INSERT INTO counters (name, value) VALUES (${literal(name)}, ${value}) ON CONFLICT(name) DO UPDATE SET value = excluded.value`);
  for (let i = 0; i < statements.length; i += 80) await env.DB.batch(statements.slice(i, i + 80).map((s) => env.DB.prepare(s)));
  return { start, summary };
}

describe('volume generator', () => {
  it('is deterministic from its seed', async () => {
    const a = await digestOf(OPTIONS);
    expect(await digestOf(OPTIONS)).toEqual(a);
    expect((await digestOf({ ...OPTIONS, seed: 8 })).digest).not.toBe(a.digest);
    expect(a.rows).toBeGreaterThan(OPTIONS.parcels * 10);
  });

  it('writes rows the product reads: orders, tracking, the heavy account, the books, the monthly invoice', async () => {
    // six weeks, most of it the heavy account's: over a hundred orders on its October invoice
    const options = { ...OPTIONS, parcels: 360, days: 45, heavyShare: 0.7, passwordHash: await hashPassword(HEAVY_ACCOUNT.password, env.PASSWORD_PEPPER) };
    const { start, summary } = await writeToD1(options);
    expect(summary.counts.order_items).toBe(options.parcels);
    // about ten events a parcel over its life
    expect(summary.counts.tracking_events! / summary.counts.shipments!).toBeGreaterThan(7);

    const guest = browser();
    const order = await env.DB.prepare("SELECT token, number FROM orders WHERE id >= ? AND status = 'completed' AND payment_method = 'bank_transfer' ORDER BY id LIMIT 1").bind(start.ids.orders!).first<{ token: string; number: string }>();
    const view = await dataOf<{ number: string; status: string; shipments: { tracking_number: string; delivered: boolean; label_url: string | null }[] }>(await guest.get(`/api/v1/orders/${order!.token}`));
    expect(view.number).toBe(order!.number);
    expect(view.shipments.length).toBeGreaterThan(0);
    expect(view.status).toBe('completed');
    expect(view.shipments.every((s) => s.delivered && s.label_url)).toBe(true);

    const tracked = await guest.get(`/api/v1/orders/${view.shipments[0]!.tracking_number}?tracking=1`);
    expect(tracked.status).toBe(200);
    expect(JSON.stringify(await tracked.json())).toContain('delivered');

    const shop = browser();
    expect((await shop.post('/api/v1/user/login', { email: HEAVY_ACCOUNT.email, password: HEAVY_ACCOUNT.password })).status).toBe(200);
    const list = await shop.get('/api/v1/shipments/list?limit=20&offset=20');
    expect(list.status).toBe(200);
    const heavyShipments = await env.DB.prepare('SELECT COUNT(*) AS n FROM shipments WHERE user_id = ?').bind(summary.heavyUserId).first<{ n: number }>();
    expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(heavyShipments!.n);
    const found = await dataOf<{ items: { city: string }[]; total: number }>(await shop.get('/api/v1/addresses?q=praha'));
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((a) => a.city.startsWith('Praha'))).toBe(true);
    expect((await shop.get('/api/v1/client/overview')).status).toBe(200);

    // the books: what the generated payments posted adds up in the daily report
    const day = await env.DB.prepare("SELECT day FROM ledger_entries WHERE id >= ? AND kind = 'payment_in' ORDER BY id LIMIT 1").bind(start.ids.ledger_entries!).first<{ day: string }>();
    const books = await dailyBooks(env.DB, day!.day);
    expect(JSON.stringify(books)).toMatch(/"in":[1-9]/);

    // the month the generator leaves open: one invoice of all the heavy account's orders on account
    // (more than D1's 100 bound parameters of one statement)
    const october = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND payment_method = 'invoice' AND created_at >= '2026-09-30T22:00:00Z' AND created_at < '2026-10-31T23:00:00Z'").bind(summary.heavyUserId).first<{ n: number }>();
    expect(october!.n).toBeGreaterThan(100);
    const run = await guest.post('/api/v1/sandbox/invoices/monthly', { period: '2026-10' });
    expect(run.status).toBe(200);
    const billed = await env.DB.prepare("SELECT COUNT(*) AS n FROM invoice_orders io JOIN invoices i ON i.id = io.invoice_id WHERE i.user_id = ? AND i.period = '2026-10'").bind(summary.heavyUserId).first<{ n: number }>();
    expect(billed!.n).toBe(october!.n);
  });
});
