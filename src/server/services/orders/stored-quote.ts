import type { Quote, TimeInTransit } from '../../../lib/types/quote';

/**
 * What an order item keeps of the quote it was priced with (order_items.quote): the names, the
 * prices and charges, the handover, cash on delivery, the carrier's confirmed price and the dates.
 * The catalogue data (rating, limits, attributes, restrictions) is the service's, not the order's,
 * and is not stored (≈770 B a parcel, docs/retention.md). Old rows hold the full Quote: a superset.
 */
export type StoredQuote = Pick<Quote, 'serviceId' | 'serviceName' | 'carrier' | 'type' | 'price' | 'priceVat' | 'charges' | 'timeInTransit' | 'carrierPrice' | 'codAmount'> & {
  attributes?: Pick<Quote['attributes'], 'pickupBranchRequired'>;
};

const TIME_KEYS = ['orderTimeLimit', 'pickupDate', 'deliveryDate', 'pickupFromTime', 'pickupToTime', 'pickupWindow', 'deliveryFromTime', 'deliveryToTime', 'deliveryWindow', 'hoursInTransit'] as const;

/** the quote as order_items.quote stores it (JSON of this); null times are left out */
export function compactQuote(quote: Quote | StoredQuote): StoredQuote {
  const time = Object.fromEntries(TIME_KEYS.filter((k) => quote.timeInTransit[k] !== null && quote.timeInTransit[k] !== undefined).map((k) => [k, quote.timeInTransit[k]])) as TimeInTransit;
  return {
    serviceId: quote.serviceId,
    serviceName: quote.serviceName,
    carrier: { code: quote.carrier.code, name: quote.carrier.name },
    type: quote.type,
    price: quote.price,
    priceVat: quote.priceVat,
    charges: quote.charges,
    timeInTransit: time,
    ...(quote.carrierPrice ? { carrierPrice: quote.carrierPrice } : {}),
    ...(quote.codAmount ? { codAmount: quote.codAmount } : {}),
    ...(quote.attributes?.pickupBranchRequired ? { attributes: { pickupBranchRequired: true } } : {}),
  };
}

/**
 * order_items.quote read back, in the old full shape or the compact one (left-out times are null);
 * '' (moved to R2 with the order's records, services/archive/orders.ts): the item's service only
 */
export function storedQuote(json: string, item?: { serviceId: string; carrier: string }): StoredQuote {
  const quote = (json === '' ? { serviceId: item?.serviceId ?? '', serviceName: '', carrier: { code: item?.carrier ?? '', name: item?.carrier ?? '' }, type: 'PICKUP', price: null, priceVat: null, charges: [] } : JSON.parse(json)) as StoredQuote;
  const time = (quote.timeInTransit ?? {}) as Partial<TimeInTransit>;
  return { ...quote, timeInTransit: Object.fromEntries(TIME_KEYS.map((k) => [k, time[k] ?? null])) as TimeInTransit };
}
