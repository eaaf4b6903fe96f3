import { Hono } from 'hono';
import { RateQuerySchema, RatesListRequestSchema } from '../../lib/schemas/quote';
import { carrierByCode, carriersFor } from '../carriers';
import type { OriginEnv } from '../env';
import { notFound, validationError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { loadPricingContext } from '../services/quote-service';
import { parseTerritory, TERRITORY_CURRENCY } from '../services/quote-request';
import { rateById, rateMatrixCached } from '../services/rates';
import { inBackground } from '../http/background';

/** v1/rates: price lists (spec §7). Rows are cached in KV; `reloadCache` computes them afresh. */
export const rates = new Hono<OriginEnv>()
  .post('/list', async (c) => {
    const request = await readJson(c, RatesListRequestSchema);
    const territory = parseTerritory(c.req.header('x-territory'));
    const carriers = carriersFor(territory);
    const carrier = request.carrier ? carrierByCode(request.carrier, carriers) : null;
    if (carrier === undefined) {
      throw validationError([{ field: 'carrier', code: 'validation.unknown_carrier', message: 'validation.unknown_carrier' }]);
    }
    const currency = request.currency ?? TERRITORY_CURRENCY[territory];
    const context = await loadPricingContext(c.env.DB, { currency });
    const matrix = await rateMatrixCached(
      {
        sheets: carrier ? [carrier.sheet] : carriers.map((c) => c.sheet),
        carrier: carrier?.code ?? null,
        currency,
        territory,
        language: pickLanguage(c.req.header('language'), c.req.header('accept-language')),
        weights: request.weights ?? null,
        combinations: request.combinations,
      },
      context,
      { kv: c.env.CACHE, reload: request.reloadCache === true, keepAlive: (write) => inBackground(c, write, 'rates cache write') },
    );
    return c.json({ data: matrix });
  })
  .get('/:id', async (c) => {
    const territory = parseTerritory(c.req.header('x-territory'));
    const currency = readQuery(c, RateQuerySchema).currency ?? TERRITORY_CURRENCY[territory];
    const context = await loadPricingContext(c.env.DB, { currency });
    const language = pickLanguage(c.req.header('language'), c.req.header('accept-language'));
    const rate = rateById(c.req.param('id'), carriersFor(territory).map((c) => c.sheet), { currency, territory, language }, context);
    if (!rate) throw notFound(`No rate ${c.req.param('id')}`);
    return c.json({ data: rate });
  });
