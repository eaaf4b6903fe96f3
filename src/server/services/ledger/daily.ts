import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions, CASH_ACCOUNTS, ledgerEntries, orders, refunds, type LedgerAccount, type LedgerKind } from '../../db/schema';

/**
 * The daily books (GET v1/app/ledger/daily): the day's totals per currency and method from
 * the ledger, the incoming payments nobody's (still waiting for a hand-match) and the
 * refunds not settled yet. Both lists are today's queues, whatever day the totals are of.
 */

export const DAILY_ITEMS = ['in', 'out', 'credit_top_ups', 'credit_spend', 'discounts', 'sales', 'invoices', 'refunds', 'unmatched'] as const;
export type DailyItem = (typeof DAILY_ITEMS)[number];
export type DailyTotals = { currency: string; method: string; minor: Record<DailyItem, number> };

export type LedgerSum = { currency: string; method: string | null; debit: LedgerAccount; credit: LedgerAccount; kind: LedgerKind; minor: number };

/**
 * The day's postings summed into the report's lines: money in and out of the cash accounts,
 * credit topped up and spent, discounts and sales net of their reversals (sales of orders;
 * monthly invoices apart), refunds requested and money in nobody could attribute.
 */
export function dailyTotals(sums: readonly LedgerSum[]): DailyTotals[] {
  const lines = new Map<string, DailyTotals>();
  for (const s of sums) {
    const method = s.method ?? '';
    const id = `${s.currency}|${method}`;
    let line = lines.get(id);
    if (!line) lines.set(id, (line = { currency: s.currency, method, minor: Object.fromEntries(DAILY_ITEMS.map((i) => [i, 0])) as Record<DailyItem, number> }));
    const m = line.minor;
    if (CASH_ACCOUNTS.includes(s.debit)) m.in += s.minor;
    if (CASH_ACCOUNTS.includes(s.credit)) m.out += s.minor;
    if (s.kind === 'credit_top_up') m.credit_top_ups += s.minor;
    if (s.kind === 'credit_spend') m.credit_spend += s.minor;
    if (s.kind === 'unmatched_in') m.unmatched += s.minor;
    if (s.kind === 'refund_requested') m.refunds += s.minor;
    if (s.kind === 'invoice') m.invoices += s.minor;
    else if (s.credit === 'sales') m.sales += s.minor;
    else if (s.debit === 'sales' && s.kind !== 'refund_requested') m.sales -= s.minor;
    if (s.debit === 'discounts') m.discounts += s.minor;
    if (s.credit === 'discounts') m.discounts -= s.minor;
  }
  return [...lines.values()].sort((a, b) => a.currency.localeCompare(b.currency) || a.method.localeCompare(b.method));
}

const major = (minor: number) => minor / 100;

type SumRow = LedgerSum & { low: number };
const sumsOf = async (d1: D1Database, date: string, below?: number): Promise<SumRow[]> =>
  database(d1)
    .select({ currency: ledgerEntries.currency, method: ledgerEntries.method, debit: ledgerEntries.debit, credit: ledgerEntries.credit, kind: ledgerEntries.kind, minor: sql<number>`SUM(${ledgerEntries.amountMinor})`, low: sql<number>`MIN(${ledgerEntries.id})` })
    .from(ledgerEntries)
    .where(below === undefined ? eq(ledgerEntries.day, date) : and(eq(ledgerEntries.day, date), lt(ledgerEntries.id, below)))
    .groupBy(ledgerEntries.currency, ledgerEntries.method, ledgerEntries.debit, ledgerEntries.credit, ledgerEntries.kind);

/**
 * The books of `date`. `yearDb`: the database of the date's year once that year is closed (DB_Y<year>,
 * docs/retention.md): the yearly move takes the day's lines there, so they are read from both. A day's
 * lines in DB are a tail of its ids (the move deletes what it copied, lines posted later get higher ids),
 * so the year database's lines below DB's lowest id of the day are the ones DB no longer holds: no line
 * is counted twice, before, during or after the move.
 */
export async function dailyBooks(d1: D1Database, date: string, yearDb?: D1Database) {
  const db = database(d1);
  const [own, unmatched, waiting] = await Promise.all([
    sumsOf(d1, date),
    db.select().from(bankTransactions).where(eq(bankTransactions.outcome, 'unmatched')).orderBy(asc(bankTransactions.bookedOn), asc(bankTransactions.id)),
    db
      .select({ refund: refunds, orderNumber: orders.number })
      .from(refunds)
      .leftJoin(orders, eq(orders.id, refunds.orderId))
      .where(inArray(refunds.status, ['requested', 'sent']))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const low = own.length ? Math.min(...own.map((r) => r.low)) : Number.MAX_SAFE_INTEGER;
  const sums: LedgerSum[] = [...own, ...(yearDb ? await sumsOf(yearDb, date, low) : [])];
  return {
    date,
    totals: dailyTotals(sums).map((t) => ({ currency: t.currency, method: t.method, ...Object.fromEntries(DAILY_ITEMS.map((i) => [i, major(t.minor[i])])) }) as { currency: string; method: string } & Record<DailyItem, number>),
    unmatched: unmatched.map((l) => ({
      bank_ref: l.bankRef,
      booked_on: l.bookedOn,
      amount: major(l.amountMinor),
      currency: l.currency,
      variable_symbol: l.variableSymbol,
      counter_account: l.counterAccount,
    })),
    refunds_waiting: waiting.map(({ refund: r, orderNumber }) => ({
      id: r.id,
      order: orderNumber,
      method: r.method,
      status: r.status,
      amount: major(r.amountMinor),
      currency: r.currency,
      payer_account: r.payerAccount,
      created_at: r.createdAt,
    })),
  };
}
export type DailyBooks = Awaited<ReturnType<typeof dailyBooks>>;

const CSV_HEADER = ['section', 'date', 'currency', 'method', 'item', 'amount', 'reference', 'detail'] as const;

/** a field quoted when it holds the separator, a quote or a line break */
const field = (value: string | number | null) => {
  const text = value === null ? '' : typeof value === 'number' ? value.toFixed(2) : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The same report as one CSV table: semicolons (what Czech Excel expects; amounts keep a
 * decimal point, so they read the same everywhere), UTF-8 with a BOM (so Excel reads the
 * diacritics), CRLF lines, a header row. Sections: `total` (one row per currency, method
 * and item), `unmatched`, `refund_waiting`.
 */
export function dailyCsv(books: DailyBooks): string {
  const rows: (string | number | null)[][] = [[...CSV_HEADER]];
  for (const t of books.totals) for (const item of DAILY_ITEMS) rows.push(['total', books.date, t.currency, t.method, item, t[item], null, null]);
  for (const u of books.unmatched) rows.push(['unmatched', u.booked_on, u.currency, 'bank_transfer', u.bank_ref, u.amount, u.variable_symbol, u.counter_account]);
  for (const r of books.refunds_waiting) rows.push(['refund_waiting', r.created_at.slice(0, 10), r.currency, r.method, r.status, r.amount, r.order, r.payer_account]);
  return `\uFEFF${rows.map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
