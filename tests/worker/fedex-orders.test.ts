import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { fedex } from '../../src/server/carriers/fedex';
import { isValidFedexNumber } from '../../src/server/carriers/fedex/sandbox';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { orderById } from '../../src/server/db/repositories/orders';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { bookShipments } from '../../src/server/services/orders/lifecycle';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf, type Browser } from './client';
import { carrierOrderBody, orderParty, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** a FedEx order of the product, booked with the FedEx client against the FedEx sandbox (local development) */
type Order = CarrierOrder;
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
/** Brno → Bratislava: international for FedEx, inside the EU (no customs step) */
const orderBody = (weights: number[], shipment: Record<string, unknown> = {}) => carrierOrderBody('fedex-international-priority', weights, { to: { ...orderParty('Bratislava', '81101', 'Žofie'), country: 'sk', phone: '+421905123456' }, ...shipment });
const paidFedexOrder = (b: Browser, weights = [2, 5]) => placePaidOrder(b, orderBody(weights));

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxShipment = (ref: string) => env.DB.prepare('SELECT * FROM sandbox_fedex_shipments WHERE master_tracking_number = ?').bind(ref).first<Record<string, unknown>>();

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a FedEx order books with the FedEx client (the FedEx sandbox locally)', () => {
  it('books a two-package shipment: a master and a child number, kept per package, and the order’s labels print FedEx’s label of each', async () => {
    const b = browser();
    const paid = await paidFedexOrder(b);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const { ref } = (await row(s!.id))!;
    expect(isValidFedexNumber(ref!)).toBe(true);
    expect(await sandboxShipment(ref!)).not.toBeNull();
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    for (const n of s!.carrier_parcel_numbers) expect(isValidFedexNumber(n)).toBe(true);
    expect(s!.carrier_parcel_numbers[0]).toBe(s!.carrier_ref);
    for (const n of [1, 2]) expect((await env.FILES.head(`carrier-labels/${s!.tracking_number}-${n}.pdf`))!.httpMetadata!.contentType).toBe('application/pdf');
    const a6 = new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer());
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
  });

  it('an order leaving the EU sends the customs step’s items and its own uploaded invoice to FedEx (ETD)', async () => {
    const b = browser();
    b.jar.set('zslt_anonymous_id', crypto.randomUUID());
    const form = new FormData();
    form.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%invoice\n%%EOF\n')], 'Faktura 117.pdf', { type: 'application/pdf' }));
    const uploaded = await dataOf<{ id: string }>(await b.call('POST', '/api/v1/shipments/customs-invoice', form));
    const customs = { reason: 'gift', invoice: 'own', invoice_files: [uploaded.id], currency: 'EUR', items: [{ name: 'Keramický hrnek', country: 'cz', quantity: 2, value: 30, hs_code: '6912.00' }] };
    const to = { ...orderParty('Zürich', '8001', 'Lukas'), country: 'ch', phone: '+41441234567' };
    const paid = await placePaidOrder(b, carrierOrderBody('fedex-international-priority', [1], { to, customs }));
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const atFedex = await sandboxShipment(s!.carrier_ref!);
    const [docId] = JSON.parse(String(atFedex!.documents)) as string[];
    expect(await env.DB.prepare('SELECT name FROM sandbox_fedex_documents WHERE doc_id = ?').bind(docId).first('name')).toBe('Faktura 117.pdf');
  });

  it('storno before the pickup cancels at FedEx; after the pickup scan FedEx refuses it and nothing is refunded', async () => {
    const b = browser();
    const first = await paidFedexOrder(b, [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await sandboxShipment((await row(first.shipments[0]!.id))!.ref!))!.cancelled_at).not.toBeNull();

    const second = await paidFedexOrder(b, [1]);
    const ref = (await row(second.shipments[0]!.id))!.ref!;
    expect((await sandbox.request(`/_sandbox/carriers/fedex/_driver/pickup-scan/${ref}?hoursAgo=0`, { method: 'POST' }, env)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, code: 'order.storno.with_carrier', message: expect.stringContaining('SHIPMENT.CANCEL.TENDERED') });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('a lost booking answer is looked up by our reference before the retry: FedEx booked it once', async () => {
    const b = browser();
    const body = orderBody([2, 5], { reference: `Dárek ${SANDBOX_LOSE_ANSWER}` });
    const created = await dataOf<Order>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atFedex = async () => (await env.DB.prepare('SELECT master_tracking_number AS id, packages FROM sandbox_fedex_shipments WHERE reference LIKE ?').bind(`%${pending!.tracking_number}%`).all<{ id: string; packages: string }>()).results;
    expect(await atFedex()).toHaveLength(1);
    await retryOrderWork(env as never, () => {}, new Date());
    const booked = await atFedex();
    expect(booked).toHaveLength(1);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_ref: booked[0]!.id });
    expect(s!.carrier_parcel_numbers).toEqual(JSON.parse(booked[0]!.packages));
  });

  it('a booking FedEx refuses says why on the order (its code kept)', async () => {
    const b = browser();
    const created = await dataOf<Order>(await b.post('/api/v1/orders', orderBody([2]), { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    const item = (await env.DB.prepare('SELECT i.id, i.shipment FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.token = ?').bind(created.token).first<{ id: number; shipment: string }>())!;
    const shipment = JSON.parse(item.shipment) as { packages: { weight: number }[] };
    shipment.packages[0]!.weight = 80;
    await env.DB.prepare('UPDATE order_items SET shipment = ? WHERE id = ?').bind(JSON.stringify(shipment), item.id).run();
    await payByTransfer(b, created);
    const [s] = (await dataOf<Order & { shipments: { refusal: string | null }[] }>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'pending', refusal: 'weight' });
    expect((await env.DB.prepare('SELECT refusal_code AS code FROM shipments WHERE id = ?').bind(s!.id).first<{ code: string }>())!.code).toBe('PACKAGE.WEIGHT.EXCEEDED');
  });

  it('tracks through the poller in FedEx scan event types mapped onto ours', async () => {
    const paid = await paidFedexOrder(browser(), [1]);
    const { ref } = (await row(paid.shipments[0]!.id))!;
    await sandbox.request(`/_sandbox/carriers/fedex/_driver/pickup-scan/${ref}?hoursAgo=6`, { method: 'POST' }, env);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: 'OC', status: 'pending' },
      { raw: 'PU', status: 'picked_up' },
      { raw: 'DP', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('which transport books FedEx', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, FEDEX_CLIENT_ID: undefined, FEDEX_CLIENT_SECRET: undefined, FEDEX_ACCOUNT_NUMBER: undefined } as never;
  it('FedEx’s client with credentials (the account number among them), none deployed without them, never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, fedex)).toBeNull();
    expect(carrierOrderable(deployed, 'fedex')).toBe(false);
    expect(carrierOrderable({ ...(deployed as object), FEDEX_CLIENT_ID: 'id', FEDEX_CLIENT_SECRET: 'secret' } as never, 'fedex')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), FEDEX_CLIENT_ID: 'id', FEDEX_CLIENT_SECRET: 'secret', FEDEX_ACCOUNT_NUMBER: '123456789' } as never, fedex);
    expect(real).not.toBeNull();
  });
});

