import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Territory } from '../../../lib/types/quote';
import { database } from '../../db/client';
import type { UserRow } from '../../db/repositories/users';
import { creditEntries, invoices, orders } from '../../db/schema';
import { balancesAfter } from './status';
import { unpaidCounts } from './invoices';

/**
 * The account's credit (GET v1/credit, GET v1/credit/summary): the balance per currency and
 * the ledger, newest first, each entry with the balance right after it. Nothing is stored
 * but the entries: balances are their sums.
 */
export const LEDGER_PAGE_SIZE = 20;

export const DEFAULT_CURRENCY: Record<Territory, string> = { cz: 'CZK', sk: 'EUR' };
const major = (minor: number) => minor / 100;

/** every currency the account has entries in (the territory's own with 0 when none) */
export async function creditBalances(d1: D1Database, userId: number, territory: Territory): Promise<Map<string, number>> {
  const rows = await database(d1)
    .select({ currency: creditEntries.currency, balance: sql<number>`COALESCE(SUM(${creditEntries.amountMinor}), 0)` })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .groupBy(creditEntries.currency)
    .orderBy(creditEntries.currency);
  return rows.length ? new Map(rows.map((r) => [r.currency, r.balance])) : new Map([[DEFAULT_CURRENCY[territory], 0]]);
}

const balanceList = (balances: Map<string, number>) => [...balances].map(([currency, minor]) => ({ currency, amount: major(minor) }));

/** the ledger's page (1-based), newest first */
export async function creditLedger(d1: D1Database, user: UserRow, page: number, territory: Territory) {
  const db = database(d1);
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const [balances, entries, [count]] = await Promise.all([
    creditBalances(d1, user.id, territory),
    db
      .select({
        id: creditEntries.id,
        currency: creditEntries.currency,
        amountMinor: creditEntries.amountMinor,
        reason: creditEntries.reason,
        createdAt: creditEntries.createdAt,
        orderNumber: orders.number,
        orderToken: orders.token,
        invoiceNumber: invoices.number,
        invoiceToken: invoices.token,
      })
      .from(creditEntries)
      .leftJoin(orders, eq(orders.id, creditEntries.orderId))
      // an invoice paid from credit: its number is in the entry's dedupe key
      .leftJoin(invoices, sql`${creditEntries.dedupeKey} LIKE 'pay:invoice:%' AND ${invoices.number} = SUBSTR(${creditEntries.dedupeKey}, 13)`)
      // the page's ids by OFFSET along credit_entries_user_id, then their rows
      .where(inArray(creditEntries.id, db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.userId, user.id)).orderBy(desc(creditEntries.id)).limit(LEDGER_PAGE_SIZE).offset(offset)))
      .orderBy(desc(creditEntries.id)),
    db.select({ n: sql<number>`COUNT(*)` }).from(creditEntries).where(eq(creditEntries.userId, user.id)),
  ]);
  // each currency's balance right after the page's newest entry: today's less everything newer
  const newer = entries.length
    ? await db
        .select({ currency: creditEntries.currency, sum: sql<number>`SUM(${creditEntries.amountMinor})` })
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, user.id), gt(creditEntries.id, entries[0]!.id)))
        .groupBy(creditEntries.currency)
    : [];
  const start = new Map(balances);
  for (const { currency, sum } of newer) start.set(currency, (start.get(currency) ?? 0) - sum);
  const total = count?.n ?? 0;
  return {
    balances: balanceList(balances),
    entries: balancesAfter(entries, start).map((e) => ({
      id: e.id,
      created_at: e.createdAt,
      reason: e.reason,
      amount: major(e.amountMinor),
      currency: e.currency,
      balance_after: major(e.balanceAfterMinor),
      order: e.orderNumber && e.orderToken ? { number: e.orderNumber, token: e.orderToken } : null,
      invoice: e.invoiceNumber && e.invoiceToken ? { number: e.invoiceNumber, token: e.invoiceToken } : null,
    })),
    page,
    pages: Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE)),
    total,
  };
}

/** GET v1/credit/summary: for the dashboard */
export async function billingSummary(d1: D1Database, user: UserRow, territory: Territory, now = new Date()) {
  const [balances, counts] = await Promise.all([creditBalances(d1, user.id, territory), unpaidCounts(d1, user.id, now)]);
  return { balances: balanceList(balances), unpaid_invoices: counts.unpaid, after_due_invoices: counts.afterDue };
}
