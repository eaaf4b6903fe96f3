import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions, billingPayments, creditEntries, invoices } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { randomToken } from '../../identity/crypto';
import type { BankTransaction } from '../../payments/bank/types';
import { cardGateway } from '../../payments/card/gateway';
import { CardGatewayError, type CardPaymentState } from '../../payments/card/types';
import { addCredit } from '../../payments/credit';

/**
 * Money for the account coming in: transfers with an invoice's or a top-up's variable symbol
 * (from the bank statement, after orders had their go) and the card gateway's word on a
 * top-up or an invoice payment. Each bank line enters once (bank_transactions' unique bank
 * id), each credit once (the ledger's unique dedupe keys), each card payment settles once
 * (its row moves from pending in the same batch as its effect), however often a line or a
 * notification repeats and in whatever order they come.
 */

export type BillingPaymentRow = typeof billingPayments.$inferSelect;
export type TransferOutcome = 'paid' | 'partial' | 'overpaid' | 'duplicate';

/** the record of a bank line, once; false when the line was seen before */
async function recordLine(d1: D1Database, tx: BankTransaction, outcome: Exclude<TransferOutcome, 'duplicate'>): Promise<boolean> {
  const inserted = await database(d1)
    .insert(bankTransactions)
    .values({ bankRef: tx.bankRef, variableSymbol: tx.variableSymbol, amountMinor: tx.amountMinor, currency: tx.currency, bookedOn: tx.bookedOn, counterAccount: tx.counterAccount, orderId: null, outcome })
    .onConflictDoNothing({ target: bankTransactions.bankRef })
    .returning({ id: bankTransactions.id });
  return inserted.length > 0;
}

/** what arrived for an invoice by transfer so far */
const receivedFor = async (d1: D1Database, invoiceId: number) =>
  (
    await database(d1)
      .select({ sum: sql<number>`COALESCE(SUM(${billingPayments.receivedMinor}), 0)` })
      .from(billingPayments)
      .where(and(eq(billingPayments.invoiceId, invoiceId), eq(billingPayments.method, 'bank_transfer'), eq(billingPayments.status, 'paid')))
  )[0]?.sum ?? 0;

/**
 * A bank line whose variable symbol is a monthly invoice's or a top-up's (in its currency): its outcome, or null when it is neither's (the caller records it unmatched).
 */
export async function ingestBillingTransfer(env: OriginBindings, tx: BankTransaction, variableSymbol: string, now: Date): Promise<TransferOutcome | null> {
  const db = database(env.DB);
  const invoice = await db.select().from(invoices).where(and(eq(invoices.variableSymbol, variableSymbol), eq(invoices.kind, 'monthly'), eq(invoices.currency, tx.currency))).get();
  if (invoice?.userId) {
    const before = await receivedFor(env.DB, invoice.id);
    const after = before + tx.amountMinor;
    const outcome = invoice.paidAt || after > invoice.totalMinor ? 'overpaid' : after < invoice.totalMinor ? 'partial' : 'paid';
    if (!(await recordLine(env.DB, tx, outcome))) return 'duplicate';
    await db
      .insert(billingPayments)
      .values({ token: randomToken(24), userId: invoice.userId, purpose: 'invoice', invoiceId: invoice.id, method: 'bank_transfer', status: 'paid', amountMinor: tx.amountMinor, receivedMinor: tx.amountMinor, currency: tx.currency, bankRef: tx.bankRef, settledAt: now.toISOString() })
      .onConflictDoNothing();
    const received = await receivedFor(env.DB, invoice.id);
    if (received < invoice.totalMinor) return outcome;
    const [paidNow] = await db.update(invoices).set({ paidAt: now.toISOString() }).where(and(eq(invoices.id, invoice.id), sql`${invoices.paidAt} IS NULL`)).returning({ id: invoices.id });
    // what came on top of the invoice (or after it was paid otherwise) goes to the account's credit
    const over = paidNow ? Math.min(tx.amountMinor, received - invoice.totalMinor) : tx.amountMinor;
    if (over > 0) await addCredit(env.DB, { userId: invoice.userId, currency: tx.currency, amountMinor: over, reason: 'overpayment', orderId: null, dedupeKey: `over:${tx.bankRef}` });
    return outcome;
  }

  const topUp = await db.select().from(billingPayments).where(and(eq(billingPayments.variableSymbol, variableSymbol), eq(billingPayments.purpose, 'top_up'), eq(billingPayments.currency, tx.currency))).get();
  if (!topUp) return null;
  const after = topUp.receivedMinor + tx.amountMinor;
  const outcome = after > topUp.amountMinor ? 'overpaid' : after < topUp.amountMinor ? 'partial' : 'paid';
  if (!(await recordLine(env.DB, tx, outcome))) return 'duplicate';
  // whatever arrives is credited (each line once); the top-up counts as credited from its first money
  await db.batch([
    db.insert(creditEntries).values({ userId: topUp.userId, currency: tx.currency, amountMinor: tx.amountMinor, reason: 'top_up', orderId: null, dedupeKey: `topup:bank:${tx.bankRef}` }).onConflictDoNothing(),
    db
      .update(billingPayments)
      .set({ receivedMinor: sql`${billingPayments.receivedMinor} + ${tx.amountMinor}`, status: 'paid', settledAt: sql`COALESCE(${billingPayments.settledAt}, ${now.toISOString()})` })
      .where(eq(billingPayments.id, topUp.id)),
  ]);
  return outcome;
}

