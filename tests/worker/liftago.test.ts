import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { CarrierRefusedError, SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER, type Booking } from '../../src/server/carriers/booking';
import { liftago } from '../../src/server/carriers/liftago';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { liftagoTransport, pragueInstant, sheetRide } from '../../src/server/carriers/liftago/client';
import { liftagoTransportFor } from '../../src/server/carriers/liftago/config';
import { LIFTAGO_SANDBOX_PARTNER, LIFTAGO_SANDBOX_TOKEN, SANDBOX_UNKNOWN_STATUS } from '../../src/server/carriers/liftago/sandbox';

import { liftagoTracking } from '../../src/server/carriers/liftago/tracking';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { browser } from './client';

const sandbox = createSandboxApp();
const ROOT = 'http://localhost/_sandbox/carriers/liftago';
const BASE = `${ROOT}/v1/partners/${LIFTAGO_SANDBOX_PARTNER}`;
const calls: string[] = [];
const appFetch = async (request: Request) => {
  calls.push(`${request.method} ${new URL(request.url).pathname.replace(`/_sandbox/carriers/liftago/v1/partners/${LIFTAGO_SANDBOX_PARTNER}`, '')}`);
  return sandbox.fetch(request, env);
};
const transport = (token = LIFTAGO_SANDBOX_TOKEN) => liftagoTransport({ baseUrl: BASE, token, fetch: appFetch });
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const onBoard = (rideId: string, minutesAgo = 0) => sandbox.request(`/_sandbox/carriers/liftago/_driver/on-board/${rideId}?minutesAgo=${minutesAgo}`, { method: 'POST' }, env);
const setPrice = (window: string, amount: number | null) => sandbox.request('/_sandbox/carriers/liftago/_prices', { method: 'PUT', body: JSON.stringify({ window, amount }), headers: { 'content-type': 'application/json' } }, env);
const query = (carrierRef: string) => ({ carrierRef, trackingNumber: 'IZ2611270001', pickupDate: null, deliveryDate: null, toParcelPoint: false, fromCity: 'Praha', toCity: 'Praha', createdAt: new Date().toISOString() });

let serial = 0;
export function liftagoBooking(options: { weights?: number[]; reference?: string | null; phone?: string | null } = {}): Booking {
  return {
    serviceId: 'liftago-same-day',
    shipment: {
      territory: 'cz', language: 'cs', currency: 'CZK',
      from: { country: 'cz', zip: '11000', city: 'Praha' },
      to: { country: 'cz', zip: '17000', city: 'Praha' },
      packages: (options.weights ?? [2]).map((weight) => ({ type: 'package', weight, width: 20, height: 10, length: 30 })),
      cod: null, insurance: null, hdf: false, pickupDate: null, fromTime: null, toTime: null, preferDeliveryBranch: false, complete: true,
    },
    sender: { name: 'Jana Nováková', company: 'Květiny u Jany', street: 'Vodičkova 12', city: 'Praha', zip: '110 00', country: 'CZ', phone: '601 234 567', email: 'jana@example.cz' },
    recipient: { name: 'Petr Svoboda', company: null, street: 'Milady Horákové 3a', city: 'Praha', zip: '170 00', country: 'CZ', phone: options.phone === undefined ? '+420777000111' : options.phone, email: null },
    collectionPointId: null,
    deliveryPointId: null,
    reference: options.reference ?? null,
    trackingNumber: `IZ26112${String(++serial).padStart(5, '0')}${Math.floor(Math.random() * 1000)}`,
  };
}

beforeEach(async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await env.DB.prepare('DELETE FROM sandbox_liftago_prices').run();
});

