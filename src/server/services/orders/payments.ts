import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { orderById, orderByToken, orderByVariableSymbol, paymentByGatewayRef, paymentsOf, type OrderRow, type PaymentRow } from '../../db/repositories/orders';
import { bankTransactions, creditEntries, orders, payments } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { ApiError, notFound } from '../../http/errors';
import type { BankTransaction } from '../../payments/bank/types';
import { cardGateway } from '../../payments/card/gateway';
import { addCredit } from '../../payments/credit';
import type { Defer } from '../accounts/account';
import { ingestBillingTransfer, settleBillingCardPayment } from '../billing/incoming';
import { ensureCardPayment, markPaid } from './lifecycle';
import { refundOverpayment, settleRefundLine, type OutgoingOutcome } from './refunds';

/**
 * Money coming in: bank transactions matched to orders by variable symbol, card payments
 * settled from the gateway's notification (checked with a status call), retries of failed
 * card payments. Each transaction and each notification changes an order at most once.
 */

export type IngestOutcome = 'paid' | 'partial' | 'overpaid' | 'unmatched' | 'duplicate' | OutgoingOutcome;

/** an order cancelled before any payment completed it: whatever arrives for it is owed nothing */
const cancelledUnpaid = (order: Pick<OrderRow, 'status' | 'paidAt'>) => order.status === 'cancelled' && !order.paidAt;

/**
 * What a guest's order holds beyond what it keeps, owed back to them until it is paid out
 * (a signed-in owner's goes to the account's credit instead, so 0): a transfer above the
 * price, money that came after the order was cancelled, and a guest's cancelled shipments
 * paid by transfer (refunds to a card go back through the gateway).
 */
export function owedBackMinor(order: Pick<OrderRow, 'status' | 'paidAt' | 'userId' | 'totalVatMinor' | 'refundedMinor'>, payments: readonly Pick<PaymentRow, 'method' | 'receivedMinor'>[]): number {
  if (order.userId) return 0;
  const received = payments.reduce((sum, p) => sum + p.receivedMinor, 0);
  const returned = payments.some((p) => p.method === 'card') ? order.refundedMinor : 0;
  const kept = order.paidAt ? order.totalVatMinor - order.refundedMinor : cancelledUnpaid(order) ? 0 : order.totalVatMinor;
  return Math.max(0, received - returned - kept);
}

/** what came for the order beyond its price and went to the owner's credit (overpayments, money after cancelling) */
export const creditedMinor = async (d1: D1Database, orderId: number) =>
  (
    await database(d1)
      .select({ sum: sql<number>`COALESCE(SUM(${creditEntries.amountMinor}), 0)` })
      .from(creditEntries)
      .where(and(eq(creditEntries.orderId, orderId), eq(creditEntries.reason, 'overpayment')))
  )[0]?.sum ?? 0;

/** received money of an order = the sum of its matched transactions (never a counter that could drift) */
const receivedOf = async (d1: D1Database, orderId: number) =>
  (await database(d1).select({ sum: sql<number>`COALESCE(SUM(${bankTransactions.amountMinor}), 0)` }).from(bankTransactions).where(eq(bankTransactions.orderId, orderId)))[0]?.sum ?? 0;

export async function ingestBankTransactions(env: OriginBindings, transactions: readonly BankTransaction[], defer: Defer, now = new Date()): Promise<IngestOutcome[]> {
  const outcomes: IngestOutcome[] = [];
  // a debit is the shop's own payment out: a refund settles by it (refunds.ts)
  for (const tx of transactions) outcomes.push(tx.amountMinor < 0 ? await settleRefundLine(env, tx, now) : await ingestOne(env, tx, defer, now));
  return outcomes;
}

