import { listExchangeRates } from './exchange-rates';
import type { ExchangeRates } from '../carriers/pricing/shipment';
import { withTimeout } from '../http/timeout';

/**
 * How long an isolate reuses the rates it read. Rates change once a working day, and a
 * D1 read is the dearest part of a quote (a network hop deployed, a Durable Object call
 * locally), so every quote reading them again would be waste.
 */
export const EXCHANGE_RATES_TTL_MS = 5 * 60_000;
/** the shared read has its own, shorter bound: every quote of the isolate waits on it */
export const EXCHANGE_RATES_TIMEOUT_MS = 3_000;

let memo: { db: D1Database; readAt: number; rates: Promise<ExchangeRates> } | undefined;

async function readExchangeRates(db: D1Database): Promise<ExchangeRates> {
  const rows = await listExchangeRates(db);
  return Object.fromEntries([['CZK', 1], ...rows.map((row) => [row.currency, row.rate_czk / row.amount] as const)]);
}

/**
 * The stored exchange rates as CZK per one unit, the shape the pure pricing takes; CZK is 1.
 * Read once per isolate and database for EXCHANGE_RATES_TTL_MS; concurrent first requests
 * share one read, and a failed or late read (EXCHANGE_RATES_TIMEOUT_MS) is not kept.
 */
export function loadExchangeRates(db: D1Database, now = Date.now(), timeoutMs = EXCHANGE_RATES_TIMEOUT_MS): Promise<ExchangeRates> {
  if (memo && memo.db === db && now - memo.readAt < EXCHANGE_RATES_TTL_MS) return memo.rates;
  const rates = withTimeout(readExchangeRates(db), timeoutMs, 'The exchange rates');
  const entry = { db, readAt: now, rates };
  memo = entry;
  rates.catch(() => {
    if (memo === entry) memo = undefined;
  });
  return rates;
}

/** Forget the rates read so far: the next quote reads them from the database again. */
export function forgetExchangeRates(): void {
  memo = undefined;
}
