import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { archiveOrderRecords } from '../../src/server/services/archive/orders';
import { archiveTrackingEvents } from '../../src/server/services/archive/tracking';
import { moveYear } from '../../src/server/services/archive/years/move';
import { browser, dataOf, type Browser } from './client';
import { countingD1, type Count } from './d1-count';
import { recordingD1, type Recorded } from './query-recorder';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { bookSandboxLine, sandboxStatement } from '../../src/server/payments/bank/sandbox';

// docs/retention.md, "A D1 database per closed accounting year": what a moved order still shows

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });
const count = async (db: D1Database, sql: string, ...bind: unknown[]) => (await db.prepare(sql).bind(...bind).first<{ n: number }>())!.n;

/** the client: a moved 2025 order to a GLS parcel point (`token`) and a 2026 order that stays in DB (`newer`) */
let b: Browser;
/** a contract customer: a moved 2025 order on account, billed on a (paid) monthly invoice, which stays in DB */
let b2: Browser;
const stranger = browser();
let token: string;
let newer: { token: string; invoice: string };
let onAccount: string;
let monthlyInvoice: string;
let invoiceToken: string;
let trackingNumber: string;
let shipmentId: number;
let pointId: string;
const before: Record<string, unknown> = {};

type Read = { who: 'owner' | 'stranger' | 'contract'; path: string; body?: unknown };
const call = (r: Read, extra: Record<string, unknown> = {}) => ({ owner: b, stranger, contract: b2 })[r.who].call(r.body ? 'POST' : 'GET', r.path, r.body, {}, extra as never);
/** what a read answers (a PDF: its length) */
const read = async (r: Read) => {
  const res = await call(r);
  expect(res.status, `${r.path}: ${await res.clone().text()}`).toBe(200);
  if (res.headers.get('content-type')?.includes('pdf')) return (await res.arrayBuffer()).byteLength;
  const body = (await res.json()) as { data: unknown; meta?: unknown };
  return body.meta ? body : body.data;
};
const reads = (): Record<string, Read> => ({
  order: { who: 'owner', path: `/api/v1/orders/${token}` },
  invoice: { who: 'stranger', path: `/api/v1/invoices/${invoiceToken}` },
  pdf: { who: 'stranger', path: `/api/v1/invoices/${invoiceToken}/pdf` },
  tracking: { who: 'stranger', path: `/api/v1/orders/${trackingNumber}?tracking=1` },
  // the full views: with the order's token (a stranger) and signed in as the owner; both show the parcel point
  trackingWithToken: { who: 'stranger', path: `/api/v1/orders/${trackingNumber}?tracking=1&token=${token}` },
  trackingOwner: { who: 'owner', path: `/api/v1/orders/${trackingNumber}?tracking=1` },
  shipment: { who: 'owner', path: `/api/v1/shipments/${shipmentId}` },
  label: { who: 'stranger', path: `/api/v1/shipments/${shipmentId}/label?token=${token}` },
  shipments: { who: 'owner', path: '/api/v1/shipments/list' },
  shipmentsFiltered: { who: 'owner', path: '/api/v1/shipments/list?carrier=gls&limit=1' },
  orders: { who: 'owner', path: '/api/v1/orders' },
  invoices: { who: 'owner', path: '/api/v2/user/invoice/list', body: {} },
  overview: { who: 'owner', path: '/api/v1/client/overview' },
  onAccount: { who: 'contract', path: `/api/v1/orders/${onAccount}` },
  repeat: { who: 'owner', path: `/api/v1/orders/${token}/repeat` },
});

