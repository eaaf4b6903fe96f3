import { priceListWeights } from '../../lib/price-list-weights';
import { fillPlaceholderLocation } from '../../lib/quote-defaults';
import { pragueNow } from '../../lib/calendar';
import { cheapestQuote } from '../../lib/quote-rules';
import type { CurrencyCode, Money, Quote, Territory } from '../../lib/types/quote';
import type { CarrierSheet } from '../carriers/types';
import type { Language } from '../../lib/language';
import { quoteCarrier } from '../carriers/pricing/engine';
import type { PricingContext, Shipment } from '../carriers/pricing/shipment';
import { readCache, yieldToEventLoop } from '../http/timeout';

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

type Route = { from: string; to: string };
type Row = RateMatrix['rows'][number];

/** each weight's quotes of one carrier on one route (pure, synchronous: one carrier's share of the work) */
const quotesOfSheet = (sheet: CarrierSheet, { from, to }: Route, weights: number[], request: RateMatrixRequest, context: PricingContext) =>
  weights.map((weight) => quoteCarrier(sheet, standardShipment(from, to, weight, request), context));

/** the row of a route: per weight, the cheapest orderable quote of all the carriers' */
const rowOf = (route: Route, weights: number[], perSheet: Quote[][][]): Row => ({
  from: route.from,
  to: route.to,
  prices: weights.map((weight, i) => cellOf(cheapestQuote(perSheet.flatMap((quotes) => quotes[i]!)), route.from, route.to, weight)),
});

const weightsOf = (request: RateMatrixRequest) => request.weights ?? priceListWeights(request.combinations[0]!.from, request.combinations[0]!.to);

export function rateMatrix(request: RateMatrixRequest, context: PricingContext): RateMatrix {
  const weights = weightsOf(request);
  const rows = request.combinations.map((route) => rowOf(route, weights, request.sheets.map((sheet) => quotesOfSheet(sheet, route, weights, request, context))));
  return { carrier: request.carrier, currency: request.currency, weights, rows };
}

/** rows are cached as long as the API cache (spec §9: 90 minutes) */
export const RATE_ROW_TTL_S = 5400;

/**
 * KV key of one row. Everything the row depends on is in it: carrier (or all), currency
 * and its exchange rate, territory, language (service names), the Prague date (delivery
 * dates), the route and the weights.
 */
export function rateRowKey(request: RateMatrixRequest, context: PricingContext, route: Route, weights: number[]): string {
  const rate = context.exchangeRates[request.currency] ?? 'none';
  const day = pragueNow(context.now).date;
  return `rates:v1:${request.territory}:${request.language}:${request.carrier ?? 'all'}:${request.currency}@${rate}:${day}:${route.from}-${route.to}:${weights.join(',')}`;
}

/**
 * The matrix with bounded hold on the isolate: each row comes from KV when it can; a row
 * computed afresh gives the event loop a turn after every carrier, so a quote asked beside
 * a price list is not kept waiting, and is written back to KV after the answer.
 */
export async function rateMatrixCached(
  request: RateMatrixRequest,
  context: PricingContext,
  cache: { kv?: KVNamespace; reload: boolean; keepAlive: (write: Promise<unknown>) => void },
): Promise<RateMatrix> {
  const weights = weightsOf(request);
  const rows: Row[] = [];
  for (const route of request.combinations) {
    const key = rateRowKey(request, context, route, weights);
    const cached = cache.reload ? null : await readCache<Row>(cache.kv, key);
    if (cached) {
      rows.push(cached);
      continue;
    }
    const perSheet: Quote[][][] = [];
    for (const sheet of request.sheets) {
      perSheet.push(quotesOfSheet(sheet, route, weights, request, context));
      await yieldToEventLoop();
    }
    const row = rowOf(route, weights, perSheet);
    rows.push(row);
    if (cache.kv) cache.keepAlive(cache.kv.put(key, JSON.stringify(row), { expirationTtl: RATE_ROW_TTL_S }));
  }
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
