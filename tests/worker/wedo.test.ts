import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { wedo } from '../../src/server/carriers/wedo';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER, type BookedShipment } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { wedoTransport, type WedoConfig } from '../../src/server/carriers/wedo/client';
import { wedoTransportFor } from '../../src/server/carriers/wedo/config';
import { wedoRates } from '../../src/server/carriers/wedo/rates';
import { isWedoBarcode, isWedoOrderNumber, SANDBOX_UNKNOWN_STATUS, WEDO_API_PATH, WEDO_SANDBOX_KEY, WEDO_SANDBOX_USER } from '../../src/server/carriers/wedo/sandbox';
import { addWorkingDays, pragueNow } from '../../src/lib/calendar';
import { wedoBooking } from '../unit/wedo-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const PREFIX = '/_sandbox/carriers/wedo';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace(PREFIX, '')}`);
  return sandbox.fetch(request, env);
};
const config = (over: Partial<WedoConfig> = {}): WedoConfig => ({
  baseUrl: `http://localhost${PREFIX}${WEDO_API_PATH}`,
  user: WEDO_SANDBOX_USER,
  apiKey: WEDO_SANDBOX_KEY,
  sheet: wedoRates,
  fetch: appFetch,
  timeoutMs: 60_000,
  ...over,
});
const transport = (over: Partial<WedoConfig> = {}) => wedoTransport(config(over));
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const scan = (order: string, hoursAgo = 0) => sandbox.request(`${PREFIX}/_driver/pickup-scan/${order}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270042', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Brno', toCity: 'České Budějovice', createdAt: new Date().toISOString() });
const row = (order: string) => env.DB.prepare('SELECT * FROM sandbox_wedo_packages WHERE order_number = ?').bind(order).first<Record<string, unknown>>();
const basic = `Basic ${btoa(`${WEDO_SANDBOX_USER}:${WEDO_SANDBOX_KEY}`)}`;
const api = (path: string, init: RequestInit = {}, auth = basic) => sandbox.request(`${PREFIX}${WEDO_API_PATH}${path}`, { ...init, headers: { authorization: auth, 'content-type': 'application/json', ...init.headers } }, env);
const unique = () => `IZ${Date.now().toString().slice(-10)}`;

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('One by Allegro (WE|DO) through its sandbox over HTTP', () => {
  it('books a two-package Home shipment: an order number, one barcode per package, one single-page A6 PDF label each', async () => {
    calls.length = 0;
    const booked = await transport().create(wedoBooking({ weights: [3, 12], cod: { value: 1250, currency: 'CZK' } }), context);
    expect(isWedoOrderNumber(booked.carrierRef)).toBe(true);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    expect(numbers).toHaveLength(2);
    expect(numbers.every(isWedoBarcode)).toBe(true);
    expect(new Set(numbers).size).toBe(2);
    for (const p of booked.packages!) {
      expect(p.label!.format).toBe('PDF');
      const pdf = await PDFDocument.load(Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0)));
      expect(pdf.getPageCount()).toBe(1);
    }
    expect(calls).toEqual([`POST ${WEDO_API_PATH}/package`, `GET ${WEDO_API_PATH}/package/${booked.carrierRef}/labels.pdf`]);
    expect(await row(booked.carrierRef)).toMatchObject({ product: 'M-24-CZ', reference: 'IZ2611270042', point: null, collected_at: null, deleted_at: null });
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('books a Box shipment to the box of our parcel point (a locker: product BOX) and to a pick-up point (a shop: product PUP)', async () => {
    const locker = await env.DB.prepare("SELECT p.id FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'wedo' AND p.kind = 'locker' LIMIT 1").first<{ id: string }>();
    const shop = await env.DB.prepare("SELECT p.id FROM parcel_points p JOIN parcel_point_carriers c ON c.point_id = p.id WHERE c.carrier = 'wedo' AND p.kind = 'shop' LIMIT 1").first<{ id: string }>();
    const local = wedoTransportFor({ ...env, LOCAL_DEV: '1' } as never)!;
    const toBox = await local.create(wedoBooking({ serviceId: 'wedo-box', deliveryPointId: locker!.id }), context);
    expect(await row(toBox.carrierRef)).toMatchObject({ product: 'BOX', point: locker!.id });
    if (shop) {
      const toPoint = await local.create(wedoBooking({ serviceId: 'wedo-box', deliveryPointId: shop.id }), context);
      expect(await row(toPoint.carrierRef)).toMatchObject({ product: 'PUP', point: shop.id });
    }
  });

  it('storno before the courier has the package is accepted; after the pickup scan WE|DO refuses it (sent, with the carrier)', async () => {
    const t = transport();
    const first = await t.create(wedoBooking(), context);
    await t.cancel(first.carrierRef, first.pickupDate, new Date(), 'wedo-home');
    expect(await row(first.carrierRef)).toMatchObject({ deleted_at: expect.any(String) });
    const second = await t.create(wedoBooking(), context);
    expect((await scan(second.carrierRef)).status).toBe(204);
    const refused = await t.cancel(second.carrierRef, second.pickupDate, new Date(), 'wedo-home').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'PACKAGE_SENT', refusal: 'with_carrier' });
  });

  it('tracks WE|DO’s last state as it moves over time, mapped through the table; an unknown state is kept raw', async () => {
    const t = transport();
    const booked = await t.create(wedoBooking(), context);
    expect((await t.track(query(booked), new Date())).map((e) => e.rawStatus)).toEqual(['CREATED']);
    await scan(booked.carrierRef, 6);
    const [moved] = await t.track(query(booked), new Date());
    expect(moved).toMatchObject({ rawStatus: 'IN_TRANSPORT', eventId: `${booked.carrierRef}-3` });
    expect(wedo.trackingStatus(moved!.rawStatus)).toBe('in_transit');
    await scan(booked.carrierRef, 30);
    expect((await t.track(query(booked), new Date()))[0]!.rawStatus).toBe('DELIVERED');
    const odd = await t.create(wedoBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(odd.carrierRef, 5.5);
    const [unknown] = await t.track(query(odd), new Date());
    expect(unknown!.rawStatus).toBe('SORTED_AT_HUB');
    expect(wedo.trackingStatus('SORTED_AT_HUB')).toBe('unknown');
    expect(await t.track({ ...query(booked), carrierRef: '99W00000000' }, new Date())).toEqual([]);
  });

  it('refuses what WE|DO refuses with its error_code (403); a carrier that is down is unavailable', async () => {
    const refused = await transport().create(wedoBooking({ weights: [31] }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'INVALID_WEIGHT' });
    await expect(transport().create(wedoBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('finds a booking whose answer was lost by our reference, with its barcodes and labels; none for a reference it never booked', async () => {
    const t = transport();
    const trackingNumber = unique();
    const lost = await t.create(wedoBooking({ weights: [1, 2], reference: SANDBOX_LOSE_ANSWER, trackingNumber }), context).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(CarrierUnavailableError);
    const found = await t.find!(wedoBooking({ weights: [1, 2], trackingNumber }), context);
    expect(found!.packages).toHaveLength(2);
    expect(found!.packages!.every((p) => isWedoBarcode(p.carrierRef) && p.label?.format === 'PDF')).toBe(true);
    expect(await row(found!.carrierRef)).toMatchObject({ reference: trackingNumber });
    expect(await t.find!(wedoBooking({ trackingNumber: 'IZ0000000001' }), context)).toBeNull();
  });

  it('orders a one-time pickup and cancels it before its day; refuses a regular one, a past day and a pickup of its day; down is unavailable', async () => {
    const t = transport();
    const today = pragueNow(new Date()).date;
    const date = addWorkingDays(today, 2, 'cz');
    const order = { kind: 'one_time' as const, date, weekdays: null, window: { from: '09:00', to: '12:00' }, place: wedoBooking().sender, parcelCount: 2, note: '' };
    const pickup = await t.orderPickup(order, new Date());
    expect(pickup.carrierRef).toMatch(/^I\d{5}$/);
    await t.cancelPickup(pickup.carrierRef, date, new Date());
    await expect(t.cancelPickup(pickup.carrierRef, date, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup({ ...order, kind: 'regular', weekdays: [1, 3] }, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
    await expect(t.orderPickup({ ...order, date: '2020-01-06' }, new Date())).rejects.toMatchObject({ code: 'INVALID_PICKUP_DATE' });
    await expect(t.orderPickup({ ...order, note: SANDBOX_CARRIER_DOWN }, new Date())).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('checks HTTP Basic credentials: 401 in WE|DO’s error shape; the client reports the carrier unavailable', async () => {
    const res = await api('/package', {}, `Basic ${btoa(`${WEDO_SANDBOX_USER}:wrong`)}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: 'UNAUTHORIZED' });
    await expect(transport({ apiKey: 'wrong' }).create(wedoBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('validates requests: malformed JSON is 400, invalid data 403 with the fields in detail', async () => {
    expect((await api('/package', { method: 'POST', body: '{' })).status).toBe(400);
    const res = await api('/package', { method: 'POST', body: JSON.stringify({ receiver: { name: 'X', street: 'Y 1', city: 'Z', postal_code: '1100', state: 'CZ' }, package_count: 1, weight: 1, value: 0, product: 'M-24-CZ' }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: 'INVALID_DATA', detail: [expect.stringContaining('receiver.postal_code')] });
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials, WE|DO with them', () => {
    expect(wedoTransportFor({ ...env, LOCAL_DEV: '1' } as never)).not.toBeNull();
    expect(wedoTransportFor({ ...env, LOCAL_DEV: undefined } as never)).toBeNull();
    expect(wedoTransportFor({ ...env, LOCAL_DEV: undefined, WEDO_API_USER: 'u', WEDO_API_KEY: 'k' } as never)).not.toBeNull();
  });

  it('the site serves the WE|DO sandbox under /_sandbox/carriers/wedo only in local development', async () => {
    const path = `${PREFIX}${WEDO_API_PATH}/package/99W00000000`;
    const local = await browser().call('DELETE', path, undefined, { authorization: basic });
    expect(local.status).toBe(404);
    expect(await local.json()).toMatchObject({ error_code: 'NOT_FOUND' });
    const deployed = await browser().call('DELETE', path, undefined, { authorization: basic }, { LOCAL_DEV: undefined });
    expect([404, 405]).toContain(deployed.status);
    expect(await deployed.text()).not.toContain('NOT_FOUND');
  });
});
