import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { generateVolume, START_QUERIES, startFrom, type Options, type Row } from '../../scripts/volume/generate';
import { moveYear, ORDER_TABLES, runYearlyMove, YEAR_ORDERS_PER_PART } from '../../src/server/services/archive/years/move';
import { ledgerInsert } from '../../src/server/ledger/post';
import { browser } from './client';
import { recordingD1, type Recorded } from './query-recorder';

// docs/retention.md, "A D1 database per closed accounting year": the yearly move of 2025 to DB_Y2025,
// on a generated year (scripts/volume/generate.ts) and the first months of the next

const literal = (v: Row[string]) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);
async function all<T = Record<string, unknown>>(db: D1Database, sql: string, ...params: unknown[]) {
  return (await db.prepare(sql).bind(...params).all<T>()).results;
}

/** the generated rows into DB, in the order they were made (as tests/worker/volume.test.ts) */
async function generate(options: Options) {
  const one = async (sql: string) => all(env.DB, sql);
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
  for (const [name, value] of Object.entries(summary.counters)) statements.push(`INSERT INTO counters (name, value) VALUES (${literal(name)}, ${value}) ON CONFLICT(name) DO UPDATE SET value = excluded.value`);
  for (let i = 0; i < statements.length; i += 80) await env.DB.batch(statements.slice(i, i + 80).map((s) => env.DB.prepare(s)));
}

/** the test's own statement of "closed for good" (independent of move.ts's SQL): order ids of 2025 */
async function closedOrders(): Promise<Set<number>> {
  const open = new Set<number>();
  const add = async (sql: string) => (await all<{ id: number }>(env.DB, sql)).forEach((r) => open.add(r.id));
  await add(`SELECT id FROM orders WHERE status = 'unpaid' OR records_archived_at IS NULL`);
  await add(`SELECT s.order_id AS id FROM claims c JOIN shipments s ON s.id = c.shipment_id WHERE c.status IN ('received', 'in_review', 'waiting_for_customer')`);
  await add(`SELECT order_id AS id FROM refunds WHERE status <> 'settled'`);
  await add(`SELECT order_id AS id FROM payments WHERE status = 'pending'`);
  await add(`SELECT order_id AS id FROM invoices WHERE order_id IS NOT NULL AND paid_at IS NULL`);
  await add(`SELECT io.order_id AS id FROM invoice_orders io JOIN invoices i ON i.id = io.invoice_id WHERE i.paid_at IS NULL`);
  await add(`SELECT order_id AS id FROM credit_entries WHERE order_id IS NOT NULL AND created_at >= '2026-01-01'`);
  const year = await all<{ id: number }>(env.DB, `SELECT id FROM orders WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'`);
  return new Set(year.map((r) => r.id).filter((id) => !open.has(id)));
}

