import { pragueNow } from '../../../lib/calendar';
import * as v from 'valibot';
import { carrierSender } from '../send';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierTransport } from '../booking';
import type { PricingContext, Shipment } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError } from '../types';
import { createRideResponse, deliveryRide, errorResponse, rideQuoteResponse, ridePosition, type DeliveryRideRequest, type RideQuoteRequest } from './schemas';
import { quoteCarrier } from '../pricing/engine';
import { liftagoRates } from './rates';

/**
 * Liftago through its Delivery API v1 (PROTOCOL.md): Bearer token, delivery rides with a pickup
 * window, the window's quote (checked against the price paid before booking), cancel, the ride's
 * state and the driver's position. The same code talks to Liftago or to the product's sandbox.
 */
export type LiftagoConfig = {
  /** the partner's API root: https://api.liftago.com/v1/partners/{partnerId}, or the sandbox's */
  baseUrl: string;
  token: string;
  productSettingId?: string;
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
};

/** a window's price at Liftago now (CZK haléře without VAT) */
export type LiftagoQuote = { priceMinor: number; validUntil: string | null };

export type LiftagoTransport = CarrierTransport & {
  /** Liftago's price now of the booking's ride in its window */
  quote(booking: Booking, context: PricingContext): Promise<LiftagoQuote>;
};

/** Liftago's refusal code for a window whose price is not the one paid (ours, PROTOCOL.md) */
export const PRICE_CHANGED = 'PRICE_CHANGED';

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();

/** a Prague wall-clock time on a date as a UTC instant (ISO): the instant whose Prague time it is, found from the offset at a first guess */
export function pragueInstant(date: string, time: string): string {
  const guess = Date.parse(`${date}T${time}:00.000Z`);
  const wall = pragueNow(new Date(guess));
  const shown = Date.parse(`${wall.date}T${wall.time}:00.000Z`);
  return new Date(guess - (shown - guess)).toISOString();
}

/** an international phone number (+420… when it has no prefix), or null */
export function phoneOf(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits.length === 9 ? `+420${digits}` : digits.length > 9 ? `+${digits}` : null;
}

/** "Dlouhá 12" → street and house number (Liftago wants them apart) */
export function streetOf(street: string): { street: string; houseNumber: string } {
  const m = /^(.*\S)\s+(\d+[\w/-]*)$/.exec(street.trim());
  return m ? { street: m[1]!, houseNumber: m[2]! } : { street: street.trim(), houseNumber: '-' };
}

function stopOf(p: BookingParty, kind: 'PICKUP' | 'DESTINATION', note: string, window: { from: string; to: string } | null) {
  const phoneNumber = phoneOf(p.phone);
  if (!phoneNumber) throw new CarrierRefusedError(`Liftago needs the ${kind === 'PICKUP' ? 'sender' : 'recipient'}'s phone number.`, 'PHONE_REQUIRED');
  return {
    stopId: kind === 'PICKUP' ? 'pickup' : 'destination',
    location: { address: { ...streetOf(cut(p.street, 100)), city: cut(p.city, 60), zipCode: p.zip.replace(/\s/g, ''), country: p.country.toUpperCase() } },
    contact: { name: cut(p.name, 80), phoneNumber, ...(p.email ? { email: p.email } : {}), ...(p.company ? { company: cut(p.company, 80) } : {}) },
    noteForDriver: note,
    kind,
    ...(window ? { arrivalTime: window } : {}),
  };
}

/** the charges of a quote that are Liftago's ride (not our insurance or COD fees) */
const RIDE_CHARGES = new Set(['base', 'fuel', 'toll', 'express']);

/**
 * The rate sheet's price of a Liftago ride in its chosen window (CZK haléře without VAT) and the
 * window itself (Prague date and times), or null when the sheet cannot carry the shipment.
 */
export function sheetRide(shipment: Shipment, context: PricingContext, serviceId = 'liftago-same-day') {
  const [quote] = quoteCarrier(liftagoRates, { ...shipment, currency: 'CZK', cod: null, insurance: null, complete: true }, context, serviceId);
  if (!quote || quote.price === null) return null;
  const priceMinor = quote.charges.filter((c) => RIDE_CHARGES.has(c.code)).reduce((sum, c) => sum + Math.round(c.amount.value * 100), 0);
  const t = quote.timeInTransit;
  // the hour the customer chose (time-windows.ts) inside the sheet's window that priced it
  const chosen = shipment.pickupDate === t.pickupDate && shipment.fromTime && shipment.toTime && t.pickupFromTime && t.pickupToTime && t.pickupFromTime <= shipment.fromTime && shipment.toTime <= t.pickupToTime;
  return { priceMinor, date: t.pickupDate, from: chosen ? shipment.fromTime : t.pickupFromTime, to: chosen ? shipment.toTime : t.pickupToTime };
}

/** the ride of a booking: the sender's PICKUP in the booked window, the recipient's DESTINATION */
export function rideOf(booking: Booking, context: PricingContext, productSettingId?: string): { request: RideQuoteRequest; window: ReturnType<typeof sheetRide> } {
  const window = sheetRide(booking.shipment, context, booking.serviceId);
  const arrival = window?.date && window.from && window.to ? { from: pragueInstant(window.date, window.from), to: pragueInstant(window.date, window.to) } : null;
  const count = booking.shipment.packages.length;
  const note = cut(`${booking.trackingNumber}, ${count} ${count === 1 ? 'package' : 'packages'}${booking.reference ? `, ref. ${booking.reference}` : ''}`, 250);
  return {
    request: {
      ...(productSettingId ? { productSettingId } : {}),
      stops: [stopOf(booking.sender, 'PICKUP', note, arrival), stopOf(booking.recipient, 'DESTINATION', note, null)],
      parcels: booking.shipment.packages.map((p) => ({ weight: p.weight })),
    },
    window,
  };
}

