import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addWorkingDays, pragueNow } from '../../src/lib/calendar';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, type BookedShipment } from '../../src/server/carriers/booking';
import { ppl } from '../../src/server/carriers/ppl';
import { pplTransport } from '../../src/server/carriers/ppl/client';
import { pplTransportFor } from '../../src/server/carriers/ppl/config';
import { pplRates } from '../../src/server/carriers/ppl/rates';
import { PPL_SANDBOX_CLIENT_ID, PPL_SANDBOX_CLIENT_SECRET, SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/ppl/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { pplBooking, pplPickupOrder } from '../unit/ppl-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/ppl';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace('/_sandbox/carriers/ppl', '')}`);
  return sandbox.fetch(request, env);
};
const transport = (clientSecret = PPL_SANDBOX_CLIENT_SECRET) => pplTransport({ baseUrl: BASE, clientId: PPL_SANDBOX_CLIENT_ID, clientSecret, sheet: pplRates, fetch: appFetch, pollIntervalMs: 1 });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (n: string, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/ppl/_driver/pickup-scan/${n}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment, carrierRef = booked.carrierRef) => ({ carrierRef, trackingNumber: 'IZ2611270001', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'Praha', createdAt: new Date().toISOString() });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as CarrierRefusedError);
const nextWorkingDay = () => addWorkingDays(pragueNow(new Date()).date, 1, 'cz');

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('PPL through its sandbox over HTTP', () => {
  it('books a two-parcel set: two 11-digit numbers, a one-page PDF label each with its own barcode, the first is the shipment number', async () => {
    const booked = await transport().create(pplBooking({ weights: [3, 12] }), context);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) expect(n).toMatch(/^\d{11}$/);
    expect(booked.carrierRef).toBe(numbers[0]);
    for (const p of booked.packages!) {
      expect(p.label?.format).toBe('PDF');
      const pdf = await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)));
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(`PPL ${p.carrierRef}`);
    }
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('asks for a token once and reuses it; the batch id comes from the Location header', async () => {
    calls.length = 0;
    const t = transport();
    await t.create(pplBooking(), context);
    await t.create(pplBooking(), context);
    expect(calls.filter((c) => c.endsWith('/login/getAccessToken'))).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /shipment/batch')).toHaveLength(2);
    expect(calls.filter((c) => /^GET \/shipment\/batch\/[\w-]+$/.test(c))).toHaveLength(2);
    expect(calls.filter((c) => c.startsWith('GET /data/'))).toHaveLength(2);
  });

  it('wrong credentials: PPL is unavailable (our configuration), not a refusal of the shipment', async () => {
    await expect(transport('wrong').create(pplBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('refuses what PPL refuses with its code (a batch item in error): an unknown zip code, a parcel over the weight limit, a Smart parcel without its ParcelShop; a carrier that is down is unavailable', async () => {
    const invalid = await refusal(transport().create(pplBooking({ toZip: '1200' }), context));
    expect(invalid).toBeInstanceOf(CarrierRefusedError);
    expect(invalid!.code).toBe('InvalidZipCode');
    const heavy = await refusal(transport().create(pplBooking({ weights: [40] }), context));
    expect(heavy).toBeInstanceOf(CarrierRefusedError);
    expect(heavy!.code).toBe('WeightExceeded');
    const smart = await refusal(transport().create(pplBooking({ serviceId: 'ppl-smart' }), context));
    expect(smart!.code).toBe('ParcelShopRequired');
    await expect(transport().create(pplBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('books COD (BUSD with the variable symbol) and a ParcelShop delivery (SMAR)', async () => {
    const cod = await transport().create(pplBooking({ cod: { value: 1250, currency: 'CZK' }, trackingNumber: 'IZ2611279876' }), context);
    expect(cod.carrierRef).toMatch(/^\d{11}$/);
    const smart = await transport().create(pplBooking({ serviceId: 'ppl-smart', deliveryPointId: 'KM12345678' }), context);
    expect(smart.packages).toHaveLength(1);
  });

  it('cancels before the pickup scan; a second cancel is refused, and the track shows the cancellation', async () => {
    const t = transport();
    const booked = await t.create(pplBooking({ weights: [1, 2] }), context);
    await t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ppl-business');
    expect((await refusal(t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ppl-business')))!.code).toBe('ShipmentAlreadyCanceled');
    const events = await t.track(query(booked), new Date(Date.now() + DAY));
    expect(events.map((e) => ppl.trackingStatus(e.rawStatus))).toEqual(['pending', 'cancelled']);
  });

  it('refuses to cancel once the driver has picked it up', async () => {
    const t = transport();
    const booked = await t.create(pplBooking(), context);
    expect((await scan(booked.carrierRef)).status).toBe(204);
    const refused = await refusal(t.cancel(booked.carrierRef, booked.pickupDate, new Date(), 'ppl-business'));
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused!.code).toBe('ShipmentNotCancelable');
  });

  it("tracks in PPL's phases that move over time, mapped through the PPL table, each parcel by its own number", async () => {
    const t = transport();
    const booked = await t.create(pplBooking({ weights: [1, 1] }), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['Order']);
    await scan(booked.carrierRef, 30);
    const events = await t.track(query(booked), new Date());
    expect(events.map((e) => e.rawStatus)).toEqual(['Order', 'InTransport', 'InTransport', 'Delivering', 'Delivered']);
    expect(events.map((e) => ppl.trackingStatus(e.rawStatus))).toEqual(['pending', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    const second = await t.track(query(booked, booked.packages![1]!.carrierRef), new Date());
    expect(second.map((e) => e.rawStatus)).toEqual(['Order', 'InTransport', 'InTransport', 'Delivering', 'Delivered']);
    expect(await t.track(query(booked, '40000000000'), new Date())).toEqual([]);
  });

  it('a phase outside the table stays raw and is unknown', async () => {
    const t = transport();
    const booked = await t.create(pplBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(booked.carrierRef, 30);
    const odd = (await t.track(query(booked), new Date())).find((e) => e.rawStatus === 'SandboxPhase');
    expect(odd).toBeDefined();
    expect(ppl.trackingStatus(odd!.rawStatus)).toBe('unknown');
  });

  it('finds a booking by our reference when the answer was lost, and none for a reference never booked or cancelled', async () => {
    const t = transport();
    const booking = pplBooking({ weights: [2, 4, 6] });
    const booked = await t.create(booking, context);
    const found = await t.find!(booking, context);
    expect(found?.carrierRef).toBe(booked.carrierRef);
    expect(found?.packages?.map((p) => p.carrierRef)).toEqual(booked.packages!.map((p) => p.carrierRef));
    expect(await t.find!(pplBooking({ trackingNumber: 'IZ2611200000' }), context)).toBeNull();
    await t.cancel(booked.carrierRef, null, new Date(), 'ppl-business');
    expect(await t.find!(booking, context)).toBeNull();
  });

  it('orders a collection (PPL order number) and cancels it; a cancelled one cannot be cancelled again; past days and regular pickups are refused', async () => {
    const t = transport();
    const day = nextWorkingDay();
    const { carrierRef } = await t.orderPickup(pplPickupOrder(day, 'Zvonit u vrat'), new Date());
    expect(carrierRef).toMatch(/^\d{10}$/);
    await t.cancelPickup(carrierRef, day, new Date());
    expect((await refusal(t.cancelPickup(carrierRef, day, new Date())))!.code).toBe('OrderAlreadyCanceled');
    const yesterday = pragueNow(new Date(Date.now() - DAY)).date;
    expect((await refusal(t.orderPickup(pplPickupOrder(yesterday), new Date())))!.code).toBe('SendDateNotAllowed');
    await expect(t.orderPickup(pplPickupOrder(day, '', 'regular'), new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup(pplPickupOrder(day, SANDBOX_CARRIER_DOWN), new Date())).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('the sandbox checks tokens and answers problems: no valid Bearer token is 401, an invalid batch 400 with the fields', async () => {
    const forged = await sandbox.request('/_sandbox/carriers/ppl/shipment?ShipmentNumbers=40000000000&Limit=1&Offset=0', { headers: { authorization: 'Bearer forged.token' } }, env);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: PPL_SANDBOX_CLIENT_ID, client_secret: PPL_SANDBOX_CLIENT_SECRET, scope: 'myapi2' });
    const token = (await (await sandbox.request('/_sandbox/carriers/ppl/login/getAccessToken', { method: 'POST', body: form }, env)).json()) as { access_token: string; expires_in: number };
    expect(token.expires_in).toBe(1800);
    const invalid = await sandbox.request('/_sandbox/carriers/ppl/shipment/batch', { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ shipments: [{ referenceId: 'X', productType: 'BUSS' }] }) }, env);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toContain('application/problem+json');
    expect(await invalid.json()).toMatchObject({ status: 400, errors: { 'shipments[0].recipient': [expect.any(String)] } });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials', async () => {
    const local = pplTransportFor({ ...env, LOCAL_DEV: '1', PPL_CLIENT_ID: undefined });
    const booked = await local!.create(pplBooking({ weights: [1, 2] }), context);
    expect(booked.packages!.map((p) => /^\d{11}$/.test(p.carrierRef) && p.label?.format === 'PDF')).toEqual([true, true]);
    expect(pplTransportFor({ ...env, LOCAL_DEV: undefined, PPL_CLIENT_ID: undefined })).toBeNull();
    expect(pplTransportFor({ ...env, LOCAL_DEV: undefined, PPL_CLIENT_ID: 'id', PPL_CLIENT_SECRET: 'secret' })).not.toBeNull();
  });

  it('the site serves the PPL sandbox under /_sandbox/carriers/ppl only in local development', async () => {
    const tokenCall = (extra: Record<string, undefined> = {}) =>
      browser().call('POST', '/_sandbox/carriers/ppl/login/getAccessToken', new URLSearchParams({ grant_type: 'client_credentials', client_id: PPL_SANDBOX_CLIENT_ID, client_secret: PPL_SANDBOX_CLIENT_SECRET }), {}, extra);
    const local = await tokenCall();
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ token_type: 'Bearer', expires_in: 1800 });
    const deployed = await tokenCall({ LOCAL_DEV: undefined });
    expect(deployed.status).not.toBe(200);
    expect(await deployed.text()).not.toContain('access_token');
  });
});
