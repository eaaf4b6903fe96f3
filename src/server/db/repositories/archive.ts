import { and, asc, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { database } from '../client';
import { FINAL_TRACKING, LAST_NEWS, OPEN } from '../open-parcels';
import { invoiceOrders, invoices, orderItems, orders, outbox, shipmentNotifications, shipments, trackingEvents } from '../schema';

/** The archive job's reads and deletes (services/archive/tracking.ts); each id list stays under D1's 100 bound parameters. */

/**
 * How a parcel's life ended, and the date it ended: delivered (`delivered_at`), cancelled by us
 * (`cancelled_at`), or by the carrier's tracking alone — returned to the sender, or cancelled by
 * the carrier (`tracking_status` 'return_to_sender' / 'cancelled' with neither date): its last
 * event (`tracking_at`), the same date the records archive reads (archivableOrders); or silent:
 * booked, never final, and no news since (its last event, else its booking), a parcel the carrier
 * lost (the poller stopped asking after POLL_SILENT_DAYS; a claim is the way on).
 */
export type FinalColumn = 'delivered' | 'cancelled' | 'tracking' | 'silent';

/** a parcel ended by its tracking alone (shipments_archivable_tracking: the literals match the partial index's) */
const ENDED_BY_TRACKING = sql`${shipments.trackingStatus} IN ('return_to_sender', 'cancelled') AND ${shipments.deliveredAt} IS NULL AND ${shipments.cancelledAt} IS NULL`;

/** up to `limit` final shipments whose life ended before `before` and whose events are still in D1, oldest first */
export const archivableShipments = (d1: D1Database, final: FinalColumn, before: string, limit: number) => archivableShipmentsQuery(d1, final, before, limit).all();

/** archivableShipments' statement (the silent ones' plan: tests/worker/archive-leftovers.test.ts) */
export function archivableShipmentsQuery(d1: D1Database, final: FinalColumn, before: string, limit: number) {
  const column = final === 'delivered' ? shipments.deliveredAt : final === 'cancelled' ? shipments.cancelledAt : final === 'tracking' ? shipments.trackingAt : LAST_NEWS;
  const which =
    final === 'tracking'
      ? ENDED_BY_TRACKING
      : final === 'silent'
        ? // the open parcels alone (shipments_open, named: the planner may take shipments_status, every booked parcel)
          sql`${shipments.id} IN (SELECT "id" FROM ${shipments} INDEXED BY "shipments_open" WHERE ${OPEN} AND ${LAST_NEWS} < ${before})`
        : undefined;
  return database(d1)
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, endedAt: sql<string>`${column}` })
    .from(shipments)
    .where(and(isNull(shipments.eventsArchivedAt), which, sql`${column} < ${before}`))
    .orderBy(asc(column), asc(shipments.id))
    .limit(limit);
}

export const eventsOfShipments = (d1: D1Database, ids: number[]) =>
  database(d1).select().from(trackingEvents).where(inArray(trackingEvents.shipmentId, ids)).orderBy(asc(trackingEvents.shipmentId), asc(trackingEvents.occurredAt), asc(trackingEvents.id)).all();

/**
 * Marks the shipments archived (in `key`, or null when they had no events) and deletes the
 * archived events (ids up to `maxEventId`: one that arrived meanwhile stays) and the parcels'
 * sent-notification marks (no tracking mail follows an archived parcel), atomically.
 */
export async function markArchived(d1: D1Database, ids: number[], key: string | null, maxEventId: number, at: string) {
  const db = database(d1);
  const mark = db.update(shipments).set({ eventsArchivedAt: at, eventsArchiveKey: key }).where(and(inArray(shipments.id, ids), isNull(shipments.eventsArchivedAt)));
  const deletion = db.delete(trackingEvents).where(and(inArray(trackingEvents.shipmentId, ids), lte(trackingEvents.id, maxEventId)));
  const notices = db.delete(shipmentNotifications).where(inArray(shipmentNotifications.shipmentId, ids));
  const [, deleted] = await db.batch([mark, deletion, notices]);
  return deleted.meta.changes;
}

/** up to `limit` outbox rows created before `before`, oldest first */
export const oldOutboxRows = (d1: D1Database, before: string, limit: number) =>
  database(d1).select().from(outbox).where(lt(outbox.createdAt, before)).orderBy(asc(outbox.createdAt), asc(outbox.id)).limit(limit).all();

const ID_CHUNK = 90;

export async function deleteOutboxRows(d1: D1Database, ids: number[]) {
  const db = database(d1);
  const deletes = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) deletes.push(db.delete(outbox).where(inArray(outbox.id, ids.slice(i, i + ID_CHUNK))));
  if (deletes.length === 0) return 0;
  const results = await db.batch(deletes as unknown as Parameters<typeof db.batch>[0]);
  return (results as unknown as { meta: { changes: number } }[]).reduce((sum, r) => sum + r.meta.changes, 0);
}