/**
 * The gateway's word on a top-up's or an invoice's card payment (asked, never taken from the
 * notification), applied once. False when the gateway payment is not billing's.
 */
export async function settleBillingCardPayment(env: OriginBindings, ref: string, now = new Date()): Promise<boolean> {
  const db = database(env.DB);
  const payment = await db.select().from(billingPayments).where(eq(billingPayments.gatewayRef, ref)).get();
  if (!payment) return false;
  if (payment.status !== 'pending') return true;
  let state: CardPaymentState;
  try {
    state = await cardGateway(env).status(ref);
  } catch (error) {
    // the gateway does not know it (or refuses to say): nothing changes
    if (error instanceof CardGatewayError && error.kind === 'refused') return true;
    throw error;
  }
  // an answer about another amount is not about this payment
  if (state.amountMinor !== payment.amountMinor || state.currency !== payment.currency) return true;
  const status = state.status;
  const stamp = now.toISOString();
  const pending = sql`EXISTS (SELECT 1 FROM billing_payments WHERE id = ${payment.id} AND status = 'pending')`;
  if (status === 'paid') {
    const settle = db.update(billingPayments).set({ status: 'paid', receivedMinor: payment.amountMinor, settledAt: stamp }).where(and(eq(billingPayments.id, payment.id), eq(billingPayments.status, 'pending')));
    if (payment.purpose === 'top_up') {
      await db.batch([
        db
          .insert(creditEntries)
          .select(sql`SELECT NULL, ${payment.userId}, ${payment.currency}, ${payment.amountMinor}, 'top_up', NULL, ${`topup:${payment.token}`}, ${stamp} WHERE ${pending}`)
          .onConflictDoNothing(),
        settle,
      ]);
    } else {
      // the invoice is paid by this payment, unless something paid it first: then the money is credit
      await db.batch([
        db.update(invoices).set({ paidAt: stamp }).where(and(eq(invoices.id, payment.invoiceId!), sql`${invoices.paidAt} IS NULL`, pending)),
        db
          .insert(creditEntries)
          .select(
            sql`SELECT NULL, ${payment.userId}, ${payment.currency}, ${payment.amountMinor}, 'overpayment', NULL, ${`over:card:${ref}`}, ${stamp}
            WHERE ${pending} AND (SELECT paid_at FROM invoices WHERE id = ${payment.invoiceId}) <> ${stamp}`,
          )
          .onConflictDoNothing(),
        settle,
      ]);
    }
  } else if (status === 'declined' || status === 'cancelled') {
    await db.update(billingPayments).set({ status: status === 'declined' ? 'failed' : 'cancelled', settledAt: stamp }).where(and(eq(billingPayments.id, payment.id), eq(billingPayments.status, 'pending')));
  }
  return true;
}