async function ingestOne(env: OriginBindings, tx: BankTransaction, defer: Defer, now: Date): Promise<IngestOutcome> {
  const db = database(env.DB);
  const variableSymbol = tx.variableSymbol ? tx.variableSymbol.replace(/^0+/, '').padStart(10, '0') : null;
  const order = variableSymbol ? await orderByVariableSymbol(env.DB, variableSymbol) : undefined;
  const matches = order && order.currency === tx.currency && order.paymentMethod === 'bank_transfer' ? order : undefined;
  // not an order's: a monthly invoice's or a credit top-up's
  const billing = !matches && variableSymbol ? await ingestBillingTransfer(env, tx, variableSymbol, now) : null;
  if (billing) return billing;
  const before = matches ? await receivedOf(env.DB, matches.id) : 0;
  const after = before + tx.amountMinor;
  // cancelled before it was paid: the order is owed nothing, all of it comes on top
  const cancelled = matches !== undefined && cancelledUnpaid(matches);
  const outcome: IngestOutcome = !matches ? 'unmatched' : cancelled ? 'overpaid' : after < matches.totalVatMinor ? 'partial' : before >= matches.totalVatMinor || after > matches.totalVatMinor ? 'overpaid' : 'paid';
  const inserted = await db
    .insert(bankTransactions)
    .values({ bankRef: tx.bankRef, variableSymbol: tx.variableSymbol, amountMinor: tx.amountMinor, currency: tx.currency, bookedOn: tx.bookedOn, counterAccount: tx.counterAccount, orderId: matches?.id ?? null, outcome })
    .onConflictDoNothing({ target: bankTransactions.bankRef })
    .returning({ id: bankTransactions.id });
  if (inserted.length === 0) return 'duplicate';
  if (!matches) return outcome;

  const received = await receivedOf(env.DB, matches.id);
  await db
    .update(payments)
    .set({ receivedMinor: received, updatedAt: now.toISOString() })
    .where(and(eq(payments.orderId, matches.id), eq(payments.method, 'bank_transfer')));
  if (cancelled) {
    // a signed-in owner's money goes to the account's credit; a guest's shows on the order as owed back (orderView)
    if (matches.userId) await addCredit(env.DB, { userId: matches.userId, currency: tx.currency, amountMinor: tx.amountMinor, reason: 'overpayment', orderId: matches.id, dedupeKey: `over:${tx.bankRef}` });
    else await refundOverpayment(env, matches, tx, tx.amountMinor, now);
    return outcome;
  }
  if (received >= matches.totalVatMinor) {
    await db.update(payments).set({ status: 'paid' }).where(and(eq(payments.orderId, matches.id), eq(payments.method, 'bank_transfer'), eq(payments.status, 'pending')));
    await markPaid(env, matches.id, defer, now);
    // what came on top of the price goes to the account's credit (a guest's is refunded by hand: see the order)
    const over = Math.min(tx.amountMinor, received - matches.totalVatMinor);
    if (over > 0 && matches.userId) {
      await addCredit(env.DB, { userId: matches.userId, currency: tx.currency, amountMinor: over, reason: 'overpayment', orderId: matches.id, dedupeKey: `over:${tx.bankRef}` });
    } else await refundOverpayment(env, matches, tx, over, now);
  }
  return outcome;
}

/**
 * A signed gateway notification: refused without a valid signature; otherwise the payment's
 * status is asked from the gateway (the notification's own content is not trusted) and the
 * order follows it. Repeated or late notifications find nothing left to change.
 */
export async function receiveCardNotification(env: OriginBindings, body: string, signature: string | null, defer: Defer, now = new Date()): Promise<void> {
  const gateway = cardGateway(env);
  const verified = await gateway.verifyNotification(body, signature);
  if (!verified) throw new ApiError(403, 'API_FORBIDDEN_ERROR', 'Notification signature refused');
  await settleCardPayment(env, verified.ref, defer, now);
}

/** the gateway's word on a payment, applied once */
export async function settleCardPayment(env: OriginBindings, ref: string, defer: Defer, now = new Date()): Promise<OrderRow | undefined> {
  const payment = await paymentByGatewayRef(env.DB, ref);
  if (!payment) {
    // a credit top-up or an invoice paid by card
    if (await settleBillingCardPayment(env, ref, now)) return undefined;
    throw notFound(`No payment ${ref}`);
  }
  const status = await cardGateway(env).status(ref);
  const db = database(env.DB);
  if (status === 'paid') {
    const [settled] = await db
      .update(payments)
      .set({ status: 'paid', receivedMinor: payment.amountMinor, updatedAt: now.toISOString() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    const order = (await orderById(env.DB, payment.orderId))!;
    if (cancelledUnpaid(order)) {
      // paid at the gateway after the order was cancelled: to the owner's credit, or owed back to a guest (orderView)
      if (settled && order.userId) await addCredit(env.DB, { userId: order.userId, currency: payment.currency, amountMinor: payment.amountMinor, reason: 'overpayment', orderId: order.id, dedupeKey: `over:card:${ref}` });
      else if (settled) await refundOverpayment(env, order, { cardRef: ref }, payment.amountMinor, now);
      return order;
    }
    await markPaid(env, payment.orderId, defer, now);
  } else if (status === 'declined' || status === 'cancelled') {
    await db
      .update(payments)
      .set({ status: status === 'declined' ? 'failed' : 'cancelled', failureReason: status, updatedAt: now.toISOString() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  }
  return (await db.select().from(orders).where(eq(orders.id, payment.orderId)).get()) ?? undefined;
}

/** another go at paying an unpaid card order whose last payment failed or was cancelled: a new gateway payment */
export async function retryCardPayment(env: OriginBindings, token: string): Promise<OrderRow> {
  const order = await orderByToken(env.DB, token);
  if (!order) throw notFound('No such order');
  const [last] = await paymentsOf(env.DB, order.id);
  if (order.status !== 'unpaid' || order.paymentMethod !== 'card' || !last) throw new ApiError(409, 'API_CONFLICT_ERROR', 'This order cannot be paid again');
  if (last.status !== 'pending') {
    await database(env.DB).insert(payments).values({ orderId: order.id, method: 'card', amountMinor: order.totalVatMinor, currency: order.currency });
  }
  await ensureCardPayment(env, order);
  return order;
}
