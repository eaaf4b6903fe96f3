import type { SQL } from 'drizzle-orm';
import { ledgerKey, type LedgerPosting, type LedgerPostingSql } from './post';

/**
 * What each money event posts (docs/ledger.md, the conventions table): pure builders, so the
 * rules are tested on their own and every caller posts the same legs under the same keys.
 * Ids may be SQL where the row is created in the same batch.
 */
type Id = number | SQL;
type Method = 'bank_transfer' | 'card' | 'credit' | 'invoice';

export type OrderRef = { id: Id; userId: number | null; currency: string; method: Method };

/** money beyond what an order or invoice owes: a signed-in customer's to their credit, a guest's owed back */
export const overpaymentAccount = (userId: number | null): 'customer_credit' | 'refunds_payable' => (userId ? 'customer_credit' : 'refunds_payable');

/** an order taken (not billed on the monthly invoice): the list price is owed, less its discount */
export function orderTaken(order: OrderRef, totalVatMinor: number, discountMinor: number): LedgerPostingSql[] {
  if (order.method === 'invoice') return [];
  return orderTakenLegs(order, totalVatMinor + discountMinor, discountMinor);
}

/**
 * orderTaken's legs from the sale (the list price with VAT: total + discount) and the discount,
 * each a number or SQL (a placeholder of a statement prepared once: create.ts)
 */
export function orderTakenLegs(order: { id: Id; userId: number | null | SQL; currency: string | SQL; method: Method | SQL }, saleMinor: number | SQL, discountMinor: number | SQL): LedgerPostingSql[] {
  const common = { currency: order.currency, orderId: order.id, userId: order.userId, method: order.method } as Pick<LedgerPostingSql, 'currency' | 'orderId' | 'userId' | 'method'>;
  return [
    { ...common, key: ledgerKey`order:${order.id}:sale`, debit: 'receivables', credit: 'sales', amountMinor: saleMinor, kind: 'sale' },
    { ...common, key: ledgerKey`order:${order.id}:discount`, debit: 'discounts', credit: 'receivables', amountMinor: discountMinor, kind: 'discount' },
  ];
}

/** an order paid from the account's credit */
export const orderPaidFromCredit = (order: OrderRef & { userId: number }, amountMinor: number): LedgerPostingSql[] => [
  { key: ledgerKey`order:${order.id}:credit`, currency: order.currency, debit: 'customer_credit', credit: 'receivables', amountMinor, kind: 'credit_spend', method: 'credit', orderId: order.id, userId: order.userId },
];

/** an unpaid order cancelled: its sale and discount reversed, so it owes nothing */
export function unpaidOrderCancelled(order: OrderRef, totalVatMinor: number, discountMinor: number): LedgerPostingSql[] {
  if (order.method === 'invoice') return [];
  const common = { currency: order.currency, orderId: order.id, userId: order.userId, method: order.method, kind: 'adjustment' as const };
  return [
    { ...common, key: ledgerKey`order:${order.id}:cancel:sale`, debit: 'sales', credit: 'receivables', amountMinor: totalVatMinor + discountMinor },
    { ...common, key: ledgerKey`order:${order.id}:cancel:discount`, debit: 'receivables', credit: 'discounts', amountMinor: discountMinor },
  ];
}

/**
 * Money in for an order or an invoice (a bank line, a settled card payment, or an unmatched
 * line matched by hand) and the part of it beyond what was owed.
 */
export type MoneyIn = {
  /** 'bank' with the bank's line id, 'card' with the gateway's payment id, 'match' for a line matched by hand */
  via: 'bank' | 'card' | 'match';
  ref: string;
  currency: string;
  amountMinor: number;
  overMinor: number;
  orderId?: number | null;
  invoiceId?: number | null;
  userId: number | null;
};

export function moneyIn(m: MoneyIn): LedgerPosting[] {
  if (m.overMinor > m.amountMinor) throw new Error(`ledger: ${m.overMinor} over of ${m.amountMinor}`);
  const method = m.via === 'card' ? 'card' : 'bank_transfer';
  const common = { currency: m.currency, method, orderId: m.orderId ?? null, invoiceId: m.invoiceId ?? null, userId: m.userId, ref: m.ref } as const;
  const key = m.via === 'card' ? `card:${m.ref}` : m.ref;
  return [
    { ...common, key: m.via === 'match' ? `match:${m.ref}` : `in:${key}`, debit: m.via === 'card' ? 'gateway' : m.via === 'match' ? 'unmatched' : 'bank', credit: 'receivables', amountMinor: m.amountMinor, kind: 'payment_in' },
    { ...common, key: `over:${key}`, debit: 'receivables', credit: overpaymentAccount(m.userId), amountMinor: m.overMinor, kind: 'overpayment' },
  ];
}

/** a bank line nobody's: kept until it is matched by hand */
export const unmatchedLine = (line: { bankRef: string; currency: string; amountMinor: number }): LedgerPosting[] => [
  { key: `in:${line.bankRef}`, currency: line.currency, debit: 'bank', credit: 'unmatched', amountMinor: line.amountMinor, kind: 'unmatched_in', method: 'bank_transfer', ref: line.bankRef },
];

/** a credit top-up: by transfer (the bank's line id) or card (the gateway's payment id) */
export const creditTopUp = (t: { via: 'bank' | 'card'; ref: string; userId: number; currency: string; amountMinor: number }): LedgerPosting[] => [
  {
    key: `topup:${t.via}:${t.ref}`,
    currency: t.currency,
    debit: t.via === 'bank' ? 'bank' : 'gateway',
    credit: 'customer_credit',
    amountMinor: t.amountMinor,
    kind: 'credit_top_up',
    method: t.via === 'bank' ? 'bank_transfer' : 'card',
    userId: t.userId,
    ref: t.ref,
  },
];

/** a monthly invoice issued: its total is owed */
export const invoiceIssued = (i: { id: Id; userId: number; currency: string; totalMinor: number }): LedgerPostingSql[] => [
  { key: ledgerKey`invoice:${i.id}`, currency: i.currency, debit: 'receivables', credit: 'sales', amountMinor: i.totalMinor, kind: 'invoice', method: 'invoice', invoiceId: i.id, userId: i.userId },
];

/** a monthly invoice paid from the account's credit */
export const invoicePaidFromCredit = (i: { id: number; userId: number; currency: string; totalMinor: number }): LedgerPosting[] => [
  { key: `invoice:${i.id}:credit`, currency: i.currency, debit: 'customer_credit', credit: 'receivables', amountMinor: i.totalMinor, kind: 'credit_spend', method: 'credit', invoiceId: i.id, userId: i.userId },
];
