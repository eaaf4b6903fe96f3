import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { wedo } from '../../src/server/carriers/wedo';
import { packageRequestOf, partyOf, trackingEventsOf, wedoTransport } from '../../src/server/carriers/wedo/client';
import { barcodeOf, dailyCollection, isWedoBarcode, isWedoOrderNumber } from '../../src/server/carriers/wedo/sandbox';
import { refusalKind } from '../../src/server/carriers/refusals';
import { createdAnswer, deletedAnswer, detailAnswer, pickupAnswer, refusal, wedoBooking } from './wedo-fixtures';

vi.spyOn(console, 'info').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});

const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date('2026-11-27T09:00:00Z') };
const query = { carrierRef: '51K00000734', trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Praha', createdAt: '2026-11-26T08:00:00Z' };

async function pdfOf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([298, 420]);
  return new Uint8Array(await doc.save());
}

type Seen = { method: string; path: string; search: string; auth: string | null; place: string | null; body: unknown };
function client(answers: (r: Request, seen: Seen) => Promise<Response> | Response, over: { pickupPlace?: string; timeoutMs?: number } = {}) {
  const seen: Seen[] = [];
  const transport = wedoTransport({
    baseUrl: 'https://api.test.wedo.cz/v2',
    user: 'eshop-api',
    apiKey: 'k3y',
    timeoutMs: over.timeoutMs ?? 2_000,
    ...(over.pickupPlace ? { pickupPlace: over.pickupPlace } : {}),
    fetch: async (r) => {
      const url = new URL(r.url);
      const s = { method: r.method, path: url.pathname, search: url.search, auth: r.headers.get('authorization'), place: r.headers.get('x-wedo-pickupplacecode'), body: r.method === 'GET' || r.method === 'DELETE' ? null : await r.clone().json() };
      seen.push(s);
      return answers(r, s);
    },
  });
  return { transport, seen };
}

describe('One by Allegro (WE|DO) client: our booking → WE|DO’s package', () => {
  it('Home: receiver and sender in WE|DO’s fields and lengths, our IZ number as reference_number, total weight, COD, product M-24-CZ', () => {
    const body = packageRequestOf(wedoBooking({ weights: [2.25, 3.5], cod: { value: 1250, currency: 'CZK' }, insurance: { value: 8000, currency: 'CZK' }, reference: 'Objednávka 2026/118' }));
    expect(body).toEqual({
      receiver: { name: 'Marie Anna Dvořáková', street: 'Lannova tř. 1052/6', city: 'České Budějovice', postal_code: '37001', state: 'CZ', firstname: 'Marie Anna', surname: 'Dvořáková', email: 'marie@example.cz', phone: '731222333' },
      sender: { name: 'Dřevěné hračky Horák s.r.o.', street: 'Cejl 481/27', city: 'Brno', postal_code: '60200', state: 'CZ', firstname: 'Radek', surname: 'Horák', email: 'radek@example.cz', phone: '+420605111222' },
      reference_number: 'IZ2611270042',
      reference_number2: 'Objednávka 2026/118',
      package_count: 2,
      weight: 5.75,
      value: 8000,
      additional_service: { cash_on_delivery: 1250 },
      product: 'M-24-CZ',
    });
    expect(packageRequestOf(wedoBooking({ country: 'SK' })).product).toBe('M-24-SK');
    // amounts in the destination's currency: a CZK COD to Slovakia is sent in EUR
    expect(packageRequestOf(wedoBooking({ country: 'SK', cod: { value: 1250, currency: 'CZK' } }), null, context.exchangeRates).additional_service).toEqual({ cash_on_delivery: 50 });
    expect(packageRequestOf(wedoBooking({ country: 'SK', cod: { value: 40, currency: 'EUR' } }), null, context.exchangeRates).additional_service).toEqual({ cash_on_delivery: 40 });
  });

  it('Box: a box gets product BOX with box and box_contact; a pick-up point (a shop) PUP with pup_branch; no point or another service is refused', () => {
    const toBox = packageRequestOf(wedoBooking({ serviceId: 'wedo-box', deliveryPointId: 'B1234' }), 'locker');
    expect(toBox).toMatchObject({ product: 'BOX', box: 'B1234', box_contact: '731222333' });
    expect(toBox).not.toHaveProperty('pup_branch');
    expect(packageRequestOf(wedoBooking({ serviceId: 'wedo-box', deliveryPointId: 'VM00075' }), 'shop')).toMatchObject({ product: 'PUP', pup_branch: 'VM00075', pup_contact: '731222333' });
    expect(() => packageRequestOf({ ...wedoBooking({ serviceId: 'wedo-box' }), deliveryPointId: null })).toThrow(CarrierRefusedError);
    expect(() => packageRequestOf(wedoBooking({ serviceId: 'wedo-express' }))).toThrow(CarrierRefusedError);
    expect(() => packageRequestOf(wedoBooking({ country: 'PL' }))).toThrow(CarrierRefusedError);
  });

  it('cuts names and streets to WE|DO’s maximum lengths; a company is the name, the person split into first name and surname', () => {
    const p = partyOf({ name: 'A'.repeat(40), company: 'C'.repeat(120), street: 'S'.repeat(120), city: 'M'.repeat(60), zip: '110 00', country: 'cz', phone: null, email: null });
    expect(p.name).toHaveLength(100);
    expect(p.street).toHaveLength(100);
    expect(p.city).toHaveLength(50);
    expect(p.surname).toHaveLength(30);
    expect(p).toMatchObject({ postal_code: '11000', state: 'CZ', firstname: null, phone: null, email: null });
  });
});

