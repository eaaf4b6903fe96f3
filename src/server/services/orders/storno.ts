import { forgetTracking } from '../tracking/view';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { carrierByCode } from '../../carriers';
import { carrierTransport } from '../../carriers/availability';
import { CarrierRefusedError } from '../../carriers/booking';
import { database } from '../../db/client';
import { itemsOf, orderById, paymentsOf, shipmentById, shipmentsOf, type OrderRow } from '../../db/repositories/orders';
import type { UserRow } from '../../db/repositories/users';
import { bankTransactions, orders, payments, refunds, shipments } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { ApiError, notFound } from '../../http/errors';
import { ledgerInsertWhere } from '../../ledger/post';
import { unpaidOrderCancelled } from '../../ledger/postings';
import { invoiceOfOrder } from '../billing/invoices';
import { bookingOf } from './lifecycle';
import { loadPricingContext } from '../quote-service';
import { CarrierUnavailableError } from '../../carriers/types';
import { deleteShipmentLabels } from './carrier-labels';
import { stornoRefusal, type ShipmentRefusal } from './view';
import { refundAmount, refundWay } from './refund-rules';
import { mailRefundAccount, refundedMinorStatement, sendCardRefund, shipmentRefundedMinor, shipmentRefundStatements, statementAccountOf } from './refunds';

/**
 * Storno (POST v1/shipments/storno): a shipment is cancelled before its pickup; the carrier
 * is told, and its price goes back (refunds.ts): to the card through the gateway, or to the
 * account's credit (orders paid by transfer or from credit, or on a monthly invoice already
 * issued; on account before its invoice, the shipment is simply not billed); a guest's bank
 * transfer by a payment to their account (asked for on the order page when the statement
 * did not give it).
 */
export type Access = { user: UserRow | null; token: string | null };

/** the order of a shipment if the caller may act on it (its owner or the holder of its order's token), else 404 */
export async function accessibleOrder(env: OriginBindings, shipmentId: number, access: Access): Promise<OrderRow> {
  const shipment = await shipmentById(env.DB, shipmentId);
  const order = shipment ? await orderById(env.DB, shipment.orderId) : undefined;
  const allowed = order && ((access.user && order.userId === access.user.id) || (access.token && order.token === access.token));
  if (!allowed) throw notFound('No such shipment');
  return order;
}

/** §8 409 with the reason's translation id as the code; the order page then offers a change request or a claim */
const notCancellable = (id: number, refusal: ShipmentRefusal, message = refusal === 'with_carrier' ? 'The carrier already has the parcel' : 'The pickup day is closed at the carrier') =>
  new ApiError(409, 'API_CONFLICT_ERROR', message, [{ field: `shipments.${id}`, code: `order.storno.${refusal}`, message }]);

export async function cancelShipments(env: OriginBindings, ids: readonly number[], access: Access, now = new Date()): Promise<number[]> {
  const cancelled: number[] = [];
  const waitingAccount = new Set<number>();
  for (const id of ids) {
    const order = await accessibleOrder(env, id, access);
    const shipment = (await shipmentById(env.DB, id))!;
    if (shipment.status === 'cancelled') continue;
    const refusal = stornoRefusal(shipment, now);
    if (refusal) throw notCancellable(id, refusal);
    const item = (await itemsOf(env.DB, order.id)).find((i) => i.id === shipment.itemId)!;
    const unreachable = () => new ApiError(503, 'API_UNAVAILABLE_ERROR', 'The carrier cannot be reached to cancel the shipment', [{ field: `shipments.${id}`, code: 'order.storno.carrier_unavailable', message: 'order.storno.carrier_unavailable' }]);
    let booked = shipment.status === 'created' && shipment.carrierRef ? { carrierRef: shipment.carrierRef, pickupDate: shipment.pickupDate } : null;
    // still pending after a failed attempt: the carrier may have booked it and its answer was lost; look it up to cancel it there too
    const lookup = shipment.status === 'pending' && shipment.attempts > 0 ? carrierTransport(env, carrierByCode(shipment.carrier)!) : null;
    if (lookup?.find) {
      const booking = bookingOf(order, item, shipment);
      try {
        booked = await lookup.find(booking, await loadPricingContext(env.DB, { currency: booking.shipment.currency }, now));
      } catch (error) {
        if (error instanceof CarrierUnavailableError) throw unreachable();
        throw error;
      }
    }
    if (booked) {
      const transport = carrierTransport(env, carrierByCode(shipment.carrier)!);
      // the carrier cannot be asked here: nothing is cancelled or refunded without its yes
      if (!transport) throw unreachable();
      try {
        await transport.cancel(booked.carrierRef, booked.pickupDate, now, shipment.serviceId);
      } catch (error) {
        if (error instanceof CarrierRefusedError) throw notCancellable(id, error.refusal ?? 'past_cutoff', error.message);
        throw error;
      }
    }
    const db = database(env.DB);
    const at = now.toISOString();
    const plan = await refundPlan(env, order, item.priceVatMinor);
    // the refund is written with the cancellation or not at all: each statement after the first runs only if it cancelled
    const claim = sql`EXISTS (SELECT 1 FROM ${shipments} WHERE ${shipments.id} = ${id} AND ${shipments.status} = 'cancelled' AND ${shipments.cancelledAt} = ${at})`;
    const [moved] = await db.batch([
      db
        .update(shipments)
        .set({ status: 'cancelled', cancelledAt: at, refundMinor: plan.amountMinor })
        .where(and(eq(shipments.id, id), inArray(shipments.status, ['pending', 'created']), eq(shipments.trackingStatus, 'pending')))
        .returning(),
      ...(plan.way ? shipmentRefundStatements(env.DB, { order, shipmentId: id, amountMinor: plan.amountMinor, way: plan.way, gatewayRef: plan.gatewayRef, statementAccount: plan.statementAccount }, claim, now) : []),
      refundedMinorStatement(env.DB, order.id, plan.way ? plan.amountMinor : item.priceVatMinor, claim),
    ]);
    const cancelledRow = moved[0];
    if (!cancelledRow) continue;
    forgetTracking(env.DB, cancelledRow.trackingNumber);
    await deleteShipmentLabels(env, cancelledRow);
    const refund = await db.select().from(refunds).where(eq(refunds.dedupeKey, `shipment:${id}`)).get();
    if (refund?.method === 'card') await sendCardRefund(env, refund, now);
    if (refund?.method === 'bank_transfer' && !refund.payerAccount) waitingAccount.add(order.id);
    cancelled.push(id);
  }
  for (const orderId of new Set(await Promise.all(ids.map(async (id) => (await shipmentById(env.DB, id))!.orderId)))) await settleOrderAfterStorno(env, orderId, now);
  for (const orderId of waitingAccount) await mailRefundAccount(env, orderId);
  return cancelled;
}

