import { Hono } from 'hono';
import type { CurrencyCode, Money, Territory } from '../../lib/types/quote';
import { carriersFor } from '../carriers';
import { carrierDisplayName } from '../carriers/names';
import { czkToMinor, fromCzk, limitMinor, percentOf, toMoney, VAT_PERCENT } from '../carriers/pricing/money';
import type { ExchangeRates } from '../carriers/pricing/shipment';
import type { CarrierSheet } from '../carriers/types';
import type { OriginEnv } from '../env';
import { loadPricingContext } from '../services/quote-service';
import { parseTerritory, TERRITORY_CURRENCY } from '../services/quote-request';

/** the routes cash on delivery exists on (spec §9 COD currencies) and the rate-sheet zone of each */
const COD_ROUTES = [
  { route: 'cz-cz', zones: ['cz', 'city'] },
  { route: 'sk-sk', zones: ['sk'] },
  { route: 'cz-sk', zones: ['czsk'] },
] as const;

export type CodService = {
  carrier: { code: string; name: string };
  service: string;
  /** the flat COD fee, without and with VAT, in the territory's currency */
  fee: Money;
  feeVat: Money;
  /** percent of the collected amount on top of the fee (0 when none) */
  percent: number;
  /** the largest amount the carrier collects (the sheet's own EUR figure in euros) */
  max: Money;
  /** of cz-cz, sk-sk, cz-sk: where the service carries COD parcels */
  routes: string[];
};

export type CodOverview = { currency: CurrencyCode; vatPercent: number; services: CodService[] };

/** Cash on delivery by carrier service, read from the rate sheets (pure). */
export function codOverview(sheets: readonly CarrierSheet[], territory: Territory, currency: CurrencyCode, rates: ExchangeRates): CodOverview {
  const vatPercent = VAT_PERCENT[territory];
  const services: CodService[] = [];
  for (const sheet of sheets) {
    for (const service of sheet.services) {
      const cod = service.surcharges.cod;
      if (!cod) continue;
      const routes = COD_ROUTES.filter(({ zones }) => zones.some((zone) => service.zones[zone])).map(({ route }) => route);
      if (routes.length === 0) continue;
      const fee = fromCzk(czkToMinor(cod.fee), currency, rates);
      services.push({
        carrier: { code: sheet.carrier, name: carrierDisplayName(sheet.carrier) },
        service: service.name,
        fee: toMoney(fee, currency),
        feeVat: toMoney(fee + percentOf(fee, vatPercent), currency),
        percent: cod.percent,
        max: toMoney(limitMinor(cod.max, cod.maxEur, currency, rates), currency),
        routes,
      });
    }
  }
  return { currency, vatPercent, services };
}

/** v1/price-lists: what the price-list pages need beside v1/rates/list (spec §2.5) */
export const priceListsApi = new Hono<OriginEnv>().get('/cod', async (c) => {
  const territory = parseTerritory(c.req.header('x-territory'));
  const currency = TERRITORY_CURRENCY[territory];
  const context = await loadPricingContext(c.env.DB, { currency });
  return c.json({ data: codOverview(carriersFor(territory).map((carrier) => carrier.sheet), territory, currency, context.exchangeRates) });
});
