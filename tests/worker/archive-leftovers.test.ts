import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveTrackingEvents, ARCHIVE_AFTER_MONTHS } from '../../src/server/services/archive/tracking';
import { archiveOrderRecords, RECORDS_ARCHIVE_AFTER_MONTHS } from '../../src/server/services/archive/orders';
import { ARCHIVE_MISSING } from '../../src/server/services/archive/read';
import { archivableOrdersQuery, archivableShipmentsQuery } from '../../src/server/db/repositories/archive';
import { TRACKING_MEMO_MS } from '../../src/server/services/tracking/view';
import { ingestTrackingEvents, openShipments, trackQueryOf } from '../../src/server/services/tracking/ingest';
import { shipmentById } from '../../src/server/db/repositories/orders';
import { browser, dataOf, type Browser } from './client';

/**
 * Issue 28's leftovers in the archive (docs/retention.md): (a) an archived record whose R2
 * object is gone answers the §8 error, logs and reports it, never a silently different view;
 * (b) the records job's walk skips orders never paid (orders_archivable holds only paid ones);
 * (c) a parcel returned to the sender (no delivered_at) has its events archived six months
 * after its last event, the same date its order's records are archived; (d) so does a parcel
 * the carrier went silent about (booked, never final: lost), six months after its last news.
 */

type Tracking = { status: string; archived: boolean; events: { status: string; raw_status: string; time: string }[] };

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });

