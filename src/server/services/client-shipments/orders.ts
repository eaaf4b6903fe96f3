import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDERS_VIEW_SETTING, ordersViewModeOf } from '../../../lib/schemas/client-shipments';
import { carrierDisplayName } from '../../carriers/names';
import { encodeCursor, type Cursor } from '../../../lib/paging';
import { database, type Database } from '../../db/client';
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

/**
 * the columns of an order's items in the list (with the item's shipment, once booked); the computed
 * ones named: in a D1 batch rows come back as objects, where the four json_extract texts alike would be one key
 */
const itemColumns = {
  orderId: orderItems.orderId,
  position: orderItems.position,
  carrier: orderItems.carrier,
  fromCity: side(orderItems.shipment, '$.from.city').as('from_city'),
  fromCountry: side(orderItems.shipment, '$.from.country').as('from_country'),
  toCity: side(orderItems.shipment, '$.to.city').as('to_city'),
  toCountry: side(orderItems.shipment, '$.to.country').as('to_country'),
  toName: sql<string | null>`coalesce(nullif(json_extract(${orderItems.shipment}, '$.to.company'), ''), trim(coalesce(json_extract(${orderItems.shipment}, '$.to.firstname'), '') || ' ' || coalesce(json_extract(${orderItems.shipment}, '$.to.surname'), '')))`.as('to_name'),
  shipmentId: shipments.id,
  trackingNumber: shipments.trackingNumber,
  status: sql<string | null>`CASE WHEN ${shipments.status} = 'created' THEN ${shipments.trackingStatus} ELSE ${shipments.status} END`.as('status'),
};

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/** the ids of a page of the user's orders (newest first; after the cursor, or OFFSET along the covering index) */
export function orderPageIds(db: Database, userId: number, page: { limit: number; offset: number; after?: Cursor | null }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), beforeCursor(orders.createdAt, orders.id, page.after)))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/** the rows of the orders `ids` names (a list or a subquery), newest first */
export const orderRowsOf = (db: Database, ids: number[] | ReturnType<typeof orderPageIds>) => db.select().from(orders).where(inArray(orders.id, ids)).orderBy(...newestFirst);

/** the items of the orders `ids` names, each with its shipment once booked */
export const orderItemsOf = (db: Database, ids: number[] | ReturnType<typeof orderPageIds>) =>
  db.select(itemColumns).from(orderItems).leftJoin(shipments, eq(shipments.itemId, orderItems.id)).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position));

type ItemRow = Awaited<ReturnType<typeof orderItemsOf>>[number];

/** list entries of order rows and their items */
export function orderEntriesOf(rows: readonly (typeof orders.$inferSelect)[], items: readonly ItemRow[]) {
  const itemsOf = new Map<number, (typeof items)[number][]>();
  for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  return rows.map((o) => {
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
  });
}

/** a page of the user's orders in DB: its rows, their items, the user's count and view mode */
export async function orderListParts(d1: D1Database, user: UserRow, page: { limit: number; offset: number; after?: Cursor | null }) {
  const db = database(d1);
  // the page's ids on the covering index (after the cursor, or OFFSET along it), then their rows
  const [[total], rows, settings] = await Promise.all([db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id)), orderRowsOf(db, orderPageIds(db, user.id, page)), commonSettings(d1, user)]);
  const items = rows.length === 0 ? [] : await orderItemsOf(db, rows.map((o) => o.id));
  return { rows, items, total: total?.n ?? 0, viewMode: ordersViewModeOf(settings[ORDERS_VIEW_SETTING]) };
}

/** the list's answer: the page's entries, the total, the cursor of the next page (the last row's), the view mode */
export function orderList(parts: { rows: readonly (typeof orders.$inferSelect)[]; items: readonly ItemRow[]; total: number; viewMode: ReturnType<typeof ordersViewModeOf> }, page: { limit: number; offset: number }) {
  const last = parts.rows.at(-1);
  return {
    data: orderEntriesOf(parts.rows, parts.items),
    meta: { total: parts.total, limit: page.limit, offset: page.offset, next: parts.rows.length === page.limit && last ? encodeCursor(last.createdAt, last.id) : null, view_mode: parts.viewMode },
  };
}

export async function listOrders(d1: D1Database, user: UserRow, page: { limit: number; offset: number; after?: Cursor | null }) {
  return orderList(await orderListParts(d1, user, page), page);
}
export type OrderListEntry = Awaited<ReturnType<typeof listOrders>>['data'][number];

/** one of the user's orders by its token; anyone else's (or none) is not found */
export async function ownOrder(d1: D1Database, user: UserRow, token: string) {
  const order = token.length >= 20 && token.length <= 100 ? await database(d1).select().from(orders).where(and(eq(orders.token, token), eq(orders.userId, user.id))).get() : undefined;
  if (!order) throw notFound('No such order');
  return order;
}
