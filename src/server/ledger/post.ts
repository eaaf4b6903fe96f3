import { is, sql, SQL } from 'drizzle-orm';
import { pragueNow } from '../../lib/calendar';
import { database, type Database } from '../db/client';
import { ledgerEntries, type LedgerAccount, type LedgerKind, LEDGER_METHODS } from '../db/schema';

/**
 * One posting of the books: `amountMinor` moves from `credit` to `debit`. Money in is
 * debited to a cash account (bank, gateway), money out credited to one.
 */
export type LedgerPosting = {
  /** unique per business event and leg; a repeated posting is ignored */
  key: string;
  currency: string;
  debit: LedgerAccount;
  credit: LedgerAccount;
  amountMinor: number;
  kind: LedgerKind;
  method?: (typeof LEDGER_METHODS)[number] | null;
  orderId?: number | null;
  userId?: number | null;
  invoiceId?: number | null;
  refundId?: number | null;
  ref?: string | null;
};

/**
 * The statement that writes these postings once each, for the `db.batch` of the change they
 * record (so the books and the change commit together). Zero amounts are left out; a
 * negative one is a bug.
 */
export function ledgerInsert(d1: D1Database, postings: readonly LedgerPosting[], now = new Date()) {
  const rows = ledgerRows(postings, now);
  if (rows.length === 0) return null;
  return database(d1).insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.key });
}

/** the rows of these postings (zero amounts left out), for an insert that must fail on a repeat */
export function ledgerRows(postings: readonly LedgerPosting[], now = new Date()) {
  const day = pragueNow(now).date;
  return postings
    .filter((p) => p.amountMinor !== 0)
    .map((p) => {
      if (p.amountMinor < 0 || !Number.isInteger(p.amountMinor)) throw new Error(`ledger: posting ${p.key} of ${p.amountMinor}`);
      return { ...p, day, createdAt: now.toISOString() };
    });
}

/** a posting whose key, amount or ids may be SQL: known only inside the batch (a new row's id, an amount in the database) */
export type LedgerPostingSql = { [K in keyof LedgerPosting]: LedgerPosting[K] | SQL };

/**
 * A key from parts of which some may be SQL (`order:${id}:sale` with the id a subquery): a
 * string when every part is known, else the SQL concatenation.
 */
export function ledgerKey(strings: TemplateStringsArray, ...values: (string | number | SQL)[]): string | SQL {
  if (!values.some((v) => is(v, SQL))) return strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
  const parts: SQL[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(sql`${s}`);
    if (i < values.length) parts.push(is(values[i], SQL) ? sql`(${values[i]})` : sql`${String(values[i])}`);
  });
  return sql.join(parts, sql` || `);
}

/**
 * The statement that writes these postings only where `where` holds when the batch reaches
 * it (e.g. the conditional debit before it took effect), each once (INSERT … SELECT …
 * WHERE, keyed). Zero amounts are left out, in SQL too. Null when nothing is left.
 */
export function ledgerInsertWhere(d1: D1Database, postings: readonly LedgerPostingSql[], where: SQL | null, now = new Date()) {
  return ledgerSelectInsert(database(d1), postings, where, ledgerStampOf(now));
}

/** the day (Prague) and time a posting is written with */
export const ledgerStampOf = (now: Date) => ({ day: pragueNow(now).date, stamp: now.toISOString() });

/**
 * ledgerInsertWhere's statement with the day and time as the placeholders `day` and `stamp`
 * (bound from ledgerStampOf), to be prepared once (src/server/db/prepared.ts). Amounts may be
 * placeholders too: a bound 0 writes nothing (the SQL's amount > 0), and the caller checks a
 * bound amount as ledgerInsertWhere checks a number (checkLedgerAmount).
 */
export function ledgerInsertPrepared(db: Database, postings: readonly LedgerPostingSql[]) {
  return ledgerSelectInsert(db, postings, null, { day: sql`${sql.placeholder('day')}`, stamp: sql`${sql.placeholder('stamp')}` });
}

/** a posting's amount must be a whole, non-negative number of minor units */
export function checkLedgerAmount(amountMinor: number) {
  if (amountMinor < 0 || !Number.isInteger(amountMinor)) throw new Error(`ledger: posting of ${amountMinor}`);
}

function ledgerSelectInsert(db: Database, postings: readonly LedgerPostingSql[], where: SQL | null, { day, stamp }: { day: string | SQL; stamp: string | SQL }) {
  const selects = postings
    .filter((p) => p.amountMinor !== 0)
    .map((p) => {
      if (typeof p.amountMinor === 'number') checkLedgerAmount(p.amountMinor);
      const v = (x: unknown) => (x === undefined ? sql`NULL` : sql`${x}`);
      // the table's columns in order (id NULL: the next one)
      return sql`SELECT NULL, ${p.key}, ${day}, ${p.currency}, ${p.debit}, ${p.credit}, ${p.amountMinor}, ${p.kind}, ${v(p.method)}, ${v(p.orderId)}, ${v(p.userId)}, ${v(p.invoiceId)}, ${v(p.refundId)}, ${v(p.ref)}, ${stamp}
        WHERE (${p.amountMinor}) > 0${where ? sql` AND ${where}` : sql``}`;
    });
  if (selects.length === 0) return null;
  return db.insert(ledgerEntries).select(sql.join(selects, sql` UNION ALL `)).onConflictDoNothing({ target: ledgerEntries.key });
}