describe('FedEx pickups through the FedEx client', () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;
  it('orders a one-time pickup at FedEx and cancels it there; a regular one is refused', async () => {
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const carriers = await dataOf<Record<'cz', { code: string; regular: boolean }[]>>(await b.get('/api/v1/pickups/carriers'));
    expect(carriers.cz.find((c) => c.code === 'fedex')).toMatchObject({ regular: false });
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=fedex'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'fedex', country: 'cz' }));
    const res = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'fedex', kind: 'one_time', date: dates.at(-1), window: windows[0], parcel_count: 2, note: '' });
    expect(res.status).toBe(201);
    const pickup = await dataOf<{ id: number; carrier_ref: string }>(res);
    expect(pickup.carrier_ref).toMatch(/^PRGA\d{8}$/);
    const stored = () => env.DB.prepare('SELECT cancelled_at FROM sandbox_fedex_pickups WHERE code = ?').bind(pickup.carrier_ref.slice(4)).first<{ cancelled_at: string | null }>();
    expect(await stored()).toMatchObject({ cancelled_at: null });
    expect((await b.post(`/api/v1/pickups/${pickup.id}/cancel`)).status).toBe(200);
    expect((await stored())!.cancelled_at).not.toBeNull();
    const regular = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'fedex', kind: 'regular', weekdays: [2], window: windows[0], parcel_count: 2, note: '' });
    expect(regular.status).toBe(400);
    expect(((await regular.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'kind', code: 'business.error.regular_not_offered' })]);
  });
});

describe('a 20-shipment FedEx order', () => {
  it('books every shipment once at FedEx, five at a time, each with its own numbers; the token is not asked for by each', async () => {
    const b = browser();
    const one = orderBody([2]).items[0]!;
    const body = { ...orderBody([2]), items: Array.from({ length: 20 }, (_, i) => ({ shipment: { ...one.shipment, packages: [{ ...one.shipment.packages[0]!, weight: 1 + (i % 7) }] } })) };
    const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
    expect(res.status).toBe(201);
    const created = await dataOf<Order>(res);
    const id = (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(created.token).first<{ id: number }>())!.id;
    await env.DB.prepare("UPDATE orders SET status = 'paid' WHERE id = ?").bind(id).run();
    await paidFedexOrder(b, [1]); // the label code loaded, the token cached: the figure is the booking's
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const logged = info.mock.calls.length;
    const t0 = performance.now();
    await bookShipments(env as never, (await orderById(env.DB, id))!);
    console.log(`[figures] bookShipments of a 20-shipment FedEx order through the in-process FedEx sandbox: ${(performance.now() - t0).toFixed(0)} ms`);
    const rows = (await env.DB.prepare('SELECT status, carrier_ref AS ref, tracking_number AS tn, carrier_packages AS packages FROM shipments WHERE order_id = ?').bind(id).all<{ status: string; ref: string; tn: string; packages: string }>()).results;
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.status === 'created' && isValidFedexNumber(r.ref) && JSON.parse(r.packages).length === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(20);
    for (const r of rows) expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sandbox_fedex_shipments WHERE reference LIKE ?').bind(`%${r.tn}%`).first('n')).toBe(1);
    const calls = info.mock.calls.slice(logged).map(([line]) => JSON.parse(String(line)) as { carrier: string; call: string });
    expect(calls.filter((c) => c.call === 'ship')).toHaveLength(20);
    expect(calls.filter((c) => c.call === 'token').length).toBeLessThanOrEqual(5);
  });
});
