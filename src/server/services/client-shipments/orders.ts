import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDERS_VIEW_SETTING, ordersViewModeOf } from '../../../lib/schemas/client-shipments';
import { carrierDisplayName } from '../../carriers/names';
import { encodeCursor, type Cursor } from '../../../lib/paging';
import { database } from '../../db/client';
import { beforeCursor } from '../../db/keyset';
import type { UserRow } from '../../db/repositories/users';
import { orderItems, orders, shipments } from '../../db/schema';
import { notFound } from '../../http/errors';
import { commonSettings } from '../accounts/settings';

/**
 * GET v1/orders: the signed-in user's orders, newest first, a page at a time, each with its
 * shipments (the route of every item, and the tracking number and status once booked) and
 * the user's remembered view mode (spec §3 Settings: tiles by default, or a list).
 */
const major = (minor: number) => minor / 100;

const side = (column: typeof orderItems.shipment, path: string) => sql<string | null>`json_extract(${column}, ${path})`;

export async function listOrders(d1: D1Database, user: UserRow, page: { limit: number; offset: number; after?: Cursor | null }) {
  const db = database(d1);
  const mine = eq(orders.userId, user.id);
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  // the page's ids on the covering index (after the cursor, or OFFSET along it), then their rows
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(mine, beforeCursor(orders.createdAt, orders.id, page.after)))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const [[total], rows, settings] = await Promise.all([
    db.select({ n: count() }).from(orders).where(mine),
    db.select().from(orders).where(inArray(orders.id, pageIds)).orderBy(...newestFirst),
    commonSettings(d1, user),
  ]);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            position: orderItems.position,
            carrier: orderItems.carrier,
            fromCity: side(orderItems.shipment, '$.from.city'),
            fromCountry: side(orderItems.shipment, '$.from.country'),
            toCity: side(orderItems.shipment, '$.to.city'),
            toCountry: side(orderItems.shipment, '$.to.country'),
            toName: sql<string | null>`coalesce(nullif(json_extract(${orderItems.shipment}, '$.to.company'), ''), trim(coalesce(json_extract(${orderItems.shipment}, '$.to.firstname'), '') || ' ' || coalesce(json_extract(${orderItems.shipment}, '$.to.surname'), '')))`,
            shipmentId: shipments.id,
            trackingNumber: shipments.trackingNumber,
            status: sql<string | null>`CASE WHEN ${shipments.status} = 'created' THEN ${shipments.trackingStatus} ELSE ${shipments.status} END`,
          })
          .from(orderItems)
          .leftJoin(shipments, eq(shipments.itemId, orderItems.id))
          .where(inArray(orderItems.orderId, rows.map((o) => o.id)))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemsOf = new Map<number, typeof items>();
  for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  return {
    data: rows.map((o) => {
      const list = (itemsOf.get(o.id) ?? []).map((i) => ({
        id: i.shipmentId,
        tracking_number: i.trackingNumber,
        status: i.status,
        carrier: i.carrier,
        carrier_name: carrierDisplayName(i.carrier),
        from: { city: i.fromCity ?? '', country: i.fromCountry ?? '' },
        to: { city: i.toCity ?? '', country: i.toCountry ?? '', name: i.toName ?? '' },
      }));
      return {
        token: o.token,
        number: o.number,
        status: o.status,
        created_at: o.createdAt,
        paid_at: o.paidAt,
        currency: o.currency,
        total: major(o.totalMinor),
        total_vat: major(o.totalVatMinor),
        payment_method: o.paymentMethod,
        shipment_count: list.length,
        route: list[0] ? { from: list[0].from, to: list[0].to } : null,
        carriers: [...new Set(list.map((s) => s.carrier))],
        shipments: list,
      };
    }),
    meta: { total: total?.n ?? 0, limit: page.limit, offset: page.offset, next: rows.length === page.limit ? encodeCursor(rows.at(-1)!.createdAt, rows.at(-1)!.id) : null, view_mode: ordersViewModeOf(settings[ORDERS_VIEW_SETTING]) },
  };
}
export type OrderListEntry = Awaited<ReturnType<typeof listOrders>>['data'][number];

/** one of the user's orders by its token; anyone else's (or none) is not found */
export async function ownOrder(d1: D1Database, user: UserRow, token: string) {
  const order = token.length >= 20 && token.length <= 100 ? await database(d1).select().from(orders).where(and(eq(orders.token, token), eq(orders.userId, user.id))).get() : undefined;
  if (!order) throw notFound('No such order');
  return order;
}
