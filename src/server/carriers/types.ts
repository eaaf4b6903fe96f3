import type { CarrierCode, CollectionType, PackageType, Quote, Territory } from '../../lib/types/quote';
import type { PricingContext, Shipment } from './pricing/shipment';

/**
 * Zones of a route, from the point of view of the home country (cz or sk) on it:
 * domestic, between CZ and SK, export zones (Europe 1-3, world 1-3), import zones, and
 * `city` for a route inside one city (same-day couriers).
 */
export const ZONE_CODES = ['city', 'cz', 'sk', 'czsk', 'eu1', 'eu2', 'eu3', 'world1', 'world2', 'world3', 'import-eu', 'import-world'] as const;
export type ZoneCode = (typeof ZONE_CODES)[number];

/** One zone of a service: prices in CZK without VAT, one per weight break (null: not carried at that weight). */
export type ZoneRate = { prices: (number | null)[]; transitDays: number };

/** Fees in CZK without VAT; limits in CZK, each with the carrier's own EUR figure (`…Eur`) that amounts in euros are held to. */
export type ServiceSurcharges = {
  /** cash on delivery: flat fee + percent of the collected amount; null when not offered */
  cod: { fee: number; percent: number; max: number; maxEur: number } | null;
  /** the carrier's liability covers `included`; above it the premium is permille of the excess (at least `min`), up to `max` */
  insurance: { included: number; includedEur: number; permille: number; min: number; max: number; maxEur: number };
  /** per shipment for an express service */
  express?: number;
  /** per shipment for the hdf service; absent when not offered */
  hdf?: number;
  /** per package off the base price when the parcel goes to a parcel point instead of an address */
  branchDiscount?: number;
};

/** Bookable delivery windows of a same-day courier, Europe/Prague wall-clock time. */
export type TimeWindowRule = {
  firstStart: string;
  lastStart: string;
  hours: number;
  /** minutes between ordering and the start of the earliest bookable window */
  leadMinutes: number;
  /** windows starting at or after this time cost `peakSurcharge` CZK more (an express charge) */
  peakFrom: string;
  peakSurcharge: number;
};

export type ServiceSheet = {
  /** unique within the carrier; the quote's serviceId is `${carrier}-${code}` */
  code: string;
  name: string;
  type: CollectionType;
  packageTypes: PackageType[];
  /** weight breaks in kg, ascending: a parcel is priced at the first break at or above its weight */
  weights: number[];
  zones: Partial<Record<ZoneCode, ZoneRate>>;
  limits: {
    /** kg per package */
    maxWeight: number;
    /** cm, longest side */
    maxLength: number;
    /** cm, longest side + 2 × the other two; null when not limited */
    maxGirth: number | null;
    maxPackages?: number;
  };
  /** cm³ per kg of volumetric weight; null when the carrier prices by real weight only */
  volumetricDivisor: number | null;
  surcharges: ServiceSurcharges;
  /** Europe/Prague HH:mm: order (or hand in) before this for dispatch the same working day */
  orderTimeLimit: string;
  /** courier pickup window on the pickup day (on-demand services) */
  pickupWindow: { from: string; to: string } | null;
  /** guaranteed delivery window (express services) */
  deliveryWindow?: { from: string; to: string };
  deliveryBranch: 'required' | 'optional' | 'none';
  expressDelivery: boolean;
  labelPrintingRequired: boolean;
  ownInvoiceUploadAllowed: boolean;
  /** same-day courier: the price and times depend on the booked window, known only in the detail */
  timeWindows?: TimeWindowRule;
};

export type CarrierSheet = {
  carrier: CarrierCode;
  territories: Territory[];
  rating: { score: number; count: number };
  /** percent of the base price (and express fee), this month's carrier fuel surcharge */
  fuelPercent: number;
  /** percent of the base price (road toll), for road freight carriers */
  tollPercent?: number;
  services: ServiceSheet[];
};

/** Normalized tracking statuses; each carrier maps its raw codes onto these. */
export const TRACKING_STATUSES = [
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
  'delivery_failed',
  'on_hold',
  'return_to_sender',
  'cancelled',
  'unknown',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export type TrackingStatusMap = Record<string, Exclude<TrackingStatus, 'unknown'>>;

export interface CarrierAdapter {
  readonly code: CarrierCode;
  readonly sheet: CarrierSheet;
  /** the carrier's raw tracking codes (upper case) and their normalized statuses */
  readonly tracking: TrackingStatusMap;
  /** every service that can carry the shipment (or one restricted quote saying why none can); `serviceId` narrows to one */
  quote(shipment: Shipment, context: PricingContext, options?: { serviceId?: string; signal?: AbortSignal }): Promise<Quote[]>;
  trackingStatus(raw: string): TrackingStatus;
}

/**
 * A carrier could not answer: its API failed, refused or timed out. Transports throw this
 * (with the carrier's own wording in `message`); the quote service turns it into a
 * CARRIER_UNAVAILABLE quote. Any other error out of a carrier is a bug of ours.
 */
export class CarrierUnavailableError extends Error {
  override readonly name = 'CarrierUnavailableError';
  constructor(
    readonly carrier: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
