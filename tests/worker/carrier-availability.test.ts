import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { CARRIER_CLIENTS } from '../../src/server/carriers/availability';
import { dpd } from '../../src/server/carriers/dpd';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { pollTracking } from '../../src/server/services/tracking/ingest';
import { browser, dataOf } from './client';

/** a deployed build: no local-development flag, no carrier credentials */
const deployed = { LOCAL_DEV: undefined };
const deployedEnv = { ...env, LOCAL_DEV: undefined } as never;

type ErrorJson = { type: string; status: number; errors?: { field: string; code: string; message: string }[] };
type OrderJson = { token: string; total_vat: number; shipments: { id: number; status: string; error: string | null }[] };

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Dostupná', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const shipment = (service_id = 'dpd-classic') => ({ from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id });
const orderBody = (email: string, service_id = 'dpd-classic') => ({ items: [{ shipment: shipment(service_id) }], payment_method: 'bank_transfer', payer: { type: 'person' }, email, terms: true });
const quoteDraft = { from: { country: 'cz', zip: '60200', city: 'Brno' }, to: { country: 'cz', zip: '11000', city: 'Praha' }, packages: [{ type: 0, weight: '2', width: '20', height: '10', length: '30' }], complete: false };

const stored = (email: string, key: string) =>
  env.DB.prepare(
    'SELECT (SELECT COUNT(*) FROM orders WHERE email = ?1) AS orders, (SELECT COUNT(*) FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.email = ?1) AS payments, (SELECT COUNT(*) FROM idempotency_keys WHERE key LIKE ?2) AS keys',
  )
    .bind(email, `%${key}`)
    .first<{ orders: number; payments: number; keys: number }>();

const email = () => `nedostupny-${crypto.randomUUID().slice(0, 8)}@example.cz`;

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const dpdClient = CARRIER_CLIENTS.dpd;
afterEach(() => {
  CARRIER_CLIENTS.dpd = dpdClient;
});
const dpdCz = { DPD_CZ_API_TOKEN: 'test-token', DPD_CZ_CUSTOMER_ID: 'C1', DPD_CZ_SENDER_ADDRESS_ID: '7' };

