import * as v from 'valibot';
import { cheapestQuote } from '../../../lib/quote-rules';
import { ImportRowSchema, type ImportPriceAnswer, type ImportRow, type PriceStrategy, type UnpricedReason } from '../../../lib/schemas/import';
import type { QuoteRequestOutput } from '../../../lib/schemas/quote';
import type { Quote, QuoteProblem, Territory } from '../../../lib/types/quote';
import type { Language } from '../../../lib/language';
import { CARRIERS, carriersFor } from '../../carriers';
import { carrierDisplayName, normalizeCarrierCode } from '../../carriers/names';
import type { CarrierAdapter } from '../../carriers/types';
import type { ExchangeRates, PricingContext } from '../../carriers/pricing/shipment';
import { validationError, type FieldError } from '../../http/errors';
import { issuesToFieldErrors } from '../../http/validate';
import { loadExchangeRates } from '../exchange-rate-repo';
import { toShipment } from '../quote-request';
import { findQuotes, quoteDetail, type QuoteServiceOptions } from '../quote-service';

/**
 * POST v1/import/price: the rows of a CSV import priced by the quote engine, each on its
 * own (a bad row is answered for itself, the others are priced). The exchange rates are
 * read once for the whole call and the carriers price from their rate sheets in memory,
 * so a thousand rows cost one D1 read, not a thousand.
 *
 * The quote a row gets is one the checkout accepts as it is: complete, priced, without
 * errors or restrictions, needing neither a parcel point (the file names none) nor customs
 * papers (the configurator's customs step). Among those: the cheapest of all carriers, of
 * the strategy's carrier, of the row's own carrier, or the row's own service.
 */

export type ImportScope = { territory: Territory; language: Language };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** A carrier of the territory by its code or name, any case or spelling ('DPD', 'dpd_sk', 'One by Allegro', 'Balíkovna'). */
export function carrierNamed(text: string, carriers: readonly CarrierAdapter[]): CarrierAdapter | undefined {
  const code = normalizeCarrierCode(text);
  const folded = fold(text);
  return carriers.find((c) => c.code === code || fold(carrierDisplayName(c.code)) === folded);
}

/** A service of the carriers by its id ('dpd-classic') or name ('Classic', 'DPD Classic'). */
function serviceNamed(text: string, carriers: readonly CarrierAdapter[]): string | undefined {
  const folded = fold(text);
  for (const carrier of carriers) {
    for (const service of carrier.sheet.services) {
      const id = `${carrier.code}-${service.code}`;
      if (id === text.trim().toLowerCase() || [service.name, `${carrierDisplayName(carrier.code)} ${service.name}`].some((name) => fold(name) === folded)) return id;
    }
  }
  return undefined;
}

/** a quote the checkout takes for a row of a file: orderable, no parcel point, no customs papers */
const fitsImport = (quote: Quote) =>
  !quote.attributes.pickupBranchRequired && !quote.attributes.deliveryBranchRequired && !quote.attributes.customsClearanceRequired;

function choose(quotes: readonly Quote[]): { quote: Quote } | { reason: UnpricedReason; problems: string[] } {
  const best = cheapestQuote(quotes.filter(fitsImport));
  if (best) return { quote: best };
  const orderable = cheapestQuote(quotes);
  if (orderable) return { reason: orderable.attributes.customsClearanceRequired ? 'customs' : 'parcel_point', problems: [] };
  const problems = [...new Set(quotes.flatMap((q) => [...q.restrictions, ...q.errors]).map((p: QuoteProblem) => p.message))];
  return { reason: 'none', problems: problems.slice(0, 5) };
}

/** the currencies a row prices in must have a rate (as prepareQuote asks of a single quote) */
function currencyErrors(row: ImportRow, shipmentCurrency: string, rates: ExchangeRates): FieldError[] {
  const cod = row.services.find((s) => s.code === 'cod');
  const ins = row.services.find((s) => s.code === 'ins');
  const used: [string, string | undefined][] = [
    ['currency', shipmentCurrency],
    ['services.cod.currency', cod?.code === 'cod' ? cod.data.value.currency : undefined],
    ['services.ins.currency', ins?.code === 'ins' ? ins.data.value.currency : undefined],
  ];
  return used.filter(([, currency]) => currency !== undefined && !rates[currency]).map(([field]) => ({ field, code: 'validation.currency_unsupported', message: 'validation.currency_unsupported' }));
}

const invalid = (index: number, errors: FieldError[]): ImportPriceAnswer => ({ index, status: 'invalid', errors });

export async function priceImportRows(
  db: D1Database,
  rows: readonly unknown[],
  strategy: PriceStrategy,
  scope: ImportScope,
  options: QuoteServiceOptions & { now?: Date } = {},
): Promise<ImportPriceAnswer[]> {
  const carriers = carriersFor(scope.territory, options.carriers ?? CARRIERS);
  const strategyCarrier = strategy === 'cheapest' ? null : carrierNamed(strategy.carrier, carriers);
  if (strategy !== 'cheapest' && !strategyCarrier) {
    throw validationError([{ field: 'strategy.carrier', code: 'validation.unknown_carrier', message: 'validation.unknown_carrier' }]);
  }
  const context: PricingContext = { exchangeRates: await loadExchangeRates(db), now: options.now ?? new Date() };

  const answers: ImportPriceAnswer[] = [];
  for (const [index, input] of rows.entries()) {
    const parsed = v.safeParse(ImportRowSchema, input);
    if (!parsed.success) {
      answers.push(invalid(index, issuesToFieldErrors(parsed.issues)));
      continue;
    }
    const row = parsed.output;
    const ownCarrier = row.carrier ? carrierNamed(row.carrier, carriers) : undefined;
    if (row.carrier && !ownCarrier) {
      answers.push(invalid(index, [{ field: 'carrier', code: 'validation.unknown_carrier', message: 'validation.unknown_carrier' }]));
      continue;
    }
    const carrier = ownCarrier ?? strategyCarrier ?? null;
    const serviceId = row.service ? serviceNamed(row.service, carrier ? [carrier] : carriers) : undefined;
    if (row.service && !serviceId) {
      answers.push(invalid(index, [{ field: 'service', code: 'validation.unknown_service', message: 'validation.unknown_service' }]));
      continue;
    }
    const shipment = toShipment({ ...row, complete: true } as unknown as QuoteRequestOutput, scope);
    const currencies = currencyErrors(row, shipment.currency, context.exchangeRates);
    if (currencies.length > 0) {
      answers.push(invalid(index, currencies));
      continue;
    }
    let quotes: Quote[];
    if (serviceId) {
      const quote = await quoteDetail(shipment, serviceId, context, options);
      quotes = quote ? [quote] : [];
    } else {
      quotes = await findQuotes(shipment, context, carrier ? { ...options, carriers: [carrier] } : { ...options, carriers });
    }
    const chosen = choose(quotes);
    answers.push('quote' in chosen ? { index, status: 'priced', quote: chosen.quote } : { index, status: 'unpriced', ...chosen });
  }
  return answers;
}