async function register(who: Browser, contract = false) {
  const email = `y${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await who.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
  if (contract) await env.DB.prepare("UPDATE users SET has_contract = 1, price_type = 'Profi', segment = 'B', company = 'Malá s.r.o.', ico = '27074358' WHERE email = ?").bind(email).run();
  return email;
}

/** a paid bank-transfer order of `who`; `point`: to that parcel point */
async function paidOrder(who: Browser, email: string, point?: string) {
  const res = await who.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', 'zofie@example.cz'), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' }, ...(point ? { delivery_point_id: point } : {}) }], payment_method: 'bank_transfer', payer: { type: 'person' }, email, terms: true },
    { 'idempotency-key': `yr-${crypto.randomUUID()}` },
  );
  const order = await dataOf<{ id: number; token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  // what POST v1/sandbox/bank/statement does, without the gateway's 20 s limit (a cold label can take that long)
  await bookSandboxLine(env.DB, { variableSymbol: order.payment.variable_symbol, amountMinor: Math.round(order.total_vat * 100), currency: order.currency, counterAccount: null, bookedOn: new Date().toISOString().slice(0, 10) });
  const deferred: Promise<unknown>[] = [];
  await ingestBankTransactions(env as never, await sandboxStatement(env.DB).incoming(), (work) => void deferred.push(work));
  await Promise.all(deferred);
  return order.token;
}

const invoiceOf = async (orderToken: string) => (await env.DB.prepare('SELECT i.token FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.token = ?').bind(orderToken).first<{ token: string }>())!.token;

/** the order's parcel delivered (the sandbox carrier's events) */
async function deliver(who: Browser, orderToken: string) {
  const { shipments } = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await who.get(`/api/v1/orders/${orderToken}`));
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await who.post(`/api/v1/sandbox/shipments/${shipments[0]!.id}/advance`))).advanced) break;
  return shipments[0]!;
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  b = browser();
  b2 = browser();
  const email = await register(b);
  pointId = (await env.DB.prepare(`SELECT p.id FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'gls' AND p.country = 'cz' AND p.statuses = '["active"]' ORDER BY p.id DESC LIMIT 1`).first<{ id: string }>())!.id;
  token = await paidOrder(b, email, pointId);
  ({ tracking_number: trackingNumber, id: shipmentId } = await deliver(b, token));
  invoiceToken = await invoiceOf(token);
  // the contract customer's order on account, of June 2025, on its paid monthly invoice
  await register(b2, true);
  const booked = await b2.post('/api/v1/shipments/create', { shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', 'zofie@example.cz'), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }, { 'idempotency-key': `yr-${crypto.randomUUID()}` });
  expect(booked.status, await booked.clone().text()).toBe(201);
  onAccount = (await dataOf<{ order: string }>(booked)).order;
  await deliver(b2, onAccount);
  // the orders were made in 2025: their events and records archived (as the daily jobs do), the year closed
  await env.DB.batch([token, onAccount].map((t) => env.DB.prepare(`UPDATE orders SET created_at = '2025-06-10T10:00:00.000Z' WHERE token = ?`).bind(t)));
  expect((await b2.post('/api/v1/sandbox/invoices/monthly', { period: '2025-06' })).status).toBe(200);
  monthlyInvoice = (await env.DB.prepare('SELECT i.token FROM invoices i JOIN invoice_orders io ON io.invoice_id = i.id JOIN orders o ON o.id = io.order_id WHERE o.token = ?').bind(onAccount).first<{ token: string }>())!.token;
  await env.DB.prepare(`UPDATE invoices SET paid_at = '2025-07-20T10:00:00.000Z' WHERE token = ?`).bind(monthlyInvoice).run();
  // the daily jobs more than 6 months after the parcels were delivered (RECORDS_ARCHIVE_AFTER_MONTHS counts from then)
  const later = new Date(Date.now() + 200 * 86_400_000);
  await archiveTrackingEvents(env, later);
  await archiveOrderRecords(env, later);
  // and the client's order of now, which stays in DB (made after the jobs: by `later` its parcel, booked and
  // silent since, would count as lost and be archived too, docs/retention.md)
  newer = { token: await paidOrder(b, email) } as typeof newer;
  newer.invoice = await invoiceOf(newer.token);
  for (const [name, r] of Object.entries(reads())) before[name] = await read(r);
  for (let i = 0; i < 20; i++) if ((await moveYear(env, 2025)).complete) break;
}, 240_000);

describe("a closed year's order", () => {
  it('is in the year database, not in DB; the monthly invoice and the parcel point stay in DB', async () => {
    for (const t of [token, onAccount]) {
      expect(await count(env.DB, 'SELECT COUNT(*) AS n FROM orders WHERE token = ?', t)).toBe(0);
      expect(await count(env.DB_Y2025, 'SELECT COUNT(*) AS n FROM orders WHERE token = ?', t)).toBe(1);
    }
    expect(await count(env.DB_Y2025, 'SELECT COUNT(*) AS n FROM invoices WHERE token = ?', invoiceToken)).toBe(1);
    expect(await count(env.DB, 'SELECT COUNT(*) AS n FROM invoices WHERE token = ? AND paid_at IS NOT NULL', monthlyInvoice)).toBe(1);
    expect(await count(env.DB, 'SELECT COUNT(*) AS n FROM orders WHERE token = ?', newer.token)).toBe(1);
  });

  it('shows its order page, invoice (page and PDF), label, tracking (public, with the token, as the owner), shipment and the client lists as before the move', async () => {
    for (const [name, r] of Object.entries(reads())) expect(await read(r), name).toEqual(before[name]);
    // the full views read the parcel point from DB (a year database has no parcel_points)
    for (const view of [before.trackingWithToken, before.trackingOwner, before.shipment] as { full: boolean; parcel_point: { id: string } | null }[]) expect(view).toMatchObject({ full: true, parcel_point: { id: pointId } });
    expect(before.tracking).toMatchObject({ full: false, to_parcel_point: true });
    expect((before.order as { items: { delivery_point_id: string }[] }).items[0]!.delivery_point_id).toBe(pointId);
    // the order on account names its monthly invoice (in DB) through its link (moved)
    expect((before.onAccount as { invoice_url: string | null }).invoice_url).toBe(`/faktura/${monthlyInvoice}`);
    // the client's lists: both orders, the totals from DB and the year's counters
    expect(before.shipments).toMatchObject({ meta: { total: 2, total_exact: true } });
    expect((before.shipments as { data: { tracking_number: string }[] }).data.map((s) => s.tracking_number)).toContain(trackingNumber);
    expect(before.shipmentsFiltered).toMatchObject({ data: [{}], meta: { total: 2 } });
    expect(before.orders).toMatchObject({ data: [{ token: newer.token }, { token }], meta: { total: 2 } });
    expect(before.invoices).toMatchObject({ invoices: [{ token: newer.invoice }, { token: invoiceToken }], total: 2 });
    expect(before.overview).toMatchObject({ latest_orders: [{ token: newer.token }, { token }] });
  });

  it('the client lists go on into the year database page by page (keyset), their totals adding its counters', async () => {
    const page1 = (await read({ who: 'owner', path: '/api/v1/orders?limit=1' })) as { data: { token: string }[]; meta: { total: number; next: string } };
    expect(page1).toMatchObject({ data: [{ token: newer.token }], meta: { total: 2 } });
    const page2 = (await read({ who: 'owner', path: `/api/v1/orders?limit=1&after=${page1.meta.next}` })) as typeof page1;
    expect(page2).toMatchObject({ data: [{ token }], meta: { total: 2 } });
    const ship1 = (await read({ who: 'owner', path: '/api/v1/shipments/list?limit=1' })) as { data: { tracking_number: string }[]; meta: { next: string } };
    const ship2 = (await read({ who: 'owner', path: `/api/v1/shipments/list?limit=1&after=${ship1.meta.next}` })) as typeof ship1;
    expect([...ship1.data, ...ship2.data].map((s) => s.tracking_number)).toContain(trackingNumber);
    const invoices = (query: string, body: unknown = {}) => read({ who: 'owner', path: `/api/v2/user/invoice/list${query}`, body }) as Promise<{ invoices: { token: string; status: string }[]; total: number; next: string | null }>;
    const first = await invoices('?limit=1');
    expect(first).toMatchObject({ invoices: [{ token: newer.invoice }], total: 2 });
    expect(await invoices(`?limit=1&after=${first.next}`)).toMatchObject({ invoices: [{ token: invoiceToken, status: 'paid' }], total: 2 });
    expect(await invoices('', { status: 'paid' })).toMatchObject({ invoices: [{ token: newer.invoice }, { token: invoiceToken }], total: 2 });
    expect(await invoices('', { status: 'unpaid' })).toMatchObject({ invoices: [], total: 0 });
  });

  it('a token or number in no database is still 404', async () => {
    expect((await b.get(`/api/v1/orders/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await b.get(`/api/v1/invoices/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await b.get(`/api/v1/orders/IZ9999999999?tracking=1`)).status).toBe(404);
    expect((await b.get(`/api/v1/shipments/999999999`)).status).toBe(404);
  });
});

/**
 * The D1 work of these reads, counted per database (tests/worker/d1-count.ts; the second of two
 * identical requests): a read found in DB asks no year database; a moved one asks DB once (or twice,
 * tracking's two reads) before the year database answers as DB would have, plus what is read from DB
 * beside it (the parcel point). A new statement on these paths must be argued for here.
 */
const BUDGETS = {
  // in DB: the year database is not asked (a signed-in owner's order reads its credited overpayment too)
  'order page, in DB': { main: { statements: 7, roundTrips: 7 }, year: { statements: 0, roundTrips: 0 } },
  'invoice page, in DB': { main: { statements: 3, roundTrips: 3 }, year: { statements: 0, roundTrips: 0 } },
  // moved: DB's miss, then the year database's reads as DB's
  'order page, moved': { main: { statements: 1, roundTrips: 1 }, year: { statements: 7, roundTrips: 7 } },
  // its monthly invoice: the link in the year database, the invoice in DB
  'order page on a monthly invoice, moved': { main: { statements: 2, roundTrips: 2 }, year: { statements: 8, roundTrips: 8 } },
  // (its data archived: the order read once more for the archive's key)
  'invoice page, moved': { main: { statements: 1, roundTrips: 1 }, year: { statements: 4, roundTrips: 4 } },
  // tracking reads the parcel and its events at once: two misses in DB
  'tracking (public), moved': { main: { statements: 2, roundTrips: 2 }, year: { statements: 2, roundTrips: 2 } },
  // the full view's parcel point: from DB
  'tracking with the token (parcel point), moved': { main: { statements: 3, roundTrips: 3 }, year: { statements: 2, roundTrips: 2 } },
  'a token in no database': { main: { statements: 1, roundTrips: 1 }, year: { statements: 1, roundTrips: 1 } },
  // the lists: DB's as without the years, one batch per year database
  'orders list, first page': { main: { statements: 4, roundTrips: 4 }, year: { statements: 3, roundTrips: 1 } },
  'invoices list, first page': { main: { statements: 2, roundTrips: 2 }, year: { statements: 2, roundTrips: 1 } },
  // a moved invoice is paid: the unpaid list asks no year database
  'invoices list, unpaid': { main: { statements: 2, roundTrips: 2 }, year: { statements: 0, roundTrips: 0 } },
  'shipments list, first page': { main: { statements: 3, roundTrips: 1 }, year: { statements: 3, roundTrips: 1 } },
  // fewer than three orders in DB: the year's latest
  overview: { main: { statements: 1, roundTrips: 1 }, year: { statements: 1, roundTrips: 1 } },
} satisfies Record<string, { main: Count; year: Count }>;

/** the statements the year database was asked (for their plans) */
const seenYear: Recorded = new Map();

describe('D1 work of the reads across the year databases, within its budget', () => {
  it('counts DB and the year database per request', { timeout: 120_000 }, async () => {
    const measured: Record<string, { main: Count; year: Count }> = {};
    const counted = async (r: Read) => {
      const main: Count = { statements: 0, roundTrips: 0 };
      const year: Count = { statements: 0, roundTrips: 0 };
      const res = await call(r, { DB: countingD1(env.DB, main), DB_Y2025: countingD1(recordingD1(env.DB_Y2025, seenYear), year) });
      await res.arrayBuffer();
      return { status: res.status, main, year };
    };
    const measure = async (what: keyof typeof BUDGETS, r: Read, status = 200) => {
      await counted(r);
      const { status: got, main, year } = await counted(r);
      expect(got, what).toBe(status);
      measured[what] = { main, year };
    };
    await measure('order page, in DB', { who: 'owner', path: `/api/v1/orders/${newer.token}` });
    await measure('invoice page, in DB', { who: 'stranger', path: `/api/v1/invoices/${newer.invoice}` });
    await measure('order page, moved', reads().order);
    await measure('order page on a monthly invoice, moved', reads().onAccount);
    await measure('invoice page, moved', reads().invoice);
    await measure('tracking (public), moved', reads().tracking);
    await measure('tracking with the token (parcel point), moved', reads().trackingWithToken);
    await measure('a token in no database', { who: 'stranger', path: `/api/v1/orders/${'x'.repeat(43)}` }, 404);
    await measure('orders list, first page', reads().orders);
    await measure('invoices list, first page', reads().invoices);
    await measure('invoices list, unpaid', { who: 'owner', path: '/api/v2/user/invoice/list', body: { status: 'unpaid' } });
    await measure('shipments list, first page', reads().shipments);
    await measure('overview', reads().overview);

    console.info(JSON.stringify(measured));
    expect(Object.keys(measured).sort()).toEqual(Object.keys(BUDGETS).sort());
    for (const [what, budget] of Object.entries(BUDGETS)) {
      for (const db of ['main', 'year'] as const) {
        expect(measured[what]![db].statements, `${what}: ${db} statements`).toBeLessThanOrEqual(budget[db].statements);
        expect(measured[what]![db].roundTrips, `${what}: ${db} round trips`).toBeLessThanOrEqual(budget[db].roundTrips);
      }
    }
  });
});

describe('the reads of a year database', () => {
  it('read every growing table along an index', async () => {
    type Plan = { detail: string };
    const GROWING = ['orders', 'order_items', 'payments', 'bank_transactions', 'credit_entries', 'shipments', 'tracking_events', 'change_requests', 'invoices', 'invoice_orders', 'ledger_entries', 'refunds', 'claims', 'claim_messages', 'claim_files', 'nps_responses', 'year_user_counts'];
    expect(seenYear.size, 'the budget test ran first').toBeGreaterThan(10);
    const offending: string[] = [];
    for (const [sql, params] of seenYear) {
      const plan = (await env.DB_Y2025.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<Plan>()).results;
      const scans = plan.map((p) => p.detail).filter((d) => {
        const m = /^SCAN (\S+)(?: AS \S+)?( USING (?:COVERING )?INDEX| USING INTEGER PRIMARY KEY)?/.exec(d);
        return m && !m[2] && GROWING.includes(m[1]!);
      });
      if (scans.length) offending.push(`${sql}\n  plan: ${plan.map((p) => p.detail).join(' | ')}`);
    }
    expect(offending, offending.join('\n\n')).toEqual([]);
  });
});
