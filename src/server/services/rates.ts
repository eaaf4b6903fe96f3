import { priceListWeights } from '../../lib/price-list-weights';
import { fillPlaceholderLocation } from '../../lib/quote-defaults';
import { cheapestQuote } from '../../lib/quote-rules';
import type { CurrencyCode, Money, Quote, Territory } from '../../lib/types/quote';
import type { CarrierSheet } from '../carriers/types';
import type { Language } from '../../lib/language';
import { quoteCarrier } from '../carriers/pricing/engine';
import type { PricingContext, Shipment } from '../carriers/pricing/shipment';

/**
 * Price lists (spec §2.5, §7 rates): the cheapest orderable price of a carrier (or of all
 * carriers) for one standard parcel of each weight on each route, priced by the quote engine.
 */

export type RateCell = {
  /** `carrier:service:from:to:weight`, readable back with rateById */
  id: string;
  weight: number;
  price: Money;
  priceVat: Money;
  carrier: { code: string; name: string };
  serviceId: string;
  serviceName: string;
  deliveryDate: string | null;
};

export type RateMatrix = {
  carrier: string | null;
  currency: CurrencyCode;
  weights: number[];
  rows: { from: string; to: string; prices: (RateCell | null)[] }[];
};

export type RateMatrixRequest = {
  sheets: readonly CarrierSheet[];
  /** the requested carrier code, or null for the cheapest of all */
  carrier: string | null;
  currency: CurrencyCode;
  territory: Territory;
  language: Language;
  /** null: the price-list weights of the first route's origin (spec §9) */
  weights: number[] | null;
  combinations: { from: string; to: string }[];
};

/** A standard 10 × 10 × 10 cm parcel between the placeholder locations of the two countries. */
function standardShipment(from: string, to: string, weight: number, request: Pick<RateMatrixRequest, 'currency' | 'territory' | 'language'>): Shipment {
  return {
    territory: request.territory,
    language: request.language,
    currency: request.currency,
    from: fillPlaceholderLocation({ country: from, zip: '', city: '' }, 'from'),
    to: fillPlaceholderLocation({ country: to, zip: '', city: '' }, 'to'),
    packages: [{ type: 'package', weight, width: 10, height: 10, length: 10 }],
    cod: null,
    insurance: null,
    hdf: false,
    pickupDate: null,
    fromTime: null,
    toTime: null,
    preferDeliveryBranch: false,
    complete: true,
  };
}

const serviceCodeOf = (quote: Quote) => quote.serviceId.slice(quote.carrier.code.length + 1);

export const rateIdOf = (quote: Quote, from: string, to: string, weight: number) =>
  `${quote.carrier.code}:${serviceCodeOf(quote)}:${from}:${to}:${weight}`;

function cellOf(quote: Quote | null, from: string, to: string, weight: number): RateCell | null {
  if (!quote) return null;
  return {
    id: rateIdOf(quote, from, to, weight),
    weight,
    price: quote.price!,
    priceVat: quote.priceVat!,
    carrier: quote.carrier,
    serviceId: quote.serviceId,
    serviceName: quote.serviceName,
    deliveryDate: quote.timeInTransit.deliveryDate,
  };
}

export function rateMatrix(request: RateMatrixRequest, context: PricingContext): RateMatrix {
  const first = request.combinations[0];
  const weights = request.weights ?? priceListWeights(first.from, first.to);
  const rows = request.combinations.map(({ from, to }) => ({
    from,
    to,
    prices: weights.map((weight) => {
      const shipment = standardShipment(from, to, weight, request);
      const quotes = request.sheets.flatMap((sheet) => quoteCarrier(sheet, shipment, context));
      return cellOf(cheapestQuote(quotes), from, to, weight);
    }),
  }));
  return { carrier: request.carrier, currency: request.currency, weights, rows };
}

const RATE_ID = /^([a-z-]+):([a-z0-9-]+):([a-z]{2}):([a-z]{2}):(\d+(?:\.\d+)?)$/;

/** The rate of one service, route and weight; null for an unknown id or a service that cannot carry it. */
export function rateById(
  id: string,
  sheets: readonly CarrierSheet[],
  request: Pick<RateMatrixRequest, 'currency' | 'territory' | 'language'>,
  context: PricingContext,
): RateCell | null {
  const match = RATE_ID.exec(id);
  if (!match) return null;
  const [, carrier, service, from, to, weightText] = match;
  const sheet = sheets.find((s) => s.carrier === carrier);
  const weight = Number(weightText);
  if (!sheet || weight <= 0) return null;
  const [quote] = quoteCarrier(sheet, standardShipment(from, to, weight, request), context, `${carrier}-${service}`);
  return cellOf(quote && cheapestQuote([quote]), from, to, weight);
}
