import { Hono } from 'hono';
import {
  ErrorReportSchema,
  ExchangeRatesQuerySchema,
  HandshakeSchema,
  PricelistRatingQuerySchema,
  RatingsQuerySchema,
} from '../../lib/schemas/app';
import type { OriginEnv } from '../env';
import { notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { recordErrorReport, recordHandshake } from '../services/app-events';
import { listExchangeRates } from '../services/exchange-rates';
import { getAggregateRating, getPricelistRating, listRatings } from '../services/ratings';

export const app = new Hono<OriginEnv>()
  .get('/aggregate-rating', async (c) => c.json({ data: await getAggregateRating(c.env.DB) }))
  .get('/pricelist-rating', async (c) => {
    const { country } = readQuery(c, PricelistRatingQuerySchema);
    const rating = await getPricelistRating(c.env.DB, country);
    if (!rating) throw notFound(`Unknown country ${country}`);
    return c.json({ data: rating });
  })
  .get('/ratings', async (c) => {
    const { page, sort } = readQuery(c, RatingsQuerySchema);
    return c.json({ data: await listRatings(c.env.DB, page, sort) });
  })
  .get('/currency-exchange-rates', async (c) => {
    const { currencies } = readQuery(c, ExchangeRatesQuerySchema);
    return c.json({ data: await listExchangeRates(c.env.DB, currencies) });
  })
  .post('/handshake', async (c) => {
    await recordHandshake(c.env.DB, await readJson(c, HandshakeSchema));
    return c.json({ data: { ok: true } });
  })
  .post('/error', async (c) => {
    await recordErrorReport(c.env.DB, await readJson(c, ErrorReportSchema));
    return c.json({ data: { ok: true } });
  });
