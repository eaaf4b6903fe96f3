import type { QuoteRequestOutput } from '../../lib/schemas/quote';
import type { Quote, Territory } from '../../lib/types/quote';
import { CARRIERS, carrierByServiceId, carriersFor } from '../carriers';
import { CarrierUnavailableError, type CarrierAdapter } from '../carriers/types';
import { validationError, type FieldError } from '../http/errors';
import { loadExchangeRates } from './exchange-rate-repo';
import { unavailableQuote } from '../carriers/pricing/engine';
import { problem } from '../carriers/pricing/messages';
import type { Language } from '../../lib/language';
import type { PricingContext, Shipment } from '../carriers/pricing/shipment';
import { toShipment } from './quote-request';

/**
 * Asks every carrier of the territory concurrently. Each carrier has its own deadline;
 * a carrier that fails or is late answers with a CARRIER_UNAVAILABLE quote and never
 * holds up the others. An error that is not a carrier's (a bug of ours) is not passed off
 * as an outage: it is logged as an error, reported, and its quote says INTERNAL_ERROR.
 */

export const CARRIER_DEADLINE_MS = 1500;

/** what a report of a bug in a carrier's pricing carries (stored as a §8 error report) */
export type CarrierBugReport = { carrier: string; serviceId: string | null; error: unknown; shipment: Shipment };

export type QuoteServiceOptions = {
  /** the carriers to ask (before the territory filter); tests inject fakes here */
  carriers?: readonly CarrierAdapter[];
  deadlineMs?: number;
  /** where bugs go besides the log (the routers store them as error reports) */
  reportBug?: (report: CarrierBugReport) => void;
  /** whether a carrier can be ordered online here (availability.ts, orderableIn); a carrier that cannot keeps its price with a NOT_ORDERABLE_ONLINE restriction */
  orderable?: (carrier: string, territory?: Territory) => boolean;
};

class DeadlinePassed extends Error {}

/** the carrier's failure, not ours: its transport gave up, it was aborted, or it missed the deadline */
const isOutage = (error: unknown) =>
  error instanceof CarrierUnavailableError ||
  error instanceof DeadlinePassed ||
  (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));

/** the carrier's quotes as they are, or each restricted when the carrier cannot be ordered online here */
async function askCarrier(
  carrier: CarrierAdapter,
  shipment: Shipment,
  context: PricingContext,
  options: QuoteServiceOptions,
  serviceId?: string,
): Promise<Quote[]> {
  const quotes = await priceWithCarrier(carrier, shipment, context, options, serviceId);
  if (!options.orderable || options.orderable(carrier.code, shipment.territory)) return quotes;
  const note = problem('NOT_ORDERABLE_ONLINE', shipment.language);
  return quotes.map((q) => ({ ...q, restrictions: [...q.restrictions, note] }));
}

async function priceWithCarrier(
  carrier: CarrierAdapter,
  shipment: Shipment,
  context: PricingContext,
  options: QuoteServiceOptions,
  serviceId?: string,
): Promise<Quote[]> {
  const deadlineMs = options.deadlineMs ?? CARRIER_DEADLINE_MS;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DeadlinePassed(`deadline of ${deadlineMs} ms passed`));
    }, deadlineMs);
  });
  try {
    return await Promise.race([carrier.quote(shipment, context, { serviceId, signal: controller.signal }), deadline]);
  } catch (error) {
    if (isOutage(error)) {
      console.warn(`carrier ${carrier.code} unavailable:`, (error as Error).message);
      return [unavailableQuote(carrier.sheet, shipment, context, serviceId)];
    }
    console.error(`bug pricing carrier ${carrier.code}:`, error);
    options.reportBug?.({ carrier: carrier.code, serviceId: serviceId ?? null, error, shipment });
    return [unavailableQuote(carrier.sheet, shipment, context, serviceId, 'INTERNAL_ERROR')];
  } finally {
    clearTimeout(timer);
  }
}

const eligible = (shipment: Shipment, options: QuoteServiceOptions) => carriersFor(shipment.territory, options.carriers ?? CARRIERS);

/** All quotes, in carrier order, once every carrier has answered or passed its deadline. */
export async function findQuotes(shipment: Shipment, context: PricingContext, options: QuoteServiceOptions = {}): Promise<Quote[]> {
  const answers = await Promise.all(eligible(shipment, options).map((carrier) => askCarrier(carrier, shipment, context, options)));
  return answers.flat();
}

/**
 * The same quotes, yielded carrier by carrier as each answers. The first carrier is asked at
 * once and the others a task later: a carrier priced from its sheet answers within the task,
 * so the first line leaves before the others are priced (not one task behind all of them).
 */
export async function* streamQuotes(
  shipment: Shipment,
  context: PricingContext,
  options: QuoteServiceOptions = {},
): AsyncGenerator<Quote, void, undefined> {
  const pending = new Map<number, Promise<{ index: number; quotes: Quote[] }>>();
  const ask = (carrier: CarrierAdapter, index: number) =>
    pending.set(index, askCarrier(carrier, shipment, context, options).then((quotes) => ({ index, quotes })));
  const [first, ...rest] = eligible(shipment, options);
  if (first) ask(first, 0);
  if (rest.length > 0) {
    pending.set(
      -1,
      new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
        rest.forEach((carrier, i) => ask(carrier, i + 1));
        return { index: -1, quotes: [] };
      }),
    );
  }
  while (pending.size > 0) {
    const { index, quotes } = await Promise.race(pending.values());
    pending.delete(index);
    yield* quotes;
  }
}

/**
 * One service priced completely (time window booked, services priced), or null when no
 * carrier of the territory offers the service id.
 */
export async function quoteDetail(
  shipment: Shipment,
  serviceId: string,
  context: PricingContext,
  options: QuoteServiceOptions = {},
): Promise<Quote | null> {
  const carrier = carrierByServiceId(serviceId, eligible(shipment, options));
  if (!carrier) return null;
  const [quote] = await askCarrier(carrier, { ...shipment, complete: true }, context, options, serviceId);
  return quote ?? null;
}

/**
 * Exchange rates for pricing at `now`. Every currency in use (keyed by the request field
 * naming it) must have a rate, otherwise the request is refused on that field.
 */
export async function loadPricingContext(
  db: D1Database,
  currencies: Record<string, string | undefined>,
  now = new Date(),
): Promise<PricingContext> {
  const exchangeRates = await loadExchangeRates(db);
  const errors: FieldError[] = Object.entries(currencies)
    .filter(([, currency]) => currency !== undefined && !exchangeRates[currency])
    .map(([field]) => ({ field, code: 'validation.currency_unsupported', message: 'validation.currency_unsupported' }));
  if (errors.length > 0) throw validationError(errors);
  return { exchangeRates, now };
}

/** The shipment of a validated request with the pricing context it needs. */
export async function prepareQuote(
  db: D1Database,
  request: QuoteRequestOutput,
  scope: { territory: Territory; language: Language },
): Promise<{ shipment: Shipment; context: PricingContext }> {
  const shipment = toShipment(request, scope);
  const context = await loadPricingContext(db, {
    currency: shipment.currency,
    'services.cod.currency': shipment.cod?.currency,
    'services.ins.currency': shipment.insurance?.currency,
  });
  return { shipment, context };
}