type Snapshot = { counts: Record<string, number>; ledger: string; ledger2026: string; balances: string; orders2026: number; userShipments: number; userOrders: number; userInvoices: number };
async function snapshot(db: D1Database): Promise<Snapshot> {
  const counts: Record<string, number> = {};
  for (const t of [...ORDER_TABLES.map((x) => x.table), 'ledger_entries', 'credit_entries']) counts[t] = (await db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).first<{ n: number }>())!.n;
  const sums = async (where: string) => JSON.stringify(await all(db, `SELECT currency, debit, credit, COUNT(*) AS n, SUM(amount_minor) AS s FROM ledger_entries WHERE ${where} GROUP BY currency, debit, credit ORDER BY 1, 2, 3`));
  const hasUsers = db === env.DB;
  return {
    counts,
    ledger: await sums(`day >= '2025-01-01' AND day <= '2025-12-31'`),
    ledger2026: await sums(`day >= '2026-01-01'`),
    balances: JSON.stringify(await all(db, 'SELECT user_id, currency, SUM(amount_minor) AS s FROM credit_entries GROUP BY user_id, currency HAVING s <> 0 ORDER BY 1, 2')),
    orders2026: (await db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE created_at >= '2026-01-01'`).first<{ n: number }>())!.n,
    userShipments: hasUsers ? (await db.prepare('SELECT SUM(shipments_count) AS n FROM users').first<{ n: number }>())!.n : (await db.prepare('SELECT COALESCE(SUM(shipments), 0) AS n FROM year_user_counts').first<{ n: number }>())!.n,
    // the year's per-user counters of orders and invoices (the client lists' totals) against DB's rows of users
    userOrders: (await db.prepare(hasUsers ? 'SELECT COUNT(*) AS n FROM orders WHERE user_id IS NOT NULL' : 'SELECT COALESCE(SUM(orders), 0) AS n FROM year_user_counts').first<{ n: number }>())!.n,
    userInvoices: (await db.prepare(hasUsers ? 'SELECT COUNT(*) AS n FROM invoices WHERE user_id IS NOT NULL' : 'SELECT COALESCE(SUM(invoices), 0) AS n FROM year_user_counts').first<{ n: number }>())!.n,
  };
}

/** the daily books' CSV export (GET v1/app/ledger/daily, docs/ledger.md) of each day, as the staff download it */
async function books(days: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < days.length; i += 20) {
    const chunk = days.slice(i, i + 20);
    const texts = await Promise.all(chunk.map(async (day) => {
      const res = await browser().get(`/api/v1/app/ledger/daily?date=${day}&format=csv`);
      expect(res.status, day).toBe(200);
      return res.text();
    }));
    chunk.forEach((day, j) => out.set(day, texts[j]!));
  }
  return out;
}
/** the days of 2025 with ledger lines, and every one of their books before the move */
let days2025: string[];
let booksBefore: Map<string, string>;

let before: Snapshot;
let closed: Set<number>;
const seen: Recorded = new Map();
const seenYear: Recorded = new Map();
const recorded = () => ({ DB: recordingD1(env.DB, seen), DB_Y2025: recordingD1(env.DB_Y2025, seenYear), YEAR_DATABASES: 'DB_Y2025' });
class Crash extends Error {}
/** runs of the default budget until the move is complete (a crash or a mismatch throws out) */
async function untilComplete(options: Parameters<typeof moveYear>[2] = {}) {
  for (let i = 0; i < 50; i++) if ((await moveYear(recorded(), 2025, options)).complete) return;
  throw new Error('the move did not complete in 50 runs');
}

beforeAll(async () => {
  // 2025 and the first two months of 2026
  await generate({ parcels: 380, seed: 28, until: '2026-02-28', days: 424, passwordHash: null });
  // the records job (services/archive/orders.ts) has archived 2025's paid orders by July 2026
  await env.DB.prepare(`UPDATE orders SET records_archived_at = '2026-06-30T03:17:00.000Z' WHERE created_at < '2026-01-01' AND status <> 'unpaid'`).run();
  // what keeps an order of 2025 in DB: an open claim, a refund not settled, a credit entry of 2026
  const late = await all<{ order_id: number; shipment_id: number; user_id: number | null; currency: string }>(env.DB, `SELECT o.id AS order_id, s.id AS shipment_id, o.user_id, o.currency FROM orders o JOIN shipments s ON s.order_id = o.id WHERE o.created_at >= '2025-10-01' AND o.created_at < '2026-01-01' AND o.status <> 'unpaid' AND o.user_id IS NOT NULL ORDER BY o.id DESC LIMIT 40`);
  const [a, b, c] = [late[0]!, late.find((x) => x.order_id !== late[0]!.order_id)!, late.find((x) => x.order_id < late[0]!.order_id - 5)!];
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO claims (token, number, shipment_id, reason, description, email, language, status) VALUES ('yr-open-claim', 'RKYR1', ?, 'damaged', 'x', 'a@example.cz', 'cs', 'in_review')`).bind(a.shipment_id),
    env.DB.prepare(`INSERT INTO refunds (order_id, shipment_id, dedupe_key, method, status, amount_minor, currency) VALUES (?, ?, 'yr-refund', 'bank_transfer', 'requested', 100, ?)`).bind(b.order_id, b.shipment_id, b.currency),
    env.DB.prepare(`INSERT INTO credit_entries (user_id, currency, amount_minor, reason, order_id, dedupe_key, created_at) VALUES (?, ?, 100, 'refund', ?, 'yr-late-credit', '2026-02-01T10:00:00.000Z')`).bind(c.user_id, c.currency, c.order_id),
  ]);
  // a top-up of 2025 written out of id order (after 2026's entries) to a user with credit entries in 2025: carried forward
  const holder = await env.DB.prepare(`SELECT user_id, currency FROM credit_entries WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01' ORDER BY id LIMIT 1`).first<{ user_id: number; currency: string }>();
  await env.DB.prepare(`INSERT INTO credit_entries (user_id, currency, amount_minor, reason, dedupe_key, created_at) VALUES (?, ?, 5000, 'top_up', 'yr-top-up', '2025-12-31T22:00:00.000Z')`).bind(holder!.user_id, holder!.currency).run();
  // and what moves with a closed one: a settled claim with its message and file, a settled refund, a change request, an NPS answer
  const d = late.find((x) => ![a, b, c].some((y) => y.order_id === x.order_id))!;
  const claim = await env.DB.prepare(`INSERT INTO claims (token, number, shipment_id, reason, description, email, language, status, created_at) VALUES ('yr-closed-claim', 'RKYR2', ?, 'late', 'x', 'a@example.cz', 'cs', 'accepted', '2025-12-20T10:00:00.000Z') RETURNING id`).bind(d.shipment_id).first<{ id: number }>();
  const message = await env.DB.prepare(`INSERT INTO claim_messages (claim_id, author, body) VALUES (?, 'customer', 'photo') RETURNING id`).bind(claim!.id).first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO claim_files (claim_id, message_id, name, content_type, size, r2_key) VALUES (?, ?, 'a.png', 'image/png', 10, 'claims/yr/1')`).bind(claim!.id, message!.id),
    env.DB.prepare(`INSERT INTO refunds (order_id, shipment_id, dedupe_key, method, status, amount_minor, currency, settled_at) VALUES (?, ?, 'yr-refund-settled', 'bank_transfer', 'settled', 250, ?, '2025-12-22T10:00:00.000Z')`).bind(d.order_id, d.shipment_id, d.currency),
    env.DB.prepare(`INSERT INTO change_requests (shipment_id, kind, payload, status) VALUES (?, 'date', '{}', 'accepted')`).bind(d.shipment_id),
    env.DB.prepare(`INSERT INTO nps_responses (token, order_id, score) VALUES ('yr-nps', ?, 9)`).bind(d.order_id),
  ]);
  // a credit entry of 2025 written after 2026's entries, to a user with no other: copied and carried all the same
  // (the rehearsal at volume: the copy walked along ids and never reached such a user; its order could not be deleted)
  const lone = await env.DB.prepare(`SELECT o.id AS order_id, o.user_id, o.currency FROM orders o WHERE o.created_at >= '2025-03-01' AND o.created_at < '2025-09-01' AND o.status <> 'unpaid' AND o.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM credit_entries c WHERE c.user_id = o.user_id) ORDER BY o.id LIMIT 1`).first<{ order_id: number; user_id: number; currency: string }>();
  // (after more than one walk's part of 2026 entries: 250 top-ups of 2026 first)
  await env.DB.prepare(`WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 250) INSERT INTO credit_entries (user_id, currency, amount_minor, reason, dedupe_key, created_at) SELECT ?, ?, 1, 'top_up', 'yr-2026-' || v, '2026-02-02T10:00:00.000Z' FROM n`).bind(lone!.user_id, lone!.currency).run();
  await env.DB.prepare(`INSERT INTO credit_entries (user_id, currency, amount_minor, reason, order_id, dedupe_key, created_at) VALUES (?, ?, 700, 'refund', ?, 'yr-lone-credit', '2025-06-01T10:00:00.000Z')`).bind(lone!.user_id, lone!.currency, lone!.order_id).run();
  closed = await closedOrders();
  before = await snapshot(env.DB);
  days2025 = (await all<{ day: string }>(env.DB, `SELECT DISTINCT day FROM ledger_entries WHERE day >= '2025-01-01' AND day <= '2025-12-31' ORDER BY day`)).map((r) => r.day);
  booksBefore = await books(days2025);
}, 180_000);

describe('the yearly move of a closed year', () => {
  it('has a year with orders to move and orders that must stay', async () => {
    const year = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM orders WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'`).first<{ n: number }>())!.n;
    expect(closed.size).toBeGreaterThan(2 * YEAR_ORDERS_PER_PART);
    expect(year - closed.size, 'open orders of 2025 (the claim, refund and credit entry above)').toBeGreaterThanOrEqual(3);
    expect(before.orders2026).toBeGreaterThan(0);
  });

  it('stops after the copy, refuses a copy that differs, and resumes a crash in the delete', async () => {
    // crash once the copy finished (before anything is deleted): DB is whole, the year database has the copy
    await expect(untilComplete({ afterPart: (phase) => { if (phase === 'copy-credit') throw new Crash('after copy'); } })).rejects.toThrow(Crash);
    const row = await env.DB.prepare('SELECT copied_at, verified_at, deleted_at FROM archived_years WHERE year = 2025').first();
    expect(row).toMatchObject({ copied_at: expect.any(String), verified_at: null, deleted_at: null });
    expect((await snapshot(env.DB)).counts).toEqual(before.counts);
    expect((await snapshot(env.DB_Y2025)).counts.orders).toBe(closed.size);
    // the day's lines are in both databases now: the books count each once
    expect(await books(days2025)).toEqual(booksBefore);

    // a copied order that differs from DB's stops the move before anything is deleted
    const some = [...closed][3]!;
    await env.DB_Y2025.prepare('UPDATE orders SET total_vat_minor = total_vat_minor + 1 WHERE id = ?').bind(some).run();
    await expect(untilComplete()).rejects.toThrow(/orders .* differ/);
    expect((await snapshot(env.DB)).counts).toEqual(before.counts);
    await env.DB_Y2025.prepare('UPDATE orders SET total_vat_minor = total_vat_minor - 1 WHERE id = ?').bind(some).run();

    // crash after two parts of the orders' delete
    let deleted = 0;
    await expect(untilComplete({ afterPart: (phase) => { if (phase === 'delete-orders' && ++deleted === 2) throw new Crash('mid-delete'); } })).rejects.toThrow(Crash);
    const mid = (await snapshot(env.DB)).counts.orders;
    expect(before.counts.orders - mid).toBe(2 * YEAR_ORDERS_PER_PART);

    // crash in the ledger's delete: the first days are in the year database alone, the others in both
    let ledgerParts = 0;
    await expect(untilComplete({ afterPart: (phase) => { if (phase === 'delete-ledger' && ++ledgerParts === 3) throw new Crash('mid-ledger'); } })).rejects.toThrow(Crash);
    const left = (await env.DB.prepare(`SELECT COUNT(DISTINCT day) AS n FROM ledger_entries WHERE day >= '2025-01-01' AND day <= '2025-12-31'`).first<{ n: number }>())!.n;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(days2025.length);
    expect(await books(days2025)).toEqual(booksBefore);

    // resumed in runs of a bounded number of D1 calls, until complete
    let runs = 0;
    let last;
    do last = await moveYear(recorded(), 2025, { maxCalls: 10 });
    while (!last.complete && ++runs < 100);
    expect(runs).toBeGreaterThan(1);
    expect(last.complete).toBe(true);
  }, 180_000);

  it('moved exactly the closed orders of 2025 with all their rows, the ledger of 2025 and its credit entries', async () => {
    const main = await snapshot(env.DB);
    const year = await snapshot(env.DB_Y2025);
    const movedIds = new Set((await all<{ id: number }>(env.DB_Y2025, 'SELECT id FROM orders')).map((r) => r.id));
    expect(movedIds).toEqual(closed);
    expect((await all<{ id: number }>(env.DB, `SELECT id FROM orders WHERE id IN (${[...closed].join(',')})`)).length).toBe(0);
    // nothing lost, nothing twice: every order table's rows are in DB or in the year database
    for (const t of ORDER_TABLES.map((x) => x.table)) expect(main.counts[t]! + year.counts[t]!, t).toBe(before.counts[t]);
    console.info('moved rows', JSON.stringify(year.counts));
    for (const t of [...ORDER_TABLES.map((x) => x.table), 'ledger_entries', 'credit_entries']) expect(year.counts[t], t).toBeGreaterThan(0);
    // the books of 2025 read from the year database as they were in DB; 2026's untouched
    expect(year.ledger).toBe(before.ledger);
    expect(JSON.parse(main.ledger)).toEqual([]);
    expect(main.ledger2026).toBe(before.ledger2026);
    expect(main.orders2026).toBe(before.orders2026);
    // the credit balance reads DB alone: the year's entries carried forward, one per user and currency
    expect(main.balances).toBe(before.balances);
    expect((await env.DB.prepare(`SELECT COUNT(*) AS n FROM credit_entries WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01'`).first<{ n: number }>())!.n).toBe(0);
    const carried = await all<{ n: number }>(env.DB, `SELECT COUNT(*) AS n FROM credit_entries WHERE dedupe_key LIKE 'carry:2025:%' AND created_at = '2026-01-01T00:00:00.000Z' AND reason = 'adjustment'`);
    expect(carried[0]!.n).toBeGreaterThan(0);
    expect(year.counts.credit_entries).toBe(before.counts.credit_entries! - main.counts.credit_entries! + carried[0]!.n);
    // the client list's totals: DB's counter lost the moved shipments, the year database counts them
    expect(year.userShipments).toBeGreaterThan(0);
    expect(main.userShipments + year.userShipments).toBe(before.userShipments);
    expect(year.userOrders).toBeGreaterThan(0);
    expect(main.userOrders + year.userOrders).toBe(before.userOrders);
    expect(year.userInvoices).toBeGreaterThan(0);
    expect(main.userInvoices + year.userInvoices).toBe(before.userInvoices);
    expect(await env.DB.prepare('SELECT copied_at, verified_at, deleted_at FROM archived_years WHERE year = 2025').first()).toMatchObject({ copied_at: expect.any(String), verified_at: expect.any(String), deleted_at: expect.any(String) });
  });

  it('exports the daily books of the moved year byte for byte as before the move', async () => {
    const after = await books(days2025);
    expect([...after.keys()]).toEqual(days2025);
    for (const day of days2025) expect(after.get(day), day).toBe(booksBefore.get(day));
    // not empty: the days' totals are there (sales of every day with an order)
    expect([...after.values()].filter((csv) => /\r\ntotal;/.test(csv)).length).toBe(days2025.length);
  }, 120_000);

  it('changes nothing when run again, and runs from the daily cron in July only', async () => {
    const main = await snapshot(env.DB);
    const year = await snapshot(env.DB_Y2025);
    const again = await moveYear(recorded(), 2025);
    expect(again).toMatchObject({ complete: true, orders: 0, deletedOrders: 0, ledger: 0, credit: 0 });
    expect(again.calls).toBeLessThanOrEqual(2);
    expect(await runYearlyMove(recorded(), new Date('2026-08-01T03:17:00Z'))).toEqual([]);
    // the same July: done, nothing to do; the next July starts over once for what closed since
    const july = await runYearlyMove(recorded(), new Date('2027-07-02T03:17:00Z'));
    expect(july).toMatchObject([{ year: 2025, complete: true, orders: 0, deletedOrders: 0 }]);
    expect(await snapshot(env.DB)).toEqual(main);
    expect(await snapshot(env.DB_Y2025)).toEqual(year);
  });

  it('keeps a line posted later with a day of the moved year in that day\'s books and moves it the next July', async () => {
    // postings are dated by the time they are made (ledger/post.ts): a line dated into a moved year is a
    // posting made with a past time (a backdated correction); it lands in DB, above the moved ids
    const [dayA, dayB] = [days2025[40]!, days2025[days2025.length - 20]!];
    const late = (key: string, day: string) => ledgerInsert(env.DB, [{ key, currency: 'CZK', debit: 'bank', credit: 'unmatched', amountMinor: 12345, kind: 'unmatched_in', method: 'bank_transfer', ref: key }], new Date(`${day}T10:00:00.000Z`))!;
    await late('late:a', dayA);
    const withA = (await books([dayA])).get(dayA)!;
    expect(withA).not.toBe(booksBefore.get(dayA));
    expect(withA).toContain(';CZK;bank_transfer;unmatched;123.45;');

    // the next July starts over: a second late line arrives once its day was copied, before it is deleted
    // (as runYearlyMove does in July 2028, with a hook that posts the second line)
    let posted = false;
    await env.DB.prepare(`UPDATE archived_years SET cursor = '{"phase":"copy-orders"}' WHERE year = 2025`).run();
    for (let i = 0; i < 20 && !(await moveYear(recorded(), 2025, { now: new Date('2028-07-03T03:17:00Z'), afterPart: async (phase) => {
      if (phase === 'copy-credit' && !posted) {
        posted = true;
        await late('late:b', dayB);
      }
    } })).complete; i++);
    expect(posted).toBe(true);
    const dayOf = async (db: D1Database, key: string) => (await db.prepare('SELECT day FROM ledger_entries WHERE key = ?').bind(key).first<{ day: string }>())?.day ?? null;
    // the first moved with its day (the re-check compared the day and deleted it from DB); the second came
    // after its day's copy: it stays in DB, in its day's books once, and moves the next July
    expect(await dayOf(env.DB_Y2025, 'late:a')).toBe(dayA);
    expect(await dayOf(env.DB, 'late:a')).toBeNull();
    expect(await dayOf(env.DB, 'late:b')).toBe(dayB);
    expect(await dayOf(env.DB_Y2025, 'late:b')).toBeNull();
    expect((await books([dayA])).get(dayA)).toBe(withA);
    const withB = (await books([dayB])).get(dayB)!;
    expect(withB).toContain(';CZK;bank_transfer;unmatched;123.45;');
    expect((await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE day >= '2025-01-01' AND day <= '2025-12-31'`).first<{ n: number }>())!.n).toBe(1);
    const next = await runYearlyMove(recorded(), new Date('2029-07-03T03:17:00Z'));
    expect(next[0]).toMatchObject({ year: 2025, complete: true });
    expect(await dayOf(env.DB_Y2025, 'late:b')).toBe(dayB);
    expect(await dayOf(env.DB, 'late:b')).toBeNull();
    expect((await books([dayB])).get(dayB)).toBe(withB);
    for (const day of days2025.filter((d) => d !== dayA && d !== dayB)) expect((await books([day])).get(day), day).toBe(booksBefore.get(day));
  }, 180_000);

  it('reads every growing table along an index (DB and the year database)', async () => {
    type Plan = { detail: string };
    const GROWING = ['users', 'orders', 'order_items', 'payments', 'bank_transactions', 'credit_entries', 'shipments', 'tracking_events', 'change_requests', 'invoices', 'invoice_orders', 'billing_payments', 'ledger_entries', 'refunds', 'claims', 'claim_messages', 'claim_files', 'ratings', 'nps_responses', 'archived_years'];
    const offending: string[] = [];
    for (const [db, recordedSql] of [[env.DB, seen], [env.DB_Y2025, seenYear]] as const) {
      expect(recordedSql.size).toBeGreaterThan(10);
      for (const [sql, params] of recordedSql) {
        const plan = (await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<Plan>()).results;
        const scans = plan.map((p) => p.detail).filter((d) => {
          const m = /^SCAN (\S+)(?: AS \S+)?( USING (?:COVERING )?INDEX| USING INTEGER PRIMARY KEY)?/.exec(d);
          return m && !m[2] && GROWING.includes(m[1]!);
        });
        if (scans.length) offending.push(`${sql}\n  plan: ${plan.map((p) => p.detail).join(' | ')}`);
      }
    }
    expect(offending, offending.join('\n\n')).toEqual([]);
  });
});
