import { pragueNow } from '../../lib/calendar';
import { database } from '../db/client';
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
  const day = pragueNow(now).date;
  const rows = postings
    .filter((p) => p.amountMinor !== 0)
    .map((p) => {
      if (p.amountMinor < 0 || !Number.isInteger(p.amountMinor)) throw new Error(`ledger: posting ${p.key} of ${p.amountMinor}`);
      return { ...p, day, createdAt: now.toISOString() };
    });
  if (rows.length === 0) return null;
  return database(d1).insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.key });
}
