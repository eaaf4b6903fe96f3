import { exchangeRateRows } from '../db/repositories/content';

/** CZK for one unit of `currency` (amount is the unit count the source quoted, normally 1). */
export type ExchangeRate = { currency: string; rate_czk: number; amount: number; valid_on: string | null };

/** All stored rates, or only those of the given currency codes (unknown codes are left out). */
export async function listExchangeRates(db: D1Database, currencies?: string[]): Promise<ExchangeRate[]> {
  const rows = await exchangeRateRows(db, currencies);
  return rows.map((row) => ({ currency: row.currency, rate_czk: row.rateCzk, amount: row.amount, valid_on: row.validOn }));
}
