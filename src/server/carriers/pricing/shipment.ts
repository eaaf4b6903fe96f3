import type { Language } from '../../../lib/language';
import type { CurrencyCode, Money, PackageType, Territory } from '../../../lib/types/quote';

/** The validated, default-filled shipment the quote engine prices. */
export type Place = { country: string; zip: string; city: string };
export type Parcel = { type: PackageType; weight: number; width: number; height: number; length: number };

export type Shipment = {
  territory: Territory;
  language: Language;
  currency: CurrencyCode;
  from: Place;
  to: Place;
  packages: Parcel[];
  cod: Money | null;
  /** the carrier collects the COD amount plus the shipment's price with VAT (spec §5 includeShipmentCosts) */
  codWithShipping?: boolean;
  insurance: Money | null;
  /** the VAT rate of its price with VAT: a consumer's by route (services/orders/vat-rule.ts); unset: the territory's */
  vatPercent?: number;
  hdf: boolean;
  pickupDate: string | null;
  fromTime: string | null;
  toTime: string | null;
  preferDeliveryBranch: boolean;
  /** price everything now, including what a find may leave for the detail (time windows) */
  complete: boolean;
};

/** CZK for one unit of each currency; CZK itself is 1. */
export type ExchangeRates = Readonly<Record<string, number>>;

export type PricingContext = { exchangeRates: ExchangeRates; now: Date };
