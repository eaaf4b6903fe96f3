import { storedQuote } from './stored-quote';
import { and, eq, gt, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { OrderShipment } from '../../../lib/schemas/order';
import type { QuoteRequestOutput } from '../../../lib/schemas/quote';
import type { Quote, Territory } from '../../../lib/types/quote';
import type { Language } from '../../../lib/language';
import { CARRIERS, carrierByServiceId } from '../../carriers';
import { percentOf, toMoney, VAT_PERCENT } from '../../carriers/pricing/money';
import { vatRule, type VatRuleInput } from './vat-rule';
import { database } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';
import type { FieldError } from '../../http/errors';
import { getParcelPoint } from '../parcel-points';
import { TERRITORY_CURRENCY } from '../quote-request';
import { prepareQuote, quoteDetail, type QuoteServiceOptions } from '../quote-service';
import { repriced, type WindowPricer } from './window-prices';
import { orderSums, type ListItem, type OrderSums } from '../../../lib/invoice-sums';

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
  /** the carrier quoted its window at another price than the rate sheet (window-prices.ts) */
  carrierPriceChanged?: boolean;
};

export const toMinor = (value: number) => Math.round(value * 100);

/** the parcel-point network a carrier's points belong to (spec §3 carriers on the map) */
const NETWORK: Record<string, string> = { balikovna: 'balikovna', dpd: 'dpd', gls: 'gls', ppl: 'ppl', wedo: 'wedo' };

const problemsOf = (q: Quote) => [...q.restrictions, ...q.errors].map((p) => p.message).join(' ');

/** the items whose carrier cannot be ordered online here (QuoteServiceOptions.orderable), each a §8 error on its service */
export function unorderableItems(items: readonly OrderItemInput[], options: QuoteServiceOptions, territory?: Territory): FieldError[] {
  const { orderable } = options;
  if (!orderable) return [];
  return items.flatMap((item, i) => {
    const carrier = carrierByServiceId(item.shipment.service_id, options.carriers ?? CARRIERS);
    return carrier && !orderable(carrier.code, territory) ? [{ field: `items.${i}.shipment.service_id`, code: 'validation.carrier_not_orderable', message: 'validation.carrier_not_orderable' }] : [];
  });
}

export async function priceItems(
  db: D1Database,
  items: readonly OrderItemInput[],
  scope: { territory: Territory; language: Language },
  options: QuoteServiceOptions = {},
  windowPrice?: WindowPricer,
): Promise<{ priced: PricedItem[]; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const priced: PricedItem[] = [];
  // an order is in its territory's currency (the shop's account there takes no other)
  const currency = TERRITORY_CURRENCY[scope.territory];
  const unorderable = unorderableItems(items, options, scope.territory);
  errors.push(...unorderable);
  for (const [i, item] of items.entries()) {
    const at = `items.${i}`;
    if (unorderable.some((e) => e.field.startsWith(`${at}.`))) continue;
    if (item.shipment.currency && item.shipment.currency !== currency) {
      errors.push({ field: `${at}.shipment.currency`, code: 'validation.currency_unsupported', message: 'validation.currency_unsupported' });
      continue;
    }
    const request = { ...item.shipment, complete: true } as unknown as QuoteRequestOutput;
    const { shipment, context } = await prepareQuote(db, request, scope);
    let quote = await quoteDetail(shipment, item.shipment.service_id, context, options);
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
    let carrierPriceChanged = false;
    const carrierMinor = windowPrice ? await windowPrice(item, shipment, context, quote.serviceId) : null;
    if (carrierMinor !== null) ({ quote, changed: carrierPriceChanged } = repriced(quote, shipment, context, carrierMinor, scope.territory));
    priced.push({
      carrierPriceChanged,
      position: i,
      input: item,
      quote,
      carrier: quote.carrier.code,
      serviceId: quote.serviceId,
      priceMinor: toMinor(quote.price!.value),
      priceVatMinor: toMinor(quote.priceVat!.value),
      vatRate: shipment.vatPercent ?? VAT_PERCENT[scope.territory],
    });
  }
  const currencies = new Set(priced.map((p) => p.quote.priceVat!.currency));
  if (currencies.size > 1) errors.push({ field: 'items', code: 'validation.currency_mixed', message: 'validation.currency_mixed' });
  return { priced, errors };
}

/**
 * The items at the VAT the rule gives their customer and route (vat-rule.ts): the price
 * without VAT stays, its VAT (and the quote's) follow the rate. A route whose place of supply
 * the rule does not know keeps the territory's rate.
 */
export function withVatRule(items: readonly PricedItem[], business: VatRuleInput['business']): PricedItem[] {
  return items.map((item) => {
    const rule = vatRule({ business, from: item.input.shipment.from, to: item.input.shipment.to });
    if (!rule || rule.rate === item.vatRate || !item.quote.price) return item;
    const currency = item.quote.price.currency;
    const vat = percentOf(item.priceMinor, rule.rate);
    const charges = item.quote.charges.map((c) => (c.code === 'vat' ? { ...c, amount: toMoney(vat, currency) } : c));
    return { ...item, vatRate: rule.rate, priceVatMinor: item.priceMinor + vat, quote: { ...item.quote, priceVat: toMoney(item.priceMinor + vat, currency), charges } };
  });
}

/** welcome codes (the seed's VITEJTE10, "for the first order"): once per account, and once per e-mail for guests */
export const ONCE_PER_CUSTOMER = new Set(['VITEJTE10']);

