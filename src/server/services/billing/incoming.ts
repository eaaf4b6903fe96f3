import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions, billingPayments, creditEntries, invoices, ledgerEntries } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { randomToken } from '../../identity/crypto';
import type { BankTransaction } from '../../payments/bank/types';
import { cardGateway } from '../../payments/card/gateway';
import { CardGatewayError, type CardPaymentState } from '../../payments/card/types';
import { addCredit } from '../../payments/credit';
import { lineRow, onceOrDuplicate } from '../../payments/bank/lines';
import { ledgerInsert, ledgerInsertWhere, ledgerRows } from '../../ledger/post';
import { creditTopUp, moneyIn } from '../../ledger/postings';
import type { InvoiceRow } from './invoices';

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
  if (invoice?.userId) return applyLineToInvoice(env, tx, invoice, 'bank', now);

  const topUp = await db.select().from(billingPayments).where(and(eq(billingPayments.variableSymbol, variableSymbol), eq(billingPayments.purpose, 'top_up'), eq(billingPayments.currency, tx.currency))).get();
  if (!topUp) return null;
  const after = topUp.receivedMinor + tx.amountMinor;
  const outcome = after > topUp.amountMinor ? 'overpaid' : after < topUp.amountMinor ? 'partial' : 'paid';
  // whatever arrives is credited (each line once: a repeated line fails the batch); the top-up counts as credited from its first money
  const recorded = await onceOrDuplicate(
    db.batch([
      db.insert(bankTransactions).values(lineRow(tx, null, outcome)),
      db.insert(creditEntries).values({ userId: topUp.userId, currency: tx.currency, amountMinor: tx.amountMinor, reason: 'top_up', orderId: null, dedupeKey: `topup:bank:${tx.bankRef}` }).onConflictDoNothing(),
      db
        .update(billingPayments)
        .set({ receivedMinor: sql`${billingPayments.receivedMinor} + ${tx.amountMinor}`, status: 'paid', settledAt: sql`COALESCE(${billingPayments.settledAt}, ${now.toISOString()})` })
        .where(eq(billingPayments.id, topUp.id)),
      ledgerInsert(env.DB, creditTopUp({ via: 'bank', ref: tx.bankRef, userId: topUp.userId, currency: tx.currency, amountMinor: tx.amountMinor }), now)!,
    ]),
  );
  return recorded ? outcome : 'duplicate';
}

/**
 * A bank line applied to a monthly invoice, in one batch with its postings: `bank` records a
 * new line (a repeat is refused by its unique bank id), `match` assigns an unmatched line by
 * hand (a repeat is refused by the posting's unique key). What comes on top of the invoice
 * (or after it was paid otherwise) goes to the account's credit.
 */
export async function applyLineToInvoice(env: OriginBindings, tx: BankTransaction, invoice: InvoiceRow, via: 'bank' | 'match', now: Date): Promise<TransferOutcome> {
  const db = database(env.DB);
  const userId = invoice.userId!;
  const before = await receivedFor(env.DB, invoice.id);
  const after = before + tx.amountMinor;
  const outcome = invoice.paidAt || after > invoice.totalMinor ? 'overpaid' : after < invoice.totalMinor ? 'partial' : 'paid';
  const overMinor = invoice.paidAt ? tx.amountMinor : Math.max(0, Math.min(tx.amountMinor, after - invoice.totalMinor));
  const postings = moneyIn({ via, ref: tx.bankRef, currency: tx.currency, amountMinor: tx.amountMinor, overMinor, invoiceId: invoice.id, userId });
  const line =
    via === 'bank'
      ? db.insert(bankTransactions).values(lineRow(tx, null, outcome))
      : db.update(bankTransactions).set({ outcome }).where(and(eq(bankTransactions.bankRef, tx.bankRef), eq(bankTransactions.outcome, 'unmatched')));
  const received = sql`(SELECT COALESCE(SUM(${billingPayments.receivedMinor}), 0) FROM ${billingPayments} WHERE ${billingPayments.invoiceId} = ${invoice.id} AND ${billingPayments.method} = 'bank_transfer' AND ${billingPayments.status} = 'paid')`;
  const writes = [
    // a hand-match's posting first, without ON CONFLICT: a second match of the line fails the batch
    ...(via === 'match' ? [db.insert(ledgerEntries).values(ledgerRows(postings.slice(0, 1), now)), line] : [line, ledgerInsert(env.DB, postings.slice(0, 1), now)!]),
    ledgerInsert(env.DB, postings.slice(1), now),
    db
      .insert(billingPayments)
      .values({ token: randomToken(24), userId, purpose: 'invoice', invoiceId: invoice.id, method: 'bank_transfer', status: 'paid', amountMinor: tx.amountMinor, receivedMinor: tx.amountMinor, currency: tx.currency, bankRef: tx.bankRef, settledAt: now.toISOString() })
      .onConflictDoNothing(),
    db.update(invoices).set({ paidAt: now.toISOString() }).where(and(eq(invoices.id, invoice.id), sql`${invoices.paidAt} IS NULL`, sql`${received} >= ${invoice.totalMinor}`)),
    overMinor > 0 ? addCredit(env.DB, { userId, currency: tx.currency, amountMinor: overMinor, reason: 'overpayment', orderId: null, dedupeKey: `over:${tx.bankRef}` }) : null,
  ].filter((w) => w !== null);
  return (await onceOrDuplicate(db.batch(writes as unknown as Parameters<typeof db.batch>[0]))) ? outcome : 'duplicate';
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
        ledgerInsertWhere(env.DB, creditTopUp({ via: 'card', ref, userId: payment.userId, currency: payment.currency, amountMinor: payment.amountMinor }), pending, now)!,
        settle,
      ]);
    } else {
      // the invoice is paid by this payment, unless something paid it first: then the money is credit
      const paidBefore = sql`(SELECT paid_at FROM invoices WHERE id = ${payment.invoiceId}) <> ${stamp}`;
      const [paymentIn, over] = moneyIn({ via: 'card', ref, currency: payment.currency, amountMinor: payment.amountMinor, overMinor: payment.amountMinor, invoiceId: payment.invoiceId, userId: payment.userId });
      await db.batch([
        db.update(invoices).set({ paidAt: stamp }).where(and(eq(invoices.id, payment.invoiceId!), sql`${invoices.paidAt} IS NULL`, pending)),
        db
          .insert(creditEntries)
          .select(
            sql`SELECT NULL, ${payment.userId}, ${payment.currency}, ${payment.amountMinor}, 'overpayment', NULL, ${`over:card:${ref}`}, ${stamp}
            WHERE ${pending} AND ${paidBefore}`,
          )
          .onConflictDoNothing(),
        ledgerInsertWhere(env.DB, [paymentIn!], pending, now)!,
        ledgerInsertWhere(env.DB, [over!], sql`${pending} AND ${paidBefore}`, now)!,
        settle,
      ]);
    }
  } else if (status === 'declined' || status === 'cancelled') {
    await db.update(billingPayments).set({ status: status === 'declined' ? 'failed' : 'cancelled', settledAt: stamp }).where(and(eq(billingPayments.id, payment.id), eq(billingPayments.status, 'pending')));
  }
  return true;
}