describe('a deployed build without carrier credentials', () => {
  it('still shows every carrier’s price, each saying it cannot be ordered online yet (in the visitor’s language); locally none says so', async () => {
    const b = browser();
    for (const [language, text] of [
      ['cs', 'zatím nelze objednat online'],
      ['en', 'cannot be ordered online with us yet'],
    ] as const) {
      const quotes = await dataOf<Quote[]>(await b.call('POST', '/api/v2/quote/find', quoteDraft, { language }, deployed));
      const classic = quotes.find((q) => q.serviceId === 'dpd-classic')!;
      expect(classic.priceVat?.value).toBeGreaterThan(0);
      expect(classic.restrictions).toEqual([{ code: 'NOT_ORDERABLE_ONLINE', message: expect.stringContaining(text) }]);
      expect(quotes.every((q) => q.restrictions.some((r) => r.code === 'NOT_ORDERABLE_ONLINE'))).toBe(true);
    }
    const detail = await dataOf<Quote>(await b.call('POST', '/api/v2/quote/detail', { ...quoteDraft, complete: true, service_group_id: 'dpd-classic' }, {}, deployed));
    expect(detail.restrictions.map((r) => r.code)).toEqual(['NOT_ORDERABLE_ONLINE']);
    expect(detail.priceVat?.value).toBeGreaterThan(0);

    const local = await dataOf<Quote[]>(await b.post('/api/v2/quote/find', quoteDraft));
    expect(local.some((q) => q.restrictions.some((r) => r.code === 'NOT_ORDERABLE_ONLINE'))).toBe(false);
  });

  it('refuses POST v1/orders and v1/orders/price for such a carrier on the item, storing no order, payment or idempotency key', async () => {
    const b = browser();
    const who = email();
    const key = `test-${crypto.randomUUID()}`;
    const res = await b.call('POST', '/api/v1/orders', orderBody(who), { 'idempotency-key': key }, deployed);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorJson;
    expect(body.type).toBe('FORM_VALIDATION_ERROR');
    expect(body.errors).toEqual([{ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }]);
    expect(await stored(who, key)).toEqual({ orders: 0, payments: 0, keys: 0 });

    const price = await b.call('POST', '/api/v1/orders/price', { items: [{ shipment: shipment() }], discount_code: '' }, {}, deployed);
    expect(price.status).toBe(400);
    expect(((await price.json()) as ErrorJson).errors).toEqual([{ field: 'items.0.shipment.service_id', code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }]);
  });

  it('orders a carrier once its client exists and its credentials are set', async () => {
    const create = vi.fn(async () => ({ carrierRef: '01234567890123', pickupDate: null, pickupFrom: null, pickupTo: null }));
    CARRIER_CLIENTS.dpd = () => ({ create, cancel: async () => {}, track: async () => [], orderPickup: async () => ({ carrierRef: 'PU1' }), cancelPickup: async () => {} });
    const b = browser();
    // a client without its secret is still not orderable
    const without = await b.call('POST', '/api/v1/orders/price', { items: [{ shipment: shipment() }], discount_code: '' }, {}, deployed);
    expect(without.status).toBe(400);
    const withKey = { ...deployed, ...dpdCz } as never;
    const priced = await b.call('POST', '/api/v1/orders/price', { items: [{ shipment: shipment() }], discount_code: '' }, {}, withKey);
    expect(priced.status).toBe(200);
    const quotes = await dataOf<Quote[]>(await b.call('POST', '/api/v2/quote/find', quoteDraft, {}, withKey));
    expect(quotes.find((q) => q.serviceId === 'dpd-classic')!.restrictions).toEqual([]);
    expect(quotes.find((q) => q.serviceId === 'ppl-business')!.restrictions.map((r) => r.code)).toEqual(['NOT_ORDERABLE_ONLINE']);

    const res = await b.call('POST', '/api/v1/orders', orderBody(email()), { 'idempotency-key': `test-${crypto.randomUUID()}` }, withKey);
    expect(res.status).toBe(201);
    const created = await dataOf<OrderJson>(res);
    await env.DB.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE token = ?").bind(new Date().toISOString(), created.token).run();
    await retryOrderWork({ ...env, LOCAL_DEV: undefined, ...dpdCz } as never, () => {});
    expect(create).toHaveBeenCalledOnce();
    const ref = await env.DB.prepare('SELECT s.carrier_ref AS ref FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.token = ?').bind(created.token).first<{ ref: string }>();
    expect(ref!.ref).toBe('01234567890123');
  });

  it('does not book a paid order in pretence: the shipment waits without a carrier number, and books once the carrier can be', async () => {
    const b = browser();
    const created = await dataOf<OrderJson>(await b.post('/api/v1/orders', orderBody(email()), { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    // paid (as by a bank statement) while the build is a deployed one: the cron's catch-up books it
    await env.DB.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE token = ?").bind(new Date().toISOString(), created.token).run();
    await retryOrderWork(deployedEnv, () => {});
    const row = () =>
      env.DB.prepare('SELECT s.status, s.carrier_ref AS ref, s.last_error AS error, s.attempts FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.token = ?')
        .bind(created.token)
        .first<{ status: string; ref: string | null; error: string | null; attempts: number }>();
    expect(await row()).toMatchObject({ status: 'pending', ref: null, attempts: 0, error: expect.stringContaining('cannot be booked online') });
    await retryOrderWork(env as never, () => {});
    expect(await row()).toMatchObject({ status: 'created', ref: expect.stringMatching(/^CZ:\d+:1381\d{10}$/) });
  });

  it('neither tracks, cancels nor orders pickups through the sandbox', async () => {
    const b = browser();
    const created = await dataOf<OrderJson>(await b.post('/api/v1/orders', orderBody(email()), { 'idempotency-key': `test-${crypto.randomUUID()}` }));
    await env.DB.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE token = ?").bind(new Date().toISOString(), created.token).run();
    await retryOrderWork(env as never, () => {});
    const events = () => env.DB.prepare('SELECT COUNT(*) AS n FROM tracking_events e JOIN shipments s ON s.id = e.shipment_id JOIN orders o ON o.id = s.order_id WHERE o.token = ?').bind(created.token).first<{ n: number }>();
    // a week on the sandbox story has moved; deployed nobody is asked
    const later = new Date(Date.now() + 7 * 86_400_000);
    await pollTracking(deployedEnv, () => {}, later);
    expect((await events())!.n).toBe(0);

    const shipmentId = (await dataOf<OrderJson>(await b.get(`/api/v1/orders/${created.token}`))).shipments[0]!.id;
    const storno = await b.call('POST', '/api/v1/shipments/storno', { shipments: [{ id: shipmentId }], token: created.token }, {}, deployed);
    expect(storno.status).toBe(503);
    expect(((await storno.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${shipmentId}`, code: 'order.storno.carrier_unavailable' });
    expect((await dataOf<OrderJson>(await b.get(`/api/v1/orders/${created.token}`))).shipments[0]!.status).toBe('created');

    // locally DPD's sandbox tells once its driver has the parcel
    const { ref } = (await env.DB.prepare('SELECT carrier_ref AS ref FROM shipments WHERE id = ?').bind(shipmentId).first<{ ref: string }>())!;
    await createSandboxApp().request(`/_sandbox/carriers/dpd/_driver/pickup-scan/${ref.split(':')[1]}?hoursAgo=30`, { method: 'POST' }, env);
    await pollTracking(env as never, () => {}, later);
    expect((await events())!.n).toBeGreaterThan(0);
  });

  it('refuses a contract customer’s pickup with such a carrier and offers none', async () => {
    const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const carriers = await dataOf<Record<string, unknown[]>>(await b.call('GET', '/api/v1/pickups/carriers', undefined, {}, deployed));
    expect(carriers).toEqual({ cz: [], sk: [] });
    const [place] = await dataOf<{ id: number }[]>(await b.get('/api/v1/pickup-places'));
    const dates = await dataOf<string[]>(await b.get('/api/v1/pickups/dates?country=cz&carrier=dpd'));
    const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: dates.at(-1), carrier: 'dpd', country: 'cz' }));
    const before = (await dataOf<unknown[]>(await b.get('/api/v1/pickups'))).length;
    const res = await b.call('POST', '/api/v1/pickups', { pickup_place_id: place!.id, carrier: 'dpd', kind: 'one_time', date: dates.at(-1), window: windows[0], parcel_count: 1, note: '' }, {}, deployed);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'carrier', code: 'business.error.carrier_not_orderable', message: 'business.error.carrier_not_orderable' }]);
    expect((await dataOf<unknown[]>(await b.get('/api/v1/pickups'))).length).toBe(before);
  });

  it('prices no CSV import row as orderable, and says why', async () => {
    const firma = DEMO_ACCOUNTS.find((a) => a.email === 'firma@zasilkovac.test')!;
    const b = browser();
    expect((await b.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const row = { ...shipment(), packages: [{ type: 0, weight: '2', width: '30', height: '20', length: '10' }], services: [], currency: 'CZK', carrier: '', service: '', complete: true };
    const res = await b.call('POST', '/api/v1/import/price', { rows: [row], strategy: 'cheapest' }, { language: 'en' }, deployed);
    const [answer] = (await dataOf<{ rows: { status: string; problems?: string[] }[] }>(res)).rows;
    expect(answer).toMatchObject({ status: 'unpriced', problems: expect.arrayContaining([expect.stringContaining('cannot be ordered online with us yet')]) });
    const local = (await dataOf<{ rows: { status: string }[] }>(await b.post('/api/v1/import/price', { rows: [row], strategy: 'cheapest' }))).rows;
    expect(local[0]!.status).toBe('priced');
  });
});
