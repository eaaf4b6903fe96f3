import { and, eq, sql, type SQL } from 'drizzle-orm';
import { database } from '../db/client';
import { CREDIT_REASONS, creditEntries } from '../db/schema';

/**
 * Account credit: a ledger of entries per user and currency; the balance is their sum and
 * is never stored. Each business event enters once (`dedupeKey` is unique), and a debit
 * is written only if the balance covers it, in the same statement, so two payments racing
 * each other cannot overdraw the account (D1 runs statements one at a time).
 */
export async function creditBalance(d1: D1Database, userId: number, currency: string): Promise<number> {
  const [row] = await database(d1)
    .select({ balance: sql<number>`COALESCE(SUM(${creditEntries.amountMinor}), 0)` })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, userId), eq(creditEntries.currency, currency)));
  return row?.balance ?? 0;
}

export type CreditReason = (typeof CREDIT_REASONS)[number];
export type CreditEntry = { userId: number; currency: string; amountMinor: number; reason: CreditReason; orderId: number | null; dedupeKey: string };

/** an entry that enters once: a repeated one is ignored */
export const addCredit = (d1: D1Database, entry: CreditEntry) => database(d1).insert(creditEntries).values(entry).onConflictDoNothing();

/**
 * The statement that debits `amountMinor` only when the balance covers it (0 rows when not)
 * and `only` holds (e.g. the invoice is still unpaid), for a batch: the caller checks the
 * effect with a later conditional statement.
 */
export function conditionalDebit(
  d1: D1Database,
  entry: Omit<CreditEntry, 'reason' | 'orderId'> & { orderId: number | SQL | null; reason?: Extract<CreditReason, 'order_payment' | 'invoice_payment'>; only?: SQL },
) {
  // INSERT … SELECT writes every column in the table's order (id NULL: the next one)
  return database(d1)
    .insert(creditEntries)
    .select(
      sql`SELECT NULL, ${entry.userId}, ${entry.currency}, ${-entry.amountMinor}, ${entry.reason ?? 'order_payment'}, ${entry.orderId}, ${entry.dedupeKey}, ${new Date().toISOString()}
      WHERE (SELECT COALESCE(SUM(amount_minor), 0) FROM credit_entries WHERE user_id = ${entry.userId} AND currency = ${entry.currency}) >= ${entry.amountMinor}${entry.only ? sql` AND ${entry.only}` : sql``}`,
    )
    .onConflictDoNothing();
}
