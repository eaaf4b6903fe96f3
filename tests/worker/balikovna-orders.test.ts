import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { carrierOrderable, carrierTransport } from '../../src/server/carriers/availability';
import { balikovna } from '../../src/server/carriers/balikovna';
import { isValidParcelCode } from '../../src/server/carriers/balikovna/sandbox';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { browser, dataOf, type Browser } from './client';

/** a Balíkovna order of the product, booked with the Česká pošta client against its sandbox (local development) */
type Order = {
  token: string;
  total_vat: number;
  currency: string;
  payment: { variable_symbol: string };
  shipments: { id: number; tracking_number: string; status: string; carrier_ref: string | null; carrier_parcel_numbers: string[]; error: string | null }[];
};
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const sandbox = createSandboxApp();
const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Veselá', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
/** a Balíkovna point (the sender hands the parcel in at one: Balíkovna is a drop-off service) */
const balikovnaPoint = () =>
  env.DB.prepare("SELECT p.id, p.zip FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'balikovna' AND p.country = 'cz' AND p.is_collection = 1 AND p.statuses = '[\"active\"]' ORDER BY p.id LIMIT 1").first<{ id: string; zip: string }>();
let collectionPointId = '';
const orderBody = (weights: number[], serviceId: string, deliveryPointId?: string) => ({
  items: [
    {
      shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: weights.map((weight) => ({ type: 0, weight, width: 20, height: 10, length: 30 })), service_id: serviceId },
      collection_point_id: collectionPointId,
      ...(deliveryPointId ? { delivery_point_id: deliveryPointId } : {}),
    },
  ],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
});

async function paidOrder(b: Browser, weights: number[], serviceId = 'balikovna-do-ruky', deliveryPointId?: string): Promise<Order> {
  const res = await b.post('/api/v1/orders', orderBody(weights, serviceId, deliveryPointId), { 'idempotency-key': `test-${crypto.randomUUID()}` });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  const created = await dataOf<Order>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency });
  return dataOf<Order>(await b.get(`/api/v1/orders/${created.token}`));
}

const row = (id: number) => env.DB.prepare('SELECT carrier_ref AS ref, tracking_status AS status FROM shipments WHERE id = ?').bind(id).first<{ ref: string | null; status: string }>();
const sandboxParcel = (code: string) => env.DB.prepare('SELECT * FROM sandbox_cpost_parcels WHERE parcel_code = ?').bind(code).first<Record<string, unknown>>();
const scan = (code: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/balikovna/_post-office/acceptance-scan/${code}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);

