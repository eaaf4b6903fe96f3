import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { ups } from '../../src/server/carriers/ups';
import { isValidOneZ } from '../../src/server/carriers/ups/sandbox';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { orderById } from '../../src/server/db/repositories/orders';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { bookShipments } from '../../src/server/services/orders/lifecycle';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { PDFDocument } from 'pdf-lib';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { browser, dataOf, type Browser } from './client';
import { carrierOrderBody, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** a UPS order of the product, booked with the UPS client against the UPS sandbox (local development) */
type Order = CarrierOrder;
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const orderBody = (weights: number[]) => carrierOrderBody('ups-standard', weights);

const paidUpsOrder = (b: Browser, weights = [2, 5]) => placePaidOrder(b, orderBody(weights));

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxShipment = (ref: string) => env.DB.prepare('SELECT * FROM sandbox_ups_shipments WHERE shipment_id = ?').bind(ref).first<Record<string, unknown>>();

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a UPS order books with the UPS client (the UPS sandbox locally)', () => {
  it('books a two-package shipment at the UPS sandbox: two 1Z parcel numbers, kept per package and shown on the order', async () => {
    const paid = await paidUpsOrder(browser());
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const { ref } = (await row(s!.id))!;
    expect(isValidOneZ(ref!)).toBe(true);
    expect(await sandboxShipment(ref!)).not.toBeNull();
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    expect(new Set(s!.carrier_parcel_numbers).size).toBe(2);
    for (const n of s!.carrier_parcel_numbers) expect(isValidOneZ(n)).toBe(true);
    expect(s!.carrier_parcel_numbers[0]).toBe(s!.carrier_ref);
  });

  it('prints the carrier’s label of each package: A6 one page each, A4 both on one sheet', async () => {
    const b = browser();
    const paid = await paidUpsOrder(b);
    const [s] = paid.shipments;
    expect(await env.FILES.head(`carrier-labels/${s!.tracking_number}-2.png`)).not.toBeNull();
    const pdf = async (url: string) => {
      const res = await b.get(url);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return new Uint8Array(await res.arrayBuffer());
    };
    const images = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).match(/\/Subtype\s*\/Image/g)?.length ?? 0;
    const a6 = await pdf(s!.label_url!);
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    expect(images(a6)).toBe(2);
    // the carrier's label in place of ours (ours prints our IZ number as text)
    expect((await pdfPageTexts(a6)).join(' ')).not.toContain(s!.tracking_number);
    const a4 = await pdf(s!.label_url_a4!);
    expect((await PDFDocument.load(a4)).getPageCount()).toBe(1);
    expect(images(a4)).toBe(2);
  });

  it('the owner’s shipment detail in the client section lists the carrier’s parcel numbers', async () => {
    const b = browser();
    const res = await b.post('/api/v1/user/register', { segment: 'A', email: `u${crypto.randomUUID().slice(0, 8)}@example.cz`, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
    expect(res.status).toBe(200);
    const paid = await paidUpsOrder(b);
    const detail = await dataOf<{ carrier_parcel_numbers: string[] }>(await b.get(`/api/v1/shipments/${paid.shipments[0]!.id}`));
    expect(detail.carrier_parcel_numbers).toEqual(paid.shipments[0]!.carrier_parcel_numbers);
    expect(detail.carrier_parcel_numbers).toHaveLength(2);
    // the client section's labels of chosen shipments print the carrier's labels too
    const labels = await b.call('POST', '/api/v1/shipments/labels', { ids: [paid.shipments[0]!.id], format: 'a4' });
    expect(labels.status).toBe(200);
    const bytes = new Uint8Array(await labels.arrayBuffer());
    expect(new TextDecoder('latin1').decode(bytes).match(/\/Subtype\s*\/Image/g)).toHaveLength(2);
  });

  it('storno before the pickup voids at UPS; after the pickup scan UPS refuses it and nothing is refunded', async () => {
    const b = browser();
    const first = await paidUpsOrder(b, [1]);
    expect((await b.get(first.shipments[0]!.label_url!)).status).toBe(200);
    const files = [`carrier-labels/${first.shipments[0]!.tracking_number}-1.png`, `labels/${first.shipments[0]!.tracking_number}-a6.pdf`];
    for (const key of files) expect(await env.FILES.head(key)).not.toBeNull();
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await sandboxShipment((await row(first.shipments[0]!.id))!.ref!))!.voided_at).not.toBeNull();
    // the cancelled shipment's label files are gone from R2
    for (const key of files) expect(await env.FILES.head(key)).toBeNull();

    const second = await paidUpsOrder(b, [1]);
    const ref = (await row(second.shipments[0]!.id))!.ref!;
    expect((await sandbox.request(`/_sandbox/carriers/ups/_driver/pickup-scan/${ref}?hoursAgo=0`, { method: 'POST' }, env)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    // UPS's refusal says it has the parcel: the storno error that says so, translated on the order page
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, code: 'order.storno.with_carrier', message: expect.stringContaining('UPS 190118') });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('a lost booking answer is looked up before the retry: UPS booked it once, the shipment gets its numbers and recovered PDF labels', async () => {
    const b = browser();
    const body = orderBody([2, 5]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = `Dárek ${SANDBOX_LOSE_ANSWER}`;
    const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
    const created = await dataOf<Order>(res);
    await payByTransfer(b, created);
    const [pending] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atUps = async () => (await env.DB.prepare('SELECT shipment_id AS id, packages FROM sandbox_ups_shipments WHERE reference LIKE ?').bind(`%${pending!.tracking_number}%`).all<{ id: string; packages: string }>()).results;
    expect(await atUps()).toHaveLength(1);

    await retryOrderWork(env as never, () => {}, new Date());
    const booked = await atUps();
    expect(booked).toHaveLength(1);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    expect((await row(s!.id))!.ref).toBe(booked[0]!.id);
    expect(s!.carrier_parcel_numbers).toEqual(JSON.parse(booked[0]!.packages));
    // the labels come back through UPS's label recovery (one PDF, a page per package), one PDF kept per package
    for (const n of [1, 2]) expect((await env.FILES.head(`carrier-labels/${s!.tracking_number}-${n}.pdf`))!.httpMetadata!.contentType).toBe('application/pdf');
    const a6 = new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer());
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    expect(new TextDecoder('latin1').decode(a6).match(/\/Subtype\s*\/Form/g)).toHaveLength(2);
  });

  it('a storno of a shipment whose booking answer was lost voids the booking UPS has, then refunds', async () => {
    const b = browser();
    const body = orderBody([2]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = `Dárek ${SANDBOX_LOSE_ANSWER}`;
    const created = await dataOf<Order>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atUps = async () => (await env.DB.prepare('SELECT voided_at AS voided FROM sandbox_ups_shipments WHERE reference LIKE ?').bind(`%${pending!.tracking_number}%`).all<{ voided: string | null }>()).results;
    expect(await atUps()).toEqual([{ voided: null }]);

    const res = await b.post('/api/v1/shipments/storno', { shipments: [{ id: pending!.id }], token: created.token });
    expect(res.status).toBe(200);
    expect((await atUps())[0]!.voided).not.toBeNull();
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s!.status).toBe('cancelled');
  });

  it('a booking UPS refuses says why on the order, in the order’s language, and the shipment can be cancelled for a refund', async () => {
    const b = browser();
    const created = await dataOf<Order>(await b.post('/api/v1/orders', orderBody([2]), { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    // a parcel our checks let through and UPS refuses (over its 70 kg): the stored item is changed behind the product's back
    const item = (await env.DB.prepare('SELECT i.id, i.shipment FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.token = ?').bind(created.token).first<{ id: number; shipment: string }>())!;
    const shipment = JSON.parse(item.shipment) as { packages: { weight: number }[] };
    shipment.packages[0]!.weight = 80;
    await env.DB.prepare('UPDATE order_items SET shipment = ? WHERE id = ?').bind(JSON.stringify(shipment), item.id).run();
    await payByTransfer(b, created);
    const [s] = (await dataOf<Order & { shipments: { refusal: string | null }[] }>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'pending', refusal: 'weight' });
    const stored = () => env.DB.prepare('SELECT refusal_code AS code, attempts FROM shipments WHERE id = ?').bind(s!.id).first<{ code: string; attempts: number }>();
    expect(await stored()).toEqual({ code: '120541', attempts: 1 });
    // the refusal is UPS's answer: neither the scheduled catch-up nor another payment notice asks UPS again
    await retryOrderWork(env as never, () => {});
    await payByTransfer(b, created);
    expect((await stored())!.attempts).toBe(1);
    const res = await b.post('/api/v1/shipments/storno', { shipments: [{ id: s!.id }], token: created.token });
    expect(res.status).toBe(200);
  });

  it('a carrier that is down is not a refusal: the order says it retries', async () => {
    const b = browser();
    const body = orderBody([2]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = 'SANDBOX-CARRIER-DOWN';
    const created = await dataOf<Order>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [s] = (await dataOf<Order & { shipments: { refusal: string | null }[] }>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'pending', refusal: null });
    expect(s!.error).toBeTruthy();
  });

  it('tracks through the poller in UPS activity types mapped onto ours', async () => {
    const paid = await paidUpsOrder(browser(), [1]);
    const { ref } = (await row(paid.shipments[0]!.id))!;
    await sandbox.request(`/_sandbox/carriers/ups/_driver/pickup-scan/${ref}?hoursAgo=6`, { method: 'POST' }, env);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: 'M', status: 'pending' },
      { raw: 'P', status: 'picked_up' },
      { raw: 'I', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('which transport books UPS', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, UPS_CLIENT_ID: undefined, UPS_CLIENT_SECRET: undefined, UPS_ACCOUNT_NUMBER: undefined } as never;
  const credentials = { UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' };
  it('UPS’s client with credentials, none deployed without them, never the rate-sheet sandbox; other carriers unchanged', () => {
    expect(carrierTransport(deployed, ups)).toBeNull();
    expect(carrierOrderable(deployed, 'ups')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), ...credentials } as never, ups);
    expect(real).not.toBeNull();
  });
});

describe('UPS pickups through the UPS client', () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;
  async function offer(b: Browser) {
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=ups'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'ups', country: 'cz' }));
    return { date: dates.at(-1)!, window: windows[0]! };
  }

  it('orders a one-time pickup (UPS answers its PRN) and cancels it at UPS; a regular one is refused with a translated reason', async () => {
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const carriers = await dataOf<Record<'cz', { code: string; regular: boolean }[]>>(await b.get('/api/v1/pickups/carriers'));
    expect(carriers.cz.find((c) => c.code === 'ups')).toMatchObject({ regular: false });
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const { date, window } = await offer(b);
    const res = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'ups', kind: 'one_time', date, window, parcel_count: 2, note: '' });
    expect(res.status).toBe(201);
    const pickup = await dataOf<{ id: number; carrier_ref: string }>(res);
    const stored = () => env.DB.prepare('SELECT cancelled_at FROM sandbox_ups_pickups WHERE prn = ?').bind(pickup.carrier_ref).first<{ cancelled_at: string | null }>();
    expect(await stored()).toMatchObject({ cancelled_at: null });
    expect((await b.post(`/api/v1/pickups/${pickup.id}/cancel`)).status).toBe(200);
    expect((await stored())!.cancelled_at).not.toBeNull();

    const regular = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'ups', kind: 'regular', weekdays: [2], window, parcel_count: 2, note: '' });
    expect(regular.status).toBe(400);
    expect(((await regular.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'kind', code: 'business.error.regular_not_offered' })]);
  });
});

