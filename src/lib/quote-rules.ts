import type { CurrencyCode, Quote, ShipmentCategory } from './types/quote';

/** Quote rules of spec §4 and §9; pure, shared by the client and the origin. */

/** A quote the user can order right away: complete, priced, with no restrictions or errors. */
export const isOrderableQuote = (quote: Quote) =>
  quote.complete && quote.restrictions.length === 0 && quote.errors.length === 0 && quote.priceVat !== null;

/** The orderable quote with the lowest VAT price (the first of equals), or null. */
export function cheapestQuote(quotes: readonly Quote[]): Quote | null {
  let best: Quote | null = null;
  for (const quote of quotes) {
    if (isOrderableQuote(quote) && (best === null || quote.priceVat!.value < best.priceVat!.value)) best = quote;
  }
  return best;
}

export type RouteTypeLabel = 'collection' | 'express' | 'dropoff' | 'pickup';

/**
 * Route type labels of a quote (spec §4): pickup (a courier picks up on demand) or
 * collection (a regular collection, not on demand); express; dropoff (the sender hands
 * the parcel in, or a parcel point or branch is required on either side).
 */
export function routeTypeLabels(quote: Pick<Quote, 'type' | 'attributes'>): RouteTypeLabel[] {
  const labels: RouteTypeLabel[] = [];
  if (quote.type === 'ONDEMAND') labels.push('pickup');
  if (quote.type === 'REGULAR') labels.push('collection');
  if (quote.attributes.expressDelivery) labels.push('express');
  const branch = quote.attributes.pickupBranchRequired || quote.attributes.deliveryBranchRequired;
  if (quote.type === 'DROPOFF' || branch) labels.push('dropoff');
  return labels;
}

/** How a parcel reaches the carrier: a courier collects it ('pickup', Svoz), or the sender hands it in ('handIn', Podání). */
export type Handover = 'pickup' | 'handIn';

/** 'handIn' for a drop-off service, a service that needs a collection point, or a collection point chosen; 'pickup' otherwise. */
export function handoverOf(quote: Pick<Quote, 'type'> & { attributes?: Pick<Quote['attributes'], 'pickupBranchRequired'> }, collectionPoint = false): Handover {
  return quote.type === 'DROPOFF' || quote.attributes?.pickupBranchRequired || collectionPoint ? 'handIn' : 'pickup';
}

/**
 * Domestic when both sides are in the territory's country, export when only the sender is,
 * import otherwise (also for a route between two foreign countries: the goods come from abroad).
 */
export function shipmentCategory(fromCountry: string, toCountry: string, territory: string): ShipmentCategory {
  const home = territory.toLowerCase();
  const from = fromCountry.toLowerCase();
  const to = toCountry.toLowerCase();
  if (from === home && to === home) return 'domestic';
  if (from === home) return 'export';
  return 'import';
}

/**
 * Currencies a cash-on-delivery amount may be collected in (spec §9), the default first.
 * Empty for routes where cash on delivery is not offered.
 */
export function codCurrencies(fromCountry: string, toCountry: string): CurrencyCode[] {
  switch (`${fromCountry.toLowerCase()}-${toCountry.toLowerCase()}`) {
    case 'cz-cz':
      return ['CZK'];
    case 'cz-sk':
      return ['CZK', 'EUR'];
    case 'sk-sk':
      return ['EUR'];
    case 'sk-cz':
      return ['EUR', 'CZK'];
    default:
      return [];
  }
}

/**
 * A service's name beside its carrier's, said once: a service whose name the carrier's
 * display name already holds ('One by Allegro Box' + 'Box', 'Balíkovna' + 'Balíkovna') adds
 * nothing, so it is left out. Every page, e-mail and document names a service through this.
 */
export function serviceNameBeside(carrierName: string, serviceName: string | null | undefined): string | null {
  const service = serviceName?.trim();
  return service && !carrierName.toLowerCase().includes(service.toLowerCase()) ? service : null;
}

/** carrier and service in one line: 'DPD Classic', 'One by Allegro Box' */
export const carrierAndService = (carrierName: string, serviceName: string | null | undefined) => [carrierName, serviceNameBeside(carrierName, serviceName)].filter(Boolean).join(' ');
