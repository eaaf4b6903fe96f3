import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { OrderShipment } from '../../../lib/schemas/order';
import type { QuoteRequestOutput } from '../../../lib/schemas/quote';
import type { Quote, Territory } from '../../../lib/types/quote';
import type { Language } from '../../../lib/language';
import { percentOf, VAT_PERCENT } from '../../carriers/pricing/money';
import { database } from '../../db/client';
import { discountCodes } from '../../db/schema';
import type { FieldError } from '../../http/errors';
import { getParcelPoint } from '../parcel-points';
import { TERRITORY_CURRENCY } from '../quote-request';
import { prepareQuote, quoteDetail, type QuoteServiceOptions } from '../quote-service';

/**
 * Pricing an order: every item is priced again on the server, completely (the browser's
 * quote is never trusted), and must be orderable: priced, no errors, no restrictions, its
 * parcel points given where its service needs them. Money is integer minor units.
 */
export type OrderItemInput = { shipment: OrderShipment; collection_point_id?: string | null; delivery_point_id?: string | null };

export type PricedItem = {
  position: number;
  input: OrderItemInput;
  quote: Quote;
  carrier: string;
  serviceId: string;
  /** without VAT, after the discount */
  priceMinor: number;
  /** with VAT, after the discount */
  priceVatMinor: number;
  vatRate: number;
};

export const toMinor = (value: number) => Math.round(value * 100);

/** the parcel-point network a carrier's points belong to (spec §3 carriers on the map) */
const NETWORK: Record<string, string> = { balikovna: 'balikovna', dpd: 'dpd', gls: 'gls', ppl: 'ppl', wedo: 'wedo' };

const problemsOf = (q: Quote) => [...q.restrictions, ...q.errors].map((p) => p.message).join(' ');

export async function priceItems(
  db: D1Database,
  items: readonly OrderItemInput[],
  scope: { territory: Territory; language: Language },
  options: QuoteServiceOptions = {},
): Promise<{ priced: PricedItem[]; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const priced: PricedItem[] = [];
  // an order is in its territory's currency (the shop's account there takes no other)
  const currency = TERRITORY_CURRENCY[scope.territory];
  for (const [i, item] of items.entries()) {
    const at = `items.${i}`;
    if (item.shipment.currency && item.shipment.currency !== currency) {
      errors.push({ field: `${at}.shipment.currency`, code: 'validation.currency_unsupported', message: 'validation.currency_unsupported' });
      continue;
    }
    const request = { ...item.shipment, complete: true } as unknown as QuoteRequestOutput;
    const { shipment, context } = await prepareQuote(db, request, scope);
    const quote = await quoteDetail(shipment, item.shipment.service_id, context, options);
    if (!quote || quote.priceVat === null || quote.price === null || quote.errors.length > 0 || quote.restrictions.length > 0) {
      const message = quote ? problemsOf(quote) || 'validation.service_unavailable' : 'validation.unknown_service';
      errors.push({ field: `${at}.shipment.service_id`, code: quote ? 'validation.service_unavailable' : 'validation.unknown_service', message });
      continue;
    }
    for (const [side, required, id] of [
      ['collection_point_id', quote.attributes.pickupBranchRequired, item.collection_point_id],
      ['delivery_point_id', quote.attributes.deliveryBranchRequired, item.delivery_point_id],
    ] as const) {
      if (required && !id) errors.push({ field: `${at}.${side}`, code: 'validation.parcel_point_required', message: 'validation.parcel_point_required' });
      if (id) {
        const point = await getParcelPoint(db, id);
        const network = NETWORK[quote.carrier.code];
        if (!point || (network && !point.carriers.includes(network as never))) errors.push({ field: `${at}.${side}`, code: 'validation.parcel_point', message: 'validation.parcel_point' });
      }
    }
    priced.push({
      position: i,
      input: item,
      quote,
      carrier: quote.carrier.code,
      serviceId: quote.serviceId,
      priceMinor: toMinor(quote.price.value),
      priceVatMinor: toMinor(quote.priceVat.value),
      vatRate: VAT_PERCENT[scope.territory],
    });
  }
  const currencies = new Set(priced.map((p) => p.quote.priceVat!.currency));
  if (currencies.size > 1) errors.push({ field: 'items', code: 'validation.currency_mixed', message: 'validation.currency_mixed' });
  return { priced, errors };
}

export type Discount = { code: string; percent: number | null; amountMinor: number | null; currency: string | null };

/** an active, unexpired discount code (case-insensitive), or null */
export async function findDiscount(db: D1Database, code: string, now: Date): Promise<Discount | null> {
  if (!code) return null;
  const row = await database(db)
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code.toUpperCase()), eq(discountCodes.active, true), or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now.toISOString()))))
    .get();
  return row ? { code: row.code, percent: row.percent, amountMinor: row.amountMinor, currency: row.currency } : null;
}

/**
 * The discount applied line by line to the price without VAT, the VAT computed again on
 * each line, so an invoice line stays base + VAT at its rate. A percent takes that percent
 * of every line; an amount (with VAT) is shared by the lines' prices, the last line taking
 * the rounding rest.
 */
export function applyDiscount(items: PricedItem[], discount: Discount | null, currency: string): { items: PricedItem[]; discountMinor: number } {
  if (!discount || (discount.amountMinor !== null && discount.currency !== currency)) return { items, discountMinor: 0 };
  const gross = items.reduce((sum, i) => sum + i.priceVatMinor, 0);
  let left = Math.min(discount.amountMinor ?? 0, gross);
  const discounted = items.map((item, index) => {
    let netOff: number;
    if (discount.percent !== null) netOff = percentOf(item.priceMinor, discount.percent);
    else {
      const share = index === items.length - 1 ? left : Math.floor((Math.min(discount.amountMinor!, gross) * item.priceVatMinor) / gross);
      left -= share;
      netOff = Math.round((share * 100) / (100 + item.vatRate));
    }
    const net = Math.max(0, item.priceMinor - netOff);
    return { ...item, priceMinor: net, priceVatMinor: net + percentOf(net, item.vatRate) };
  });
  const after = discounted.reduce((sum, i) => sum + i.priceVatMinor, 0);
  return { items: discounted, discountMinor: gross - after };
}
