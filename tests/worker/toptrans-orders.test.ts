import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { toptrans } from '../../src/server/carriers/toptrans';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf, type Browser } from './client';
import { carrierOrderBody, payByTransfer, placePaidOrder, type CarrierOrder } from './carrier-orders';

/** a TOPTRANS order of the product, booked with the TOPTRANS client against its sandbox (local development) */
type Order = CarrierOrder;
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const orderBody = (weights: number[]) => carrierOrderBody('toptrans-standard', weights);
const paidOrder = (b: Browser, weights = [12, 30]) => placePaidOrder(b, orderBody(weights));

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxOrder = (orderNumber: string) => env.DB.prepare('SELECT * FROM sandbox_toptrans_orders WHERE order_number = ?').bind(orderNumber).first<Record<string, string | null>>();
const scan = (orderNumber: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/toptrans/_driver/loading-scan/${orderNumber}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a TOPTRANS order books with the TOPTRANS client (its sandbox locally)', () => {
  it('books a two-package shipment: TOPTRANS’s order number on the shipment, a piece number per package, collected at the sender’s address', async () => {
    const paid = await paidOrder(browser());
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_ref: expect.stringMatching(/^\d{10}$/) });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    for (const n of s!.carrier_parcel_numbers) expect(n).toMatch(/^\d{12}$/);
    const stored = (await sandboxOrder(s!.carrier_ref!))!;
    expect(stored.label).toBe(s!.tracking_number);
    expect(JSON.parse(stored.pieces!)).toEqual(s!.carrier_parcel_numbers);
    expect(JSON.parse(stored.order!)).toMatchObject({ loading_select: 2, loading: { address: { city: 'Brno', zip: '60200' } }, discharge: { address: { city: 'Praha' } }, loading_time_from: expect.stringMatching(/^\d\d:\d\d$/) });
  });

  it('prints TOPTRANS’s label of each package: A6 one page each with its piece number, A4 both on one sheet', async () => {
    const b = browser();
    const [s] = (await paidOrder(b)).shipments;
    expect(await env.FILES.head(`carrier-labels/${s!.tracking_number}-2.pdf`)).not.toBeNull();
    const pdf = async (url: string) => {
      const res = await b.get(url);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return new Uint8Array(await res.arrayBuffer());
    };
    const a6 = await pdf(s!.label_url!);
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    // TOPTRANS's pages in place of ours (ours prints our IZ number as text)
    expect((await pdfPageTexts(a6)).join(' ')).not.toContain(s!.tracking_number);
    // each package's label (embedded as it came) prints its own piece number
    for (const [i, n] of s!.carrier_parcel_numbers.entries()) {
      const label = await env.FILES.get(`carrier-labels/${s!.tracking_number}-${i + 1}.pdf`);
      expect((await pdfPageTexts(new Uint8Array(await label!.arrayBuffer()))).join(' ').replace(/\s/g, '')).toContain(n);
    }
    expect((await PDFDocument.load(await pdf(s!.label_url_a4!))).getPageCount()).toBe(1);
  });

  it('a lost booking answer is looked up before the retry: TOPTRANS has the order once, the shipment gets its numbers and labels', async () => {
    const b = browser();
    const body = orderBody([2, 5]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = SANDBOX_LOSE_ANSWER;
    const created = await dataOf<Order>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atToptrans = async () => (await env.DB.prepare('SELECT order_number AS n FROM sandbox_toptrans_orders WHERE label LIKE ?').bind(`${pending!.tracking_number}%`).all<{ n: string }>()).results;
    expect(await atToptrans()).toHaveLength(1);

    await retryOrderWork(env as never, () => {}, new Date());
    const orders = await atToptrans();
    expect(orders).toHaveLength(1);
    const [s] = (await dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_ref: orders[0]!.n });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    // labels printed again by TOPTRANS: its pages, not ours
    expect((await pdfPageTexts(new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer()))).join(' ')).not.toContain(s!.tracking_number);
  });

  it('storno before loading deletes the order at TOPTRANS; once loaded TOPTRANS has it and the storno is refused', async () => {
    const b = browser();
    const first = await paidOrder(b, [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await sandboxOrder(first.shipments[0]!.carrier_ref!))!.deleted_at).not.toBeNull();

    const second = await paidOrder(b, [1]);
    const ref = second.shipments[0]!.carrier_ref!;
    expect((await scan(ref)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, code: 'order.storno.with_carrier', message: expect.stringContaining('TOPTRANS') });
    expect((await sandboxOrder(ref))!.deleted_at).toBeNull();
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('tracks through the poller in TOPTRANS’s states mapped onto ours', async () => {
    const paid = await paidOrder(browser(), [1]);
    const ref = paid.shipments[0]!.carrier_ref!;
    await scan(ref, 6);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: 'NEW', status: 'pending' },
      { raw: 'LOADED', status: 'picked_up' },
      { raw: 'TRANSIT', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('which transport books TOPTRANS', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, TOPTRANS_USERNAME: undefined, TOPTRANS_PASSWORD: undefined } as never;
  it('TOPTRANS’s client with its login, none deployed without it (not orderable), never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, toptrans)).toBeNull();
    expect(carrierOrderable(deployed, 'toptrans')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), TOPTRANS_USERNAME: 'zp-login', TOPTRANS_PASSWORD: 'heslo' } as never, toptrans);
    expect(real).not.toBeNull();
  });

  it('deployed without its login an order of TOPTRANS is refused at checkout', async () => {
    const res = await browser().call('POST', '/api/v1/orders', orderBody([1]), { 'idempotency-key': `test-${crypto.randomUUID()}` }, { LOCAL_DEV: undefined });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }]);
  });
});

describe('TOPTRANS pickups', () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;

  it('TOPTRANS is not offered for separate pickup orders (each order is its own collection): refused before TOPTRANS is asked, nothing stored', async () => {
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=toptrans'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'toptrans', country: 'cz' }));
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM pickups WHERE carrier = 'toptrans'").first<{ n: number }>();
    const res = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'toptrans', kind: 'one_time', date: dates.at(-1), window: windows[0], parcel_count: 2, note: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string; code: string }[] }).errors).toEqual([expect.objectContaining({ field: 'carrier', code: 'business.error.carrier_no_pickup' })]);
    expect(await dataOf<Record<'cz' | 'sk', { code: string }[]>>(await b.get('/api/v1/pickups/carriers')).then((c) => [...c.cz, ...c.sk].map((x) => x.code))).not.toContain('toptrans');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM pickups WHERE carrier = 'toptrans'").first<{ n: number }>()).toEqual(before);
  });
});
