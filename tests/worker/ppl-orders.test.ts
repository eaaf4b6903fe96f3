import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { ppl } from '../../src/server/carriers/ppl';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { PDFDocument } from 'pdf-lib';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf, type Browser } from './client';
import { carrierOrderBody, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** a PPL order of the product, booked with the PPL client against the PPL sandbox (local development) */
type Order = CarrierOrder;
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const orderBody = (weights: number[]) => carrierOrderBody('ppl-business', weights);

const paidPplOrder = (b: Browser, weights = [2, 5]) => placePaidOrder(b, orderBody(weights));

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxShipment = (ref: string) => env.DB.prepare('SELECT * FROM sandbox_ppl_shipments WHERE shipment_number = ?').bind(ref).first<Record<string, unknown>>();
const scan = (ref: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/ppl/_driver/pickup-scan/${ref}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a PPL order books with the PPL client (the PPL sandbox locally)', () => {
  it('books a two-parcel shipment at the PPL sandbox: two 11-digit parcel numbers kept per package and shown on the order', async () => {
    const paid = await paidPplOrder(browser());
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const { ref } = (await row(s!.id))!;
    expect(ref).toMatch(/^\d{11}$/);
    expect(await sandboxShipment(ref!)).toMatchObject({ reference_id: s!.tracking_number, product_type: 'BUSS' });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    for (const n of s!.carrier_parcel_numbers) expect(n).toMatch(/^\d{11}$/);
    expect(s!.carrier_parcel_numbers[0]).toBe(s!.carrier_ref);
  });

  it("prints PPL's label of each parcel: A6 one page each, A4 both on one sheet", async () => {
    const b = browser();
    const paid = await paidPplOrder(b);
    const [s] = paid.shipments;
    expect(await env.FILES.head(`carrier-labels/${s!.tracking_number}-2.pdf`)).not.toBeNull();
    const pdf = async (url: string) => {
      const res = await b.get(url);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return new Uint8Array(await res.arrayBuffer());
    };
    const a6 = await pdf(s!.label_url!);
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    // PPL's pages in place of ours (ours prints our IZ number as text)
    expect((await pdfPageTexts(a6)).join(' ')).not.toContain(s!.tracking_number);
    expect((await PDFDocument.load(await pdf(s!.label_url_a4!))).getPageCount()).toBe(1);
  });

  it('a lost booking answer is looked up before the retry: PPL booked it once, the shipment gets its parcel numbers (and our label)', async () => {
    const b = browser();
    const body = orderBody([2, 5]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = `Dárek ${SANDBOX_LOSE_ANSWER}`;
    const created = await dataOf<Order>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atPpl = async () => (await env.DB.prepare('SELECT shipment_number AS id, packages FROM sandbox_ppl_shipments WHERE reference_id = ?').bind(pending!.tracking_number).all<{ id: string; packages: string }>()).results;
    expect(await atPpl()).toHaveLength(1);

    await retryOrderWork(env as never, () => {}, new Date());
    const booked = await atPpl();
    expect(booked).toHaveLength(1);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    expect((await row(s!.id))!.ref).toBe(booked[0]!.id);
    expect(s!.carrier_parcel_numbers).toEqual((JSON.parse(booked[0]!.packages) as { number: string }[]).map((p) => p.number));
    // PPL gives labels only with the batch whose answer was lost: our label prints (it names our IZ number)
    expect((await pdfPageTexts(new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer()))).join(' ')).toContain(s!.tracking_number);
  });

  it('storno before the pickup cancels at PPL; after the pickup scan PPL refuses it and nothing changes', async () => {
    const b = browser();
    const first = await paidPplOrder(b, [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await sandboxShipment((await row(first.shipments[0]!.id))!.ref!))!.cancelled_at).not.toBeNull();

    const second = await paidPplOrder(b, [1]);
    const ref = (await row(second.shipments[0]!.id))!.ref!;
    expect((await scan(ref)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, message: expect.stringContaining('PPL ShipmentNotCancelable') });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it("tracks through the poller in PPL's phases mapped onto ours", async () => {
    const paid = await paidPplOrder(browser(), [1]);
    const { ref } = (await row(paid.shipments[0]!.id))!;
    await scan(ref!, 6);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: 'Order', status: 'pending' },
      { raw: 'InTransport', status: 'in_transit' },
      { raw: 'InTransport', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('which transport books PPL', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, PPL_CLIENT_ID: undefined, PPL_CLIENT_SECRET: undefined } as never;
  it('PPL’s client with credentials, none deployed without them, never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, ppl)).toBeNull();
    expect(carrierOrderable(deployed, 'ppl')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), PPL_CLIENT_ID: 'id', PPL_CLIENT_SECRET: 'secret' } as never, ppl);
    expect(real).not.toBeNull();
  });
});

describe('PPL pickups through the PPL client', () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;

  it('orders a one-time collection (PPL answers its order number) and cancels it at PPL; a regular one is refused', async () => {
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const carriers = await dataOf<Record<'cz', { code: string; regular: boolean }[]>>(await b.get('/api/v1/pickups/carriers'));
    expect(carriers.cz.find((c) => c.code === 'ppl')).toMatchObject({ regular: false });
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=ppl'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'ppl', country: 'cz' }));
    const res = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'ppl', kind: 'one_time', date: dates.at(-1), window: windows[0], parcel_count: 2, note: '' });
    expect(res.status).toBe(201);
    const pickup = await dataOf<{ id: number; carrier_ref: string }>(res);
    expect(pickup.carrier_ref).toMatch(/^\d{10}$/);
    const stored = () => env.DB.prepare('SELECT cancelled_at FROM sandbox_ppl_orders WHERE order_number = ?').bind(pickup.carrier_ref).first<{ cancelled_at: string | null }>();
    expect(await stored()).toMatchObject({ cancelled_at: null });
    expect((await b.post(`/api/v1/pickups/${pickup.id}/cancel`)).status).toBe(200);
    expect((await stored())!.cancelled_at).not.toBeNull();
    const regular = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'ppl', kind: 'regular', weekdays: [2], window: windows[0], parcel_count: 2, note: '' });
    expect(regular.status).toBe(400);
    expect(((await regular.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'kind', code: 'business.error.regular_not_offered' })]);
  });
});
