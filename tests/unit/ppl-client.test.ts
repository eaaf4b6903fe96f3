import { inflateSync } from 'node:zlib';
import { code128 } from 'bwip-js/generic';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { ppl } from '../../src/server/carriers/ppl';
import { orderBatchRequestOf, pplTransport, problemOf, shipmentBatchRequestOf, trackingEventsOf, variableSymbolOf } from '../../src/server/carriers/ppl/client';
import { sandboxLabelPdf } from '../../src/server/carriers/ppl/sandbox-label';
import { orderBatchRequest, shipmentBatchRequest } from '../../src/server/carriers/ppl/schemas';
import { barRectsDrawing } from '../../src/server/documents/bar-rects';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { pplBooking, pplPickupOrder } from './ppl-fixtures';

/**
 * PPL's CPL API has prose documentation with examples (no machine-readable definition we may
 * copy): these are its documented shapes as fixtures in our own words and numbers, tested both ways.
 */
const BASE = 'https://api-dev.dhl.com/ecs/ppl/myapi2';
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const token = () => json({ access_token: 'tok-1', token_type: 'Bearer', expires_in: 1800, scope: 'myapi2' });
const PDF = new TextEncoder().encode('%PDF-1.7\n% sandbox\n');

type Route = (request: Request) => Response | Promise<Response>;
function fakePpl(routes: Record<string, Route>) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request.clone() as Request);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace('/ecs/ppl/myapi2', '')}`;
    const route = routes[key] ?? Object.entries(routes).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1];
    return route ? route(request) : json({ status: 404, title: 'Not Found' }, 404);
  };
  return { seen, transport: (extra: object = {}) => pplTransport({ baseUrl: BASE, clientId: 'id', clientSecret: 'secret', fetch, pollIntervalMs: 1, ...extra }) };
}
const silence = () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
};

/** a batch that completes with these parcel numbers, each with its label under the API root */
const completedBatch = (numbers: string[], reference = 'IZ2611271234') => ({
  'POST /login/getAccessToken': token,
  'POST /shipment/batch': () => new Response(null, { status: 201, headers: { location: '/shipment/batch/6f1c2b9e-0d4a-4e43-9d55-3c1f1b7a2a10' } }),
  'GET /shipment/batch/6f1c2b9e-0d4a-4e43-9d55-3c1f1b7a2a10': () => json({ items: numbers.map((n) => ({ referenceId: reference, shipmentNumber: n, importState: 'Complete', labelUrl: `${BASE}/data/label-${n}` })) }),
  'GET /data/*': () => new Response(PDF, { headers: { 'content-type': 'application/pdf' } }),
});

describe('PPL mapping: our booking → POST /shipment/batch', () => {
  it('maps parties, the parcel set, COD with its variable symbol, insurance, the note and our reference', () => {
    const req = shipmentBatchRequestOf(pplBooking({ weights: [1.234, 7], cod: { value: 1499.5, currency: 'CZK' }, insurance: { value: 60_000, currency: 'CZK' }, reference: 'Objednávka 77', trackingNumber: 'IZ2611270042' }));
    expect(v.safeParse(shipmentBatchRequest, req).success).toBe(true);
    expect(req.labelSettings).toEqual({ format: 'Pdf', dpi: 300, completeLabelSettings: { isCompleteLabelRequested: false } });
    const [s] = req.shipments;
    expect(s).toMatchObject({ referenceId: 'IZ2611270042', productType: 'BUSD', note: 'Objednávka 77', externalNumbers: [{ code: 'CUST', externalNumber: 'IZ2611270042' }] });
    expect(s!.sender).toEqual({ name: 'Včelařství Dvořák s.r.o.', name2: 'Marie Dvořáková', contact: 'Marie Dvořáková', street: 'Údolní 15', city: 'Brno', zipCode: '60200', country: 'CZ', phone: '+420603111222', email: 'marie@example.cz' });
    expect(s!.recipient).toEqual({ name: 'Tomáš Černý', street: 'Korunní 8', city: 'Praha', zipCode: '12000', country: 'CZ', phone: '+420731222333', email: 'tomas@example.cz' });
    expect(s!.shipmentSet).toEqual({ numberOfShipments: 2, shipmentSetItems: [{ weighedShipmentInfo: { weight: 1.23 } }, { weighedShipmentInfo: { weight: 7 } }] });
    expect(s!.cashOnDelivery).toEqual({ codCurrency: 'CZK', codPrice: 1499.5, codVarSym: '2611270042' });
    expect(s!.insurance).toEqual({ insuranceCurrency: 'CZK', insurancePrice: 60_000 });
  });

  it('picks the product by service and COD, sends the ParcelShop of a Smart parcel, refuses what PPL has not', () => {
    expect(shipmentBatchRequestOf(pplBooking()).shipments[0]).toMatchObject({ productType: 'BUSS' });
    expect(shipmentBatchRequestOf(pplBooking()).shipments[0]!.cashOnDelivery).toBeUndefined();
    const smart = shipmentBatchRequestOf(pplBooking({ serviceId: 'ppl-smart', deliveryPointId: 'KM10203040', cod: { value: 300, currency: 'CZK' } })).shipments[0]!;
    expect(smart).toMatchObject({ productType: 'SMAD', specificDelivery: { parcelShopCode: 'KM10203040' } });
    expect(shipmentBatchRequestOf(pplBooking({ serviceId: 'ppl-connect' })).shipments[0]!.productType).toBe('CONN');
    expect(() => shipmentBatchRequestOf(pplBooking({ serviceId: 'ppl-rocket' }))).toThrow(CarrierRefusedError);
    expect(variableSymbolOf('IZ2611270042')).toBe('2611270042');
  });

  it('maps a pickup order onto a collection order (its day, window, parcel count, note, the place)', () => {
    const req = orderBatchRequestOf(pplPickupOrder('2026-12-02', 'Zvonit u vrat'), 'ZS000111222333');
    expect(v.safeParse(orderBatchRequest, req).success).toBe(true);
    expect(req.orders[0]).toMatchObject({ orderType: 'CollectionOrder', referenceId: 'ZS000111222333', customerReference: 'ZS000111222333', shipmentCount: 4, sendDate: '2026-12-02T00:00:00Z', sendTimeFrom: '12:00', sendTimeTo: '16:00', note: 'Zvonit u vrat', sender: { name: 'Včelařství Dvořák s.r.o.', city: 'Brno' } });
  });
});

describe("PPL mapping: answers → our results", () => {
  it('reads tracking events oldest first; the raw status is the phase, mapped by the table, unknown phases kept raw', () => {
    const events = trackingEventsOf(
      [
        { statusId: 500, code: '500', phase: 'Delivered', eventDate: '2026-11-28T09:12:00Z', name: 'Doručeno' },
        { statusId: 100, code: '100', phase: 'Order', eventDate: '2026-11-27T08:00:00+01:00', name: 'Data přijata' },
        { statusId: 210, code: '210', phase: 'InTransport', eventDate: '2026-11-27T16:40:00Z' },
        { statusId: 777, code: '777', phase: 'Lost', eventDate: '2026-11-27T18:00:00Z' },
      ],
      '40123456789',
    );
    expect(events.map((e) => [e.rawStatus, e.time, ppl.trackingStatus(e.rawStatus)])).toEqual([
      ['Order', '2026-11-27T07:00:00.000Z', 'pending'],
      ['InTransport', '2026-11-27T16:40:00.000Z', 'in_transit'],
      ['Lost', '2026-11-27T18:00:00.000Z', 'unknown'],
      ['Delivered', '2026-11-28T09:12:00.000Z', 'delivered'],
    ]);
    expect(events[0]).toMatchObject({ eventId: '40123456789-100-2026-11-27T07:00:00.000Z', description: 'Data přijata' });
  });

  it('the phase table', () => {
    expect(['Order', 'InTransport', 'Delivering', 'PickupPoint', 'Delivered', 'CodPayed', 'Returning', 'BackToSender', 'Canceled'].map((p) => ppl.trackingStatus(p))).toEqual([
      'pending', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'delivered', 'return_to_sender', 'return_to_sender', 'cancelled',
    ]);
  });

  it('reads a problem: its code, else the first invalid field, with the detail or the field message', () => {
    expect(problemOf({ type: 'x', title: 'Bad Request', status: 400, code: 'ShipmentNotCancelable', detail: 'Already picked up.' }, 400)).toEqual({ code: 'ShipmentNotCancelable', message: 'Already picked up.' });
    expect(problemOf({ title: 'One or more validation errors occurred.', status: 400, errors: { 'shipments[0].recipient.zipCode': ['The field zipCode must be at most 10 characters.'] } }, 400)).toEqual({
      code: 'shipments[0].recipient.zipCode',
      message: 'shipments[0].recipient.zipCode: The field zipCode must be at most 10 characters.',
    });
    expect(problemOf('<html>', 403)).toEqual({ code: 'HTTP403', message: 'HTTP 403' });
  });
});

describe('PPL client over a fake PPL', () => {
  it('creates: token (form, scope myapi2), batch id from Location, import state, one PDF label per parcel', async () => {
    silence();
    const { seen, transport } = fakePpl(completedBatch(['40111111110', '40111111121']));
    const booked = await transport().create(pplBooking({ weights: [1, 2], trackingNumber: 'IZ2611271234' }), context);
    expect(booked.carrierRef).toBe('40111111110');
    expect(booked.packages!.map((p) => [p.carrierRef, p.label?.format, atob(p.label!.data).slice(0, 5)])).toEqual([
      ['40111111110', 'PDF', '%PDF-'],
      ['40111111121', 'PDF', '%PDF-'],
    ]);
    const tokenRequest = seen[0]!;
    expect(tokenRequest.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await tokenRequest.text()))).toEqual({ grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret', scope: 'myapi2' });
    expect(seen.slice(1).every((r) => r.headers.get('authorization') === 'Bearer tok-1')).toBe(true);
  });

  it('caches the token until it expires and renews it once on a 401', async () => {
    silence();
    let issued = 0;
    let refuseOnce = true;
    const { seen, transport } = fakePpl({
      'POST /login/getAccessToken': () => json({ access_token: `tok-${++issued}`, expires_in: 1800 }),
      'GET /shipment': (r) => {
        if (refuseOnce && r.headers.get('authorization') === 'Bearer tok-1') {
          refuseOnce = false;
          return json({ status: 401, title: 'Unauthorized' }, 401);
        }
        return json([]);
      },
    });
    const t = transport();
    const q = { carrierRef: '40111111110', trackingNumber: 'IZ1', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Praha', createdAt: new Date().toISOString() };
    expect(await t.track(q, new Date())).toEqual([]);
    expect(await t.track(q, new Date())).toEqual([]);
    expect(seen.filter((r) => r.url.endsWith('/login/getAccessToken'))).toHaveLength(2);
    expect(seen.filter((r) => r.url.includes('/shipment?'))).toHaveLength(3);
  });

  it('a batch item in error is a refusal with its code; a batch still processing is unavailable (the retry finds it first)', async () => {
    silence();
    const refused = fakePpl({
      ...completedBatch([]),
      'GET /shipment/batch/6f1c2b9e-0d4a-4e43-9d55-3c1f1b7a2a10': () => json({ items: [{ referenceId: 'IZ2611271234', importState: 'Error', errorCode: 'InvalidZipCode', errorMessage: 'Unknown zip code.' }] }),
    });
    const error = await refused.transport().create(pplBooking({ trackingNumber: 'IZ2611271234' }), context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefusedError);
    expect((error as CarrierRefusedError).code).toBe('InvalidZipCode');
    const slow = fakePpl({ ...completedBatch([]), 'GET /shipment/batch/6f1c2b9e-0d4a-4e43-9d55-3c1f1b7a2a10': () => json({ items: [{ referenceId: 'IZ2611271234', importState: 'InProcess' }] }) });
    await expect(slow.transport({ pollAttempts: 3 }).create(pplBooking({ trackingNumber: 'IZ2611271234' }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    expect(slow.seen.filter((r) => r.url.includes('/shipment/batch/'))).toHaveLength(3);
  });

  it('4xx problems are refusals with the code, 5xx and 429 unavailable, a refused token unavailable', async () => {
    silence();
    const cancel = (status: number, body: unknown) => fakePpl({ 'POST /login/getAccessToken': token, 'POST /shipment/40111111110/cancel': () => json(body, status) }).transport().cancel('40111111110', null, new Date(), 'ppl-business');
    const refused = await cancel(400, { status: 400, title: 'Bad Request', code: 'ShipmentNotCancelable', detail: 'Picked up.' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'CarrierRefusedError', code: 'ShipmentNotCancelable', message: 'PPL ShipmentNotCancelable: Picked up.' });
    await expect(cancel(503, { status: 503, title: 'Service Unavailable' })).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(cancel(429, {})).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(cancel(200, {})).resolves.toBeUndefined();
    const noToken = fakePpl({ 'POST /login/getAccessToken': () => json({ error: 'invalid_client' }, 401) });
    await expect(noToken.transport().cancel('40111111110', null, new Date(), 'ppl-business')).rejects.toThrow(/invalid_client/);
  });

  it('times out (15 s by default) even when the injected fetch ignores the signal', async () => {
    silence();
    const t = pplTransport({ baseUrl: BASE, clientId: 'id', clientSecret: 'secret', timeoutMs: 50, fetch: () => new Promise<Response>(() => {}) });
    const error = await t.cancel('40111111110', null, new Date(), 'ppl-business').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierUnavailableError);
    expect((error as Error).message).toMatch(/timed out/);
  });

  it('follows label URLs only under its own API root (the token goes with them)', async () => {
    silence();
    const { seen, transport } = fakePpl({
      ...completedBatch([]),
      'GET /shipment/batch/6f1c2b9e-0d4a-4e43-9d55-3c1f1b7a2a10': () => json({ items: [{ referenceId: 'IZ2611271234', shipmentNumber: '40111111110', importState: 'Complete', labelUrl: 'https://elsewhere.example/label.pdf' }] }),
    });
    const booked = await transport().create(pplBooking({ trackingNumber: 'IZ2611271234' }), context);
    expect(booked.packages).toEqual([{ carrierRef: '40111111110', label: null }]);
    expect(seen.some((r) => r.url.includes('elsewhere'))).toBe(false);
  });

  it('finds a lost booking by our reference (CustomerReferences), parcels in set order, cancelled ones left out', async () => {
    silence();
    const parcel = (n: string, i: number, state = 'DataShipment') => ({ shipmentNumber: n, shipmentState: state, shipmentSet: { masterShipmentNumber: '40111111110', shipmentsInSet: 2, shipmentInSetNumber: i } });
    const { seen, transport } = fakePpl({ 'POST /login/getAccessToken': token, 'GET /shipment': () => json([parcel('40111111121', 2), parcel('40111111110', 1), parcel('40999999990', 1, 'Canceled')]) });
    const found = await transport().find!(pplBooking({ trackingNumber: 'IZ2611271234' }), context);
    expect(found).toMatchObject({ carrierRef: '40111111110', packages: [{ carrierRef: '40111111110', label: null }, { carrierRef: '40111111121', label: null }] });
    const url = new URL(seen.at(-1)!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ CustomerReferences: 'IZ2611271234', Limit: '100', Offset: '0' });
  });

  it('orders a collection (order number from the order batch) and cancels it by its customer reference', async () => {
    silence();
    let sentReference = '';
    const { seen, transport } = fakePpl({
      'POST /login/getAccessToken': token,
      'POST /order/batch': async (r) => {
        sentReference = ((await r.json()) as { orders: { customerReference: string }[] }).orders[0]!.customerReference;
        return new Response(null, { status: 201, headers: { location: `${BASE}/order/batch/b-77` } });
      },
      'GET /order/batch/b-77': () => json({ items: [{ referenceId: sentReference, orderNumber: '5500012345', importState: 'Complete' }] }),
      'GET /order': () => json([{ orderNumber: '5500012345', customerReference: sentReference, orderState: 'Complete' }]),
      'POST /order/cancel': () => new Response(null, { status: 200 }),
    });
    const t = transport();
    const { carrierRef } = await t.orderPickup(pplPickupOrder('2026-12-02'), new Date());
    expect(carrierRef).toBe('5500012345');
    await t.cancelPickup(carrierRef, '2026-12-02', new Date());
    expect(new URL(seen.at(-1)!.url).searchParams.get('customerReference')).toBe(sentReference);
    await expect(t.orderPickup(pplPickupOrder('2026-12-02', '', 'regular'), new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });
});

describe('the PPL sandbox label', () => {
  it('is one A6 page with the parcel number under a Code 128 of it (bars as drawn by bwip), the parties and the COD', async () => {
    const bytes = await sandboxLabelPdf('40123456789', { index: 1, of: 2, weight: 2.5 }, { sender: ['Včelařství Dvořák s.r.o.', 'Brno'], recipient: ['Tomáš Černý', 'Korunní 8', '12000 Praha', 'CZ'], product: 'PPL Parcel CZ Business', productCode: 'BUSD', cod: '1250 CZK VS 2611270042', reference: 'IZ2611270042' });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([105, 148]);
    const content = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream)
      .map((s) => inflateSync(Buffer.from(s.contents)).toString('latin1'))
      .join('\n');
    const shown = [...content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1'));
    expect(shown).toEqual(expect.arrayContaining(['401 2345 6789', 'Tomas Cerny', 'DOBIRKA / COD 1250 CZK VS 2611270042', 'Ref: IZ2611270042']));
    let bars = 0;
    code128({ bcid: 'code128', text: '40123456789', scale: 1, height: 10, includetext: false }, barRectsDrawing(() => bars++, () => null, 'test'));
    expect(content.match(/ re\n/g)?.length).toBe(bars);
  });
});
