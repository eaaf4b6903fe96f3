import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeMiddleware, type Env } from '../../src/edge';
import { archiveOrderRecords, RECORDS_ARCHIVE_AFTER_MONTHS } from '../../src/server/services/archive/orders';
import { ingestTrackingEvents, trackQueryOf } from '../../src/server/services/tracking/ingest';
import { afterPaid } from '../../src/server/services/orders/lifecycle';
import { TRACKING_MEMO_MS } from '../../src/server/services/tracking/view';
import { shipmentById } from '../../src/server/db/repositories/orders';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { bookSandboxLine, sandboxStatement } from '../../src/server/payments/bank/sandbox';
import { base, bindings, browser, dataOf, type Browser } from './client';
import { carrierOrderBody, orderParty } from './carrier-orders';

/**
 * An order's records (quotes, label data, invoice data) move to R2 RECORDS_ARCHIVE_AFTER_MONTHS
 * after its last parcel became final. Everything a customer, a recipient or the carrier
 * poller can still do with such an order reads them back: each view below is compared with
 * the same view before the archiving (docs/retention.md, "The records window").
 */

const cod = { code: 'cod', data: { value: { value: 500, currency: 'CZK' }, bank_account: '2001234567', bank_code: '2010', bank_variable: '123', include_shipping_costs: true } };

async function register(b: Browser) {
  const email = `a${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
  return email;
}

type Paid = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { id: number; tracking_number: string }[] };

/** a signed-in customer's order of `items` (UPS, cash on delivery with the shipping added: the quote holds the amount), paid by the sandbox bank */
async function paidOrder(b: Browser, email: string, items = 1): Promise<Paid> {
  const body = carrierOrderBody('ups-standard', [2], { services: [cod] });
  const order = { ...body, email, items: Array.from({ length: items }, (_, i) => ({ shipment: { ...body.items[0]!.shipment, to: orderParty('Praha', '11000', `Žofie${i}`) } })) };
  const res = await b.post('/api/v1/orders', order, { 'idempotency-key': `rec-${crypto.randomUUID()}` });
  expect(res.status).toBe(201);
  const created = await dataOf<Paid>(res);
  // what POST v1/sandbox/bank/statement does, without the gateway's 20 s limit (a cold isolate's first label can take that long on a busy machine)
  await bookSandboxLine(env.DB, { variableSymbol: created.payment.variable_symbol, amountMinor: Math.round(created.total_vat * 100), currency: created.currency, counterAccount: null, bookedOn: new Date().toISOString().slice(0, 10) });
  const deferred: Promise<unknown>[] = [];
  await ingestBankTransactions(env as never, await sandboxStatement(env.DB).incoming(), (work) => void deferred.push(work));
  await Promise.all(deferred);
  const paid = await dataOf<Paid>(await b.get(`/api/v1/orders/${created.token}`));
  expect(paid.shipments).toHaveLength(items);
  return paid;
}

/** the sandbox carrier's events until the parcel is delivered */
async function deliver(b: Browser, shipmentId: number) {
  for (let i = 0; i < 10; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${shipmentId}/advance`))).advanced) break;
  expect((await shipmentById(env.DB, shipmentId))!.trackingStatus).toBe('delivered');
}

/** when the parcel last changed (the newest of its delivery, cancellation and latest event) */
async function lastChange(shipmentId: number) {
  const s = (await shipmentById(env.DB, shipmentId))!;
  return new Date([s.deliveredAt, s.cancelledAt, s.trackingAt].filter((t): t is string => Boolean(t)).sort().at(-1)!);
}

