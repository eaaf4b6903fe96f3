import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER, type BookedShipment } from '../../src/server/carriers/booking';
import { gls } from '../../src/server/carriers/gls';
import { glsPasswordHash, glsTransport, parseGlsRef } from '../../src/server/carriers/gls/client';
import { glsTransportFor } from '../../src/server/carriers/gls/config';
import { glsRates } from '../../src/server/carriers/gls/rates';
import { GLS_SANDBOX, glsCheckDigit, SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/gls/sandbox';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { shownText } from './pdf-shown';
import { glsBooking, type GlsBookingOptions } from '../unit/gls-fixtures';
import { browser } from './client';

const sandbox = createSandboxApp();
const BASE = 'http://localhost/_sandbox/carriers/gls';
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(new URL(request.url).pathname.replace('/_sandbox/carriers/gls', ''));
  return sandbox.fetch(request, env);
};
const transport = (password?: string) =>
  glsTransport({
    cz: { baseUrl: `${BASE}/cz`, ...GLS_SANDBOX.cz, ...(password ? { password } : {}) },
    sk: { baseUrl: `${BASE}/sk`, ...GLS_SANDBOX.sk },
    sheet: glsRates,
    fetch: appFetch,
  });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const DAY = 86_400_000;
const scan = (parcelId: number, hoursAgo = 0) => sandbox.request(`/_sandbox/carriers/gls/_driver/pickup-scan/${parcelId}?hoursAgo=${hoursAgo}`, { method: 'POST' }, env);
const query = (booked: BookedShipment, toParcelPoint = false) => ({ carrierRef: booked.carrierRef, trackingNumber: 'IZ2611270077', pickupDate: null, deliveryDate: null, toParcelPoint, fromCity: 'Praha', toCity: 'Brno', createdAt: new Date().toISOString() });
const pdfOf = (data: string) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
const later = (days: number) => new Date(Date.now() + days * DAY);

vi.spyOn(console, 'info').mockImplementation(() => {});
vi.spyOn(console, 'warn').mockImplementation(() => {});
vi.setConfig({ testTimeout: 30_000 });