/**
 * How a cancelled item's price goes back (refund-rules.ts): the way it was paid, never more
 * than the order received minus what its other items got back. Billed on account and not
 * invoiced yet, nothing was paid: the monthly invoice leaves the shipment out.
 */
async function refundPlan(env: OriginBindings, order: OrderRow, priceMinor: number) {
  const [payment] = await paymentsOf(env.DB, order.id);
  const onAccount = order.paymentMethod === 'invoice' && !(await invoiceOfOrder(env.DB, order.id));
  const way = refundWay({ paymentMethod: payment?.method ?? null, gatewayRef: payment?.gatewayRef ?? null, userId: order.userId, onAccountUninvoiced: onAccount });
  if (!way) return { way, amountMinor: 0, gatewayRef: null, statementAccount: null };
  const received = order.paymentMethod === 'invoice' ? order.totalVatMinor : Math.min(order.totalVatMinor, payment?.receivedMinor ?? 0);
  const amountMinor = refundAmount({ priceMinor, receivedMinor: received, alreadyRefundedMinor: await shipmentRefundedMinor(env.DB, order.id) });
  return { way, amountMinor, gatewayRef: payment?.gatewayRef ?? null, statementAccount: way === 'bank_transfer' ? await statementAccountOf(env.DB, order) : null };
}

/** when every shipment is cancelled the order is too; refunded once the money is back (card, credit) */
async function settleOrderAfterStorno(env: OriginBindings, orderId: number, now: Date) {
  const order = (await orderById(env.DB, orderId))!;
  const all = await shipmentsOf(env.DB, orderId);
  if (all.length === 0 || all.some((s) => s.status !== 'cancelled')) return;
  const [payment] = await paymentsOf(env.DB, orderId);
  const returned = payment?.method === 'card' || order.userId !== null;
  await database(env.DB)
    .update(orders)
    .set({ status: returned ? 'refunded' : 'cancelled', updatedAt: now.toISOString() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'processing'])));
}

/**
 * An unpaid order the customer no longer wants, while no money has arrived for it (once some
 * has, its shipments are cancelled instead, which refunds them). Money arriving afterwards is
 * credited or owed back (payments.ts).
 */
export async function cancelUnpaidOrder(env: OriginBindings, order: OrderRow, now = new Date()): Promise<void> {
  const noMoney = sql`NOT EXISTS (SELECT 1 FROM ${bankTransactions} WHERE ${bankTransactions.orderId} = ${order.id})
    AND NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${order.id} AND (${payments.receivedMinor} > 0 OR ${payments.status} = 'paid'))`;
  const db = database(env.DB);
  // the books: its sale and discount reversed in the same batch, only once it is cancelled unpaid
  const reversal = ledgerInsertWhere(
    env.DB,
    unpaidOrderCancelled({ id: order.id, userId: order.userId, currency: order.currency, method: order.paymentMethod }, order.totalVatMinor, order.discountMinor),
    sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${order.id} AND ${orders.status} = 'cancelled' AND ${orders.paidAt} IS NULL)`,
    now,
  );
  const cancel = db
    .update(orders)
    .set({ status: 'cancelled', updatedAt: now.toISOString() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid'), noMoney))
    .returning({ id: orders.id });
  const [[moved]] = reversal ? await db.batch([cancel, reversal]) : [await cancel];
  if (moved) return;
  const fresh = (await orderById(env.DB, order.id))!;
  if (fresh.status === 'unpaid') {
    throw new ApiError(409, 'API_CONFLICT_ERROR', 'Money has arrived for this order; cancel its shipments instead', [{ field: 'order', code: 'order.cancel.money_received', message: 'order.cancel.money_received' }]);
  }
  throw new ApiError(409, 'API_CONFLICT_ERROR', 'Only an unpaid order can be cancelled', [{ field: 'order', code: 'order.cancel.not_unpaid', message: 'order.cancel.not_unpaid' }]);
}
