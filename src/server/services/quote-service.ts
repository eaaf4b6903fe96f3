import type { QuoteRequestOutput } from '../../lib/schemas/quote';
import type { Quote, Territory } from '../../lib/types/quote';
import { CARRIERS, carrierByServiceId, carriersFor } from '../carriers';
import type { CarrierAdapter } from '../carriers/types';
import { validationError, type FieldError } from '../http/errors';
import { loadExchangeRates } from './exchange-rate-repo';
import { unavailableQuote } from '../carriers/pricing/engine';
import type { Language } from '../../lib/language';
import type { PricingContext, Shipment } from '../carriers/pricing/shipment';
import { toShipment } from './quote-request';

/**
 * Asks every carrier of the territory concurrently. Each carrier has its own deadline;
 * a carrier that fails or is late answers with a CARRIER_UNAVAILABLE quote and never
 * holds up the others.
 */

export const CARRIER_DEADLINE_MS = 1500;

export type QuoteServiceOptions = {
  /** the carriers to ask (before the territory filter); tests inject fakes here */
  carriers?: readonly CarrierAdapter[];
  deadlineMs?: number;
};

async function askCarrier(
  carrier: CarrierAdapter,
  shipment: Shipment,
  context: PricingContext,
  deadlineMs: number,
  serviceId?: string,
): Promise<Quote[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`deadline of ${deadlineMs} ms passed`));
    }, deadlineMs);
  });
  try {
    return await Promise.race([carrier.quote(shipment, context, { serviceId, signal: controller.signal }), deadline]);
  } catch (error) {
    console.warn(`carrier ${carrier.code} unavailable:`, error instanceof Error ? error.message : error);
    return [unavailableQuote(carrier.sheet, shipment, context, serviceId)];
  } finally {
    clearTimeout(timer);
  }
}

const eligible = (shipment: Shipment, options: QuoteServiceOptions) => carriersFor(shipment.territory, options.carriers ?? CARRIERS);

/** All quotes, in carrier order, once every carrier has answered or passed its deadline. */
export async function findQuotes(shipment: Shipment, context: PricingContext, options: QuoteServiceOptions = {}): Promise<Quote[]> {
  const deadlineMs = options.deadlineMs ?? CARRIER_DEADLINE_MS;
  const answers = await Promise.all(eligible(shipment, options).map((carrier) => askCarrier(carrier, shipment, context, deadlineMs)));
  return answers.flat();
}

/** The same quotes, yielded carrier by carrier as each answers. */
export async function* streamQuotes(
  shipment: Shipment,
  context: PricingContext,
  options: QuoteServiceOptions = {},
): AsyncGenerator<Quote, void, undefined> {
  const deadlineMs = options.deadlineMs ?? CARRIER_DEADLINE_MS;
  const pending = new Map<number, Promise<{ index: number; quotes: Quote[] }>>();
  eligible(shipment, options).forEach((carrier, index) => {
    pending.set(index, askCarrier(carrier, shipment, context, deadlineMs).then((quotes) => ({ index, quotes })));
  });
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
  const [quote] = await askCarrier(carrier, { ...shipment, complete: true }, context, options.deadlineMs ?? CARRIER_DEADLINE_MS, serviceId);
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
