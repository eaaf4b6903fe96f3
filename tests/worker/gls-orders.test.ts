import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { gls } from '../../src/server/carriers/gls';
import { parseGlsRef } from '../../src/server/carriers/gls/client';
import { SANDBOX_LOSE_ANSWER } from '../../src/server/carriers/booking';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { bindings, browser, dataOf, type Browser } from './client';
import { payByTransfer, type CarrierOrder } from './carrier-orders';
import { shownText } from './pdf-shown';

/** GLS orders of the product, booked with the MyGLS client against its sandbox (local development): CZ by GLS CZ, SK by GLS SK */
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const SK = `http://${bindings.SK_HOST}`;
const places = {
  cz: { from: ['Brno', '60200'], to: ['Praha', '11000'] },
  sk: { from: ['Bratislava', '81104'], to: ['Košice', '04001'] },
} as const;
const party = (territory: 'cz' | 'sk', [city, zip]: readonly [string, string], name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: territory, phone: '+420777123456', email: 'prijemce@example.cz' });
type Extra = { services?: unknown[]; serviceId?: string; collection?: string; delivery?: string };
const orderBody = (territory: 'cz' | 'sk', weights: number[], extra: Extra = {}) => ({
  items: [
    {
      shipment: {
        from: party(territory, places[territory].from, 'Jana'),
        to: party(territory, places[territory].to, 'Žofie'),
        packages: weights.map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })),
        service_id: extra.serviceId ?? 'gls-business-parcel',
        ...(extra.services ? { services: extra.services } : {}),
      },
      ...(extra.collection ? { collection_point_id: extra.collection } : {}),
      ...(extra.delivery ? { delivery_point_id: extra.delivery } : {}),
    },
  ],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
});

