import { Hono, type Context } from 'hono';
import { QuoteDetailRequestSchema, QuoteRequestSchema } from '../../lib/schemas/quote';
import { orderableIn } from '../carriers/availability';
import type { OriginEnv } from '../env';
import { ApiError, errorBody, validationError } from '../http/errors';
import { readJson } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { recordServerError } from '../services/app-events';
import { findQuotes, prepareQuote, quoteDetail, streamQuotes, type QuoteServiceOptions } from '../services/quote-service';
import { inBackground } from '../http/background';
import { parseTerritory } from '../services/quote-request';

const scopeOf = (c: Context) => ({
  territory: parseTerritory(c.req.header('x-territory')),
  language: pickLanguage(c.req.header('language'), c.req.header('accept-language')),
});

/** a bug in a carrier's pricing becomes a stored error report, written after the answer; a carrier not bookable here says so */
const reportingBugs = (c: Context<OriginEnv>): QuoteServiceOptions => ({
  orderable: orderableIn(c.env),
  reportBug: ({ carrier, serviceId, error, shipment }) =>
    inBackground(
      c,
      recordServerError(c.env.DB, { where: `${c.req.method} ${c.req.path}`, error, context: { carrier, serviceId, shipment } }),
      'error report',
    ),
});

const encoder = new TextEncoder();

/** v2/quote: quote comparison (spec §7). */
export const quote = new Hono<OriginEnv>()
  .post('/find', async (c) => {
    const { shipment, context } = await prepareQuote(c.env.DB, await readJson(c, QuoteRequestSchema), scopeOf(c));
    return c.json({ data: await findQuotes(shipment, context, reportingBugs(c)) });
  })
  // one quote JSON per line, each carrier's quotes as soon as it answers; a failure after the
  // 200 has gone out ends the stream with one last line `{"error":{type,status,message}}`
  // (the §8 shape), so a cut list is never taken for a complete one
  .post('/find/stream', async (c) => {
    const { shipment, context } = await prepareQuote(c.env.DB, await readJson(c, QuoteRequestSchema), scopeOf(c));
    const quotes = streamQuotes(shipment, context, reportingBugs(c));
    const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await quotes.next();
          if (next.done) controller.close();
          else controller.enqueue(line(next.value));
        } catch (error) {
          console.error('quote stream failed', error);
          controller.enqueue(line({ error: errorBody(new ApiError(500, 'API_ERROR', 'The comparison stopped before every carrier answered')) }));
          controller.close();
        }
      },
      async cancel() {
        await quotes.return(undefined);
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' } });
  })
  .post('/detail', async (c) => {
    const request = await readJson(c, QuoteDetailRequestSchema);
    const { shipment, context } = await prepareQuote(c.env.DB, request, scopeOf(c));
    const detail = await quoteDetail(shipment, request.service_group_id, context, reportingBugs(c));
    if (!detail) {
      throw validationError([{ field: 'service_group_id', code: 'validation.unknown_service', message: 'validation.unknown_service' }]);
    }
    return c.json({ data: detail });
  });