describe('One by Allegro (WE|DO) client: WE|DO’s answers → our results', () => {
  it('create: Basic auth, the order number as the shipment’s reference, each barcode a package with its A6 label page', async () => {
    const pdf = await pdfOf(2);
    const { transport, seen } = client((_, s) => (s.method === 'POST' ? Response.json(createdAnswer()) : new Response(pdf, { headers: { 'content-type': 'application/pdf' } })), { pickupPlace: 'N2079' });
    const booked = await transport.create(wedoBooking({ weights: [1, 2] }), context);
    expect(booked.carrierRef).toBe('51K00000734');
    expect(booked.packages!.map((p) => p.carrierRef)).toEqual(['51K00000734*001002', '51K00000734*002002']);
    for (const p of booked.packages!) expect((await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)))).getPageCount()).toBe(1);
    expect(seen.map((s) => `${s.method} ${s.path}${s.search}`)).toEqual(['POST /v2/package', 'GET /v2/package/51K00000734/labels.pdf?format=a6']);
    expect(seen.every((s) => s.auth === `Basic ${btoa('eshop-api:k3y')}` && s.place === 'N2079')).toBe(true);
  });

  it('labels whose pages do not match the packages are not stored (ours are printed); fewer barcodes than packages is no booking', async () => {
    const one = await pdfOf(1);
    const booked = await client((_, s) => (s.method === 'POST' ? Response.json(createdAnswer()) : new Response(one))).transport.create(wedoBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => p.label)).toEqual([null, null]);
    await expect(client(() => Response.json(createdAnswer(['51K00000734*001001']))).transport.create(wedoBooking({ weights: [1, 2] }), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it('cancel: DELETE /package/{order_number}; a package already sent is refused as with the carrier', async () => {
    const { transport, seen } = client(() => Response.json(deletedAnswer));
    await transport.cancel('51K00000734', null, new Date(), 'wedo-home');
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/v2/package/51K00000734' });
    const refused = await client(() => Response.json({ error_code: 'PACKAGE_SENT', message: 'Sent for processing.' }, { status: 403 })).transport.cancel('51K00000734', null, new Date(), 'wedo-home').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'PACKAGE_SENT', refusal: 'with_carrier', message: 'One by Allegro PACKAGE_SENT: Sent for processing.' });
  });

  it('track: the last state as one event (WE|DO’s Prague local time), mapped through the table; unknown codes stay unknown; a 404 has no events', async () => {
    expect(trackingEventsOf(detailAnswer())).toEqual([{ eventId: '51K00000734-48213377', rawStatus: 'DELIVERED', time: '2026-11-26T12:47:34.000Z', location: null, description: null }]);
    const events = await client(() => Response.json(detailAnswer('IN_TRANSPORT'))).transport.track(query, new Date('2026-11-27T00:00:00Z'));
    expect(events.map((e) => wedo.trackingStatus(e.rawStatus))).toEqual(['in_transit']);
    expect(wedo.trackingStatus('SOMETHING_NEW')).toBe('unknown');
    expect(await client(() => Response.json({ error_code: 'NOT_FOUND', message: 'Package not found.' }, { status: 404 })).transport.track(query, new Date())).toEqual([]);
  });

  it('find: lists the packages of the last two days, takes the one of our reference, reads its detail and labels; none of ours is null', async () => {
    const pdf = await pdfOf(2);
    const { transport, seen } = client((_, s) => {
      if (s.path === '/v2/package') return Response.json([{ reference_number: 'IZ0000000007', order_number: '51K00000733' }, { reference_number: 'IZ2611270042', order_number: '51K00000734', last_change: '2026-11-27T09:00:00', delivered: null }]);
      if (s.path.endsWith('labels.pdf')) return new Response(pdf);
      return Response.json(detailAnswer('CREATED'));
    });
    const found = await transport.find!(wedoBooking({ weights: [1, 2] }), context);
    expect(found).toMatchObject({ carrierRef: '51K00000734', packages: [{ carrierRef: '51K00000734*001002' }, { carrierRef: '51K00000734*002002' }] });
    expect(seen[0]!.search).toBe(`?created_after=${encodeURIComponent('2026-11-25T09:00:00')}`);
    expect(await client(() => Response.json([])).transport.find!(wedoBooking(), context)).toBeNull();
  });

  it('pickups: POST /pickup for the day; a regular pickup is refused without a call; the pickup is cancelled by its id', async () => {
    const { transport, seen } = client((_, s) => (s.method === 'POST' ? Response.json(pickupAnswer) : new Response(null, { status: 204 })));
    const order = { kind: 'one_time' as const, date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '12:00' }, place: wedoBooking().sender, parcelCount: 2, note: '' };
    expect(await transport.orderPickup(order, new Date())).toEqual({ carrierRef: 'I40517' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/pickup', body: { pickup_date: '2026-12-01' } });
    await expect(transport.orderPickup({ ...order, kind: 'regular', weekdays: [2] }, new Date())).rejects.toThrow(CarrierRefusedError);
    await transport.cancelPickup('I40517', '2026-12-01', new Date());
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v2/pickup', 'DELETE /v2/pickup/I40517']);
  });
});