vi.setConfig({ testTimeout: 90_000 });
beforeEach(async () => {
  collectionPointId = (await balikovnaPoint())!.id;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('a Balíkovna order books with the Česká pošta client (its sandbox locally)', () => {
  it('books a two-package Do ruky shipment: two Česká pošta parcel codes, kept per package and shown on the order', async () => {
    const paid = await paidOrder(browser(), [2, 5]);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    const { ref } = (await row(s!.id))!;
    expect(ref).toMatch(/^DR\d{10}U$/);
    expect(isValidParcelCode(ref!)).toBe(true);
    expect(await sandboxParcel(ref!)).toMatchObject({ record_id: `${s!.tracking_number}-1`, quantity: 2 });
    expect(s!.carrier_parcel_numbers).toHaveLength(2);
    expect(s!.carrier_parcel_numbers.every(isValidParcelCode)).toBe(true);
    expect(s!.carrier_parcel_numbers[0]).toBe(s!.carrier_ref);
  });

  it('a drop-off order says Podání with its date, not Svoz: the order, its label and its e-mail; English answers name the service in English (issue 27)', async () => {
    const b = browser();
    const paid = await paidOrder(b, [2]);
    type Detail = { number: string; items: { carrier: { name: string }; service_name: string; handover: string; pickup_date: string }[]; shipments: { handover: string; label_url: string; tracking_number: string }[] };
    const order = await dataOf<Detail>(await b.get(`/api/v1/orders/${paid.token}`));
    expect(order.items[0]).toMatchObject({ handover: 'handIn', carrier: { name: 'Balíkovna Do ruky' }, service_name: '' });
    const [s] = order.shipments;
    expect(s!.handover).toBe('handIn');
    // our label as stored at booking (Česká pošta gives its own label files; ours prints where those are missing)
    const stored = await env.DB.prepare('SELECT label FROM shipments WHERE tracking_number = ?').bind(s!.tracking_number).first<{ label: string }>();
    const { labelPdf } = await import('../../src/server/documents');
    const label = (await pdfPageTexts(await labelPdf(JSON.parse(stored!.label), 'a6'))).join(' ');
    expect(label).toContain('Podání');
    expect(label).not.toContain('Svoz');
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE template = 'order_confirmation' AND text LIKE ?").bind(`%${order.number}%`).first<{ text: string }>();
    expect(mail!.text).toMatch(/1\. Balíkovna Do ruky, Brno → Praha, podání od \d{1,2}\.\s?\d{1,2}\.\s?\d{4}: /);
    expect(mail!.text).not.toMatch(/svoz/i);
    // a stored quote's Czech names, shown in the page's language
    const english = await dataOf<Detail>(await b.get(`/api/v1/orders/${paid.token}`, { language: 'en' }));
    expect(english.items[0]!.carrier.name).toBe('Balíkovna to the door');
    const tracking = await dataOf<{ carrier: { name: string }; handover: string }>(await b.get(`/api/v1/orders/${s!.tracking_number}?tracking=1&token=${paid.token}`, { language: 'en' }));
    expect(tracking).toMatchObject({ carrier: { name: 'Balíkovna to the door' }, handover: 'handIn' });
  });

  it('books a Balíkovna shipment to the chosen point: an NB code addressed to the point’s code', async () => {
    const point = await balikovnaPoint();
    const paid = await paidOrder(browser(), [1], 'balikovna-na-balikovnu', point!.id);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null, carrier_ref: expect.stringMatching(/^NB\d{10}U$/) });
    expect(await sandboxParcel(s!.carrier_ref!)).toMatchObject({ prefix: 'NB', point_code: point!.zip.replace(/\s/g, ''), record_id: s!.tracking_number });
  });

  it('storno before the hand-in is accepted; after the post office has the parcel Česká pošta’s state refuses it and nothing is refunded', async () => {
    const b = browser();
    const first = await paidOrder(b, [1]);
    const ok = await b.post('/api/v1/shipments/storno', { shipments: [{ id: first.shipments[0]!.id }], token: first.token });
    expect(ok.status).toBe(200);
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${first.token}`))).shipments[0]!.status).toBe('cancelled');

    const second = await paidOrder(b, [1]);
    const ref = (await row(second.shipments[0]!.id))!.ref!;
    expect((await scan(ref)).status).toBe(204);
    const refused = await b.post('/api/v1/shipments/storno', { shipments: [{ id: second.shipments[0]!.id }], token: second.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${second.shipments[0]!.id}`, message: expect.stringContaining('Česká pošta 21') });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${second.token}`))).shipments[0]!.status).toBe('created');
  });

  it('tracks through the poller in Česká pošta’s event ids mapped onto ours', async () => {
    const paid = await paidOrder(browser(), [1]);
    const { ref } = (await row(paid.shipments[0]!.id))!;
    await scan(ref!, 6);
    await pollTracking(env as never, () => {}, new Date());
    const events = await env.DB.prepare('SELECT raw_status AS raw, status FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at').bind(paid.shipments[0]!.id).all<{ raw: string; status: string }>();
    expect(events.results).toEqual([
      { raw: '-M', status: 'pending' },
      { raw: '21', status: 'picked_up' },
      { raw: '-B', status: 'in_transit' },
    ]);
    expect((await row(paid.shipments[0]!.id))!.status).toBe('in_transit');
  });
});

describe('which transport books Balíkovna', () => {
  const deployed = { ...env, LOCAL_DEV: undefined, CPOST_API_TOKEN: undefined, CPOST_SECRET_KEY: undefined, CPOST_CUSTOMER_ID: undefined, CPOST_POST_CODE: undefined } as never;
  const credentials = { CPOST_API_TOKEN: 't', CPOST_SECRET_KEY: 's', CPOST_CUSTOMER_ID: 'U219', CPOST_POST_CODE: '11000' };
  it('Česká pošta’s client with credentials, none deployed without them (not orderable), never the rate-sheet sandbox', () => {
    expect(carrierTransport(deployed, balikovna)).toBeNull();
    expect(carrierOrderable(deployed, 'balikovna')).toBe(false);
    expect(carrierOrderable({ ...(deployed as object), CPOST_API_TOKEN: 't', CPOST_SECRET_KEY: 's' } as never, 'balikovna')).toBe(false);
    const real = carrierTransport({ ...(deployed as object), ...credentials } as never, balikovna);
    expect(real).not.toBeNull();
  });

  it('deployed without credentials an order of Balíkovna is refused at checkout', async () => {
    const b = browser();
    const res = await b.call('POST', '/api/v1/orders', orderBody([1], 'balikovna-do-ruky'), { 'idempotency-key': `test-${crypto.randomUUID()}` }, { LOCAL_DEV: undefined });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }]);
  });
});
