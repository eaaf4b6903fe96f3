import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveOutbox, archiveTrackingEvents, ARCHIVE_AFTER_MONTHS, type ArchivedEvent } from '../../src/server/services/archive/tracking';
import { gunzipJsonLines } from '../../src/server/services/archive/jsonl';
import { archiveOrderRecords, RECORDS_ARCHIVE_AFTER_MONTHS, type ArchivedOrder } from '../../src/server/services/archive/orders';
import { pruneAppEvents, RETENTION_DAYS } from '../../src/server/services/app-events';
import { TRACKING_MEMO_MS } from '../../src/server/services/tracking/view';
import { ingestTrackingEvents } from '../../src/server/services/tracking/ingest';
import { database } from '../../src/server/db/client';
import { shipments } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { browser, dataOf, type Browser } from './client';

type Tracking = { status: string; archived: boolean; events: { status: string; raw_status: string; time: string; location: string | null }[]; full: boolean };

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });

async function register(b: Browser) {
  const email = `a${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
}

/** a signed-in customer's paid parcel, advanced by the sandbox carrier until delivered */
async function deliveredParcel(b: Browser) {
  const recipient = `r${crypto.randomUUID().slice(0, 6)}@example.cz`;
  const res = await b.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', recipient), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true },
    { 'idempotency-key': `arc-${crypto.randomUUID()}` },
  );
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  const shipment = paid.shipments[0]!;
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${shipment.id}/advance`))).advanced) break;
  return { token: order.token, shipment };
}

