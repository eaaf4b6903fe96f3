import { and, eq, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { orderById, orderByToken, orderByVariableSymbol, paymentByGatewayRef, paymentsOf, type OrderRow, type PaymentRow } from '../../db/repositories/orders';
import { bankTransactions, creditEntries, ledgerEntries, orders, payments } from '../../db/schema';
import { ledgerInsert, ledgerInsertWhere, ledgerRows } from '../../ledger/post';
import { moneyIn, unmatchedLine } from '../../ledger/postings';
import type { OriginBindings } from '../../env';
import { ApiError, notFound } from '../../http/errors';
import { lineRow, lineSeen, onceOrDuplicate } from '../../payments/bank/lines';
import type { BankTransaction } from '../../payments/bank/types';
import { cardGateway } from '../../payments/card/gateway';
import { CardGatewayError, type CardPaymentState } from '../../payments/card/types';
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
  if (await lineSeen(env.DB, tx.bankRef)) return 'duplicate';
  const variableSymbol = tx.variableSymbol ? tx.variableSymbol.replace(/^0+/, '').padStart(10, '0') : null;
  const order = variableSymbol ? await orderByVariableSymbol(env.DB, variableSymbol) : undefined;
  const matches = order && order.currency === tx.currency && order.paymentMethod === 'bank_transfer' ? order : undefined;
  // not an order's: a monthly invoice's or a credit top-up's
  const billing = !matches && variableSymbol ? await ingestBillingTransfer(env, tx, variableSymbol, now) : null;
  if (billing) return billing;
  if (matches) return applyLineToOrder(env, tx, matches, 'bank', defer, now);
  // nobody's: kept (and booked) until it is matched by hand
  const db = database(env.DB);
  const recorded = await onceOrDuplicate(db.batch([db.insert(bankTransactions).values(lineRow(tx, null, 'unmatched')), ledgerInsert(env.DB, unmatchedLine(tx), now)!]));
  return recorded ? 'unmatched' : 'duplicate';
}

/**
 * A bank line applied to an order, in one batch with its postings: `bank` records a new line
 * (a repeat is refused by the line's unique bank id), `match` assigns an unmatched line by
 * hand (a repeat is refused by the posting's unique key). The order is paid, partly paid or
 * overpaid as the money says; money beyond its price goes to the owner's credit, or is owed
 * back to a guest (orderView).
 */
export async function applyLineToOrder(env: OriginBindings, tx: BankTransaction, order: OrderRow, via: 'bank' | 'match', defer: Defer, now: Date): Promise<IngestOutcome> {
  const db = database(env.DB);
  const before = await receivedOf(env.DB, order.id);
  const after = before + tx.amountMinor;
  // cancelled before it was paid: the order is owed nothing, all of it comes on top
  const cancelled = cancelledUnpaid(order);
  const outcome = cancelled ? 'overpaid' : after < order.totalVatMinor ? 'partial' : before >= order.totalVatMinor || after > order.totalVatMinor ? 'overpaid' : 'paid';
  const overMinor = cancelled ? tx.amountMinor : Math.max(0, Math.min(tx.amountMinor, after - order.totalVatMinor));
  const postings = moneyIn({ via, ref: tx.bankRef, currency: tx.currency, amountMinor: tx.amountMinor, overMinor, orderId: order.id, userId: order.userId });
  const line =
    via === 'bank'
      ? db.insert(bankTransactions).values(lineRow(tx, order.id, outcome))
      : db.update(bankTransactions).set({ orderId: order.id, outcome }).where(and(eq(bankTransactions.bankRef, tx.bankRef), eq(bankTransactions.outcome, 'unmatched')));
  const received = sql`(SELECT COALESCE(SUM(${bankTransactions.amountMinor}), 0) FROM ${bankTransactions} WHERE ${bankTransactions.orderId} = ${order.id})`;
  const bankPayment = and(eq(payments.orderId, order.id), eq(payments.method, 'bank_transfer'));
  const writes = [
    // a hand-match's posting first, without ON CONFLICT: a second match of the line fails the batch
    ...(via === 'match' ? [db.insert(ledgerEntries).values(ledgerRows(postings.slice(0, 1), now)), line] : [line, ledgerInsert(env.DB, postings.slice(0, 1), now)!]),
    ledgerInsert(env.DB, postings.slice(1), now),
    db.update(payments).set({ receivedMinor: received, updatedAt: now.toISOString() }).where(bankPayment),
    cancelled ? null : db.update(payments).set({ status: 'paid' }).where(and(bankPayment, eq(payments.status, 'pending'), sql`${received} >= ${order.totalVatMinor}`)),
    // a signed-in owner's money beyond the price goes to the account's credit
    overMinor > 0 && order.userId
      ? addCredit(env.DB, { userId: order.userId, currency: tx.currency, amountMinor: overMinor, reason: 'overpayment', orderId: order.id, dedupeKey: `over:${tx.bankRef}` })
      : null,
  ].filter((w) => w !== null);
  if (!(await onceOrDuplicate(db.batch(writes as unknown as Parameters<typeof db.batch>[0])))) return 'duplicate';
  // a guest's money beyond the price goes back the way it came (a refund to the statement's counter-account, or asked for)
  if (overMinor > 0 && !order.userId) await refundOverpayment(env, order, tx, overMinor, now);
  if (!cancelled && after >= order.totalVatMinor) await markPaid(env, order.id, defer, now);
  return outcome;
}