describe('a 20-shipment UPS order', () => {
  it('books every shipment once at UPS, each with its own numbers, and the order moves on after all of them', async () => {
    const b = browser();
    const one = orderBody([2]).items[0]!;
    const body = { ...orderBody([2]), items: Array.from({ length: 20 }, (_, i) => ({ shipment: { ...one.shipment, packages: [{ ...one.shipment.packages[0]!, weight: 1 + (i % 7) }] } })) };
    const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
    expect(res.status).toBe(201);
    const created = await dataOf<Order>(res);
    const id = (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(created.token).first<{ id: number }>())!.id;
    await env.DB.prepare("UPDATE orders SET status = 'paid' WHERE id = ?").bind(id).run();
    await paidUpsOrder(b, [1]); // the sandbox's label code loaded, UPS's token cached: the figure is the booking's
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const logged = info.mock.calls.length;
    const t0 = performance.now();
    await bookShipments(env as never, (await orderById(env.DB, id))!);
    const ms = performance.now() - t0;
    console.log(`[figures] bookShipments of a 20-shipment UPS order through the in-process UPS sandbox: ${ms.toFixed(0)} ms (budget 2000 ms)`);
    const rows = (await env.DB.prepare('SELECT status, carrier_ref AS ref, tracking_number AS tn, carrier_packages AS packages, last_error AS error FROM shipments WHERE order_id = ?').bind(id).all<{ status: string; ref: string; tn: string; packages: string; error: string | null }>()).results;
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.status !== 'created')).toEqual([]);
    expect(rows.every((r) => r.status === 'created' && isValidOneZ(r.ref) && JSON.parse(r.packages).length === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(20);
    for (const r of rows) expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sandbox_ups_shipments WHERE reference LIKE ?').bind(`%${r.tn}%`).first('n')).toBe(1);
    expect((await orderById(env.DB, id))!.status).toBe('processing');
    // every call was logged; UPS's token is cached (asked for by the first bookings at once at most, not by each)
    const calls = info.mock.calls.slice(logged).map(([line]) => JSON.parse(String(line)) as { carrier: string; call: string });
    expect(calls.filter((c) => c.call === 'ship')).toHaveLength(20);
    expect(calls.filter((c) => c.call === 'token').length).toBeLessThanOrEqual(5);
  });
});