const monthsAfter = (at: Date, months: number, days = 0) => {
  const d = new Date(at.getTime() + days * 86_400_000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

const blobs = (orderId: number) =>
  env.DB.prepare('SELECT i.quote, s.label, v.data, o.records_archive_key AS key FROM orders o JOIN order_items i ON i.order_id = o.id JOIN shipments s ON s.item_id = i.id LEFT JOIN invoices v ON v.order_id = o.id WHERE o.id = ? ORDER BY i.id')
    .bind(orderId)
    .all<{ quote: string; label: string; data: string | null; key: string | null }>()
    .then((r) => r.results);

const orderIdOf = async (token: string) => (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(token).first<{ id: number }>())!.id;

// multipart bodies (a claim with its form) through the edge, as tests/worker/claims.test.ts sends them
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.text('page'));
async function postForm(path: string, form: FormData): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, base), { method: 'POST', headers: { origin: base, 'cf-connecting-ip': '203.0.113.79' }, body: form }), { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const bytesOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('an order archived six months after its last parcel became final', () => {
  it('is archived only then (and not while another parcel of it is open), and every reader shows it as before: order page, tracking, client detail, claim reference and claim, change request, invoice page and PDF, labels, repeat order, the poller, a late mail', { timeout: 90_000 }, async () => {
    const b = browser();
    const email = await register(b);
    const paid = await paidOrder(b, email);
    const shipment = paid.shipments[0]!;
    await deliver(b, shipment.id);
    const orderId = await orderIdOf(paid.token);
    // a second order: one parcel delivered, the other still on its way
    const open = await paidOrder(b, email, 2);
    await deliver(b, open.shipments[0]!.id);
    const openId = await orderIdOf(open.token);

    // every view, before
    const tn = shipment.tracking_number;
    const views = async () => ({
      order: await dataOf<unknown>(await b.get(`/api/v1/orders/${paid.token}`)),
      tracking: await dataOf<unknown>(await b.get(`/api/v1/orders/${tn}?tracking=1&token=${paid.token}`)),
      publicTracking: await dataOf<unknown>(await b.get(`/api/v1/orders/${tn}?tracking=1`)),
      detail: await dataOf<unknown>(await b.get(`/api/v1/shipments/${shipment.id}`)),
      // (its signed reference carries the time it was signed)
      reference: (await dataOf<{ shipment: unknown }>(await b.post('/api/v2/issues/find-reference', { tracking_number: tn, email: 'prijemce@example.cz' }))).shipment,
      change: await dataOf<unknown>(await b.get(`/api/v1/change-request/find?id=${tn}&token=${paid.token}`)),
      repeat: await dataOf<{ items: unknown[] }>(await b.get(`/api/v1/orders/${paid.token}/repeat`)),
      poll: await trackQueryOf(env, (await shipmentById(env.DB, shipment.id))!),
    });
    const before = await views();
    // what only the quote holds: the carrier's name as quoted (the code otherwise), the cash on delivery with the shipping added
    expect(before.tracking).toMatchObject({ carrier: { code: 'ups', name: expect.stringMatching(/^UPS/) }, cod: { currency: 'CZK' } });
    expect((before.tracking as { cod: { value: number } }).cod.value).toBeGreaterThan(500);
    expect(before.change).toMatchObject({ current: { cod: (before.tracking as { cod: unknown }).cod } });
    expect(before.reference).toMatchObject({ carrier: { code: 'ups', name: expect.stringMatching(/^UPS/) } });
    expect(before.repeat.items).toHaveLength(1);
    const invoiceToken = (before.order as { invoice_url: string }).invoice_url.split('/').pop()!;
    const invoiceBefore = await dataOf<{ number: string; lines: { description: string }[] }>(await b.get(`/api/v1/invoices/${invoiceToken}`));
    expect(invoiceBefore.lines[0]!.description).toContain('UPS');
    const invoicePdf = await bytesOf(await b.get(`/api/v1/invoices/${invoiceToken}/pdf`));
    const labelA6 = await bytesOf(await b.get(`/api/v1/shipments/${shipment.id}/label?format=a6&token=${paid.token}`));
    const labelsA4 = await bytesOf(await b.call('POST', '/api/v1/shipments/labels', { ids: [shipment.id], format: 'a4' }));
    const stored = await blobs(orderId);
    expect(stored[0]!.quote).not.toBe('');

    // not yet: a day short of the window after the parcel's last change
    const final = await lastChange(shipment.id);
    await archiveOrderRecords(env, monthsAfter(final, RECORDS_ARCHIVE_AFTER_MONTHS, -1));
    expect(await blobs(orderId)).toEqual(stored);

    // a day past it: archived; the order with a parcel still on its way is not
    const at = monthsAfter(final, RECORDS_ARCHIVE_AFTER_MONTHS, 1);
    // (on its way: the carrier told of it the day before; silent for the window, it would count as lost and be archived too)
    const newsOfOpenParcel = (cutOff: Date) =>
      env.DB.prepare('UPDATE shipments SET tracking_at = ? WHERE order_id = ?').bind(new Date(cutOff.getTime() - 86_400_000).toISOString(), openId).run();
    await newsOfOpenParcel(at);
    expect((await archiveOrderRecords(env, at)).orders).toBeGreaterThanOrEqual(1);
    const slim = await blobs(orderId);
    expect(slim).toEqual([{ quote: '', label: '', data: '', key: expect.stringMatching(/^archive\/orders\//) }]);
    expect((await blobs(openId)).every((r) => r.quote !== '' && r.key === null)).toBe(true);
    await newsOfOpenParcel(monthsAfter(at, 12));
    expect((await archiveOrderRecords(env, monthsAfter(at, 12))).orders).toBe(0);
    expect((await blobs(openId)).every((r) => r.key === null)).toBe(true);

    // every view, after (the tracking view's memo of the parcel lapsed; the kept PDFs gone, so they are drawn again)
    const lapsed = Date.now() + TRACKING_MEMO_MS + 1;
    vi.spyOn(Date, 'now').mockImplementation(() => lapsed);
    for (const key of [`labels/${tn}-a6.pdf`, `labels/${tn}-a4.pdf`]) await env.FILES.delete(key);
    for (const o of (await env.FILES.list({ prefix: `invoices/${invoiceBefore.number}` })).objects) await env.FILES.delete(o.key);
    const after = await views();
    expect(after).toEqual(before);
    expect(await dataOf<unknown>(await b.get(`/api/v1/invoices/${invoiceToken}`))).toEqual(invoiceBefore);
    expect((await bytesOf(await b.get(`/api/v1/invoices/${invoiceToken}/pdf`))).length).toBe(invoicePdf.length);
    expect((await bytesOf(await b.get(`/api/v1/shipments/${shipment.id}/label?format=a6&token=${paid.token}`))).length).toBe(labelA6.length);
    expect((await bytesOf(await b.call('POST', '/api/v1/shipments/labels', { ids: [shipment.id], format: 'a4' }))).length).toBe(labelsA4.length);

    // a claim filed on the archived parcel
    const form = new FormData();
    for (const [k, v] of Object.entries({ tracking_number: tn, token: paid.token, reason: 'damaged', description: 'Krabice dorazila promáčklá a hrnek uvnitř je rozbitý.', bank_account: '19-2000145399/0800', contact_email: 'reklamujici@example.cz', language: 'cs' })) form.append(k, v);
    const claim = await postForm('/api/v1/claims', form);
    expect(claim.status).toBe(201);
    const { token: claimToken } = await dataOf<{ token: string }>(claim);
    expect(await dataOf<unknown>(await b.get(`/api/v1/claims/${claimToken}`))).toMatchObject({ status: expect.any(String) });

    // a change request on it: recorded as refused (the parcel is delivered) against the cash on delivery the order priced
    const codBefore = (before.change as { current: { cod: { value: number } } }).current.cod.value;
    const same = await b.post('/api/v1/change-request', { id: tn, token: paid.token, change: { kind: 'cod', value: codBefore } });
    expect(same.status).toBe(400);
    const refused = await b.post('/api/v1/change-request', { id: tn, token: paid.token, change: { kind: 'cod', value: codBefore + 100 } });
    expect(refused.status).toBe(409);

    // the lifecycle: a storno is refused (the carrier had the parcel); the work after payment changes nothing
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: shipment.id }], token: paid.token })).status).toBe(409);
    await afterPaid(env as never, orderId, () => {});
    expect(await blobs(orderId)).toEqual(slim);

    // a late carrier event (the newest: after the sandbox story's last) that mails the recipient again: the same mail as the first time (its expected delivery is the quote's)
    const tracking = before.tracking as { events: { status: string; raw_status: string }[] };
    await env.DB.prepare("DELETE FROM shipment_notifications WHERE shipment_id = ? AND kind = 'picked_up'").bind(shipment.id).run();
    const deferred: Promise<unknown>[] = [];
    const late = await ingestTrackingEvents(env as never, (await shipmentById(env.DB, shipment.id))!, [{ eventId: 'late-picked-up', rawStatus: tracking.events.find((e) => e.status === 'picked_up')!.raw_status, time: monthsAfter(final, 0, 1).toISOString(), location: null, description: null }], 'webhook', (work) => void deferred.push(work));
    await Promise.all(deferred);
    expect(late.stored).toBe(1);
    const mails = (await env.DB.prepare("SELECT text FROM outbox WHERE template = 'tracking_picked_up' AND text LIKE ? ORDER BY id").bind(`%${tn}%`).all<{ text: string }>()).results;
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toBe(mails[0]!.text);
  });
});
