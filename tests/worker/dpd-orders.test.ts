import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { parseDpdRef } from '../../src/server/carriers/dpd/client';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { bindings, browser, dataOf, type Browser } from './client';

/** DPD orders of the product, booked with the DPD client against the DPD sandbox (local development): CZ by DPD CZ, SK by DPD SK */
type Order = {
  token: string;
  total_vat: number;
  currency: string;
  payment: { variable_symbol: string };
  shipments: { id: number; tracking_number: string; status: string; carrier_ref: string | null; carrier_parcel_numbers: string[]; label_url: string | null; label_url_a4: string | null; error: string | null }[];
};
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const SK = `http://${bindings.SK_HOST}`;
const places = {
  cz: { from: ['Brno', '60200'], to: ['Praha', '11000'] },
  sk: { from: ['Bratislava', '81104'], to: ['Košice', '04001'] },
} as const;
const party = (territory: 'cz' | 'sk', [city, zip]: readonly [string, string], name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: territory, phone: '+420777123456', email: 'prijemce@example.cz' });
const orderBody = (territory: 'cz' | 'sk', weights: number[]) => ({
  items: [{ shipment: { from: party(territory, places[territory].from, 'Jana'), to: party(territory, places[territory].to, 'Žofie'), packages: weights.map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: 'dpd-classic' } }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
});

async function paidDpdOrder(b: Browser, territory: 'cz' | 'sk' = 'cz', weights = [2, 5], extra: Record<string, string | undefined> = {}): Promise<Order> {
  const site: Record<string, string> = territory === 'sk' ? { origin: SK } : {};
  const url = (path: string) => (territory === 'sk' ? `${SK}${path}` : path);
  const res = await b.call('POST', url('/api/v1/orders'), orderBody(territory, weights), { 'idempotency-key': `test-${crypto.randomUUID()}`, ...site }, extra);
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  const created = await dataOf<Order>(res);
  await b.call('POST', url('/api/v1/sandbox/bank/statement'), { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, site);
  return dataOf<Order>(await b.call('GET', url(`/api/v1/orders/${created.token}`), undefined, site));
}

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxShipment = (id: string) => env.DB.prepare('SELECT * FROM sandbox_dpd_shipments WHERE shipment_id = ?').bind(id).first<Record<string, unknown>>();
const scan = (id: string, hoursAgo: number) => sandbox.request(`/_sandbox/carriers/dpd/_driver/pickup-scan/${id}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a DPD order books with the DPD client (the DPD sandbox locally)', () => {
  it.each([
    ['cz', '1381'],
    ['sk', '0202'],
  ] as const)('%s: a two-package shipment gets two DPD parcel numbers of its territory’s DPD, kept per package and shown on the order', async (territory, depot) => {
    const paid = await paidDpdOrder(browser(), territory);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const ref = parseDpdRef((await row(s!.id))!.ref!);
    expect(ref).toMatchObject({ territory });
    expect(await sandboxShipment(ref!.key)).toMatchObject({ territory });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    for (const n of s!.carrier_parcel_numbers) expect(n).toMatch(new RegExp(`^${depot}\\d{10}$`));
    expect(s!.carrier_parcel_numbers[0]).toBe(ref!.parcel);
  });

  it("prints DPD's own label of each package: kept as PDF in R2, A6 a page each, A4 both on one sheet", async () => {
    const b = browser();
    const paid = await paidDpdOrder(b, 'cz');
    const [s] = paid.shipments;
    for (const n of [1, 2]) expect((await env.FILES.head(`carrier-labels/${s!.tracking_number}-${n}.pdf`))!.httpMetadata!.contentType).toBe('application/pdf');
    const pdf = async (url: string) => {
      const res = await b.get(url);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return new Uint8Array(await res.arrayBuffer());
    };
    const forms = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).match(/\/Subtype\s*\/Form/g)?.length ?? 0;
    const a6 = await pdf(s!.label_url!);
    expect((await PDFDocument.load(a6)).getPageCount()).toBe(2);
    expect(forms(a6)).toBe(2);
    const a4 = await pdf(s!.label_url_a4!);
    expect((await PDFDocument.load(a4)).getPageCount()).toBe(1);
    expect(forms(a4)).toBe(2);
  });

  it('storno before the pickup cancels at DPD; after the pickup scan DPD refuses it and nothing is refunded', async () => {
    const b = browser();
    const first = await paidDpdOrder(b, 'cz', [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await sandboxShipment(parseDpdRef((await row(first.shipments[0]!.id))!.ref!)!.key))!.cancelled_at).not.toBeNull();

    const second = await paidDpdOrder(b, 'cz', [1]);
    expect((await scan(second.shipments[0]!.carrier_parcel_numbers[0]!, 0)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, message: expect.stringContaining('SHIPMENT_ALREADY_PICKED_UP') });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('tracks through the poller in DPD scan codes mapped onto ours', async () => {
    const paid = await paidDpdOrder(browser(), 'sk', [1]);
    await scan(paid.shipments[0]!.carrier_parcel_numbers[0]!, 8);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: '15', status: 'picked_up' },
      { raw: '05', status: 'picked_up' },
      { raw: '10', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('DPD deployed', () => {
  it('without the local-development flag and credentials DPD is refused; with DPD CZ’s only, the Czech site orders it and the Slovak site still refuses it', async () => {
    const b = browser();
    const deployed = { LOCAL_DEV: undefined };
    const price = (host: string, extra: Record<string, string | undefined>) =>
      b.call('POST', `${host}/api/v1/orders/price`, { items: orderBody(host ? 'sk' : 'cz', [1]).items, discount_code: '' }, host ? { origin: host } : {}, extra);
    const refused = await price('', deployed);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable' })]);
    const czOnly = { ...deployed, DPD_CZ_API_TOKEN: 't', DPD_CZ_CUSTOMER_ID: 'c', DPD_CZ_SENDER_ADDRESS_ID: 'a' };
    expect((await price('', czOnly)).status).toBe(200);
    const sk = await price(SK, czOnly);
    expect(sk.status).toBe(400);
    expect(((await sk.json()) as ErrorJson).errors![0]!.code).toBe('validation.carrier_not_orderable');
  });

  it('with DPD CZ’s credentials only, a contract customer’s pickups offer DPD in CZ, not in SK', async () => {
    const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const czOnly = { LOCAL_DEV: undefined, DPD_CZ_API_TOKEN: 't', DPD_CZ_CUSTOMER_ID: 'c', DPD_CZ_SENDER_ADDRESS_ID: 'a' };
    const carriers = await dataOf<Record<'cz' | 'sk', { code: string }[]>>(await b.call('GET', '/api/v1/pickups/carriers', undefined, {}, czOnly));
    expect(carriers.cz.map((c) => c.code)).toContain('dpd');
    expect(carriers.sk.map((c) => c.code)).not.toContain('dpd');
  });
});

describe('DPD pickups through the DPD client', () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;

  it('orders a one-time pickup at DPD CZ and cancels it there; a regular one is refused with a translated reason', async () => {
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const carriers = await dataOf<Record<'cz', { code: string; regular: boolean }[]>>(await b.get('/api/v1/pickups/carriers'));
    expect(carriers.cz.find((c) => c.code === 'dpd')).toMatchObject({ regular: false });
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=dpd'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'dpd', country: 'cz' }));
    const res = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'dpd', kind: 'one_time', date: dates.at(-1), window: windows[0], parcel_count: 2, note: '' });
    expect(res.status).toBe(201);
    const pickup = await dataOf<{ id: number; carrier_ref: string }>(res);
    expect(pickup.carrier_ref).toMatch(/^CZ:\d+$/);
    const stored = () => env.DB.prepare('SELECT cancelled_at FROM sandbox_dpd_pickups WHERE pickup_id = ?').bind(pickup.carrier_ref.slice(3)).first<{ cancelled_at: string | null }>();
    expect(await stored()).toMatchObject({ cancelled_at: null });
    expect((await b.post(`/api/v1/pickups/${pickup.id}/cancel`)).status).toBe(200);
    expect((await stored())!.cancelled_at).not.toBeNull();

    const regular = await b.post('/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'dpd', kind: 'regular', weekdays: [2], window: windows[0], parcel_count: 2, note: '' });
    expect(regular.status).toBe(400);
    expect(((await regular.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'kind', code: 'business.error.regular_not_offered' })]);
  });
});
