import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  ErrorReportSchema,
  ExchangeRatesQuerySchema,
  HandshakeSchema,
  PricelistRatingQuerySchema,
  RatingsQuerySchema,
} from '../../lib/schemas/app';
import type { OriginEnv } from '../env';
import { ApiError, badRequest, errorBody, notFound } from '../http/errors';
import { inBackground } from '../http/background';
import { readJson, readQuery } from '../http/validate';
import { cspViolationsOf, recordCspViolations, recordErrorReport, recordHandshake } from '../services/app-events';
import { listExchangeRates } from '../services/exchange-rates';
import { carriersHealth, mayReadCarrierHealth } from '../services/carrier-health';
import { currentUser } from '../http/auth';
import { paymentOrderFile } from '../services/orders/refunds';
import { getAggregateRating, getPricelistRating, listRatings } from '../services/ratings';

/** caps below the origin's general body limit: reports are diagnostics, not documents */
export const MAX_ERROR_REPORT_BYTES = 64 * 1024;
export const MAX_CSP_REPORT_BYTES = 16 * 1024;

const tooLarge = (limit: number) => (c: Context) =>
  c.json(errorBody(new ApiError(413, 'API_PAYLOAD_TOO_LARGE_ERROR', `Body larger than ${limit} bytes`)), 413);

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
  // operators only (local development, or a signed-in internal user); for anyone else it does not exist
  .get('/carriers/health', async (c) => {
    if (!mayReadCarrierHealth(c.env, (await currentUser(c))?.email ?? null)) throw notFound();
    c.header('cache-control', 'no-store');
    return c.json({ data: await carriersHealth(c.env) });
  })
  // the day's refund payment order (Fio import XML), for the operator: same access as carriers/health
  .get('/refunds/payment-orders/:file{[0-9]{4}-[0-9]{2}-[0-9]{2}\\.xml}', async (c) => {
    if (!mayReadCarrierHealth(c.env, (await currentUser(c))?.email ?? null)) throw notFound();
    const file = await paymentOrderFile(c.env, c.req.param('file').slice(0, 10));
    if (file === null) throw notFound('No payment order for this day');
    return c.body(file, 200, { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="refunds-${c.req.param('file')}"`, 'cache-control': 'no-store' });
  })
  .post('/handshake', async (c) => {
    await recordHandshake(c.env.DB, await readJson(c, HandshakeSchema));
    return c.json({ data: { ok: true } });
  })
  .post('/error', bodyLimit({ maxSize: MAX_ERROR_REPORT_BYTES, onError: tooLarge(MAX_ERROR_REPORT_BYTES) }), async (c) => {
    await recordErrorReport(c.env.DB, await readJson(c, ErrorReportSchema));
    return c.json({ data: { ok: true } });
  })
  // browsers' CSP violation reports (the edge's report-uri): stored, answered without content
  .post('/csp-report', bodyLimit({ maxSize: MAX_CSP_REPORT_BYTES, onError: tooLarge(MAX_CSP_REPORT_BYTES) }), async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw badRequest('Malformed JSON body');
    }
    inBackground(c, recordCspViolations(c.env.DB, cspViolationsOf(body)), 'CSP report');
    return c.body(null, 204);
  });
