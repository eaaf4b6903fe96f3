import { env } from 'cloudflare:test';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { pragueNow } from '../../src/lib/calendar';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, type BookedShipment } from '../../src/server/carriers/booking';
import { dpd } from '../../src/server/carriers/dpd';
import { dpdTransport, parseDpdRef } from '../../src/server/carriers/dpd/client';
import { dpdTransportFor } from '../../src/server/carriers/dpd/config';
import { dpdRates } from '../../src/server/carriers/dpd/rates';
import { DPD_SANDBOX, SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/dpd/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { dpdBooking, dpdPickupOrder } from '../unit/dpd-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/dpd';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/_sandbox/carriers/dpd', '')}`);
  return sandbox.fetch(request, env);
};
const transport = (secrets: { token?: string; key?: string } = {}) =>
  dpdTransport({
    cz: { baseUrl: `${BASE}/cz`, ...DPD_SANDBOX.cz, apiToken: secrets.token ?? DPD_SANDBOX.cz.apiToken },
    sk: { url: `${BASE}/sk/shipment/json`, ...DPD_SANDBOX.sk, apiKey: secrets.key ?? DPD_SANDBOX.sk.apiKey },
    trackingUrl: `${BASE}/tracking`,
    sheet: dpdRates,
    fetch: appFetch,
  });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (id: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/dpd/_driver/pickup-scan/${id}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Praha', toCity: 'Brno', createdAt: new Date().toISOString() });
const pdfOf = (data: string) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
/** the strings a one-page PDF of standard fonts shows (`<hex> Tj`, WinAnsi) */
async function shownText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const text = streams.map((s) => {
    const stream = s instanceof PDFRawStream ? s : doc.context.lookup(s);
    return stream instanceof PDFRawStream ? Array.from(decodePDFRawStream(stream).decode(), (b) => String.fromCharCode(b)).join('') : '';
  }).join('');
  return [...text.matchAll(/<([0-9a-fA-F]*)>\s*Tj/g)].map(([, hex]) => hex!.match(/../g)?.map((h) => String.fromCharCode(parseInt(h, 16))).join('') ?? '').join(' | ');
}

vi.spyOn(console, 'info').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});
vi.setConfig({ testTimeout: 30_000 });

