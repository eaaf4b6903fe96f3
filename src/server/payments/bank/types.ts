/**
 * The bank seam: incoming transactions of the shop's account, shaped like a Czech bank's
 * transaction API (Fio's `transactions.json`: id, date, amount, currency, variable symbol,
 * counter-account). The product matches them to orders by variable symbol.
 */
export type BankTransaction = {
  /** the bank's unique id of the movement */
  bankRef: string;
  bookedOn: string;
  amountMinor: number;
  currency: string;
  variableSymbol: string | null;
  counterAccount: string | null;
  /** outgoing payments (negative amounts): the specific symbol and the message / identification the order carried */
  specificSymbol?: string | null;
  message?: string | null;
};

export interface BankStatement {
  readonly mode: 'live' | 'sandbox' | 'unavailable';
  /** movements of the account since the last read (the bank keeps the cursor): credits, and debits (negative) */
  incoming(): Promise<BankTransaction[]>;
}

/** the shop's account shown on orders and invoices (IBAN and the Czech form) */
export type ShopAccount = { iban: string; account: string; bic: string; holder: string };
