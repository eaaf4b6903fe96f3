import type { Quote, Territory } from '../../../lib/types/quote';
import { carrierOrderable } from '../../carriers/availability';
import { liftagoTransportFor } from '../../carriers/liftago/config';
import { sheetRide } from '../../carriers/liftago/client';
import { fromCzk, percentOf, toMoney, VAT_PERCENT } from '../../carriers/pricing/money';
import type { PricingContext, Shipment } from '../../carriers/pricing/shipment';
import type { OriginBindings } from '../../env';
import type { OrderItemInput } from './pricing';
import { partyOf } from './lifecycle';

/**
 * The price a carrier quotes for a booked window (Liftago), asked at checkout: the item then costs
 * what the carrier asks, the rate sheet's ride price replaced by it. POST v1/orders refuses an
 * order whose price changed so until the customer confirms it (PRICE_CHANGED), and the booking
 * after payment checks it again (liftago/PROTOCOL.md).
 */
export type WindowPricer = (item: OrderItemInput, shipment: Shipment, context: PricingContext, serviceId: string) => Promise<number | null>;

/** Liftago's price now (CZK haléře without VAT), or null when it cannot say (then the sheet's stands and the booking checks) */
export function windowPricer(env: OriginBindings, territory: Territory): WindowPricer {
  return async (item, shipment, context, serviceId) => {
    if (!serviceId.startsWith('liftago-') || !carrierOrderable(env, 'liftago', territory)) return null;
    const transport = liftagoTransportFor(env);
    if (!transport) return null;
    const input = item.shipment;
    try {
      const quote = await transport.quote(
        { serviceId, shipment, sender: partyOf(input.from), recipient: partyOf(input.to), collectionPointId: null, deliveryPointId: null, reference: input.reference ?? null, trackingNumber: 'QUOTE' },
        context,
      );
      return quote.priceMinor;
    } catch (error) {
      console.warn('liftago quote failed at checkout:', (error as Error).message);
      return null;
    }
  };
}

/** a quote repriced with the carrier's price of its window (minor units of the quote's currency; VAT by territory) */
export function repriced(quote: Quote, shipment: Shipment, context: PricingContext, carrierMinor: number, territory: Territory): { quote: Quote; changed: boolean } {
  const ride = sheetRide(shipment, context, quote.serviceId);
  if (!ride || quote.price === null) return { quote, changed: false };
  const carrierPrice = toMoney(carrierMinor, 'CZK');
  if (ride.priceMinor === carrierMinor) return { quote: { ...quote, carrierPrice }, changed: false };
  const currency = quote.price.currency;
  const diff = carrierMinor - ride.priceMinor;
  const delta = Math.sign(diff) * fromCzk(Math.abs(diff), currency, context.exchangeRates);
  const net = Math.max(0, Math.round(quote.price.value * 100) + delta);
  const vat = percentOf(net, shipment.vatPercent ?? VAT_PERCENT[territory]);
  const charges = quote.charges.map((c) => (c.code === 'base' ? { ...c, amount: toMoney(Math.round(c.amount.value * 100) + delta, currency) } : c.code === 'vat' ? { ...c, amount: toMoney(vat, currency) } : c));
  return { quote: { ...quote, carrierPrice, price: toMoney(net, currency), priceVat: toMoney(net + vat, currency), charges }, changed: true };
}
