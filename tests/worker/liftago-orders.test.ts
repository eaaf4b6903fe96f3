import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { liftago } from '../../src/server/carriers/liftago';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf, type Browser } from './client';
import { orderParty, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** a Liftago order of the product (Praha → Praha), booked with the Liftago client against its sandbox */
type Order = CarrierOrder & { shipments: { refusal: string | null; pickup_date?: string | null }[] };
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const orderBody = (weights = [2]) => ({
  items: [{ shipment: { from: orderParty('Praha', '11000', 'Jana'), to: orderParty('Praha', '17000', 'Žofie'), packages: weights.map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: 'liftago-same-day' } }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
});
const setPrice = (amount: number | null) => sandbox.request('/_sandbox/carriers/liftago/_prices', { method: 'PUT', body: JSON.stringify({ window: '*', amount }), headers: { 'content-type': 'application/json' } }, env);
const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, pickup_date AS date, pickup_from AS "from", pickup_to AS "to", refusal_code AS code, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; date: string | null; from: string | null; to: string | null; code: string | null; status: string }>();
const order = (b: Browser, body: unknown) => b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
const onBoard = (ref: string, minutesAgo = 0) => sandbox.request(`/_sandbox/carriers/liftago/_driver/on-board/${ref}?minutesAgo=${minutesAgo}`, { method: 'POST' }, env);

vi.setConfig({ testTimeout: 30_000 });
beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  await setPrice(null);
});

describe('a Liftago order books with the Liftago client (its sandbox locally)', () => {
  it('books the ride in the chosen window: Liftago’s ride id, a number per package, the window kept on the shipment', async () => {
    const paid = await placePaidOrder(browser(), orderBody([2, 4]));
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_ref: expect.stringMatching(/^R[0-9A-Z]{9}$/) });
    expect(s!.carrier_parcel_numbers).toEqual([`${s!.carrier_ref}-1`, `${s!.carrier_ref}-2`]);
    const stored = (await row(s!.id))!;
    expect(stored).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), from: expect.stringMatching(/^\d{2}:\d{2}$/), to: expect.stringMatching(/^\d{2}:\d{2}$/) });
    const ride = await env.DB.prepare('SELECT window_from FROM sandbox_liftago_rides WHERE ride_id = ?').bind(s!.carrier_ref).first<{ window_from: string }>();
    expect(ride!.window_from).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('a window Liftago now prices differently is shown at checkout and charged only once confirmed (409 PRICE_CHANGED naming the new price)', async () => {
    const b = browser();
    const before = await dataOf<{ total_vat_minor: number }>(await b.post('/api/v1/orders/price', { items: orderBody().items, discount_code: '' }));
    expect((await setPrice(259)).status).toBe(204);
    const priced = await dataOf<{ total_vat_minor: number; items: { price: number }[] }>(await b.post('/api/v1/orders/price', { items: orderBody().items, discount_code: '' }));
    expect(priced.items[0]!.price).toBe(259);
    expect(priced.total_vat_minor).not.toBe(before.total_vat_minor);
    // what the customer saw before: refused, naming the new price
    for (const body of [{ ...orderBody(), expected_total_vat: before.total_vat_minor }, orderBody()]) {
      const res = await order(b, body);
      expect(res.status).toBe(409);
      const error = ((await res.json()) as ErrorJson).errors![0]!;
      expect(error).toMatchObject({ field: 'expected_total_vat', code: 'PRICE_CHANGED' });
      expect(JSON.parse(error.message)).toMatchObject({ total_vat: priced.total_vat_minor / 100 });
    }
    // confirmed: ordered at the new price, and booked at it after payment
    const created = await dataOf<Order>(await order(b, { ...orderBody(), expected_total_vat: priced.total_vat_minor }));
    expect(Math.round(created.total_vat * 100)).toBe(priced.total_vat_minor);
    await payByTransfer(b, created);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', refusal: null });
  });

  it('a price changed at Liftago after payment is not booked: the shipment waits refused (price), nothing charged silently, storno refunds', async () => {
    const b = browser();
    const created = await dataOf<Order>(await order(b, orderBody()));
    expect((await setPrice(299)).status).toBe(204);
    await payByTransfer(b, created);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'pending', refusal: 'price', carrier_ref: null });
    expect((await row(s!.id))!.code).toBe('PRICE_CHANGED');
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM sandbox_liftago_rides WHERE partner_ref = ?').bind(s!.tracking_number).first<{ n: number }>())!.n).toBe(0);
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: s!.id }], token: created.token })).status).toBe(200);
  });

  it('storno cancels the ride before the driver has the parcels; once on board Liftago refuses it', async () => {
    const b = browser();
    const first = await placePaidOrder(b, orderBody());
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token })).status).toBe(200);
    const cancelled = await env.DB.prepare('SELECT cancelled_at FROM sandbox_liftago_rides WHERE ride_id = ?').bind(first.shipments[0]!.carrier_ref).first<{ cancelled_at: string | null }>();
    expect(cancelled!.cancelled_at).not.toBeNull();
    const second = await placePaidOrder(b, orderBody());
    expect((await onBoard(second.shipments[0]!.carrier_ref!)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ code: 'order.storno.with_carrier', message: expect.stringContaining('RIDE_NOT_CANCELLABLE') });
  });

  it('tracks through the poller: the ride on board with the driver’s position, mapped onto ours', async () => {
    const paid = await placePaidOrder(browser(), orderBody());
    const id = paid.shipments[0]!.id;
    await onBoard(paid.shipments[0]!.carrier_ref!, 5);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status, location FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(id).all<{ raw: string; status: string; location: string | null }>();
    expect(events.results.at(-1)).toMatchObject({ raw: 'ON_BOARD', status: 'out_for_delivery' });
    expect((await row(id))!.status).toBe('out_for_delivery');
    // the courier's last known position beside the events, on the tracking page while on the way
    const tracking = async () => dataOf<{ courier_position: { lat: number; lon: number; at: string } | null }>(await browser().get(`/api/v1/orders/${paid.shipments[0]!.tracking_number}?tracking=1`));
    const first = (await tracking()).courier_position!;
    expect(first).toMatchObject({ lat: expect.closeTo(50.09, 1), lon: expect.closeTo(14.42, 1) });
    // delivered, a second parcel's page shows no position any more (the first page is remembered for a few seconds)
    const other = await placePaidOrder(browser(), orderBody());
    await onBoard(other.shipments[0]!.carrier_ref!, 5);
    // seen on board half an hour ago (the poll's time), delivered twenty minutes ago
    await pollTracking(env as never, () => {}, new Date(Date.now() - 30 * 60_000));
    await onBoard(other.shipments[0]!.carrier_ref!, 60);
    await pollTracking(env as never, () => {}, new Date());
    expect((await row(other.shipments[0]!.id))!.status).toBe('delivered');
    expect((await dataOf<{ courier_position: unknown }>(await browser().get(`/api/v1/orders/${other.shipments[0]!.tracking_number}?tracking=1`))).courier_position).toBeNull();
  });
});

describe('which transport books Liftago', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, LIFTAGO_API_TOKEN: undefined, LIFTAGO_PARTNER_ID: undefined } as never;
  it('Liftago’s client with its token and partner id, none deployed without them, never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, liftago)).toBeNull();
    expect(carrierOrderable(deployed, 'liftago')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), LIFTAGO_API_TOKEN: 't', LIFTAGO_PARTNER_ID: 'p' } as never, liftago);
    expect(real).not.toBeNull();
  });
});
