import { Hono } from 'hono';
import { priceListWeights } from '../../lib/price-list-weights';
import { ParcelPointPricesQuerySchema } from '../../lib/schemas/carriers';
import { carrierByCode, carriersFor } from '../carriers';
import type { OriginEnv } from '../env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { carrierFacts, parcelPointPrices } from '../services/carrier-info';
import { pickLanguage } from '../services/countries';
import { loadPricingContext } from '../services/quote-service';
import { parseTerritory, TERRITORY_CURRENCY } from '../services/quote-request';

/** parcel-point services carry domestic parcels and parcels between CZ and SK */
const PARCEL_POINT_DESTINATIONS = ['cz', 'sk'];

/** v1/carriers: public facts of the carriers (spec §2.4 pages); amounts in the territory's currency */
export const carriersInfo = new Hono<OriginEnv>()
  /** → { data: ParcelPointPrices }: per parcel-point service and destination, the price with VAT per price-list weight */
  .get('/parcel-point-prices', async (c) => {
    const { side } = readQuery(c, ParcelPointPricesQuerySchema);
    const territory = parseTerritory(c.req.header('x-territory'));
    const currency = TERRITORY_CURRENCY[territory];
    const context = await loadPricingContext(c.env.DB, { currency });
    const prices = parcelPointPrices(
      carriersFor(territory),
      {
        side,
        territory,
        currency,
        language: pickLanguage(c.req.header('language'), c.req.header('accept-language')),
        // parcel points take parcels up to 20 kg (the heaviest break of any point service)
        weights: priceListWeights(territory).filter((w) => w <= 20),
        destinations: PARCEL_POINT_DESTINATIONS,
      },
      context,
    );
    return c.json({ data: prices });
  })
  /** → { data: CarrierFacts } of a carrier offered in the territory; 404 for any other code */
  .get('/:code', async (c) => {
    const territory = parseTerritory(c.req.header('x-territory'));
    const carrier = carrierByCode(c.req.param('code'), carriersFor(territory));
    if (!carrier) throw notFound(`No carrier ${c.req.param('code')}`);
    const currency = TERRITORY_CURRENCY[territory];
    const context = await loadPricingContext(c.env.DB, { currency });
    return c.json({ data: carrierFacts(carrier, currency, context) });
  });