/**
 * The gateway's notification (GET …/card/notify?id=): it names a payment and nothing else, so
 * the payment's state is asked from the gateway and the order follows that answer only. An id
 * that is not ours, a repeat, or a state the gateway does not confirm changes nothing. Throws
 * CardGatewayError only when the gateway cannot be asked (the caller lets it notify again).
 */
export async function receiveCardNotification(env: OriginBindings, url: string, defer: Defer, now = new Date()): Promise<void> {
  const ref = cardGateway(env).notifiedRef(url);
  if (!ref) return;
  await settleCardPayment(env, ref, defer, now);
}

/** the gateway's word on a payment, applied once; undefined when the payment is not an order's (or not ours at all) */
export async function settleCardPayment(env: OriginBindings, ref: string, defer: Defer, now = new Date()): Promise<OrderRow | undefined> {
  const payment = await paymentByGatewayRef(env.DB, ref);
  if (!payment) {
    // a credit top-up or an invoice paid by card, or nobody's
    await settleBillingCardPayment(env, ref, now);
    return undefined;
  }
  const db = database(env.DB);
  const current = async () => (await db.select().from(orders).where(eq(orders.id, payment.orderId)).get()) ?? undefined;
  let state: CardPaymentState;
  try {
    state = await cardGateway(env).status(ref);
  } catch (error) {
    // the gateway does not know it (or refuses to say): nothing changes
    if (error instanceof CardGatewayError && error.kind === 'refused') {
      console.warn(JSON.stringify({ service: 'card', event: 'status refused', ref, code: error.code }));
      return current();
    }
    throw error;
  }
  if (!confirms(state, payment)) {
    console.warn(JSON.stringify({ service: 'card', event: 'status does not match the payment', ref }));
    return current();
  }
  const status = state.status;
  if (status === 'paid') {
    const order = (await orderById(env.DB, payment.orderId))!;
    // paid at the gateway after the order was cancelled: to the owner's credit, or owed back to a guest (orderView)
    const cancelled = cancelledUnpaid(order);
    const stamp = now.toISOString();
    const pending = sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${payment.id} AND ${payments.status} = 'pending')`;
    const overMinor = cancelled ? payment.amountMinor : 0;
    // one batch, each effect only while the payment is still pending (the books and the credit before the row moves on)
    const writes = [
      ledgerInsertWhere(env.DB, moneyIn({ via: 'card', ref, currency: payment.currency, amountMinor: payment.amountMinor, overMinor, orderId: order.id, userId: order.userId }), pending, now),
      cancelled && order.userId
        ? db
            .insert(creditEntries)
            .select(sql`SELECT NULL, ${order.userId}, ${payment.currency}, ${payment.amountMinor}, 'overpayment', ${order.id}, ${`over:card:${ref}`}, ${stamp} WHERE ${pending}`)
            .onConflictDoNothing()
        : null,
      db
        .update(payments)
        .set({ status: 'paid', receivedMinor: payment.amountMinor, failureReason: null, updatedAt: stamp })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'))),
    ].filter((w) => w !== null);
    await db.batch(writes as unknown as Parameters<typeof db.batch>[0]);
    // a guest's card paid after the order was cancelled: back to the card (once: the refund's key)
    if (cancelled && !order.userId) await refundOverpayment(env, order, { cardRef: ref }, payment.amountMinor, now);
    if (cancelled) return order;
    await markPaid(env, payment.orderId, defer, now);
  } else if (status === 'declined' || status === 'cancelled') {
    await db
      .update(payments)
      .set({ status: status === 'declined' ? 'failed' : 'cancelled', failureReason: state.reason ?? status, updatedAt: now.toISOString() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  }
  return current();
}

/** the gateway's answer is about this payment: the same amount in the same currency */
const confirms = (state: CardPaymentState, payment: Pick<PaymentRow, 'amountMinor' | 'currency'>) => state.amountMinor === payment.amountMinor && state.currency === payment.currency;

/** the gateway could not start the payment: the order stays unpaid, to be paid again or by transfer */
export const cardGatewayUnavailable = () =>
  new ApiError(503, 'API_UNAVAILABLE_ERROR', 'The card gateway cannot be reached; try again, or pay by bank transfer', [{ field: 'payment_method', code: 'order.card.gateway_unavailable', message: 'order.card.gateway_unavailable' }]);

/**
 * Another go at paying an unpaid card order whose last payment failed or was cancelled (a new
 * gateway payment), or that the gateway could not start (the same payment, started now).
 */
export async function retryCardPayment(env: OriginBindings, token: string): Promise<OrderRow> {
  const order = await orderByToken(env.DB, token);
  if (!order) throw notFound('No such order');
  const [last] = await paymentsOf(env.DB, order.id);
  if (order.status !== 'unpaid' || order.paymentMethod !== 'card' || !last) throw new ApiError(409, 'API_CONFLICT_ERROR', 'This order cannot be paid again');
  if (last.status !== 'pending') {
    await database(env.DB).insert(payments).values({ orderId: order.id, method: 'card', amountMinor: order.totalVatMinor, currency: order.currency });
  }
  if (!(await ensureCardPayment(env, order))) throw cardGatewayUnavailable();
  return order;
}

/**
 * An unpaid card order paid by bank transfer instead, while no card payment is open at the
 * gateway (the last one failed, was cancelled, or the gateway never started it): the card
 * payment is closed and the order shows the transfer's instructions (its variable symbol).
 */
export async function payByTransferInstead(env: OriginBindings, token: string, now = new Date()): Promise<OrderRow> {
  const order = await orderByToken(env.DB, token);
  if (!order) throw notFound('No such order');
  const [last] = await paymentsOf(env.DB, order.id);
  const openAtGateway = last?.status === 'pending' && last.gatewayRef !== null;
  if (order.status !== 'unpaid' || order.paymentMethod !== 'card' || !last || openAtGateway) throw new ApiError(409, 'API_CONFLICT_ERROR', 'This order cannot switch to a bank transfer');
  const stamp = now.toISOString();
  // one batch, guarded by the order still being an unpaid card order: two clicks switch it once
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO payments (order_id, method, status, amount_minor, currency, created_at, updated_at) SELECT ?1, 'bank_transfer', 'pending', ?2, ?3, ?4, ?4 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND status = 'unpaid' AND payment_method = 'card')",
    ).bind(order.id, order.totalVatMinor, order.currency, stamp),
    env.DB.prepare("UPDATE payments SET status = 'cancelled', failure_reason = COALESCE(failure_reason, 'switched_to_transfer'), updated_at = ?2 WHERE id = ?1 AND status = 'pending'").bind(last.id, stamp),
    env.DB.prepare("UPDATE orders SET payment_method = 'bank_transfer', updated_at = ?2 WHERE id = ?1 AND status = 'unpaid' AND payment_method = 'card'").bind(order.id, stamp),
  ]);
  return (await orderByToken(env.DB, token))!;
}