describe('Liftago through its sandbox over HTTP', () => {
  it('quotes the window at the rate sheet’s ride price, then books it: a ride id, the window on the PICKUP stop, one A6 PDF label per package', async () => {
    const booking = liftagoBooking({ weights: [2, 12] });
    const ride = sheetRide(booking.shipment, context)!;
    expect((await transport().quote(booking, context)).priceMinor).toBe(ride.priceMinor);
    calls.length = 0;
    const booked = await transport().create(booking, context);
    expect(calls).toEqual(['POST /deliveryRides/quote', 'POST /deliveryRides']);
    expect(booked.carrierRef).toMatch(/^R[0-9A-Z]{9}$/);
    expect(booked).toMatchObject({ pickupDate: ride.date, pickupFrom: ride.from, pickupTo: ride.to });
    expect(booked.packages!.map((p) => p.carrierRef)).toEqual([`${booked.carrierRef}-1`, `${booked.carrierRef}-2`]);
    const row = await env.DB.prepare('SELECT * FROM sandbox_liftago_rides WHERE ride_id = ?').bind(booked.carrierRef).first<{ window_from: string; partner_ref: string }>();
    expect(row).toMatchObject({ window_from: pragueInstant(ride.date!, ride.from!), partner_ref: booking.trackingNumber });
    for (const [i, p] of booked.packages!.entries()) {
      const pdf = Uint8Array.from(atob(p.label!.data), (c) => c.charCodeAt(0));
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toBe(`Liftago ${booked.carrierRef}-${i + 1}`);
    }
  });

  it('does not book a window whose price changed from the one paid: PRICE_CHANGED, and no ride', async () => {
    const booking = liftagoBooking();
    const ride = sheetRide(booking.shipment, context)!;
    expect((await setPrice(`${ride.date}T${ride.from}`, 259)).status).toBe(204);
    calls.length = 0;
    const refused = await transport().create(booking, context).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'PRICE_CHANGED', message: expect.stringContaining('259.00 CZK') });
    expect(calls).toEqual(['POST /deliveryRides/quote']);
    // the price the customer confirmed and paid is booked
    const booked = await transport().create({ ...booking, carrierPrice: { value: 259, currency: 'CZK' } }, context);
    expect(booked.carrierRef).toMatch(/^R/);
  });

  it('cancels a ride before the driver has the parcels, refuses once they are on board', async () => {
    const first = await transport().create(liftagoBooking(), context);
    await transport().cancel(first.carrierRef, first.pickupDate, new Date(), 'liftago-same-day');
    expect((await transport().track(query(first.carrierRef), new Date()))[0]).toMatchObject({ rawStatus: 'CANCELLED' });
    const second = await transport().create(liftagoBooking(), context);
    expect((await onBoard(second.carrierRef)).status).toBe(204);
    const refused = await transport().cancel(second.carrierRef, second.pickupDate, new Date(), 'liftago-same-day').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'RIDE_NOT_CANCELLABLE', refusal: 'with_carrier' });
  });

  it('tracks the ride’s state with the driver’s position on the way, then delivered; every state is in our table', async () => {
    const booked = await transport().create(liftagoBooking(), context);
    expect((await transport().track(query(booked.carrierRef), new Date()))[0]).toMatchObject({ eventId: `${booked.carrierRef}-PROCESSING`, rawStatus: 'PROCESSING', location: null });
    await onBoard(booked.carrierRef, 5);
    const [way] = await transport().track(query(booked.carrierRef), new Date());
    expect(way).toMatchObject({ rawStatus: 'ON_BOARD', location: null, position: { lat: expect.closeTo(50.09, 1), lon: expect.closeTo(14.42, 1), at: expect.any(String) } });
    await onBoard(booked.carrierRef, 60);
    const [done] = await transport().track(query(booked.carrierRef), new Date());
    expect(done).toMatchObject({ rawStatus: 'COMPLETED', position: null });
    for (const state of ['PROCESSING', 'ACCEPTED', 'WAITING', 'ON_BOARD', 'COMPLETED', 'CANCELLED', 'REJECTED']) expect(liftagoTracking[state]).toBeDefined();
  });

  it('answers a duplicate POST of the same id with the ride it made, also after a lost answer (a retry books once)', async () => {
    const booking = liftagoBooking();
    const a = await transport().create(booking, context);
    const b = await transport().create(booking, context);
    expect(b.carrierRef).toBe(a.carrierRef);
    const lost = liftagoBooking({ reference: SANDBOX_LOSE_ANSWER });
    await expect(transport().create(lost, context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const retried = await transport().create(lost, context);
    expect((await env.DB.prepare('SELECT ride_id FROM sandbox_liftago_rides WHERE partner_ref = ?').bind(lost.trackingNumber).all()).results).toEqual([{ ride_id: retried.carrierRef }]);
  });

  it('a state outside our table is kept raw (shown as other)', async () => {
    const booked = await transport().create(liftagoBooking({ reference: SANDBOX_UNKNOWN_STATUS }), context);
    await onBoard(booked.carrierRef, 60);
    const [event] = await transport().track(query(booked.carrierRef), new Date());
    expect(event).toMatchObject({ rawStatus: 'RETURNED' });
    expect(liftago.trackingStatus('RETURNED')).toBe('unknown');
  });

  it('refuses a wrong token as an outage (401), bad input in Liftago’s error shape, rides outside its cities, and a missing phone before calling', async () => {
    await expect(transport('wrong').quote(liftagoBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const bad = await sandbox.request(`/_sandbox/carriers/liftago/v1/partners/${LIFTAGO_SANDBOX_PARTNER}/deliveryRides`, { method: 'POST', body: JSON.stringify({ id: 'x y', stops: [] }), headers: { authorization: `Bearer ${LIFTAGO_SANDBOX_TOKEN}`, 'content-type': 'application/json' } }, env);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    const brno = liftagoBooking();
    brno.recipient = { ...brno.recipient, zip: '602 00', city: 'Brno' };
    await expect(transport().create(brno, context)).rejects.toMatchObject({ code: 'OUT_OF_AREA' });
    calls.length = 0;
    await expect(transport().create(liftagoBooking({ phone: null }), context)).rejects.toMatchObject({ code: 'PHONE_REQUIRED' });
    expect(calls).toEqual([]);
  });

  it('answers a booking whose reference says so as an outage (503); pickups are refused (Liftago is on demand)', async () => {
    await expect(transport().create(liftagoBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(transport().orderPickup({ kind: 'one_time', date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '12:00' }, place: liftagoBooking().sender, parcelCount: 1, note: '' }, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });

  it('chooses the transport from the environment: the sandbox locally, none deployed without credentials; the site serves the sandbox only locally', async () => {
    expect(liftagoTransportFor({ ...env, LOCAL_DEV: '1', LIFTAGO_API_TOKEN: undefined })).not.toBeNull();
    expect(liftagoTransportFor({ ...env, LOCAL_DEV: undefined, LIFTAGO_API_TOKEN: undefined })).toBeNull();
    expect(liftagoTransportFor({ ...env, LOCAL_DEV: undefined, LIFTAGO_API_TOKEN: 't', LIFTAGO_PARTNER_ID: 'p' })).not.toBeNull();
    const price = (extra: Record<string, undefined> = {}) => browser().call('PUT', '/_sandbox/carriers/liftago/_prices', { window: '*', amount: null }, {}, extra);
    expect((await price()).status).toBe(204);
    expect((await price({ LOCAL_DEV: undefined })).status).not.toBe(204);
  });
});
