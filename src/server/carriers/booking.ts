import type { Money } from '../../lib/types/quote';
import { pragueNow } from '../../lib/calendar';
import type { RawTrackingEvent, TrackQuery } from './sandbox-story';
import type { PricingContext, Shipment } from './pricing/shipment';
import type { CarrierSheet } from './types';

/**
 * Booking a shipment with a carrier (`createShipment` beside `quote`): what we send, what
 * the carrier answers. Every carrier's transport is a client of its own published API
 * (`<carrier>/client.ts`, registered in CARRIER_CLIENTS); locally it talks to the product's
 * sandbox of that API.
 */
export type BookingParty = { name: string; company: string | null; street: string; city: string; zip: string; country: string; phone: string | null; email: string | null };

/** the customs step's declaration of a shipment leaving the EU customs territory (spec §3 customs) */
export type BookingCustoms = {
  /** commercial, gift, sample, documents, return, personal */
  reason: string;
  currency: string;
  /** `value` is the line's total value in `currency` */
  items: { name: string; country: string; quantity: number; value: number; hsCode: string | null }[];
  /** the shipper's own commercial invoice files (R2 customs-invoices/<id>), or none when we create it */
  invoiceFiles: string[];
};

export type Booking = {
  serviceId: string;
  shipment: Shipment;
  sender: BookingParty;
  recipient: BookingParty;
  collectionPointId: string | null;
  deliveryPointId: string | null;
  reference: string | null;
  /** our tracking number, printed on the label beside the carrier's */
  trackingNumber: string;
  /** the customs step's data, when the order has it */
  customs?: BookingCustoms | null;
  /** the carrier's own price the customer confirmed and paid, for carriers that quote one per booking (Liftago's window); a different price then is not booked */
  carrierPrice?: Money | null;
};

/** a carrier's label image of one package, base64 (PNG, GIF or PDF as the carrier answers it) */
export type CarrierLabel = { format: 'PNG' | 'GIF' | 'PDF'; data: string };

export type BookedShipment = {
  carrierRef: string;
  pickupDate: string | null;
  pickupFrom: string | null;
  pickupTo: string | null;
  /** carriers that number each package: its number and the carrier's label, in the booking's package order */
  packages?: { carrierRef: string; label: CarrierLabel | null }[];
};

/** why a carrier refused to cancel a shipment, when its answer says: it already has the parcel, or the pickup day is closed */
export type CancelRefusal = 'with_carrier' | 'past_cutoff';

/** the carrier said no to this shipment (limits, route): retrying the same booking will not help */
export class CarrierRefusedError extends Error {
  override readonly name = 'CarrierRefusedError';
  constructor(
    message: string,
    /** the carrier's own error code, when it gave one */
    readonly code?: string,
    /** a refused cancel: why, when the carrier's code tells */
    readonly refusal?: CancelRefusal,
  ) {
    super(message);
  }
}

/** a courier pickup ordered for a contract customer: once on `date`, or on `weekdays` from `date` on */
export type PickupOrder = {
  kind: 'one_time' | 'regular';
  date: string;
  /** ISO weekdays of a regular pickup */
  weekdays: number[] | null;
  window: { from: string; to: string };
  place: BookingParty;
  parcelCount: number;
  note: string;
};

export type BookedPickup = { carrierRef: string };

export interface CarrierTransport {
  create(booking: Booking, context: PricingContext): Promise<BookedShipment>;
  /**
   * The carrier's booking of this shipment when an earlier create's answer was lost (timeout,
   * connection cut), looked up by our reference (`booking.trackingNumber`, sent with every
   * create), or null when the carrier has none. Called before a retried create, so a shipment is
   * never booked twice; carriers whose API cannot look a shipment up leave it out.
   */
  find?(booking: Booking, context: PricingContext): Promise<BookedShipment | null>;
  /** before pickup only: until the order time limit of the pickup day (the carrier closes the day's pickups then) */
  cancel(carrierRef: string, pickupDate: string | null, now: Date, serviceId: string): Promise<void>;
  /** the parcel's events so far, for carriers that are asked rather than push (the poller) */
  track(query: TrackQuery, now: Date): Promise<RawTrackingEvent[]>;
  /** orders a courier to a pickup place; the carrier answers its pickup order's number */
  orderPickup(order: PickupOrder, now: Date): Promise<BookedPickup>;
  /** a one-time pickup until the carrier's order cut-off on its day (`date`); a regular one (null) any time */
  cancelPickup(carrierRef: string, date: string | null, now: Date): Promise<void>;
}

/** a reference the sandbox treats as a carrier that is down, so failures can be tried (tests, demos) */
export const SANDBOX_CARRIER_DOWN = 'SANDBOX-CARRIER-DOWN';
/** a reference a carrier's sandbox books and then answers as a gateway timeout would (a lost answer; tests, demos) */
export const SANDBOX_LOSE_ANSWER = 'SANDBOX-LOSE-ANSWER';

/** the order time limit of a service (`dpd-classic`) of the sheet, or null when the sheet has no such service */
export const serviceCutoff = (sheet: CarrierSheet, serviceId: string): string | null =>
  sheet.services.find((s) => `${sheet.carrier}-${s.code}` === serviceId)?.orderTimeLimit ?? null;

/**
 * A booked shipment can be cancelled until the carrier closes its pickup day: any time before the
 * pickup date, and on the day itself until the service's order time limit (Prague time). Without a
 * pickup date (a drop-off service) until the carrier has it, which the caller checks by status.
 */
export function beforePickupCutoff(pickupDate: string | null, cutoff: string | null, now: Date): boolean {
  if (pickupDate === null) return true;
  const { date: today, time } = pragueNow(now);
  return pickupDate > today || (pickupDate === today && cutoff !== null && time < cutoff);
}