describe('One by Allegro (WE|DO) client: failures', () => {
  it('a carrier that does not answer in time is unavailable (also when the fetch ignores the signal)', async () => {
    await expect(client(() => new Promise<Response>(() => {}), { timeoutMs: 50 }).transport.create(wedoBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it('5xx, 429 and 401 are unavailable; a 403 is a refusal with WE|DO’s error_code (and its detail texts)', async () => {
    for (const status of [500, 503, 429, 401]) await expect(client(() => Response.json({ message: 'x' }, { status })).transport.create(wedoBooking(), context)).rejects.toThrow(CarrierUnavailableError);
    const refused = await client(() => Response.json(refusal, { status: 403 })).transport.create(wedoBooking(), context).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'INVALID_WEIGHT', message: 'One by Allegro INVALID_WEIGHT: The weight of a package is above the product limit.' });
    expect(refusalKind('wedo', 'INVALID_WEIGHT')).toBe('weight');
    const v2 = await client(() => Response.json({ message: 'Invalid data', detail: ['receiver.postal_code: too long'] }, { status: 400 })).transport.create(wedoBooking(), context).catch((e: unknown) => e);
    expect(v2).toBeInstanceOf(CarrierRefusedError);
    expect(v2).toMatchObject({ code: undefined, message: 'One by Allegro Invalid data receiver.postal_code: too long' });
  });

  it('an answer it cannot read is unavailable, not a booking', async () => {
    await expect(client(() => Response.json({ order_number: 7 })).transport.create(wedoBooking(), context)).rejects.toThrow(CarrierUnavailableError);
  });

  it('logs each call as one line without personal data', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    info.mockClear();
    const pdf = await pdfOf(1);
    await client((_, s) => (s.method === 'POST' ? Response.json(createdAnswer(['51K00000734*001001'])) : new Response(pdf))).transport.create(wedoBooking(), context);
    const lines = info.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['call', 'carrier', 'ms', 'status']);
      expect(line).not.toMatch(/Dvořáková|Lannova|marie@/);
    }
  });
});

describe('One by Allegro (WE|DO) numbers and the sandbox’s collection', () => {
  it('order numbers (a 3-character prefix and 8 digits) and package barcodes (series letter, *, package and count)', () => {
    expect(isWedoOrderNumber('46F00000012')).toBe(true);
    expect(isWedoBarcode('46FS00000012*001001')).toBe(true);
    expect(barcodeOf('00000012', 2, 3)).toBe('99WS00000012*002003');
    expect(isWedoBarcode('46F00000012')).toBe(false);
  });

  it('without a scan the day’s collection takes a package the same working day before 12:00 Prague time, else the next working day', () => {
    expect(new Date(dailyCollection('2026-11-27T09:00:00.000Z')).toISOString()).toBe('2026-11-27T14:00:00.000Z');
    expect(new Date(dailyCollection('2026-11-27T12:00:00.000Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });
});
