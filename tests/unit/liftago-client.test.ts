import { describe, expect, it, vi } from 'vitest';
import { liftago } from '../../src/server/carriers/liftago';
import { CarrierRefusedError } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { liftagoTransport, phoneOf, pragueInstant, rideEvents, rideOf, streetOf } from '../../src/server/carriers/liftago/client';
import { liftagoBooking, liftagoError, rideOnBoard } from './liftago-fixtures';

const TUESDAY_MORNING = new Date('2026-12-01T06:30:00Z'); // 07:30 in Prague
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: TUESDAY_MORNING };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Liftago mapping: our booking → the ride', () => {
  it('a PICKUP stop with the booked window as UTC instants, then the DESTINATION; phones with their prefix, street and number apart', () => {
    const { request, window } = rideOf(liftagoBooking({ weights: [2, 6], reference: 'Kytice 17', pickupDate: '2026-12-01', fromTime: '10:00' }), context, 'PS-1');
    expect(window).toMatchObject({ date: '2026-12-01', from: '10:00', to: '12:00' });
    expect(request.productSettingId).toBe('PS-1');
    const [pickup, destination] = request.stops;
    expect(pickup).toMatchObject({
      kind: 'PICKUP',
      arrivalTime: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T11:00:00.000Z' },
      location: { address: { street: 'Vodičkova', houseNumber: '12', city: 'Praha', zipCode: '11000', country: 'CZ' } },
      contact: { name: 'Jana Nováková', company: 'Květiny u Jany', phoneNumber: '+420601234567', email: 'jana@example.cz' },
      noteForDriver: 'IZ2611270001, 2 packages, ref. Kytice 17',
    });
    expect(destination).toMatchObject({ kind: 'DESTINATION', location: { address: { street: 'Milady Horákové', houseNumber: '3a' } }, contact: { phoneNumber: '+420777000111' } });
    expect(destination).not.toHaveProperty('arrivalTime');
    expect(request.parcels).toEqual([{ weight: 2 }, { weight: 6 }]);
  });

  it('books the hour the customer chose inside the sheet’s window that priced it', () => {
    const { request, window } = rideOf({ ...liftagoBooking({ pickupDate: '2026-12-01', fromTime: '17:00' }), shipment: { ...liftagoBooking().shipment, pickupDate: '2026-12-01', fromTime: '17:00', toTime: '18:00' } }, context);
    expect(window).toMatchObject({ date: '2026-12-01', from: '17:00', to: '18:00' });
    expect(request.stops[0]!.arrivalTime).toEqual({ from: '2026-12-01T16:00:00.000Z', to: '2026-12-01T17:00:00.000Z' });
    // the peak window's price (16:00-18:00): the ride plus the evening surcharge
    expect(window!.priceMinor).toBe(19_900 + 6_000);
  });

  it('Prague times in summer and winter, phones and streets', () => {
    expect(pragueInstant('2026-07-01', '10:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(pragueInstant('2026-01-15', '16:00')).toBe('2026-01-15T15:00:00.000Z');
    expect(phoneOf('+421 905 123 456')).toBe('+421905123456');
    expect(phoneOf('12')).toBeNull();
    expect(streetOf('Náměstí Míru')).toEqual({ street: 'Náměstí Míru', houseNumber: '-' });
    expect(streetOf('Husova 1024/7')).toEqual({ street: 'Husova', houseNumber: '1024/7' });
  });
});

describe('Liftago answers → ours', () => {
  it('a ride’s state is one event per state, with the driver’s position; every documented state maps, an unknown one is kept raw', () => {
    const now = new Date('2026-12-01T09:20:00Z');
    expect(rideEvents(rideOnBoard, { lat: 50.08, lon: 14.43, updatedAt: '2026-12-01T09:19:30Z' }, now)).toEqual([
      { eventId: 'RIDE7Q2X9-ON_BOARD', rawStatus: 'ON_BOARD', time: now.toISOString(), location: null, description: null, position: { lat: 50.08, lon: 14.43, at: '2026-12-01T09:19:30Z' } },
    ]);
    expect(rideEvents({ ...rideOnBoard, rideStatus: 'COMPLETED', completedAt: '2026-12-01T09:38:00Z' }, null, now)[0]).toMatchObject({ time: '2026-12-01T09:38:00Z', position: null });
    expect(['PROCESSING', 'ACCEPTED', 'WAITING', 'ON_BOARD', 'COMPLETED', 'CANCELLED', 'REJECTED'].map((s) => liftago.trackingStatus(s))).toEqual(['pending', 'pending', 'pending', 'out_for_delivery', 'delivered', 'cancelled', 'delivery_failed']);
    expect(liftago.trackingStatus('DRIVER_TELEPORTED')).toBe('unknown');
  });

  it('sends the Bearer token; a 4xx {code, message} is a refusal with Liftago’s code, 401 and 5xx an outage, an answer that never comes a timeout', async () => {
    const seen: Request[] = [];
    const answering = (response: () => Response) => liftagoTransport({ baseUrl: 'https://liftago.test/v1/partners/p1', token: 'tok-1', timeoutMs: 50, fetch: async (r) => (seen.push(r), response()) });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await answering(() => json({ price: { amount: 219, currency: 'CZK' } })).quote(liftagoBooking(), context);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(seen[0]!.url).toBe('https://liftago.test/v1/partners/p1/deliveryRides/quote');
    const refused = await answering(() => json(liftagoError('RIDE_NOT_CANCELLABLE', 'The ride is ON_BOARD.'), 409)).cancel('R1', null, new Date(), 'liftago-same-day').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRefusedError);
    expect(refused).toMatchObject({ code: 'RIDE_NOT_CANCELLABLE', refusal: 'with_carrier' });
    await expect(answering(() => json(liftagoError('UNAUTHORIZED', 'no'), 401)).quote(liftagoBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    await expect(answering(() => json(liftagoError('INTERNAL', 'oops'), 502)).quote(liftagoBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
    const never = liftagoTransport({ baseUrl: 'https://liftago.test/v1/partners/p1', token: 't', timeoutMs: 30, fetch: () => new Promise<Response>(() => {}) });
    await expect(never.quote(liftagoBooking(), context)).rejects.toBeInstanceOf(CarrierUnavailableError);
  });

  it('books at the price paid only: another quote is refused before any ride is created', async () => {
    const paths: string[] = [];
    const client = liftagoTransport({ baseUrl: 'https://liftago.test/v1/partners/p1', token: 't', fetch: async (r) => (paths.push(new URL(r.url).pathname), json({ price: { amount: 249, currency: 'CZK' } })) });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await expect(client.create({ ...liftagoBooking(), carrierPrice: { value: 199, currency: 'CZK' } }, context)).rejects.toMatchObject({ code: 'PRICE_CHANGED' });
    expect(paths).toEqual(['/v1/partners/p1/deliveryRides/quote']);
  });

  it('pickups are not ordered (every ride is its own pickup)', async () => {
    const client = liftagoTransport({ baseUrl: 'https://liftago.test', token: 't', fetch: async () => json({}) });
    await expect(client.orderPickup({ kind: 'one_time', date: '2026-12-01', weekdays: null, window: { from: '09:00', to: '12:00' }, place: liftagoBooking().sender, parcelCount: 1, note: '' }, new Date())).rejects.toBeInstanceOf(CarrierRefusedError);
  });
});
