import { listExchangeRates } from './exchange-rates';
import type { ExchangeRates } from './quote/shipment';

/** The stored exchange rates as CZK per one unit, the shape the pure pricing takes; CZK is 1. */
export async function loadExchangeRates(db: D1Database): Promise<ExchangeRates> {
  const rows = await listExchangeRates(db);
  return Object.fromEntries([['CZK', 1], ...rows.map((row) => [row.currency, row.rate_czk / row.amount] as const)]);
}