async function paidGlsOrder(b: Browser, territory: 'cz' | 'sk' = 'cz', weights = [2, 5], extra: Extra = {}, bindingsExtra: Record<string, string | undefined> = {}): Promise<CarrierOrder> {
  const site: Record<string, string> = territory === 'sk' ? { origin: SK } : {};
  const url = (path: string) => (territory === 'sk' ? `${SK}${path}` : path);
  const res = await b.call('POST', url('/api/v1/orders'), orderBody(territory, weights, extra), { 'idempotency-key': `test-${crypto.randomUUID()}`, ...site }, bindingsExtra);
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  const created = await dataOf<CarrierOrder>(res);
  await b.call('POST', url('/api/v1/sandbox/bank/statement'), { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, site);
  return dataOf<CarrierOrder>(await b.call('GET', url(`/api/v1/orders/${created.token}`), undefined, site));
}

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxPieces = (mainParcelId: number) => env.DB.prepare('SELECT * FROM sandbox_gls_parcels WHERE main_parcel_id = ? ORDER BY parcel_id').bind(mainParcelId).all<Record<string, unknown>>();
const scan = (parcelId: number, hoursAgo: number) => sandbox.request(`/_sandbox/carriers/gls/_driver/pickup-scan/${parcelId}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
/** an active GLS point (a ParcelShop); `collection`: one that also takes parcels in */
const glsPoint = (country: string, collection: boolean) =>
  env.DB.prepare(`SELECT p.id FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'gls' AND p.country = ? AND p.is_collection >= ? AND p.statuses = '["active"]' ORDER BY p.id DESC LIMIT 1`).bind(country, collection ? 1 : 0).first<{ id: string }>();

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a GLS order books with the MyGLS client (its sandbox locally)', () => {
  it.each(['cz', 'sk'] as const)('%s: a two-package shipment gets two GLS parcel numbers from its country’s MyGLS, kept per package and shown on the order', async (territory) => {
    const paid = await paidGlsOrder(browser(), territory);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const ref = parseGlsRef((await row(s!.id))!.ref!);
    expect(ref).toMatchObject({ territory });
    const pieces = (await sandboxPieces(ref!.parcelId)).results;
    expect(pieces.map((p) => p.country)).toEqual([territory.toUpperCase(), territory.toUpperCase()]);
    expect(pieces.map((p) => p.client_reference)).toEqual([s!.tracking_number, s!.tracking_number]);
    expect(s!.carrier_parcel_numbers).toEqual(pieces.map((p) => p.parcel_number));
    for (const n of s!.carrier_parcel_numbers) expect(n).toMatch(/^\d{11}$/);
    expect(s!.carrier_parcel_numbers[0]).toBe(ref!.parcelNumber);
  });

  it("prints GLS's own label of each package: kept as PDF in R2, A6 a page each, A4 both on one sheet", async () => {
    const b = browser();
    const paid = await paidGlsOrder(b, 'cz');
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
    // each page is GLS's label of its package: its parcel number under the barcode
    for (const [i, n] of s!.carrier_parcel_numbers.entries()) expect(await shownText(a6, i)).toContain(n);
    const a4 = await pdf(s!.label_url_a4!);
    expect((await PDFDocument.load(a4)).getPageCount()).toBe(1);
    expect(forms(a4)).toBe(2);
  });

  it('a COD parcel to a GLS ParcelShop goes with PSD and the amount the order collects', async () => {
    const collection = (await glsPoint('cz', true))!.id;
    const delivery = (await glsPoint('cz', false))!.id;
    const cod = { code: 'cod', data: { value: { value: 500, currency: 'CZK' }, bank_account: '2001234567', bank_code: '2010', bank_variable: '123', include_shipping_costs: false } };
    const paid = await paidGlsOrder(browser(), 'cz', [1], { serviceId: 'gls-parcelshop', services: [cod], collection, delivery });
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const ref = parseGlsRef((await row(s!.id))!.ref!)!;
    expect((await sandboxPieces(ref.parcelId)).results[0]).toMatchObject({ parcel_shop: delivery });
    const label = await env.FILES.get(`carrier-labels/${s!.tracking_number}-1.pdf`);
    const text = await shownText(new Uint8Array(await label!.arrayBuffer()));
    expect(text).toContain(`PSD ${delivery}`);
    expect(text).toContain('COD 500 CZK');
  });

  it('storno before GLS’s first scan deletes the label at GLS; after the driver’s scan GLS refuses it and nothing is refunded', async () => {
    const b = browser();
    const first = await paidGlsOrder(b, 'cz', [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    const firstRef = parseGlsRef((await row(first.shipments[0]!.id))!.ref!)!;
    expect((await sandboxPieces(firstRef.parcelId)).results[0]!.deleted_at).not.toBeNull();

    const second = await paidGlsOrder(b, 'cz', [1]);
    expect((await scan(parseGlsRef((await row(second.shipments[0]!.id))!.ref!)!.parcelId, 0)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, code: 'order.storno.with_carrier', message: expect.stringContaining('GLS 6') });
    expect((await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('a lost booking answer is looked up before the retry: GLS printed it once, the shipment gets its numbers (and our label)', async () => {
    const b = browser();
    const body = orderBody('cz', [2, 5]);
    (body.items[0]!.shipment as Record<string, unknown>).reference = `Dárek ${SANDBOX_LOSE_ANSWER}`;
    const created = await dataOf<CarrierOrder>(await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await payByTransfer(b, created);
    const [pending] = (await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(pending).toMatchObject({ status: 'pending', carrier_ref: null });
    const atGls = async () => (await env.DB.prepare('SELECT parcel_id AS id, parcel_number AS number FROM sandbox_gls_parcels WHERE client_reference = ? ORDER BY parcel_id').bind(pending!.tracking_number).all<{ id: number; number: string }>()).results;
    expect(await atGls()).toHaveLength(2);

    await retryOrderWork(env as never, () => {}, new Date());
    const printed = await atGls();
    expect(printed).toHaveLength(2);
    const [s] = (await dataOf<CarrierOrder>(await b.get(`/api/v1/orders/${created.token}`))).shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_parcel_numbers: printed.map((p) => p.number) });
    expect(parseGlsRef((await row(s!.id))!.ref!)).toMatchObject({ territory: 'cz', parcelId: printed[0]!.id });
    expect((await b.get(s!.label_url!)).status).toBe(200);
  });

  it('tracks through the poller in GLS status codes mapped onto ours', async () => {
    const paid = await paidGlsOrder(browser(), 'sk', [1]);
    await scan(parseGlsRef((await row(paid.shipments[0]!.id))!.ref!)!.parcelId, 5);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: '51', status: 'pending' },
      { raw: '1', status: 'picked_up' },
      { raw: '2', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('GLS deployed', () => {
  const deployed = { ...env, LOCAL_DEV: undefined } as never;
  it('without the local-development flag and an account GLS is not bookable, never the rate-sheet sandbox', () => {
    expect(carrierOrderable(deployed, 'gls')).toBe(false);
    expect(carrierTransport(deployed, gls)).toBeNull();
    const real = carrierTransport({ ...(deployed as object), GLS_CZ_USERNAME: 'u', GLS_CZ_PASSWORD: 'p', GLS_CZ_CLIENT_NUMBER: '100' } as never, gls);
    expect(real).not.toBeNull();
  });

  it('with GLS CZ’s account only, the Czech site orders GLS and the Slovak site refuses it', async () => {
    const b = browser();
    const price = (host: string, extra: Record<string, string | undefined>) =>
      b.call('POST', `${host}/api/v1/orders/price`, { items: orderBody(host ? 'sk' : 'cz', [1]).items, discount_code: '' }, host ? { origin: host } : {}, extra);
    const refused = await price('', { LOCAL_DEV: undefined });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable' })]);
    const czOnly = { LOCAL_DEV: undefined, GLS_CZ_USERNAME: 'u', GLS_CZ_PASSWORD: 'p', GLS_CZ_CLIENT_NUMBER: '100' };
    expect((await price('', czOnly)).status).toBe(200);
    const sk = await price(SK, czOnly);
    expect(sk.status).toBe(400);
    expect(((await sk.json()) as ErrorJson).errors![0]!.code).toBe('validation.carrier_not_orderable');
  });
});