describe.each(['cz', 'sk'] as const)('GLS %s (MyGLS) through its sandbox over HTTP', (territory) => {
  const booking = (o: GlsBookingOptions = {}) => glsBooking({ territory, ...o });

  it('books a two-package parcel: an 11-digit parcel number per piece and a one-page PDF label each with its number', async () => {
    calls.length = 0;
    const booked = await transport().create(booking({ weights: [3, 12] }), context);
    expect(calls).toEqual([`/${territory}/ParcelService.svc/json/PrintLabels`]);
    const numbers = booked.packages!.map((p) => p.carrierRef);
    expect(numbers).toHaveLength(2);
    for (const n of numbers) expect(n).toMatch(/^\d{11}$/);
    expect(new Set(numbers).size).toBe(2);
    expect(parseGlsRef(booked.carrierRef)).toMatchObject({ territory, parcelNumber: numbers[0] });
    for (const [i, p] of booked.packages!.entries()) {
      expect(p.label?.format).toBe('PDF');
      const bytes = pdfOf(p.label!.data);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      const text = await shownText(bytes);
      expect(text).toContain(`${numbers[i]}${glsCheckDigit(numbers[i]!)}`);
      expect(text).toContain(`${i + 1}/2`);
      expect(text).toContain('FDS FSS');
    }
    expect(booked.pickupDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('delivers to a ParcelShop (PSD) with COD; PSD without a contact is refused with GLS’s code', async () => {
    const currency = territory === 'sk' ? 'EUR' : 'CZK';
    const booked = await transport().create(booking({ deliveryPointId: `${territory.toUpperCase()}10042-PARCELSHOP`, cod: { value: 1234.5, currency } }), context);
    const text = await shownText(pdfOf(booked.packages![0]!.label!.data));
    expect(text).toContain(`PSD ${territory.toUpperCase()}10042-PARCELSHOP`);
    expect(text).toContain(`COD 1234.5 ${currency}`);
    const refused = await transport().create(booking({ deliveryPointId: 'CZ1-PARCELSHOP', email: null, phone: null }), context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '13', message: expect.stringContaining('ContactPhone or ContactEmail') });
  });

  it('cancels (DeleteLabels) before GLS’s first scan, again after a lost answer; after the driver’s scan GLS refuses it with code 6: it has the parcel', async () => {
    const t = transport();
    const first = await t.create(booking(), context);
    await t.cancel(first.carrierRef, null, new Date(), 'gls-business-parcel');
    // a deleted parcel is no longer PRINTED either (6), but GLS never scanned it: deleted, as a repeated storno after a lost answer needs
    await t.cancel(first.carrierRef, null, new Date(), 'gls-business-parcel');
    expect((await t.track(query(first), new Date())).map((e) => e.rawStatus)).toEqual(['51']);

    const second = await t.create(booking({ weights: [1, 1] }), context);
    expect((await scan(parseGlsRef(second.carrierRef)!.parcelId)).status).toBe(204);
    const refused = await t.cancel(second.carrierRef, null, new Date(), 'gls-business-parcel').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: '6', refusal: 'with_carrier' });
  });

  it('tracks in GLS status codes that move over time, mapped through the GLS table; nothing before the parcel exists', async () => {
    const t = transport();
    const booked = await t.create(booking(), context);
    const now = await t.track(query(booked), new Date());
    expect(now.map((e) => e.rawStatus)).toEqual(['51']);
    expect(gls.trackingStatus('51')).toBe('pending');
    await scan(parseGlsRef(booked.carrierRef)!.parcelId, 30);
    const events = await t.track(query(booked), later(2));
    expect(events.map((e) => e.rawStatus)).toEqual(['51', '1', '2', '3', '4', '5']);
    expect(events.map((e) => gls.trackingStatus(e.rawStatus))).toEqual(['pending', 'picked_up', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[1]!.location).toBe(territory === 'sk' ? 'Bratislava' : 'Praha');
    // GLS answers "not found" (26) for a number it does not know: no events yet
    expect(await t.track({ ...query(booked), carrierRef: `${territory.toUpperCase()}:1:12345678901` }, new Date())).toEqual([]);
  });

  it('a ParcelShop parcel waits at the shop (55) before it is delivered', async () => {
    const t = transport();
    const booked = await t.create(booking({ deliveryPointId: 'SHOP-1' }), context);
    await scan(parseGlsRef(booked.carrierRef)!.parcelId, 30);
    const events = await t.track(query(booked, true), later(2));
    expect(events.map((e) => gls.trackingStatus(e.rawStatus)).slice(-2)).toEqual(['ready_for_pickup', 'delivered']);
  });

  it('a status code outside the table stays raw and is unknown', async () => {
    const t = transport();
    const booked = await t.create(booking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await scan(parseGlsRef(booked.carrierRef)!.parcelId, 5);
    const raw = (await t.track(query(booked), new Date())).map((e) => e.rawStatus);
    expect(raw).toContain('99');
    expect(gls.trackingStatus('99')).toBe('unknown');
  });

  it('finds a booking whose answer was lost by our reference (GetParcelList), with its parcel numbers and our label', async () => {
    const t = transport();
    const trackingNumber = `IZ26112${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    const lost = booking({ weights: [2, 4], reference: SANDBOX_LOSE_ANSWER, trackingNumber });
    await expect(t.create(lost, context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const found = await t.find!(lost, { ...context, now: new Date() });
    expect(found?.packages?.map((p) => p.label)).toEqual([null, null]);
    expect(found?.packages?.map((p) => p.carrierRef)).toEqual([expect.stringMatching(/^\d{11}$/), expect.stringMatching(/^\d{11}$/)]);
    expect(parseGlsRef(found!.carrierRef)).toMatchObject({ territory, parcelNumber: found!.packages![0]!.carrierRef });
    expect(await t.find!(booking({ trackingNumber: 'IZ0000000000' }), context)).toBeNull();
  });
});

describe('GLS: what MyGLS refuses and what it does not offer', () => {
  it('a refused login (code −1) and a carrier that is down are unavailable, not a refusal of the shipment', async () => {
    await expect(transport('wrong').create(glsBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(transport().create(glsBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('refuses a piece over 40 kg with its validation code; a territory without an account is unavailable', async () => {
    await expect(transport().create(glsBooking({ weights: [45] }), context)).rejects.toMatchObject({ code: '13' });
    const czOnly = glsTransport({ cz: { baseUrl: `${BASE}/cz`, ...GLS_SANDBOX.cz }, fetch: appFetch });
    await expect(czOnly.create(glsBooking({ territory: 'sk' }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('has no pickup order: GLS collects on the contract’s regular pickup, so the API refuses to pretend', async () => {
    const order = { kind: 'one_time' as const, date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '17:00' }, place: glsBooking().sender, parcelCount: 2, note: '' };
    await expect(transport().orderPickup(order, new Date())).rejects.toMatchObject({ code: 'NO_PICKUP_API' });
    await expect(transport().cancelPickup('anything', null, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('the sandbox answers MyGLS’s way: errors in the method’s list with HTTP 200, the password as SHA-512 bytes', async () => {
    const post = async (body: unknown) => sandbox.request('/_sandbox/carriers/gls/cz/ParcelService.svc/json/GetParcelStatuses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, env);
    const wrong = await post({ Username: GLS_SANDBOX.cz.username, Password: await glsPasswordHash('nope'), ParcelNumber: 12345678901 });
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toEqual({ GetParcelStatusErrors: [{ ErrorCode: -1, ErrorDescription: 'Unauthorized.', ClientReferenceList: [], ParcelIdList: [] }] });
    const invalid = await post({ Username: GLS_SANDBOX.cz.username, Password: await glsPasswordHash(GLS_SANDBOX.cz.password), ParcelNumber: 'x' });
    expect(((await invalid.json()) as { GetParcelStatusErrors: { ErrorCode: number; ErrorDescription: string }[] }).GetParcelStatusErrors[0]).toMatchObject({ ErrorCode: 13, ErrorDescription: expect.stringContaining('ParcelNumber') });
    expect((await sandbox.request('/_sandbox/carriers/gls/cz/ParcelService.svc/json/PrintLabels', { method: 'POST', body: 'not json' }, env)).status).toBe(400);
  });

  it('chooses the transport from the environment: the in-process sandbox locally, none deployed without credentials, a territory per its account', async () => {
    const local = glsTransportFor({ ...env, LOCAL_DEV: '1' });
    const booked = await local!.create(glsBooking({ territory: 'sk', weights: [1, 2] }), context);
    expect(parseGlsRef(booked.carrierRef)?.territory).toBe('sk');
    expect(glsTransportFor({ ...env, LOCAL_DEV: undefined })).toBeNull();
    expect(glsTransportFor({ ...env, LOCAL_DEV: undefined, GLS_CZ_USERNAME: 'u', GLS_CZ_PASSWORD: 'p', GLS_CZ_CLIENT_NUMBER: '123' })).not.toBeNull();
    expect(glsTransportFor({ ...env, LOCAL_DEV: undefined, GLS_CZ_USERNAME: 'u', GLS_CZ_PASSWORD: 'p', GLS_CZ_CLIENT_NUMBER: 'abc' })).toBeNull();
  });

  it('the site serves the GLS sandbox under /_sandbox/carriers/gls only in local development', async () => {
    const post = (extra: Record<string, undefined> = {}) => browser().call('POST', '/_sandbox/carriers/gls/cz/ParcelService.svc/json/GetParcelStatuses', { Username: 'x', Password: [], ParcelNumber: 1 }, {}, extra);
    const local = await post();
    expect(local.status).toBe(200);
    expect(await local.json()).toMatchObject({ GetParcelStatusErrors: [{ ErrorCode: -1 }] });
    const deployed = await post({ LOCAL_DEV: undefined });
    expect(await deployed.text()).not.toContain('GetParcelStatusErrors');
  });
});
