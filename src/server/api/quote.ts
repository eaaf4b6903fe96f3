import { Hono, type Context } from 'hono';
import { QuoteDetailRequestSchema, QuoteRequestSchema } from '../../lib/schemas/quote';
import type { OriginEnv } from '../env';
import { validationError } from '../http/errors';
import { readJson } from '../http/validate';
import { pickLanguage } from '../services/countries';
import { findQuotes, prepareQuote, quoteDetail, streamQuotes } from '../services/quote-service';
import { parseTerritory } from '../services/quote-request';

const scopeOf = (c: Context) => ({
  territory: parseTerritory(c.req.header('x-territory')),
  language: pickLanguage(c.req.header('language'), c.req.header('accept-language')),
});

const encoder = new TextEncoder();

/** v2/quote: quote comparison (spec §7). */
export const quote = new Hono<OriginEnv>()
  .post('/find', async (c) => {
    const { shipment, context } = await prepareQuote(c.env.DB, await readJson(c, QuoteRequestSchema), scopeOf(c));
    return c.json({ data: await findQuotes(shipment, context) });
  })
  // one quote JSON per line, each carrier's quotes as soon as it answers
  .post('/find/stream', async (c) => {
    const { shipment, context } = await prepareQuote(c.env.DB, await readJson(c, QuoteRequestSchema), scopeOf(c));
    const quotes = streamQuotes(shipment, context);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await quotes.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
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
    const detail = await quoteDetail(shipment, request.service_group_id, context);
    if (!detail) {
      throw validationError([{ field: 'service_group_id', code: 'validation.unknown_service', message: 'validation.unknown_service' }]);
    }
    return c.json({ data: detail });
  });