async function register(b: Browser) {
  const email = `a${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
}

/** a signed-in customer's paid GLS parcel (booked, not yet picked up) */
async function paidParcel(b: Browser) {
  const recipient = `r${crypto.randomUUID().slice(0, 6)}@example.cz`;
  const res = await b.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', recipient), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true },
    { 'idempotency-key': `left-${crypto.randomUUID()}` },
  );
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  return { token: order.token, shipment: paid.shipments[0]! };
}

const monthsAfter = (at: string, months: number, days = 0) => {
  const d = new Date(new Date(at).getTime() + days * 86_400_000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** the tracking view's memo of a parcel lapses: every later view reads it again */
function lapseMemo() {
  const lapsed = Date.now() + TRACKING_MEMO_MS + 1;
  vi.spyOn(Date, 'now').mockImplementation(() => lapsed);
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('an archived record missing in R2', () => {
  it('answers the §8 error (500 API_ERROR, archive.records_missing) on every read-back, logs an ALERT line and stores an error report; with the object back everything reads as before', { timeout: 120_000 }, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const b = browser();
    await register(b);
    const { token, shipment } = await paidParcel(b);
    // the booking runs after the payment (waitUntil): a cold isolate's first label can take seconds on a busy machine
    for (let i = 0; i < 60 && !(await shipmentById(env.DB, shipment.id))!.carrierRef; i++) await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < 8; i++) {
      const step = await b.post(`/api/v1/sandbox/shipments/${shipment.id}/advance`);
      const body = (await step.json()) as { data?: { advanced: boolean } };
      expect({ status: step.status, body }).toMatchObject({ status: 200, body: { data: { advanced: expect.any(Boolean) } } });
      if (!body.data!.advanced) break;
    }
    const tn = shipment.tracking_number;
    const order = await dataOf<{ invoice_url: string }>(await b.get(`/api/v1/orders/${token}`));
    const invoiceToken = order.invoice_url.split('/').pop()!;
    const tracking = await dataOf<Tracking>(await b.get(`/api/v1/orders/${tn}?tracking=1`));
    expect(tracking.status).toBe('delivered');

    const row = (await shipmentById(env.DB, shipment.id))!;
    const at = monthsAfter([row.deliveredAt!, row.trackingAt!].sort().at(-1)!, ARCHIVE_AFTER_MONTHS, 1);
    expect((await archiveTrackingEvents(env, at)).shipments).toBeGreaterThanOrEqual(1);
    expect((await archiveOrderRecords(env, at)).orders).toBeGreaterThanOrEqual(1);
    const keys = (await env.DB.prepare('SELECT o.records_archive_key AS records, s.events_archive_key AS events FROM shipments s JOIN orders o ON o.id = s.order_id WHERE s.id = ?').bind(shipment.id).first<{ records: string; events: string }>())!;
    expect(keys.records).toMatch(/^archive\/orders\//);
    expect(keys.events).toMatch(/^archive\/tracking\//);
    await env.FILES.delete(`labels/${tn}-a6.pdf`);

    const views = {
      order: () => b.get(`/api/v1/orders/${token}`),
      invoice: () => b.get(`/api/v1/invoices/${invoiceToken}`),
      detail: () => b.get(`/api/v1/shipments/${shipment.id}`),
      label: () => b.get(`/api/v1/shipments/${shipment.id}/label?format=a6&token=${token}`),
      tracking: () => b.get(`/api/v1/orders/${tn}?tracking=1`),
    };
    const reports = async () => (await env.DB.prepare("SELECT count(*) AS n FROM app_errors WHERE url = 'archive:missing' AND build = 'server'").first<{ n: number }>())!.n;
    const missingAnswer = { type: 'API_ERROR', status: 500, message: ARCHIVE_MISSING, errors: [{ field: 'archive', code: ARCHIVE_MISSING, message: ARCHIVE_MISSING }] };

    // the order's records object is gone
    const records = await (await env.FILES.get(keys.records))!.arrayBuffer();
    await env.FILES.delete(keys.records);
    lapseMemo();
    for (const [name, view] of Object.entries(views)) {
      const res = await view();
      expect({ name, status: res.status, body: await res.json() }).toEqual({ name, status: 500, body: missingAnswer });
    }
    await expect(trackQueryOf(env as never, (await shipmentById(env.DB, shipment.id))!)).rejects.toThrow(ARCHIVE_MISSING);
    expect(await reports()).toBeGreaterThanOrEqual(6);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^ALERT archive missing: .* is not in ${keys.records}$`)));

    // back: the order reads as before; now the events' object is gone: the tracking view says so instead of a history without them
    await env.FILES.put(keys.records, records);
    const events = await (await env.FILES.get(keys.events))!.arrayBuffer();
    await env.FILES.delete(keys.events);
    lapseMemo();
    expect((await views.order()).status).toBe(200);
    const res = await views.tracking();
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 500, body: missingAnswer });
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^ALERT archive missing: the tracking events of shipment ${shipment.id} is not in ${keys.events}$`)));

    await env.FILES.put(keys.events, events);
    lapseMemo();
    expect(await dataOf<Tracking>(await views.tracking())).toEqual({ ...tracking, archived: true });
    for (const view of [views.invoice, views.detail, views.label]) expect((await view()).status).toBe(200);
  });
});

describe('the records job\'s walk', () => {
  it('does not visit orders never paid: orders_archivable holds only paid ones (EXPLAIN QUERY PLAN, rows read the same with 300 old unpaid orders)', async () => {
    const before = '2099-01-01T00:00:00.000Z';
    const query = archivableOrdersQuery(env.DB, before, 90).toSQL();
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all<{ detail: string }>()).results.map((r) => r.detail);
    expect(plan.find((d) => /^(SCAN|SEARCH) orders\b/.test(d)), plan.join('\n')).toMatch(/USING INDEX orders_archivable\b/);
    const rowsRead = async () => (await env.DB.prepare(query.sql).bind(...query.params).all()).meta.rows_read;
    const empty = await rowsRead();

    const insert = env.DB.prepare(
      "INSERT INTO orders (token, number, idempotency_key, variable_symbol, email, language, territory, currency, status, payment_method, payer_type, total_minor, total_vat_minor, created_at) VALUES (?, ?, ?, ?, 'stary@example.cz', 'cs', 'cz', 'CZK', ?, 'bank_transfer', 'person', 10000, 12100, ?)",
    );
    await env.DB.batch(
      Array.from({ length: 300 }, (_, i) => insert.bind(`unpaid-walk-${i}`, `OPW${i}`, `unpaid-walk-${i}`, `77${String(i).padStart(6, '0')}`, i % 3 === 0 ? 'cancelled' : 'unpaid', new Date(Date.UTC(2025, 0, 1 + (i % 200))).toISOString())),
    );
    expect(await rowsRead()).toBe(empty);
    expect((await env.DB.prepare(query.sql).bind(...query.params).all<{ id: number }>()).results).toHaveLength(0);
  });
});

type RawEvent = { eventId: string; rawStatus: string; time: string; location: string; description: string | null };

/** a signed-in customer's paid GLS parcel with these events (`day(d)`: d days from now) ingested, and how to look at it */
async function parcelWithEvents(events: (day: (d: number) => string) => RawEvent[]) {
  const b = browser();
  await register(b);
  const { token, shipment } = await paidParcel(b);
  const start = Date.now();
  const raw = events((d) => new Date(start + d * 86_400_000).toISOString());
  const deferred: Promise<unknown>[] = [];
  expect((await ingestTrackingEvents(env as never, (await shipmentById(env.DB, shipment.id))!, raw, 'webhook', (work) => void deferred.push(work))).stored).toBe(raw.length);
  await Promise.all(deferred);
  return {
    shipment,
    raw,
    row: async () => (await shipmentById(env.DB, shipment.id))!,
    orderKey: async () => (await env.DB.prepare('SELECT records_archive_key AS k FROM orders WHERE token = ?').bind(token).first<{ k: string | null }>())!.k,
    eventsLeft: async () => (await env.DB.prepare('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?').bind(shipment.id).first<{ n: number }>())!.n,
    view: async () => dataOf<Tracking>(await b.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1`)),
  };
}

