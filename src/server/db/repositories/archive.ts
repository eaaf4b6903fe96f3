import { and, asc, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { database } from '../client';
import { outbox, shipments, trackingEvents } from '../schema';

/** The archive job's reads and deletes (services/archive/tracking.ts); each id list stays under D1's 100 bound parameters. */

export type FinalColumn = 'delivered' | 'cancelled';

/** up to `limit` final shipments whose life ended before `before` and whose events are still in D1, oldest first */
export function archivableShipments(d1: D1Database, final: FinalColumn, before: string, limit: number) {
  const column = final === 'delivered' ? shipments.deliveredAt : shipments.cancelledAt;
  return database(d1)
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, endedAt: sql<string>`${column}` })
    .from(shipments)
    .where(and(isNull(shipments.eventsArchivedAt), lt(column, before)))
    .orderBy(asc(column), asc(shipments.id))
    .limit(limit)
    .all();
}

export const eventsOfShipments = (d1: D1Database, ids: number[]) =>
  database(d1).select().from(trackingEvents).where(inArray(trackingEvents.shipmentId, ids)).orderBy(asc(trackingEvents.shipmentId), asc(trackingEvents.occurredAt), asc(trackingEvents.id)).all();

/**
 * Marks the shipments archived (in `key`, or null when they had no events) and deletes the
 * archived events (ids up to `maxEventId`: one that arrived meanwhile stays), atomically.
 */
export async function markArchived(d1: D1Database, ids: number[], key: string | null, maxEventId: number, at: string) {
  const db = database(d1);
  const mark = db.update(shipments).set({ eventsArchivedAt: at, eventsArchiveKey: key }).where(and(inArray(shipments.id, ids), isNull(shipments.eventsArchivedAt)));
  const deletion = db.delete(trackingEvents).where(and(inArray(trackingEvents.shipmentId, ids), lte(trackingEvents.id, maxEventId)));
  const [, deleted] = await db.batch([mark, deletion]);
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