/**
 * Whether a once-per-customer code was already used by this customer: an order with it by the
 * account, or under the e-mail (a guest's, or the account's own address); an order cancelled
 * before payment does not count.
 */
export async function discountUsed(db: D1Database, discount: Discount, customer: { userId: number | null; emails: readonly string[] }): Promise<boolean> {
  if (!ONCE_PER_CUSTOMER.has(discount.code)) return false;
  const emails = customer.emails.filter(Boolean).map((e) => e.toLowerCase());
  const whose = [...(customer.userId ? [eq(orders.userId, customer.userId)] : []), ...(emails.length ? [inArray(sql`lower(${orders.email})`, emails)] : [])];
  if (whose.length === 0) return false;
  const used = await database(db)
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.discountCode, discount.code), or(...whose), not(and(eq(orders.status, 'cancelled'), isNull(orders.paidAt))!)))
    .limit(1)
    .get();
  return used !== undefined;
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

/** the base whose price with VAT at `rate` is exactly `gross`, or null: rounding the VAT skips about one amount in (100 + rate) / rate */
export function baseOfGross(gross: number, rate: number): number | null {
  const guess = Math.round((gross * 100) / (100 + rate));
  for (const base of [guess, guess - 1, guess + 1]) if (base >= 0 && base + percentOf(base, rate) === gross) return base;
  return null;
}

/**
 * An amount off (with VAT) shared by the lines in proportion to their prices, the last line
 * taking the rounding rest. Each line's share is a base and its VAT that add up to the share
 * exactly (the invoice shows it as a discount line), so the order costs exactly the amount
 * less; a share no base reaches moves a haléř/cent to another line.
 */
function amountShares(items: readonly PricedItem[], amount: number, gross: number): number[] {
  const last = items.length - 1;
  const shares = items.map((item, i) => (i === last ? 0 : Math.floor((amount * item.priceVatMinor) / gross)));
  shares[last] = amount - shares.reduce((sum, s) => sum + s, 0);
  const reachable = (i: number, share: number) => share >= 0 && share <= items[i]!.priceVatMinor && baseOfGross(share, items[i]!.vatRate) !== null;
  for (let i = 0; i < last; i++) {
    if (!reachable(i, shares[i]!)) {
      shares[i]!--;
      shares[i + 1]!++;
    }
  }
  if (!reachable(last, shares[last]!)) {
    // the amounts next to a skipped one are reached (at VAT below 50 %): one haléř/cent moves between the last line and another
    for (const step of [1, -1]) {
      const other = shares.findIndex((share, i) => i < last && reachable(i, share - step) && reachable(last, shares[last]! + step));
      if (other >= 0) {
        shares[other]! -= step;
        shares[last]! += step;
        return shares;
      }
    }
    // one line alone: as close as it gets, never above its price
    shares[last]! += reachable(last, shares[last]! + 1) ? 1 : -1;
  }
  return shares;
}

/**
 * The discount applied line by line. A percent takes that percent of every line's price
 * without VAT and the VAT is computed again on the rest (an invoice line stays base + VAT at
 * its rate); an amount (with VAT) is shared by the lines (amountShares).
 */
export function applyDiscount(items: PricedItem[], discount: Discount | null, currency: string): { items: PricedItem[]; discountMinor: number } {
  if (!discount || (discount.amountMinor !== null && discount.currency !== currency)) return { items, discountMinor: 0 };
  const gross = items.reduce((sum, i) => sum + i.priceVatMinor, 0);
  let discounted: PricedItem[];
  if (discount.percent !== null) {
    discounted = items.map((item) => {
      const net = Math.max(0, item.priceMinor - percentOf(item.priceMinor, discount.percent!));
      return { ...item, priceMinor: net, priceVatMinor: net + percentOf(net, item.vatRate) };
    });
  } else {
    const shares = gross > 0 ? amountShares(items, Math.min(discount.amountMinor ?? 0, gross), gross) : items.map(() => 0);
    discounted = items.map((item, i) => {
      const share = shares[i]!;
      const base = baseOfGross(share, item.vatRate) ?? Math.round((share * 100) / (100 + item.vatRate));
      return { ...item, priceMinor: Math.max(0, item.priceMinor - base), priceVatMinor: Math.max(0, item.priceVatMinor - share) };
    });
  }
  const after = discounted.reduce((sum, i) => sum + i.priceVatMinor, 0);
  return { items: discounted, discountMinor: gross - after };
}

type PricedLike = { quote: string | Pick<Quote, 'price' | 'priceVat'>; priceMinor: number; priceVatMinor: number; vatRate: number };

/** an item (priced, or as stored) at its list price with what is paid for it after the discount */
export function listItemOf(item: PricedLike): ListItem {
  const quote = typeof item.quote === 'string' ? storedQuote(item.quote) : item.quote;
  return {
    baseMinor: quote.price ? toMinor(quote.price.value) : item.priceMinor,
    totalMinor: quote.priceVat ? toMinor(quote.priceVat.value) : item.priceVatMinor,
    vatRate: item.vatRate,
    paidMinor: item.priceVatMinor,
  };
}

/** what an order prints: list prices − discount = total with VAT = base + VAT (+ rounding), as its invoice states it */
export const orderTotals = (items: readonly PricedLike[]): OrderSums => orderSums(items.map(listItemOf));