/** nothing moves a day short of six months after `endedAt`; a day after, the events (into the month of `endedAt`) and the order's records do, and the view shows the same history marked archived */
async function expectArchivedSixMonthsAfter(parcel: Awaited<ReturnType<typeof parcelWithEvents>>, endedAt: string, alsoAfter?: (late: Date) => Promise<void>) {
  const shown = await parcel.view();
  expect(shown.events.map((e) => e.raw_status)).toEqual(parcel.raw.map((e) => e.rawStatus));
  const early = monthsAfter(endedAt, ARCHIVE_AFTER_MONTHS, -1);
  await archiveTrackingEvents(env, early);
  await archiveOrderRecords(env, early);
  expect((await parcel.row()).eventsArchivedAt).toBeNull();
  expect(await parcel.eventsLeft()).toBe(parcel.raw.length);
  expect(await parcel.orderKey()).toBeNull();

  expect(RECORDS_ARCHIVE_AFTER_MONTHS).toBe(ARCHIVE_AFTER_MONTHS);
  const late = monthsAfter(endedAt, ARCHIVE_AFTER_MONTHS, 1);
  await archiveTrackingEvents(env, late);
  await archiveOrderRecords(env, late);
  const archived = await parcel.row();
  expect(archived.eventsArchivedAt).toBe(late.toISOString());
  expect(archived.eventsArchiveKey).toBe(`archive/tracking/${endedAt.slice(0, 7)}/${parcel.shipment.id}-${parcel.shipment.id}.jsonl.gz`);
  expect(await parcel.eventsLeft()).toBe(0);
  expect(await parcel.orderKey()).toMatch(/^archive\/orders\//);
  await alsoAfter?.(late);
  lapseMemo();
  expect(await parcel.view()).toEqual({ ...shown, archived: true });
}

describe('a parcel returned to the sender (no delivery date)', () => {
  it('ends at its last event: its events and its order\'s records are archived six months after it, not a day before', { timeout: 60_000 }, async () => {
    const parcel = await parcelWithEvents((day) => [
      { eventId: 'ret-1', rawStatus: '4', time: day(1), location: 'Praha', description: null },
      { eventId: 'ret-2', rawStatus: '11', time: day(2), location: 'Praha', description: null },
      { eventId: 'ret-3', rawStatus: '23', time: day(4), location: 'Brno', description: 'Vráceno odesílateli' },
    ]);
    const returned = await parcel.row();
    expect(returned).toMatchObject({ trackingStatus: 'return_to_sender', deliveredAt: null, cancelledAt: null, trackingAt: parcel.raw[2]!.time });
    // in the month of the return
    await expectArchivedSixMonthsAfter(parcel, returned.trackingAt!);
  });
});

describe('a parcel the carrier went silent about (lost: never final)', () => {
  it('ends at its last news: six months after its last event its events and its order\'s records are archived, not a day before, and the poller no longer has it', { timeout: 60_000 }, async () => {
    const parcel = await parcelWithEvents((day) => [
      { eventId: 'lost-1', rawStatus: '1', time: day(1), location: 'Brno', description: null },
      { eventId: 'lost-2', rawStatus: '2', time: day(2), location: 'Jihlava', description: null },
    ]);
    const silent = await parcel.row();
    expect(silent).toMatchObject({ status: 'created', trackingStatus: 'in_transit', deliveredAt: null, cancelledAt: null, trackingAt: parcel.raw[1]!.time });
    await expectArchivedSixMonthsAfter(parcel, silent.trackingAt!, async (late) => {
      expect((await openShipments(env as never, 10_000, late)).map((s) => s.id)).not.toContain(parcel.shipment.id);
    });
  });

  it('finds the silent ones among the open parcels alone (shipments_open), not along every booked parcel', async () => {
    const { sql, params } = archivableShipmentsQuery(env.DB, 'silent', new Date().toISOString(), 10).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
    const steps = plan.results.map((r) => r.detail);
    expect(steps).toContainEqual(expect.stringMatching(/USING INDEX shipments_open/));
    expect(steps.filter((d) => /shipments/.test(d) && !/shipments_open|INTEGER PRIMARY KEY/.test(d))).toEqual([]);
  });
});
