import type { Money } from '../../../lib/types/quote';
import { quoteCarrier } from '../pricing/engine';
import type { PricingContext, Shipment } from '../pricing/shipment';
import { liftagoRates } from './rates';

/** the charges of a quote that are Liftago's ride (not our insurance or COD fees) */
const RIDE_CHARGES = new Set(['base', 'fuel', 'toll', 'express']);

/**
 * The rate sheet's price of a Liftago ride in its chosen window (CZK haléře without VAT) and the
 * window itself (Prague date and times), or null when the sheet cannot carry the shipment.
 */
export function sheetRide(shipment: Shipment, context: PricingContext, serviceId = 'liftago-same-day') {
  const [quote] = quoteCarrier(liftagoRates, { ...shipment, currency: 'CZK', cod: null, insurance: null, complete: true }, context, serviceId);
  if (!quote || quote.price === null) return null;
  const priceMinor = quote.charges.filter((c) => RIDE_CHARGES.has(c.code)).reduce((sum, c) => sum + Math.round(c.amount.value * 100), 0);
  const t = quote.timeInTransit;
  return { priceMinor, date: t.pickupDate, from: t.pickupFromTime, to: t.pickupToTime };
}

export const czk = (minor: number): Money => ({ value: minor / 100, currency: 'CZK' });
