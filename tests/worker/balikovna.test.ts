import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { balikovna } from '../../src/server/carriers/balikovna';
import { balikovnaTransport, signatureHeaders, type BalikovnaConfig } from '../../src/server/carriers/balikovna/client';
import { balikovnaTransportFor } from '../../src/server/carriers/balikovna/config';
import { balikovnaRates } from '../../src/server/carriers/balikovna/rates';
import {
  CPOST_SANDBOX_API_TOKEN,
  CPOST_SANDBOX_CUSTOMER_ID,
  CPOST_SANDBOX_LOCATION,
  CPOST_SANDBOX_POST_CODE,
  CPOST_SANDBOX_SECRET_KEY,
  isValidParcelCode,
  ZSK_PATH,
} from '../../src/server/carriers/balikovna/sandbox';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, type BookedShipment } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { cpostBooking } from '../unit/balikovna-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const PREFIX = '/_sandbox/carriers/balikovna';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace(PREFIX, '')}`);
  return sandbox.fetch(request, env);
};
const config = (over: Partial<BalikovnaConfig> = {}): BalikovnaConfig => ({
  baseUrl: `http://localhost${PREFIX}${ZSK_PATH}`,
  apiToken: CPOST_SANDBOX_API_TOKEN,
  secretKey: CPOST_SANDBOX_SECRET_KEY,
  customerId: CPOST_SANDBOX_CUSTOMER_ID,
  postCode: CPOST_SANDBOX_POST_CODE,
  locationNumber: CPOST_SANDBOX_LOCATION,
  sheet: balikovnaRates,
  fetch: appFetch,
  // the first call loads the sandbox's PDF code (slow in a cold test worker)
  timeoutMs: 60_000,
  ...over,
});
const transport = (over: Partial<BalikovnaConfig> = {}) => balikovnaTransport(config(over));
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const scan = (code: string, hoursAgo = 0) => sandbox.request(`${PREFIX}/_post-office/acceptance-scan/${code}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'České Budějovice', createdAt: new Date().toISOString() });
const parcelRow = (code: string) => env.DB.prepare('SELECT * FROM sandbox_cpost_parcels WHERE parcel_code = ?').bind(code).first<Record<string, unknown>>();
const keys = { apiToken: CPOST_SANDBOX_API_TOKEN, secretKey: CPOST_SANDBOX_SECRET_KEY };
const signedPost = async (path: string, body: unknown, over: Partial<typeof keys> = {}) => {
  const json = JSON.stringify(body);
  const headers = await signatureHeaders({ ...keys, ...over }, json, Math.floor(Date.now() / 1000), crypto.randomUUID());
  return sandbox.request(`${PREFIX}${ZSK_PATH}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: json }, env);
};

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('Balíkovna (Česká pošta) through its sandbox over HTTP', () => {
  it('books a two-parcel Do ruky consignment: two valid DR codes, one single-page PDF label each, kept in D1 as one consignment', async () => {
    calls.length = 0;
    const booked = await transport().create(cpostBooking({ weights: [3, 12] }), context);
    const codes = booked.packages!.map((p) => p.carrierRef);
    expect(codes).toHaveLength(2);
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) expect(code).toMatch(/^DR\d{10}U$/);
    expect(codes.every(isValidParcelCode)).toBe(true);
    expect(booked.carrierRef).toBe(codes[0]);
    for (const p of booked.packages!) {
      expect(p.label!.format).toBe('PDF');
      const pdf = await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)));
      expect(pdf.getPageCount()).toBe(1);
    }
    // the labels came in parcelService's own answer (no parcelPrinting needed)
    expect(calls).toEqual([`POST ${ZSK_PATH}/parcelService`]);
    expect(await parcelRow(codes[1]!)).toMatchObject({ consignment: codes[0], sequence: 2, quantity: 2, prefix: 'DR', accepted_at: null });
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('books a Balíkovna parcel to the point of our parcel-point id (its code resolved from D1) through the local transport', async () => {
    const point = await env.DB.prepare("SELECT id, zip FROM parcel_points WHERE id LIKE 'balikovna-%' LIMIT 1").first<{ id: string; zip: string }>();
    const local = balikovnaTransportFor({ ...env, LOCAL_DEV: '1' } as never)!;
    const booked = await local.create(cpostBooking({ serviceId: 'balikovna-na-balikovnu', deliveryPointId: point!.id }), context);
    expect(booked.carrierRef).toMatch(/^NB\d{10}U$/);
    expect(await parcelRow(booked.carrierRef)).toMatchObject({ prefix: 'NB', point_code: point!.zip.replace(/\s/g, '') });
  });

  it('storno before the hand-in is accepted; once the post office has the consignment it is refused with the state that shows it', async () => {
    const t = transport();
    const booked = await t.create(cpostBooking({ weights: [1, 2] }), context);
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'balikovna-do-ruky');
    expect((await scan(booked.packages![1]!.carrierRef)).status).toBe(204);
    const refused = await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'balikovna-do-ruky').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '21', message: expect.stringContaining('handed in') });
  });

  it('tracks in Česká pošta event ids that move over time, mapped through the table; each part by its own code', async () => {
    const t = transport();
    const booked = await t.create(cpostBooking({ weights: [1, 1] }), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['-M']);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['-M', '21', '-B', '53', '91']);
    expect(events.map((e) => balikovna.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[1]).toMatchObject({ location: 'Pošta Brno', description: 'Zásilka převzata do přepravy.' });
    const second = await t.track({ ...query(booked), carrierRef: booked.packages![1]!.carrierRef }, new Date());
    expect(second.map((e) => e.rawStatus)).toEqual(['-M', '21', '-B', '53', '91']);
  });

  it("refuses what Česká pošta refuses with its code (HTTP 200, BATCH_INVALID); a carrier that is down is unavailable", async () => {
    const refused = await transport().create(cpostBooking({ weights: [31] }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '104', message: 'Česká pošta 104 INVALID_WEIGHT' });
    await expect(transport().create(cpostBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('pickups are refused (Balíkovna parcels are handed in); a lost answer cannot be looked up (no find)', async () => {
    const t = transport();
    const order = { kind: 'one_time' as const, date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '12:00' }, place: cpostBooking().sender, parcelCount: 1, note: SANDBOX_CARRIER_DOWN };
    await expect(t.orderPickup(order, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    expect(t.find).toBeUndefined();
  });

  it('checks signatures: a wrong key gets 401 in the Error array; the client reports the carrier unavailable', async () => {
    const res = await signedPost('/parcelStatus', { parcelIds: ['DR1234567894U'] }, { secretKey: 'bm90LXRoZS1rZXk=' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual([expect.objectContaining({ code: -10, status: '401', message: 'Unauthorized: The signature does not match.' })]);
    await expect(transport({ apiToken: 'e1c0ffee-0000-4000-8000-000000000000' }).create(cpostBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    // a nonce is good once (kept in D1): the same signed request again is refused
    const json = JSON.stringify({ parcelIds: ['DR1234567894U'] });
    const headers = await signatureHeaders(keys, json, Math.floor(Date.now() / 1000), crypto.randomUUID());
    const replay = () => sandbox.request(`${PREFIX}${ZSK_PATH}/parcelStatus`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: json }, env);
    expect((await replay()).status).toBe(404);
    const replayed = await replay();
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual([expect.objectContaining({ message: 'Unauthorized: The nonce has been used before.' })]);
  });

  it('validates requests against the definition: 400 with the Error array naming the field', async () => {
    const res = await signedPost('/parcelService', { parcelServiceHeader: { parcelServiceHeaderCom: { transmissionDate: '27.11.2026' } } });
    expect(res.status).toBe(400);
    const [error] = (await res.json()) as { code: number; status: string; message: string }[];
    expect(error).toMatchObject({ code: -20, status: '400', message: expect.stringContaining('parcelServiceHeader.parcelServiceHeaderCom.transmissionDate') });
    // parcelPrinting of a code the sandbox does not know
    const printed = await signedPost('/parcelPrinting', { printingHeader: { customerID: CPOST_SANDBOX_CUSTOMER_ID, idForm: 101, shiftHorizontal: 0, shiftVertical: 0 }, printingData: ['DR0000000005U'] });
    expect(await printed.json()).toMatchObject({ printingHeaderResult: { printingStatusResponse: { responseCode: 100, responseText: 'INVALID_PARCEL_CODE' } } });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials, Česká pošta with them', () => {
    expect(balikovnaTransportFor({ ...env, LOCAL_DEV: '1' } as never)).not.toBeNull();
    expect(balikovnaTransportFor({ ...env, LOCAL_DEV: undefined } as never)).toBeNull();
    expect(balikovnaTransportFor({ ...env, LOCAL_DEV: undefined, CPOST_API_TOKEN: 't', CPOST_SECRET_KEY: 's', CPOST_CUSTOMER_ID: 'U1', CPOST_POST_CODE: '11000' } as never)).not.toBeNull();
  });

  it('the site serves the Česká pošta sandbox under /_sandbox/carriers/balikovna only in local development', async () => {
    const body = { parcelIds: ['DR1234567894U'] };
    const signed = async () => signatureHeaders(keys, JSON.stringify(body), Math.floor(Date.now() / 1000), crypto.randomUUID());
    const path = `${PREFIX}${ZSK_PATH}/parcelStatus`;
    const local = await browser().call('POST', path, body, await signed());
    // signed and served: the parcel is just unknown
    expect(local.status).toBe(404);
    expect(await local.json()).toEqual([expect.objectContaining({ status: '404', message: 'Parcel not found.' })]);
    const deployed = await browser().call('POST', path, body, await signed(), { LOCAL_DEV: undefined });
    expect([404, 405]).toContain(deployed.status);
    expect(await deployed.text()).not.toContain('Parcel not found');
  });
});