const count = async (sql: string, ...bind: unknown[]) => (await env.DB.prepare(sql).bind(...bind).first<{ n: number }>())!.n;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe('the archive of final parcels', () => {
  it('moves a delivered parcel\'s events and the old mails to R2 as gzipped JSON lines, deletes them from D1, still shows them marked archived, and a second run changes nothing', { timeout: 30_000 }, async () => {
    const b = browser();
    await register(b);
    const { token, shipment } = await deliveredParcel(b);
    const before = await dataOf<Tracking>(await b.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1&token=${token}`));
    expect(before.status).toBe('delivered');
    expect(before.archived).toBe(false);
    const row = await env.DB.prepare('SELECT delivered_at FROM shipments WHERE id = ?').bind(shipment.id).first<{ delivered_at: string }>();
    const eventCount = await count('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?', shipment.id);
    expect(eventCount).toBe(before.events.length);
    const mailCount = await count('SELECT count(*) AS n FROM outbox');
    expect(mailCount).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM shipment_notifications WHERE shipment_id = ?', shipment.id)).toBeGreaterThan(0);

    // not yet: the parcel was delivered less than ARCHIVE_AFTER_MONTHS ago
    const soon = new Date(new Date(row!.delivered_at).getTime() + 30 * 86_400_000);
    expect(await archiveTrackingEvents(env, soon)).toEqual({ shipments: 0, events: 0, parts: 0 });

    const later = new Date(row!.delivered_at);
    later.setUTCMonth(later.getUTCMonth() + ARCHIVE_AFTER_MONTHS + 1);
    const first = await archiveTrackingEvents(env, later);
    expect(first.events).toBe(eventCount);
    expect(await count('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?', shipment.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM shipment_notifications WHERE shipment_id = ?', shipment.id)).toBe(0);
    const marked = await env.DB.prepare('SELECT events_archived_at, events_archive_key FROM shipments WHERE id = ?').bind(shipment.id).first<{ events_archived_at: string; events_archive_key: string }>();
    expect(marked!.events_archived_at).toBe(later.toISOString());
    expect(marked!.events_archive_key).toBe(`archive/tracking/${row!.delivered_at.slice(0, 7)}/${shipment.id}-${shipment.id}.jsonl.gz`);

    const object = await env.FILES.get(marked!.events_archive_key);
    const lines = await gunzipJsonLines<ArchivedEvent>(await object!.arrayBuffer());
    expect(lines).toHaveLength(eventCount);
    expect(lines.map((l) => ({ status: l.status, raw_status: l.raw_status, time: l.occurred_at, location: l.location }))).toEqual(before.events.map((e) => ({ status: e.status, raw_status: e.raw_status, time: e.time, location: e.location })));
    expect(lines.every((l) => l.shipment_id === shipment.id && l.tracking_number === shipment.tracking_number)).toBe(true);

    const mails = await archiveOutbox(env, later);
    expect(mails.mails).toBe(mailCount);
    expect(await count('SELECT count(*) AS n FROM outbox')).toBe(0);
    const mailParts = await env.FILES.list({ prefix: 'archive/outbox/' });
    const archivedMails = (await Promise.all(mailParts.objects.map(async (o) => gunzipJsonLines<{ id: number; template: string }>(await (await env.FILES.get(o.key))!.arrayBuffer())))).flat();
    expect(archivedMails).toHaveLength(mailCount);
    expect(archivedMails.map((m) => m.template)).toContain('tracking_delivered');

    // the tracking view and the client section read the archive, marked as such (once the view's memo of the parcel lapsed)
    const lapsed = Date.now() + TRACKING_MEMO_MS + 1;
    vi.spyOn(Date, 'now').mockImplementation(() => lapsed);
    const after = await dataOf<Tracking>(await b.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1&token=${token}`));
    expect(after.archived).toBe(true);
    expect(after.events).toEqual(before.events);
    const detail = await dataOf<Tracking>(await b.get(`/api/v1/shipments/${shipment.id}`));
    expect(detail.archived).toBe(true);
    expect(detail.events).toEqual(before.events);

    // twice: nothing more to do, nothing changes
    const objects = (await env.FILES.list({ prefix: 'archive/' })).objects.map((o) => `${o.key}:${o.etag}`);
    expect(await archiveTrackingEvents(env, later)).toEqual({ shipments: 0, events: 0, parts: 0 });
    expect(await archiveOutbox(env, later)).toEqual({ mails: 0, parts: 0 });
    expect((await env.FILES.list({ prefix: 'archive/' })).objects.map((o) => `${o.key}:${o.etag}`)).toEqual(objects);
    expect((await dataOf<Tracking>(await b.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1`))).events).toEqual(before.events);

    // a late carrier event for the archived parcel (its notification marks are gone) mails nobody
    const archivedRow = (await database(env.DB).select().from(shipments).where(eq(shipments.id, shipment.id)).get())!;
    const deliveredRaw = before.events.find((e) => e.status === 'delivered')!.raw_status;
    const mailsBefore = await count('SELECT count(*) AS n FROM outbox');
    const deferred: Promise<unknown>[] = [];
    const late = await ingestTrackingEvents(env, archivedRow, [{ eventId: 'late-delivered-again', rawStatus: deliveredRaw, time: new Date(lapsed).toISOString(), location: null, description: null }], 'webhook', (work) => deferred.push(work));
    await Promise.all(deferred);
    expect(late.stored).toBe(1);
    expect(await count('SELECT count(*) AS n FROM shipment_notifications WHERE shipment_id = ?', shipment.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM outbox')).toBe(mailsBefore);
  });

  it('never deletes events whose R2 write failed: the next run archives them', async () => {
    const b = browser();
    const { shipment } = await deliveredParcel(b);
    const row = await env.DB.prepare('SELECT delivered_at FROM shipments WHERE id = ?').bind(shipment.id).first<{ delivered_at: string }>();
    const later = new Date(row!.delivered_at);
    later.setUTCMonth(later.getUTCMonth() + ARCHIVE_AFTER_MONTHS + 1);
    const events = await count('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?', shipment.id);
    const failing = { put: () => Promise.reject(new Error('R2 down')) } as unknown as R2Bucket;
    await expect(archiveTrackingEvents({ DB: env.DB, FILES: failing }, later)).rejects.toThrow('R2 down');
    expect(await count('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?', shipment.id)).toBe(events);
    expect(await count('SELECT count(*) AS n FROM shipments WHERE id = ? AND events_archived_at IS NULL', shipment.id)).toBe(1);
    expect((await archiveTrackingEvents(env, later)).events).toBe(events);
    expect(await count('SELECT count(*) AS n FROM tracking_events WHERE shipment_id = ?', shipment.id)).toBe(0);
  });
});

describe('the archive of closed orders\' records', () => {
  it('moves a final order\'s quotes, label data and invoice data to R2 after RECORDS_ARCHIVE_AFTER_MONTHS, leaves the rows, shows the order, invoice, labels and client detail as before; once only, and never before the R2 write', { timeout: 30_000 }, async () => {
    const b = browser();
    await register(b);
    const { token, shipment } = await deliveredParcel(b);
    const order = (await env.DB.prepare('SELECT id, created_at FROM orders WHERE token = ?').bind(token).first<{ id: number; created_at: string }>())!;
    const page = async () => dataOf<{ invoice_url: string | null }>(await b.get(`/api/v1/orders/${token}`));
    const before = await page();
    expect(before.invoice_url).toBeTruthy();
    const invoiceToken = before.invoice_url!.split('/').pop()!;
    const invoice = async () => dataOf<unknown>(await b.get(`/api/v1/invoices/${invoiceToken}`));
    const invoiceBefore = await invoice();
    const detailBefore = await dataOf<{ packages: number | null; label_urls: unknown }>(await b.get(`/api/v1/shipments/${shipment.id}`));
    expect(detailBefore.packages).toBe(1);
    const blobs = () => env.DB.prepare('SELECT i.quote, s.label, v.data, o.records_archive_key AS key FROM orders o JOIN order_items i ON i.order_id = o.id JOIN shipments s ON s.item_id = i.id JOIN invoices v ON v.order_id = o.id WHERE o.id = ?').bind(order.id).first<{ quote: string; label: string; data: string; key: string | null }>();
    const stored = (await blobs())!;
    const key = (await env.DB.prepare('SELECT idempotency_key AS k FROM orders WHERE id = ?').bind(order.id).first<{ k: string }>())!.k;
    expect(key).not.toBe('');
    const at = (months: number) => {
      const d = new Date(order.created_at);
      d.setUTCMonth(d.getUTCMonth() + months);
      return d;
    };

    expect(await archiveOrderRecords(env, at(RECORDS_ARCHIVE_AFTER_MONTHS - 1))).toEqual({ orders: 0, parts: 0 });
    const failing = { put: () => Promise.reject(new Error('R2 down')) } as unknown as R2Bucket;
    await expect(archiveOrderRecords({ DB: env.DB, FILES: failing }, at(RECORDS_ARCHIVE_AFTER_MONTHS + 1))).rejects.toThrow('R2 down');
    expect(await blobs()).toEqual(stored);

    const done = await archiveOrderRecords(env, at(RECORDS_ARCHIVE_AFTER_MONTHS + 1));
    expect(done.orders).toBeGreaterThanOrEqual(1);
    const slim = (await blobs())!;
    const keyOf = async () => (await env.DB.prepare('SELECT idempotency_key AS k FROM orders WHERE id = ?').bind(order.id).first<{ k: string }>())!.k;
    expect(slim).toEqual({ quote: '', label: '', data: '', key: `archive/orders/${order.created_at.slice(0, 7)}/${slim.key!.split('/').pop()}` });
    expect(await keyOf()).toBe('');
    const lines = await gunzipJsonLines<ArchivedOrder>(await (await env.FILES.get(slim.key!))!.arrayBuffer());
    expect(lines.find((l) => l.order_id === order.id)).toMatchObject({ items: [{ quote: stored.quote }], shipments: [{ id: shipment.id, label: stored.label }], invoice: { data: stored.data } });

    expect(await page()).toEqual(before);
    expect(await invoice()).toEqual(invoiceBefore);
    expect(await dataOf<unknown>(await b.get(`/api/v1/shipments/${shipment.id}`))).toMatchObject({ packages: 1, label_urls: detailBefore.label_urls });
    const label = await b.get(`/api/v1/shipments/${shipment.id}/label?format=a6&token=${token}`);
    expect(label.status).toBe(200);

    const objects = (await env.FILES.list({ prefix: 'archive/orders/' })).objects.map((o) => `${o.key}:${o.etag}`);
    expect(await archiveOrderRecords(env, at(RECORDS_ARCHIVE_AFTER_MONTHS + 2))).toEqual({ orders: 0, parts: 0 });
    expect((await env.FILES.list({ prefix: 'archive/orders/' })).objects.map((o) => `${o.key}:${o.etag}`)).toEqual(objects);
  });
});

describe('logs and leftovers expire', () => {
  it('the daily prune deletes sign-in attempts, contact messages, expired tokens, revoked keys and idempotency keys past their retention, and keeps the recent ones', async () => {
    const b = browser();
    await register(b);
    const now = new Date('2026-11-28T03:17:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const { id: userId } = (await env.DB.prepare('SELECT id FROM users ORDER BY id DESC LIMIT 1').first<{ id: number }>())!;
    const age = (k: keyof typeof RETENTION_DAYS) => [daysAgo(RETENTION_DAYS[k] + 1), daysAgo(RETENTION_DAYS[k] - 1)];
    await env.DB.batch([
      ...age('sign_in_attempts').map((at, i) => env.DB.prepare("INSERT INTO sign_in_attempts (email, address, success, created_at) VALUES (?, '198.51.100.1', 0, ?)").bind(`old${i}@retention.cz`, at)),
      ...age('contact_messages').map((at, i) => env.DB.prepare("INSERT INTO contact_messages (form, topic, name, email, message, language, territory, routed_to, created_at) VALUES ('contact', 'other', 'X', ?, 'm', 'cs', 'cz', 'care', ?)").bind(`old${i}@retention.cz`, at)),
      ...age('expired_tokens').map((at, i) => env.DB.prepare("INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at) VALUES (?, 'login', ?, ?)").bind(userId, `retention-${i}`, at)),
      ...age('revoked_keys').map((at, i) => env.DB.prepare("INSERT INTO api_keys (user_id, key_hash, method, revoked_at) VALUES (?, ?, 'password', ?)").bind(userId, `retention-${i}`, at)),
      ...age('idempotency_keys').map((at, i) => env.DB.prepare("INSERT INTO idempotency_keys (key, request_hash, status, locked_until, created_at) VALUES (?, 'h', 'done', ?, ?)").bind(`retention-${i}`, at, at)),
    ]);
    await pruneAppEvents(env.DB, now);
    const left = async (sql: string) => (await env.DB.prepare(sql).all<{ v: string }>()).results.map((r) => r.v);
    expect(await left("SELECT email AS v FROM sign_in_attempts WHERE email LIKE '%@retention.cz'")).toEqual(['old1@retention.cz']);
    expect(await left("SELECT email AS v FROM contact_messages WHERE email LIKE '%@retention.cz'")).toEqual(['old1@retention.cz']);
    expect(await left("SELECT token_hash AS v FROM one_time_tokens WHERE token_hash LIKE 'retention-%'")).toEqual(['retention-1']);
    expect(await left("SELECT key_hash AS v FROM api_keys WHERE key_hash LIKE 'retention-%'")).toEqual(['retention-1']);
    expect(await left("SELECT key AS v FROM idempotency_keys WHERE key LIKE 'retention-%'")).toEqual(['retention-1']);
    // the signed-in session (not revoked) stays
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
  });
});
