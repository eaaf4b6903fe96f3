import { eq } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import type { BankTransaction } from './types';

/** The record of the bank's lines (bank_transactions): each line once, by the bank's id. */
export type LineOutcome = 'paid' | 'partial' | 'overpaid' | 'unmatched';

/** a bank line already ingested */
export const lineSeen = async (d1: D1Database, bankRef: string) =>
  Boolean(await database(d1).select({ id: bankTransactions.id }).from(bankTransactions).where(eq(bankTransactions.bankRef, bankRef)).get());

export const lineRow = (tx: BankTransaction, orderId: number | null, outcome: LineOutcome) => ({
  bankRef: tx.bankRef,
  variableSymbol: tx.variableSymbol,
  amountMinor: tx.amountMinor,
  currency: tx.currency,
  bookedOn: tx.bookedOn,
  counterAccount: tx.counterAccount,
  orderId,
  outcome,
});

/** a batch that begins with a write refused on a repeat (a unique key): false when it was one, and nothing was written (a batch is a transaction) */
export async function onceOrDuplicate(batch: Promise<unknown>): Promise<boolean> {
  try {
    await batch;
    return true;
  } catch (error) {
    if (String(error).includes('UNIQUE')) return false;
    throw error;
  }
}