describe.each(['cz', 'sk'] as const)('DPD %s through its sandbox over HTTP', (territory) => {
  const booking = (o: Parameters<typeof dpdBooking>[0] = {}) => dpdBooking({ territory, ...o });

  it('books a two-package shipment: two 14-digit parcel numbers from the depot, a one-page PDF label each with its number', async () => {
    const booked = await transport().create(booking({ weights: [3, 12] }), context);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    const depot = DPD_SANDBOX[territory].depot;
    expect(numbers).toHaveLength(2);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^${depot}\\d{10}$`));
    expect(new Set(numbers).size).toBe(2);
    expect(parseDpdRef(booked.carrierRef)).toMatchObject({ territory, parcel: numbers[0] });
    for (const [i, p] of booked.packages!.entries()) {
      expect(p.label?.format).toBe('PDF');
      const bytes = pdfOf(p.label!.data);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      const text = await shownText(bytes);
      expect(text).toContain(`${numbers[i]!.slice(0, 4)} ${numbers[i]!.slice(4, 8)}`);
      expect(text).toContain(`${i + 1}/2`);
    }
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('cancels before the pickup scan; a second cancellation and one after the pickup scan are refused', async () => {
    const t = transport();
    const first = await t.create(booking({ weights: [1, 2] }), context);
    await t.cancel(first.carrierRef, first.pickupDate, new Date(), 'dpd-classic');
    await expect(t.cancel(first.carrierRef, first.pickupDate, new Date(), 'dpd-classic')).rejects.toBeInstanceOf(CarrierRefusedError);
    expect(await t.track(query(first), new Date(Date.now() + 3 * DAY))).toEqual([]);

    const second = await t.create(booking(), context);
    expect((await scan(second.packages![0]!.carrierRef)).status).toBe(204);
    const refused = await t.cancel(second.carrierRef, second.pickupDate, new Date(), 'dpd-classic').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect((refused as CarrierRefusedError).message).toMatch(/picked up/);
  });

  it('tracks in DPD scan codes that move over time, every parcel by its own number', async () => {
    const t = transport();
    const booked = await t.create(booking({ weights: [1, 1] }), context);
    expect(await t.track(query(booked), new Date())).toEqual([]);
    await scan(parseDpdRef(booked.carrierRef)!.key, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['15', '05', '10', '02', '03', '13']);
    expect(events.map((e) => dpd.trackingStatus(e.rawStatus))).toEqual(['picked_up', 'picked_up', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events.at(-1)).toMatchObject({ description: 'Delivered' });
    const second = await t.track({ ...query(booked), carrierRef: booked.packages![1]!.carrierRef }, new Date());
    expect(second.map((e) => e.rawStatus)).toEqual(['15', '05', '10', '02', '03', '13']);
  });

  it('orders a one-time pickup and cancels it; a cancelled one, a past day and a regular pickup are refused', async () => {
    const t = transport();
    const country = territory === 'cz' ? 'CZ' : 'SK';
    const tomorrow = pragueNow(new Date(Date.now() + DAY)).date;
    const { carrierRef } = await t.orderPickup(dpdPickupOrder(tomorrow, { country, note: 'Rampa 3' }), new Date());
    expect(carrierRef).toMatch(new RegExp(`^${country}:`));
    await t.cancelPickup(carrierRef, tomorrow, new Date());
    await expect(t.cancelPickup(carrierRef, tomorrow, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    const yesterday = pragueNow(new Date(Date.now() - DAY)).date;
    await expect(t.orderPickup(dpdPickupOrder(yesterday, { country }), new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup(dpdPickupOrder(tomorrow, { country, kind: 'regular' }), new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup(dpdPickupOrder(tomorrow, { country, note: SANDBOX_CARRIER_DOWN }), new Date())).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it("refuses what DPD refuses in its own shape; a carrier that is down or credentials it refuses are unavailable", async () => {
    const heavy = await transport().create(booking({ weights: [40] }), context).catch((e: unknown) => e);
    expect(heavy).toBeInstanceOf(CarrierRefusedError);
    expect((heavy as CarrierRefusedError).code).toBe(territory === 'cz' ? 'PARCEL_WEIGHT_EXCEEDED' : 'error');
    await expect(transport().create(booking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(transport({ token: 'wrong', key: 'wrong' }).create(booking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('a scan code outside the table stays raw and is unknown', async () => {
    const t = transport();
    const booked = await t.create(booking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(booked.packages![0]!.carrierRef, 30);
    const odd = (await t.track(query(booked), new Date())).find((e) => e.rawStatus === '99');
    expect(odd).toBeDefined();
    expect(dpd.trackingStatus(odd!.rawStatus)).toBe('unknown');
  });
});

describe("the DPD sandbox speaks each API's own shape", () => {
  it('DPD CZ: no or a wrong Bearer token is 401, an invalid body is a 400 with errorCode and the field', async () => {
    const post = (body: unknown, token?: string) => sandbox.request(`/_sandbox/carriers/dpd/cz/api/v1.1/shipments`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }, env);
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errors: [{ errorCode: 'UNAUTHORIZED' }] });
    const invalid = await post({ buCode: '015', customerId: DPD_SANDBOX.cz.customerId, shipments: [{ numOrder: 1 }] }, DPD_SANDBOX.cz.apiToken);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: [{ errorCode: 'VALIDATION_ERROR', errorMessage: expect.stringContaining('shipments.0') }] });
  });

  it('DPD SK: a refused security token is JSON-RPC error 103, invalid params −32602 with the element', async () => {
    const rpc = (params: unknown, method = 'create') => sandbox.request(`/_sandbox/carriers/dpd/sk/shipment/json`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 7 }), headers: { 'content-type': 'application/json' } }, env);
    expect(await (await rpc({ DPDSecurity: { SecurityToken: { ClientKey: 'x', Email: 'y' } } })).json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: 103, message: 'Access denied: invalid security token' } });
    const security = { DPDSecurity: { SecurityToken: { ClientKey: DPD_SANDBOX.sk.apiKey, Email: DPD_SANDBOX.sk.email } } };
    expect(await (await rpc({ ...security, shipment: [{ reference: 'x' }] })).json()).toMatchObject({ id: 7, error: { code: -32602, data: { element: expect.stringContaining('shipment.0') } } });
    expect(await (await rpc(security, 'teleport')).json()).toMatchObject({ error: { code: -32601 } });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials, a territory per its credentials', async () => {
    const local = dpdTransportFor({ ...env, LOCAL_DEV: '1' });
    const booked = await local!.create(dpdBooking({ territory: 'sk', weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => p.carrierRef)).toEqual([expect.stringMatching(/^0202\d{10}$/), expect.stringMatching(/^0202\d{10}$/)]);
    expect(dpdTransportFor({ ...env, LOCAL_DEV: undefined })).toBeNull();
    expect(dpdTransportFor({ ...env, LOCAL_DEV: undefined, DPD_CZ_API_TOKEN: 't', DPD_CZ_CUSTOMER_ID: 'c', DPD_CZ_SENDER_ADDRESS_ID: 'a' })).not.toBeNull();
  });

  it('the site serves the DPD sandbox under /_sandbox/carriers/dpd only in local development', async () => {
    const track = (extra: Record<string, undefined> = {}) => browser().call('GET', '/_sandbox/carriers/dpd/tracking/rest/plc/cs_CZ/13810000000000', undefined, {}, extra);
    const local = await track();
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual({ parcellifecycleResponse: { parcelLifeCycleData: null } });
    // deployed, the path is just a page of the site: no DPD sandbox answers
    const deployed = await track({ LOCAL_DEV: undefined });
    expect(deployed.headers.get('content-type')).not.toContain('application/json');
    expect(await deployed.text()).not.toContain('parcellifecycleResponse');
  });
});