/** the ride's state as one event (Liftago gives the current state only; PROTOCOL.md) */
export function rideEvents(ride: v.InferOutput<typeof deliveryRide>, position: v.InferOutput<typeof ridePosition> | null, now: Date): RawTrackingEvent[] {
  const time = ride.rideStatus === 'COMPLETED' && ride.completedAt ? ride.completedAt : now.toISOString();
  return [{ eventId: `${ride.id}-${ride.rideStatus}`, rawStatus: ride.rideStatus, time, location: null, description: null, position: position && { lat: position.lat, lon: position.lon, at: position.updatedAt } }];
}

export function liftagoTransport(config: LiftagoConfig): LiftagoTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const send = carrierSender('liftago', 'Liftago', doFetch, config.timeoutMs ?? 15_000);

  async function call<T>(name: string, method: string, url: string, schema: v.GenericSchema<unknown, T>, body?: unknown): Promise<T> {
    const response = await send(name, new Request(url.startsWith('http') ? url : `${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${config.token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }));
    const json: unknown = await response.json().catch(() => null);
    const error = v.safeParse(errorResponse, json);
    const text = error.success ? `${error.output.code} ${error.output.message}` : `HTTP ${response.status}`;
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) throw new CarrierUnavailableError('liftago', `Liftago ${name}: ${text}`);
    if (!response.ok) throw new CarrierRefusedError(`Liftago ${text}`, error.success ? error.output.code : undefined);
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) throw new CarrierUnavailableError('liftago', `Liftago ${name}: an answer we cannot read (${parsed.issues[0].message})`);
    return parsed.output;
  }

  async function quote(booking: Booking, context: PricingContext): Promise<LiftagoQuote> {
    const { request } = rideOf(booking, context, config.productSettingId);
    const answer = await call('quote', 'POST', '/deliveryRides/quote', rideQuoteResponse, request);
    if (answer.price.currency !== 'CZK') throw new CarrierUnavailableError('liftago', `Liftago quote: price in ${answer.price.currency}, not CZK`);
    return { priceMinor: Math.round(answer.price.amount * 100), validUntil: answer.validUntil ?? null };
  }

  return {
    quote,
    async create(booking, context): Promise<BookedShipment> {
      const { request, window } = rideOf(booking, context, config.productSettingId);
      // the price paid (or the sheet's, when none was confirmed): a different one is shown and confirmed, never charged silently
      const paid = booking.carrierPrice ? Math.round(booking.carrierPrice.value * 100) : window?.priceMinor;
      const now = await quote(booking, context);
      if (paid === undefined || now.priceMinor !== paid) {
        throw new CarrierRefusedError(`Liftago now prices the window at ${(now.priceMinor / 100).toFixed(2)} CZK, not the ${((paid ?? 0) / 100).toFixed(2)} CZK paid: not booked.`, PRICE_CHANGED);
      }
      const { parcels: _, ...stops } = request;
      const ride: DeliveryRideRequest = { id: booking.trackingNumber, ...stops };
      const { id } = await call('create', 'POST', '/deliveryRides', createRideResponse, ride);
      const { liftagoLabelPdf } = await import('./label');
      const party = (p: BookingParty) => [p.company || p.name, ...(p.company ? [p.name] : []), p.street, `${p.zip} ${p.city}`];
      const windowText = window?.date ? `${window.date} ${window.from ?? ''}-${window.to ?? ''}` : '';
      const n = booking.shipment.packages.length;
      const packages = await Promise.all(
        booking.shipment.packages.map(async (_, i) => {
          const carrierRef = `${id}-${i + 1}`;
          const data = await liftagoLabelPdf(carrierRef, { index: i + 1, of: n }, { sender: party(booking.sender), recipient: party(booking.recipient), window: windowText, trackingNumber: booking.trackingNumber, reference: booking.reference });
          return { carrierRef, label: { format: 'PDF' as const, data } };
        }),
      );
      return { carrierRef: id, pickupDate: window?.date ?? null, pickupFrom: window?.from ?? null, pickupTo: window?.to ?? null, packages };
    },
    async cancel(carrierRef) {
      try {
        await call('cancel', 'POST', `/deliveryRides/${encodeURIComponent(carrierRef)}/cancel`, v.unknown(), {});
      } catch (error) {
        if (error instanceof CarrierRefusedError && error.code === 'RIDE_NOT_CANCELLABLE') throw new CarrierRefusedError(error.message, error.code, 'with_carrier');
        throw error;
      }
    },
    async track(query, now) {
      const ride = await call('ride', 'GET', `/deliveryRides/${encodeURIComponent(query.carrierRef)}`, deliveryRide);
      const link = ride.links?.position;
      const position = link && ['ACCEPTED', 'WAITING', 'ON_BOARD'].includes(ride.rideStatus) ? await call('position', 'GET', link, v.nullable(ridePosition)).catch(() => null) : null;
      return rideEvents(ride, position, now);
    },
    async orderPickup() {
      throw new CarrierRefusedError('Liftago collects every ride on demand in its booked window: there is no separate pickup to order.');
    },
    async cancelPickup() {
      throw new CarrierRefusedError('Liftago has no pickup orders to cancel.');
    },
  };
}
