import type { Language } from '../../lib/language';
import { fillPlaceholderLocation } from '../../lib/quote-defaults';
import { cheapestQuote } from '../../lib/quote-rules';
import type { CurrencyCode, Money, PackageType, Territory } from '../../lib/types/quote';
import type { ParcelPointPriceSide } from '../../lib/schemas/carriers';
import { carrierDisplayName, serviceDisplayName } from '../carriers/names';
import { quoteCarrier, serviceIdOf } from '../carriers/pricing/engine';
import { limitMinor, toMoney } from '../carriers/pricing/money';
import type { PricingContext, Shipment } from '../carriers/pricing/shipment';
import type { CarrierAdapter, ServiceSheet, ZoneCode } from '../carriers/types';

/**
 * The public facts of a carrier (spec §2.4 carrier pages) as its rate sheet states them:
 * services, limits, pickup and delivery options, cash on delivery and insurance. Limits are in
 * the asked currency (the sheet's EUR figures for euros); prices themselves come from v1/rates.
 */

export type CarrierServiceFacts = {
  id: string;
  name: string;
  /** ONDEMAND: a courier picks the parcel up; DROPOFF: the sender hands it in at a point */
  type: ServiceSheet['type'];
  packageTypes: PackageType[];
  maxWeight: number;
  maxLength: number;
  maxGirth: number | null;
  maxPackages: number | null;
  volumetricDivisor: number | null;
  deliveryBranch: ServiceSheet['deliveryBranch'];
  expressDelivery: boolean;
  deliveryWindow: { from: string; to: string } | null;
  pickupWindow: { from: string; to: string } | null;
  orderTimeLimit: string;
  labelPrintingRequired: boolean;
  cod: { max: Money } | null;
  insurance: { included: Money; max: Money };
  hdf: boolean;
  /** zones the service carries to, with their transit days */
  zones: { zone: ZoneCode; transitDays: number }[];
};

export type CarrierFacts = {
  code: string;
  name: string;
  territories: Territory[];
  rating: { score: number; count: number };
  services: CarrierServiceFacts[];
};

/** a sheet limit in the asked currency: the carrier's own EUR figure for euros, never a conversion */
const limit = (czk: number, eur: number, currency: CurrencyCode, context: PricingContext) => toMoney(limitMinor(czk, eur, currency, context.exchangeRates), currency);

function serviceFacts(carrier: CarrierAdapter, service: ServiceSheet, currency: CurrencyCode, context: PricingContext): CarrierServiceFacts {
  const { surcharges, limits } = service;
  return {
    id: serviceIdOf(carrier.sheet, service),
    name: service.name,
    type: service.type,
    packageTypes: service.packageTypes,
    maxWeight: limits.maxWeight,
    maxLength: limits.maxLength,
    maxGirth: limits.maxGirth,
    maxPackages: limits.maxPackages ?? null,
    volumetricDivisor: service.volumetricDivisor,
    deliveryBranch: service.deliveryBranch,
    expressDelivery: service.expressDelivery,
    deliveryWindow: service.deliveryWindow ?? null,
    pickupWindow: service.pickupWindow,
    orderTimeLimit: service.orderTimeLimit,
    labelPrintingRequired: service.labelPrintingRequired,
    cod: surcharges.cod ? { max: limit(surcharges.cod.max, surcharges.cod.maxEur, currency, context) } : null,
    insurance: {
      included: limit(surcharges.insurance.included, surcharges.insurance.includedEur, currency, context),
      max: limit(surcharges.insurance.max, surcharges.insurance.maxEur, currency, context),
    },
    hdf: surcharges.hdf !== undefined,
    zones: Object.entries(service.zones).map(([zone, rate]) => ({ zone: zone as ZoneCode, transitDays: rate!.transitDays })),
  };
}

export function carrierFacts(carrier: CarrierAdapter, currency: CurrencyCode, context: PricingContext): CarrierFacts {
  const { sheet } = carrier;
  return {
    code: carrier.code,
    name: carrierDisplayName(carrier.code),
    territories: sheet.territories,
    rating: sheet.rating,
    services: sheet.services.map((service) => serviceFacts(carrier, service, currency, context)),
  };
}

// ── parcel-point prices ───────────────────────────────────────────────────────

export type ParcelPointPriceRow = {
  carrier: { code: string; name: string };
  serviceId: string;
  serviceName: string;
  /** a courier picks the parcel up (only for delivery-point rows) or the sender hands it in */
  type: ServiceSheet['type'];
  /** delivered to a parcel point only (required) or to a point on request (optional) */
  deliveryBranch: ServiceSheet['deliveryBranch'];
  to: string;
  /** per weight: the price with VAT, null when the service does not carry that weight there */
  prices: (Money | null)[];
};

export type ParcelPointPrices = { side: ParcelPointPriceSide; currency: CurrencyCode; weights: number[]; destinations: string[]; rows: ParcelPointPriceRow[] };

/** Services that start at a point (collection) or can end at one (delivery). */
const servesSide = (service: ServiceSheet, side: ParcelPointPriceSide) => (side === 'collection' ? service.type === 'DROPOFF' : service.deliveryBranch !== 'none');

/** A standard 10 × 10 × 10 cm parcel between the placeholder locations, to a parcel point when asked. */
function standardShipment(from: string, to: string, weight: number, scope: { territory: Territory; language: Language; currency: CurrencyCode }, toPoint: boolean): Shipment {
  return {
    ...scope,
    from: fillPlaceholderLocation({ country: from, zip: '', city: '' }, 'from'),
    to: fillPlaceholderLocation({ country: to, zip: '', city: '' }, 'to'),
    packages: [{ type: 'package', weight, width: 10, height: 10, length: 10 }],
    cod: null,
    insurance: null,
    hdf: false,
    pickupDate: null,
    fromTime: null,
    toTime: null,
    preferDeliveryBranch: toPoint,
    complete: true,
  };
}

/**
 * What each parcel-point service costs per weight from the territory's home country to each
 * destination, priced by the quote engine like v1/rates/list (VAT included); for delivery
 * points the parcel goes to a point (a carrier's branch discount applies).
 */
export function parcelPointPrices(
  carriers: readonly CarrierAdapter[],
  request: { side: ParcelPointPriceSide; territory: Territory; language: Language; currency: CurrencyCode; weights: number[]; destinations: string[] },
  context: PricingContext,
): ParcelPointPrices {
  const home = request.territory;
  const rows: ParcelPointPriceRow[] = [];
  for (const carrier of carriers) {
    for (const service of carrier.sheet.services.filter((s) => servesSide(s, request.side))) {
      const serviceId = serviceIdOf(carrier.sheet, service);
      for (const to of request.destinations) {
        const prices = request.weights.map((weight) => {
          const shipment = standardShipment(home, to, weight, request, request.side === 'delivery');
          const quote = cheapestQuote(quoteCarrier(carrier.sheet, shipment, context, serviceId));
          return quote?.priceVat ?? null;
        });
        if (prices.every((p) => p === null)) continue;
        rows.push({
          carrier: { code: carrier.code, name: carrierDisplayName(carrier.code, undefined, request.language) },
          serviceId,
          serviceName: serviceDisplayName(carrier.code, service.code, service.name, request.language),
          type: service.type,
          deliveryBranch: service.deliveryBranch,
          to,
          prices,
        });
      }
    }
  }
  return { side: request.side, currency: request.currency, weights: request.weights, destinations: request.destinations, rows };
}
