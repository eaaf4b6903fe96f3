import { orderById, paidOrdersWithoutShipments, pendingShipments } from '../../db/repositories/orders';
import type { OriginBindings } from '../../env';
import type { Defer } from '../accounts/account';
import { afterPaid } from './lifecycle';

/** shipments a carrier could not be asked about (down, timed out) are tried again, at most this many times; a refused one is not */
export const MAX_BOOKING_ATTEMPTS = 10;

/**
 * The scheduled catch-up of orders: paid orders whose work after payment was interrupted
 * (no shipment rows yet) and shipments still pending at their carrier are processed again.
 */
export async function retryOrderWork(env: OriginBindings, defer: Defer, now = new Date()): Promise<{ orders: number; shipments: number }> {
  const orders = await paidOrdersWithoutShipments(env.DB, 50);
  for (const order of orders) await afterPaid(env, order.id, defer, now);
  const pending = await pendingShipments(env.DB, 100, MAX_BOOKING_ATTEMPTS);
  const orderIds = [...new Set(pending.map((s) => s.orderId))];
  for (const id of orderIds) {
    const order = await orderById(env.DB, id);
    if (order && (order.status === 'paid' || order.status === 'processing')) await afterPaid(env, id, defer, now);
  }
  return { orders: orders.length, shipments: pending.length };
}
