import { afterEach, describe, expect, it } from 'vitest';
import { EXCHANGE_RATES_TTL_MS, forgetExchangeRates, loadExchangeRates } from '../../src/server/services/exchange-rate-repo';

/** a D1 stand-in answering the rates query (as drizzle asks it: rows as arrays in column order) and counting the reads */
function fakeDb(rows: { currency: string; rate_czk: number; amount: number }[], fail = false) {
  const statement = {
    bind: () => statement,
    raw: async () => {
      db.reads++;
      if (fail) throw new Error('D1 down');
      return rows.map((r) => [r.currency, r.rate_czk, r.amount, '2026-11-20']);
    },
  };
  const db = { reads: 0, prepare: () => statement };
  return db;
}
const asD1 = (db: ReturnType<typeof fakeDb>) => db as unknown as D1Database;

afterEach(() => forgetExchangeRates());

describe('loadExchangeRates', () => {
  it('gives CZK per unit, CZK itself 1', async () => {
    const db = fakeDb([{ currency: 'EUR', rate_czk: 24.3, amount: 1 }, { currency: 'HUF', rate_czk: 6.5, amount: 100 }]);
    expect(await loadExchangeRates(asD1(db), 0)).toEqual({ CZK: 1, EUR: 24.3, HUF: 0.065 });
  });

  it('reads once for concurrent and later requests within the TTL, again after it', async () => {
    const db = fakeDb([{ currency: 'EUR', rate_czk: 24.3, amount: 1 }]);
    await Promise.all([loadExchangeRates(asD1(db), 1000), loadExchangeRates(asD1(db), 1000), loadExchangeRates(asD1(db), 1001)]);
    await loadExchangeRates(asD1(db), 1000 + EXCHANGE_RATES_TTL_MS - 1);
    expect(db.reads).toBe(1);
    await loadExchangeRates(asD1(db), 1000 + EXCHANGE_RATES_TTL_MS);
    expect(db.reads).toBe(2);
  });

  it('reads again for another database and after forgetExchangeRates', async () => {
    const a = fakeDb([{ currency: 'EUR', rate_czk: 24.3, amount: 1 }]);
    const b = fakeDb([{ currency: 'EUR', rate_czk: 25, amount: 1 }]);
    await loadExchangeRates(asD1(a), 0);
    expect(await loadExchangeRates(asD1(b), 0)).toEqual({ CZK: 1, EUR: 25 });
    forgetExchangeRates();
    await loadExchangeRates(asD1(b), 0);
    expect(b.reads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const down = fakeDb([], true);
    await expect(loadExchangeRates(asD1(down), 0)).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'D1 down' }) });
    await expect(loadExchangeRates(asD1(down), 0)).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'D1 down' }) });
    expect(down.reads).toBe(2);
  });
});
