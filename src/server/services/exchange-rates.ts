/** CZK for one unit of `currency` (amount is the unit count the source quoted, normally 1). */
export type ExchangeRate = { currency: string; rate_czk: number; amount: number; valid_on: string | null };

/** All stored rates, or only those of the given currency codes (unknown codes are left out). */
export async function listExchangeRates(db: D1Database, currencies?: string[]): Promise<ExchangeRate[]> {
  const columns = 'SELECT currency, rate_czk, amount, valid_on FROM exchange_rates';
  const query = currencies
    ? db.prepare(`${columns} WHERE currency IN (SELECT value FROM json_each(?)) ORDER BY currency`).bind(JSON.stringify(currencies))
    : db.prepare(`${columns} ORDER BY currency`);
  return (await query.all<ExchangeRate>()).results;
}