/**
 * up to `limit` orders whose records are still in D1 and whose last parcel became final before
 * `before`, oldest first (orders_archivable), after `after` (the last candidate of the run's
 * previous call: the orders it skipped are not walked again). An order qualifies when
 *  - it was paid (not `unpaid`);
 *  - every item has its shipment (none is still to be booked) and every shipment is final
 *    (cancelled, delivered, or a final tracking status) with its last change (cancelled_at,
 *    delivered_at, tracking_at: the newest event) before `before`;
 *  - on account (`invoice`), a monthly invoice bills it or nothing is left to bill (the
 *    monthly run reads the items' quotes of the orders it bills).
 * An order's last parcel becomes final after the order was made, so `created_at < before`
 * bounds the walk on the index; the index holds only orders ever paid (`paid_at IS NOT NULL`),
 * so old unpaid or cancelled-unpaid orders, which never qualify, are not walked at all.
 */
export const archivableOrders = (d1: D1Database, before: string, limit: number, after?: { createdAt: string; id: number }) => archivableOrdersQuery(d1, before, limit, after).all();

/** archivableOrders' statement (its plan and the rows it visits are checked in tests/worker/archive-leftovers.test.ts) */
export const archivableOrdersQuery = (d1: D1Database, before: string, limit: number, after?: { createdAt: string; id: number }) =>
  database(d1)
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        isNull(orders.recordsArchivedAt),
        // never paid (unpaid, or cancelled unpaid): never qualifies, and orders_archivable leaves it out
        isNotNull(orders.paidAt),
        lt(orders.createdAt, before),
        after ? sql`${orders.createdAt} >= ${after.createdAt} AND NOT (${orders.createdAt} = ${after.createdAt} AND ${orders.id} <= ${after.id})` : undefined,
        // (implied by paid_at: spelled `<>`, so the planner does not walk orders_status, every order of those statuses, archived ones too)
        sql`${orders.status} <> 'unpaid'`,
        sql`NOT EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND NOT EXISTS (SELECT 1 FROM ${shipments} WHERE ${shipments.itemId} = ${orderItems.id}))`,
        // (a silent parcel: booked, no news since `before` — its last event, else its booking — counts as ended then)
        sql`NOT EXISTS (SELECT 1 FROM ${shipments} WHERE ${shipments.orderId} = ${orders.id} AND NOT (
          (${shipments.cancelledAt} IS NOT NULL OR ${shipments.deliveredAt} IS NOT NULL OR ${shipments.trackingStatus} IN ${FINAL_TRACKING} OR ${shipments.status} = 'created')
          AND COALESCE(${shipments.cancelledAt}, '') < ${before} AND COALESCE(${shipments.deliveredAt}, '') < ${before} AND ${LAST_NEWS} < ${before}))`,
        sql`(${orders.paymentMethod} <> 'invoice' OR ${orders.totalVatMinor} <= ${orders.refundedMinor} OR EXISTS (SELECT 1 FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${orders.id}))`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);

/** the blobs of those orders: items' quotes, shipments' label data, the order invoice's data */
export async function orderRecords(d1: D1Database, ids: number[]) {
  const db = database(d1);
  const [items, parcels, bills] = await db.batch([
    db.select({ id: orderItems.id, orderId: orderItems.orderId, quote: orderItems.quote }).from(orderItems).where(inArray(orderItems.orderId, ids)),
    db.select({ id: shipments.id, orderId: shipments.orderId, label: shipments.label }).from(shipments).where(inArray(shipments.orderId, ids)),
    db.select({ id: invoices.id, orderId: invoices.orderId, data: invoices.data }).from(invoices).where(inArray(invoices.orderId, ids)),
  ]);
  return { items, parcels, bills };
}

/**
 * empties the archived columns ('' = in R2) and the idempotency key (a retry is minutes old; the
 * unique index holds only non-empty keys) and marks the orders, atomically; an order archived
 * meanwhile is left alone
 */
export async function markRecordsArchived(d1: D1Database, ids: number[], key: string, at: string) {
  const db = database(d1);
  const open = () => sql`IN (SELECT ${orders.id} FROM ${orders} WHERE ${inArray(orders.id, ids)} AND ${orders.recordsArchivedAt} IS NULL)`;
  const [, , , marked] = await db.batch([
    db.update(orderItems).set({ quote: '' }).where(sql`${orderItems.orderId} ${open()}`),
    db.update(shipments).set({ label: '' }).where(and(isNotNull(shipments.label), sql`${shipments.orderId} ${open()}`)),
    db.update(invoices).set({ data: '' }).where(sql`${invoices.orderId} ${open()}`),
    db.update(orders).set({ recordsArchivedAt: at, recordsArchiveKey: key, idempotencyKey: '' }).where(and(inArray(orders.id, ids), isNull(orders.recordsArchivedAt))),
  ]);
  return marked.meta.changes;
}
