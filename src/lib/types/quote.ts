/** Shapes of spec §3 shared by the origin, the client state and the pages. */

export type Money = { value: number; currency: CurrencyCode };
export type CurrencyCode = 'CZK' | 'EUR' | 'USD' | 'GBP' | 'ZAR' | 'HUF' | 'PLN';
export type Territory = 'cz' | 'sk';

export const PACKAGE_TYPES = { package: 0, envelope: 10, tire: 20, pallet: 30 } as const;
export type PackageType = keyof typeof PACKAGE_TYPES;
export type PackageTypeCode = (typeof PACKAGE_TYPES)[PackageType];

export const CARRIER_CODES = ['balikovna', 'dpd', 'fedex', 'gls', 'ppl', 'toptrans', 'ups', 'wedo', 'liftago'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];
/** parcel-point networks shown on the map */
export const PARCEL_POINT_CARRIERS = ['balikovna', 'dpd', 'gls', 'ppl', 'zasilkovna', 'wedo'] as const;
export type ParcelPointCarrier = (typeof PARCEL_POINT_CARRIERS)[number];

/** collection type of a quote: picked up by the courier on demand, or dropped off by the sender */
export type CollectionType = 'ONDEMAND' | 'DROPOFF' | 'REGULAR';
export type ShipmentCategory = 'domestic' | 'import' | 'export';

export type QuoteAttributes = {
  affiliate: boolean;
  pickupBranchRequired: boolean;
  deliveryBranchRequired: boolean;
  deliveryBranchSupported: boolean;
  expressDelivery: boolean;
  trackingAvailable: boolean;
  labelPrintingRequired: boolean;
  customsClearanceRequired: boolean;
  ownInvoiceUploadAllowed: boolean;
  addressLevelLock: 0 | 1 | 2;
  freightType: 'parcel' | 'pallet' | 'envelope' | 'tire';
  deliveryBranchPreferred: boolean;
};

export type TimeInTransit = {
  /** HH:mm, Europe/Prague: order before this for pickup on pickupDate */
  orderTimeLimit: string | null;
  pickupDate: string | null; // yyyy-MM-dd
  deliveryDate: string | null; // yyyy-MM-dd
  pickupFromTime: string | null;
  pickupToTime: string | null;
  pickupWindow: string | null;
  deliveryFromTime: string | null;
  deliveryToTime: string | null;
  deliveryWindow: string | null;
  hoursInTransit: number | null;
};

/** a line of the charge breakdown; amounts without VAT, in the quote currency */
export type Charge = { code: 'base' | 'fuel' | 'cod' | 'insurance' | 'express' | 'hdf' | 'toll' | 'vat'; amount: Money };

/** machine code + human text; the client translates the code when it knows it */
export type QuoteProblem = { code: string; message: string; field?: string };

export type Quote = {
  id: string;
  serviceId: string;
  serviceName: string;
  complete: boolean;
  type: CollectionType;
  shipmentCategory: ShipmentCategory;
  price: Money | null;
  /** the carrier's own price confirmed at checkout (Liftago's window, CZK without VAT), when it quotes one */
  carrierPrice?: Money;
  priceVat: Money | null;
  /** what the carrier collects on delivery (cash on delivery: the amount, plus this price with VAT when the sender adds the shipping); null without COD */
  codAmount?: Money | null;
  restrictions: QuoteProblem[];
  errors: QuoteProblem[];
  carrier: { code: string; name: string };
  rating: { score: number; count: number };
  /** the carrier's maximums; `cod` in each currency COD is taken in, as the carrier's sheet states it (issue 26: no converted figures) */
  limits: { weight: number; insurance: Money; cod?: { CZK: number; EUR: number } };
  attributes: QuoteAttributes;
  timeInTransit: TimeInTransit;
  charges: Charge[];
};

export type ParcelPoint = {
  id: string;
  carriers: ParcelPointCarrier[];
  name: string;
  street: string;
  city: string;
  zip: string;
  country: string;
  phones: string[];
  distance: number | null; // metres from the search point
  notes: string[];
  statuses: string[];
  location: { lat: number; lng: number };
  attributes: { isCollection: boolean; isLocker: boolean; isDepot: boolean; isPostOffice: boolean };
  services: { cardPayment: boolean; wheelchairAccess: boolean; noLunchBreak: boolean; openSaturday: boolean; openSunday: boolean };
  /** day 1 = Monday … 7 = Sunday, each a list of 'HH:mm-HH:mm' */
  openingHours: { day: number; hours: string[] }[];
};
