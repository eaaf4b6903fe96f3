import { fillQuoteDefaults } from '../../lib/quote-defaults';
import type { QuoteRequestOutput } from '../../lib/schemas/quote';
import { PACKAGE_TYPES, type CurrencyCode, type PackageType, type Territory } from '../../lib/types/quote';
import type { Language } from '../../lib/language';
import type { Place, Shipment } from '../carriers/pricing/shipment';
import { vatRule } from './orders/vat-rule';

/** From a validated quote request to the shipment the carriers price. */

/** The territory a request is for (the edge sets `x-territory` from the host); cz by default. */
export const parseTerritory = (value: string | undefined): Territory => (value?.trim().toLowerCase() === 'sk' ? 'sk' : 'cz');

export const TERRITORY_CURRENCY: Record<Territory, CurrencyCode> = { cz: 'CZK', sk: 'EUR' };

const PACKAGE_TYPE_BY_CODE = Object.fromEntries(Object.entries(PACKAGE_TYPES).map(([name, code]) => [code, name])) as Record<
  number,
  PackageType
>;

/** quotes are a consumer's prices: VAT by route (an order prices a business payer's again: withVatRule) */
const consumerVat = (from: Place, to: Place): { vatPercent?: number } => {
  const rule = vatRule({ business: null, from, to });
  return rule ? { vatPercent: rule.rate } : {};
};

const place = (p: { country: string; zip?: string; city?: string }): Place => ({ country: p.country, zip: p.zip ?? '', city: p.city ?? '' });

export function toShipment(request: QuoteRequestOutput, options: { territory: Territory; language: Language }): Shipment {
  const filled = fillQuoteDefaults({ from: place(request.from), to: place(request.to), packages: request.packages ?? [] });
  const services = request.services ?? [];
  const cod = services.find((s) => s.code === 'cod');
  const ins = services.find((s) => s.code === 'ins');
  return {
    territory: options.territory,
    language: options.language,
    currency: request.currency ?? TERRITORY_CURRENCY[options.territory],
    from: filled.from,
    to: filled.to,
    packages: filled.packages.map((p) => ({
      type: PACKAGE_TYPE_BY_CODE[p.type ?? 0],
      weight: p.weight,
      width: p.width,
      height: p.height,
      length: p.length,
    })),
    cod: cod?.code === 'cod' ? cod.data.value : null,
    codWithShipping: cod?.code === 'cod' && cod.data.include_shipping_costs === true,
    insurance: ins?.code === 'ins' ? ins.data.value : null,
    ...consumerVat(filled.from, filled.to),
    hdf: services.some((s) => s.code === 'hdf'),
    pickupDate: request.pickup_date ?? null,
    fromTime: request.from_time ?? null,
    toTime: request.to_time ?? null,
    preferDeliveryBranch: request.prefer_delivery_branch ?? false,
    complete: request.complete ?? false,
  };
}
