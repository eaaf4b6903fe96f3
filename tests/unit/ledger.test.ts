import { sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import type { LedgerPosting, LedgerPostingSql } from '../../src/server/ledger/post';
import { ledgerKey } from '../../src/server/ledger/post';
import { creditTopUp, invoiceIssued, invoicePaidFromCredit, moneyIn, orderPaidFromCredit, orderTaken, unmatchedLine, unpaidOrderCancelled } from '../../src/server/ledger/postings';
import { dailyCsv, dailyTotals, type DailyBooks, type LedgerSum } from '../../src/server/services/ledger/daily';

/** The books' rules (docs/ledger.md): what each money event posts, and the daily report. */

const legs = (postings: readonly (LedgerPosting | LedgerPostingSql)[]) => postings.filter((p) => p.amountMinor !== 0).map((p) => [p.key, p.debit, p.credit, p.amountMinor, p.kind]);
/** every posting moves money between two accounts: the sum of debits equals the sum of credits, per account */
const net = (postings: readonly LedgerPosting[]) => {
  const out: Record<string, number> = {};
  for (const p of postings) {
    out[p.debit] = (out[p.debit] ?? 0) + p.amountMinor;
    out[p.credit] = (out[p.credit] ?? 0) - p.amountMinor;
  }
  return out;
};
const order = { id: 7, userId: 3, currency: 'CZK', method: 'bank_transfer' as const };

describe('the postings of each money event', () => {
  it('an order taken owes its list price, less its discount: receivables end at the price charged', () => {
    const postings = orderTaken(order, 9_000, 1_000) as LedgerPosting[];
    expect(legs(postings)).toEqual([
      ['order:7:sale', 'receivables', 'sales', 10_000, 'sale'],
      ['order:7:discount', 'discounts', 'receivables', 1_000, 'discount'],
    ]);
    expect(net(postings).receivables).toBe(9_000);
  });

  it('an order billed on the monthly invoice posts nothing when taken (the invoice is its sale)', () => {
    expect(orderTaken({ ...order, method: 'invoice' }, 9_000, 0)).toEqual([]);
    expect(invoiceIssued({ id: 4, userId: 3, currency: 'CZK', totalMinor: 12_100 }).map((p) => [p.key, p.debit, p.credit, p.amountMinor, p.kind, p.method])).toEqual([['invoice:4', 'receivables', 'sales', 12_100, 'invoice', 'invoice']]);
  });

  it('an unpaid order cancelled reverses its sale and its discount, so it owes nothing', () => {
    const all = [...orderTaken(order, 9_000, 1_000), ...unpaidOrderCancelled(order, 9_000, 1_000)] as LedgerPosting[];
    expect(legs(all.slice(2))).toEqual([
      ['order:7:cancel:sale', 'sales', 'receivables', 10_000, 'adjustment'],
      ['order:7:cancel:discount', 'receivables', 'discounts', 1_000, 'adjustment'],
    ]);
    expect(net(all)).toEqual({ receivables: 0, sales: 0, discounts: 0 });
  });

  it('an order paid from credit moves what it owes to the member’s credit', () => {
    expect(legs(orderPaidFromCredit({ ...order, method: 'credit', userId: 3 }, 9_000))).toEqual([['order:7:credit', 'customer_credit', 'receivables', 9_000, 'credit_spend']]);
  });

  it('a bank line pays the order; what is beyond the price goes to a member’s credit, or is owed back to a guest', () => {
    const member = moneyIn({ via: 'bank', ref: 'FIO-1', currency: 'CZK', amountMinor: 5_000, overMinor: 1_000, orderId: 7, userId: 3 });
    expect(legs(member)).toEqual([
      ['in:FIO-1', 'bank', 'receivables', 5_000, 'payment_in'],
      ['over:FIO-1', 'receivables', 'customer_credit', 1_000, 'overpayment'],
    ]);
    expect(member.every((p) => p.method === 'bank_transfer' && p.ref === 'FIO-1' && p.orderId === 7)).toBe(true);
    expect(legs(moneyIn({ via: 'bank', ref: 'FIO-2', currency: 'CZK', amountMinor: 5_000, overMinor: 5_000, orderId: 7, userId: null }))[1]).toEqual(['over:FIO-2', 'receivables', 'refunds_payable', 5_000, 'overpayment']);
    expect(() => moneyIn({ via: 'bank', ref: 'X', currency: 'CZK', amountMinor: 1, overMinor: 2, userId: null })).toThrow();
  });

  it('a card payment settled comes into the gateway account under the gateway’s payment id', () => {
    expect(legs(moneyIn({ via: 'card', ref: 'GP-9', currency: 'EUR', amountMinor: 700, overMinor: 0, orderId: 7, userId: null }))).toEqual([['in:card:GP-9', 'gateway', 'receivables', 700, 'payment_in']]);
  });

  it('a line nobody’s is kept as unmatched, and matched by hand it pays the order from there, under its own key', () => {
    const kept = unmatchedLine({ bankRef: 'FIO-5', currency: 'CZK', amountMinor: 3_000 });
    const matched = moneyIn({ via: 'match', ref: 'FIO-5', currency: 'CZK', amountMinor: 3_000, overMinor: 0, orderId: 7, userId: 3 });
    expect(legs([...kept, ...matched])).toEqual([
      ['in:FIO-5', 'bank', 'unmatched', 3_000, 'unmatched_in'],
      ['match:FIO-5', 'unmatched', 'receivables', 3_000, 'payment_in'],
    ]);
    expect(net([...kept, ...matched]).unmatched).toBe(0);
  });

  it('a credit top-up and an invoice paid from credit move money to and from the member’s credit', () => {
    expect(legs(creditTopUp({ via: 'bank', ref: 'FIO-6', userId: 3, currency: 'CZK', amountMinor: 50_000 }))).toEqual([['topup:bank:FIO-6', 'bank', 'customer_credit', 50_000, 'credit_top_up']]);
    expect(legs(creditTopUp({ via: 'card', ref: 'GP-1', userId: 3, currency: 'CZK', amountMinor: 50_000 }))).toEqual([['topup:card:GP-1', 'gateway', 'customer_credit', 50_000, 'credit_top_up']]);
    expect(legs(invoicePaidFromCredit({ id: 4, userId: 3, currency: 'CZK', totalMinor: 12_100 }))).toEqual([['invoice:4:credit', 'customer_credit', 'receivables', 12_100, 'credit_spend']]);
  });

  it('a key with a part known only in the batch is the SQL concatenation of its parts', () => {
    expect(ledgerKey`order:${7}:sale`).toBe('order:7:sale');
    const key = ledgerKey`order:${sql`(SELECT id FROM orders WHERE token = ${'t'})`}:sale`;
    const query = new SQLiteSyncDialect().sqlToQuery(sql`${key}`);
    expect(query.sql).toBe('? || ((SELECT id FROM orders WHERE token = ?)) || ?');
    expect(query.params).toEqual(['order:', 't', ':sale']);
  });
});

describe('the daily books', () => {
  const sum = (s: Partial<LedgerSum> & Pick<LedgerSum, 'debit' | 'credit' | 'kind' | 'minor'>): LedgerSum => ({ currency: 'CZK', method: 'bank_transfer', ...s });

  it('the day’s lines: money in and out, top-ups, spend, discounts and sales net of cancellations, invoices, refunds and unmatched money, per currency and method', () => {
    const totals = dailyTotals([
      sum({ debit: 'receivables', credit: 'sales', kind: 'sale', minor: 10_000 }),
      sum({ debit: 'discounts', credit: 'receivables', kind: 'discount', minor: 1_000 }),
      sum({ debit: 'sales', credit: 'receivables', kind: 'adjustment', minor: 4_000 }),
      sum({ debit: 'receivables', credit: 'discounts', kind: 'adjustment', minor: 400 }),
      sum({ debit: 'bank', credit: 'receivables', kind: 'payment_in', minor: 9_000 }),
      sum({ debit: 'bank', credit: 'unmatched', kind: 'unmatched_in', minor: 500 }),
      sum({ debit: 'bank', credit: 'customer_credit', kind: 'credit_top_up', minor: 2_000 }),
      sum({ debit: 'sales', credit: 'refunds_payable', kind: 'refund_requested', minor: 300 }),
      sum({ debit: 'refunds_payable', credit: 'bank', kind: 'refund_out', minor: 300 }),
      sum({ method: 'credit', debit: 'customer_credit', credit: 'receivables', kind: 'credit_spend', minor: 700 }),
      sum({ method: 'invoice', debit: 'receivables', credit: 'sales', kind: 'invoice', minor: 12_100 }),
      sum({ currency: 'EUR', method: 'card', debit: 'gateway', credit: 'receivables', kind: 'payment_in', minor: 900 }),
    ]);
    expect(totals.map((t) => [t.currency, t.method])).toEqual([
      ['CZK', 'bank_transfer'],
      ['CZK', 'credit'],
      ['CZK', 'invoice'],
      ['EUR', 'card'],
    ]);
    expect(totals[0]!.minor).toEqual({ in: 11_500, out: 300, credit_top_ups: 2_000, credit_spend: 0, discounts: 600, sales: 6_000, invoices: 0, refunds: 300, unmatched: 500 });
    expect(totals[1]!.minor.credit_spend).toBe(700);
    expect(totals[2]!.minor).toMatchObject({ invoices: 12_100, sales: 0 });
    expect(totals[3]!.minor.in).toBe(900);
  });

  it('the CSV is one table with a header row, semicolons, quoted fields where needed, UTF-8 with a BOM and CRLF lines', () => {
    const zero = { in: 0, out: 0, credit_top_ups: 0, credit_spend: 0, discounts: 0, sales: 0, invoices: 0, refunds: 0, unmatched: 0 };
    const books: DailyBooks = {
      date: '2026-11-27',
      totals: [{ currency: 'CZK', method: 'bank_transfer', ...zero, in: 1234.5 }],
      unmatched: [{ bank_ref: 'FIO-1', booked_on: '2026-11-27', amount: 10, currency: 'CZK', variable_symbol: null, counter_account: 'Nováková; "účet"' }],
      refunds_waiting: [{ id: 1, order: 'OP1', method: 'bank_transfer', status: 'requested', amount: 5, currency: 'CZK', payer_account: null, created_at: '2026-11-27T10:00:00.000Z' }],
    };
    const csv = dailyCsv(books);
    expect(csv.startsWith('\uFEFFsection;date;currency;method;item;amount;reference;detail\r\n')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 9 + 1 + 1);
    expect(rows[1]).toBe('total;2026-11-27;CZK;bank_transfer;in;1234.50;;');
    expect(rows[10]).toBe('unmatched;2026-11-27;CZK;bank_transfer;FIO-1;10.00;;"Nováková; ""účet"""');
    expect(rows[11]).toBe('refund_waiting;2026-11-27;CZK;bank_transfer;requested;5.00;OP1;');
  });
});
