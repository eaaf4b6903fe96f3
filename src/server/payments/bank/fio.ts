import type { BankStatement, BankTransaction } from './types';

/**
 * Fio banka's API (`/v1/rest/last/{token}/transactions.json`): the movements since the last
 * download; columns column22 (id), column0 (date), column1 (amount), column14 (currency),
 * column5 (variable symbol), column2 + column3 (counter-account and bank); for debits (negative
 * amounts, the shop's refunds) also column6 (specific symbol) and column7, column16, column25
 * (user identification, message for the recipient, comment).
 */
type FioColumn = { value: string | number | null } | null;
type FioTransaction = Record<string, FioColumn>;

const value = (t: FioTransaction, column: string) => t[column]?.value ?? null;

export function fromFio(json: unknown): BankTransaction[] {
  const list = (json as { accountStatement?: { transactionList?: { transaction?: FioTransaction[] } } }).accountStatement?.transactionList?.transaction ?? [];
  return list
    .map((t): BankTransaction => {
      const account = value(t, 'column2');
      const bank = value(t, 'column3');
      return {
        bankRef: `FIO-${value(t, 'column22')}`,
        bookedOn: String(value(t, 'column0') ?? '').slice(0, 10),
        amountMinor: Math.round(Number(value(t, 'column1')) * 100),
        currency: String(value(t, 'column14') ?? 'CZK'),
        variableSymbol: value(t, 'column5') === null ? null : String(value(t, 'column5')),
        counterAccount: account === null ? null : `${account}${bank ? `/${bank}` : ''}`,
        specificSymbol: value(t, 'column6') === null ? null : String(value(t, 'column6')),
        message: ['column7', 'column16', 'column25'].map((c) => value(t, c)).filter((m) => m !== null && m !== '').join(' | ') || null,
      };
    })
    .filter((t) => t.amountMinor !== 0 && Number.isFinite(t.amountMinor));
}

export const fioStatement = (token: string, fetcher: typeof fetch = fetch): BankStatement => ({
  mode: 'live',
  async incoming() {
    const res = await fetcher(`https://fioapi.fio.cz/v1/rest/last/${token}/transactions.json`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Fio answered ${res.status}`);
    return fromFio(await res.json());
  },
});
