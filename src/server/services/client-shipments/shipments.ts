import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import { shipmentWithRecords } from '../archive/read';
import type { LabelsRequest, ShipmentListQuery } from '../../../lib/schemas/client-shipments';
import type { OrderShipment } from '../../../lib/schemas/order';
import type { Language } from '../../../lib/language';
import { carrierDisplayName } from '../../carriers/names';
import { cappedTotal, encodeCursor, FILTERED_TOTAL_MAX } from '../../../lib/paging';
import { database } from '../../db/client';
import { beforeCursor } from '../../db/keyset';
import type { UserRow } from '../../db/repositories/users';
import { orderItems, orders, shipments, shipmentSearch, users } from '../../db/schema';
import type { LabelData } from '../../documents/types';
import type { OriginBindings } from '../../env';
import { notFound, validationError } from '../../http/errors';
import { trackingView } from '../tracking/view';
import { shipmentCriteria, shipmentSearchText, type ShipmentCriteria } from './filters';
import { carrierPackagesOf, printLabels } from '../orders/carrier-labels';
import type { MainBinding } from '../archive/years/read';

/**
 * The signed-in user's shipments (issue 12): the list with search and filters (the navbar's
 * latest three are its first page), one shipment's detail, and the labels of many on one
 * A4 PDF. Every lookup is by the user's id: another user's shipment is "not found".
 */

/** what the client section shows a shipment as: the tracking number, the status, and the people and places of each side */
export const statusOf = sql<string>`CASE WHEN ${shipments.status} = 'created' THEN ${shipments.trackingStatus} ELSE ${shipments.status} END`;

const place = (p: OrderShipment['from']) => ({ name: p.company || `${p.firstname} ${p.surname}`.trim(), street: p.street, zip: p.zip, city: p.city, country: p.country });

export const shipmentLabelUrl = (id: number, format: 'a6' | 'a4') => `/api/v1/shipments/${id}/label?format=${format}`;
const hasLabel = (s: { status: string; label: string | null }) => s.status === 'created' && s.label !== null;

export type ListRow = { id: number; trackingNumber: string; carrier: string; status: string; label: string | null; shipmentStatus: string; createdAt: string; orderToken: string; orderNumber: string; item: string };

/** spec §3 latest-shipment entry (order token, tracking number, status, from and to), with what the client section's table adds */
export function entryOf(row: ListRow) {
  const { from, to } = JSON.parse(row.item) as OrderShipment;
  return {
    id: row.id,
    order: row.orderToken,
    order_number: row.orderNumber,
    tracking_number: row.trackingNumber,
    status: row.status,
    carrier: row.carrier,
    carrier_name: carrierDisplayName(row.carrier),
    from: place(from),
    to: place(to),
    created_at: row.createdAt,
    has_label: hasLabel({ status: row.shipmentStatus, label: row.label }),
  };
}
export type ShipmentListEntry = ReturnType<typeof entryOf>;

export function conditionsOf(userId: number, c: ShipmentCriteria): SQL {
  const parts: (SQL | undefined)[] = [
    eq(shipments.userId, userId),
    c.statuses.length > 0 ? inArray(statusOf, c.statuses) : undefined,
    c.carrier ? eq(shipments.carrier, c.carrier) : undefined,
    c.since ? gte(shipments.createdAt, c.since) : undefined,
    c.before ? lt(shipments.createdAt, c.before) : undefined,
    // both sides are folded by searchKey, so a plain substring test is case- and diacritics-insensitive;
    // the tracking number is also matched on the shipment itself (it arrives with the booking, maybe after
    // the search row was written)
    ...c.terms.map((term) => sql`(instr(${shipmentSearch.text}, ${term}) > 0 OR instr(lower(coalesce(${shipments.trackingNumber}, '')), ${term}) > 0)`),
  ];
  return and(...parts)!;
}

/**
 * The distinct carriers of the user's shipments, one index seek each along shipments_user_carrier
 * (a skip scan: the next carrier after the last), not a read of every shipment of the user.
 */
export const carriersOf = (userId: number) => sql`(WITH RECURSIVE c(code) AS (
    SELECT MIN(${shipments.carrier}) FROM ${shipments} WHERE ${shipments.userId} = ${userId}
    UNION ALL SELECT (SELECT MIN(${shipments.carrier}) FROM ${shipments} WHERE ${shipments.userId} = ${userId} AND ${shipments.carrier} > c.code) FROM c WHERE c.code IS NOT NULL
  ) SELECT code FROM c WHERE code IS NOT NULL) AS carriers`;

export async function listShipments(d1: D1Database, user: UserRow, query: ShipmentListQuery) {
  const criteria = shipmentCriteria(query);
  if (criteria.terms.length > 0) await indexShipmentSearch(d1, user.id);
  const db = database(d1);
  const where = conditionsOf(user.id, criteria);
  const newestFirst = [desc(shipments.createdAt), desc(shipments.id)];
  // the page's ids first (after the cursor, or OFFSET along the user's index), then their rows
  // the search rows are joined only for a search: without one, the count reads the user's index alone
  const searched = <T extends SQLiteSelect>(q: T): T => (criteria.terms.length > 0 ? (q.leftJoin(shipmentSearch, eq(shipmentSearch.shipmentId, shipments.id)) as unknown as T) : q);
  const pageIds = searched(db.select({ id: shipments.id }).from(shipments).$dynamic())
    .where(and(where, beforeCursor(shipments.createdAt, shipments.id, query.after)))
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(query.offset);
  const filtered = criteria.statuses.length > 0 || criteria.carrier || criteria.since || criteria.before || criteria.terms.length > 0;
  // the total: unfiltered, the account's counter (kept by triggers on shipments); filtered, the
  // matching rows counted up to FILTERED_TOTAL_MAX + 1 (past it the answer says "at least")
  const totalQuery = filtered
    ? db.select({ n: count() }).from(searched(db.select({ one: sql`1` }).from(shipments).$dynamic()).where(where).limit(FILTERED_TOTAL_MAX + 1).as('matching'))
    : db.select({ n: users.shipmentsCount }).from(users).where(eq(users.id, user.id));
  const [[counted], carriers, rows] = await db.batch([
    totalQuery,
    db.select({ code: sql<string>`code` }).from(carriersOf(user.id)),
    db
      .select({
        id: shipments.id,
        trackingNumber: shipments.trackingNumber,
        carrier: shipments.carrier,
        status: statusOf,
        shipmentStatus: shipments.status,
        label: sql<string | null>`CASE WHEN ${shipments.label} IS NULL THEN NULL ELSE '' END`,
        createdAt: shipments.createdAt,
        orderToken: orders.token,
        orderNumber: orders.number,
        item: orderItems.shipment,
      })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
      .where(inArray(shipments.id, pageIds))
      .orderBy(...newestFirst),
  ]);
  const last = rows.at(-1);
  const total = filtered ? cappedTotal(counted?.n ?? 0) : { total: counted?.n ?? 0, exact: true };
  return {
    data: rows.map(entryOf),
    // the carriers of all the user's shipments, for the carrier filter; `next` starts the following page;
    // `total` is exact unless `total_exact` is false: then at least that many match
    meta: {
      total: total.total,
      total_exact: total.exact,
      limit: query.limit,
      offset: query.offset,
      next: rows.length === query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      carriers: carriers.map(({ code }) => ({ code, name: carrierDisplayName(code) })).sort((a, b) => a.name.localeCompare(b.name)),
    },
  };
}

const INDEX_BATCH = 500;
/** D1 binds at most 100 parameters per statement: 3 per row */
const INSERT_ROWS = 33;

/** writes the search text of the user's shipments that have none yet (once each; a concurrent request's rows are kept) */
export async function indexShipmentSearch(d1: D1Database, userId: number): Promise<void> {
  const db = database(d1);
  for (;;) {
    const rows = await db
      .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, orderNumber: orders.number, item: orderItems.shipment })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
      .leftJoin(shipmentSearch, eq(shipmentSearch.shipmentId, shipments.id))
      .where(and(eq(shipments.userId, userId), isNull(shipmentSearch.shipmentId)))
      .limit(INDEX_BATCH);
    if (rows.length === 0) return;
    const values = rows.map((r) => ({ shipmentId: r.id, userId, text: shipmentSearchText({ trackingNumber: r.trackingNumber, orderNumber: r.orderNumber, shipment: JSON.parse(r.item) as OrderShipment }) }));
    const inserts = [];
    for (let i = 0; i < values.length; i += INSERT_ROWS) inserts.push(db.insert(shipmentSearch).values(values.slice(i, i + INSERT_ROWS)).onConflictDoNothing());
    await db.batch(inserts as unknown as Parameters<typeof db.batch>[0]);
    if (rows.length < INDEX_BATCH) return;
  }
}

/** GET v1/shipments/:id: the parcel's story as its owner sees it (Step 6's full tracking view), the order, and the label links */
export async function shipmentDetail(env: Pick<OriginBindings, 'DB' | 'FILES'> & MainBinding, user: UserRow, id: number, language: Language = 'cs') {
  const d1 = env.DB;
  const row = await database(d1)
    .select({ shipment: shipments, order: { number: orders.number, token: orders.token, status: orders.status } })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.id, id), eq(shipments.userId, user.id)))
    .get();
  if (!row) throw notFound('No such shipment');
  const { order } = row;
  const shipment = await shipmentWithRecords(env, row.shipment);
  const tracking = await trackingView(env, shipment.trackingNumber, { token: null, user }, language);
  const labels = hasLabel(shipment) ? (JSON.parse(shipment.label!) as LabelData[]) : [];
  return {
    ...tracking,
    id: shipment.id,
    created_at: shipment.createdAt,
    cancelled_at: shipment.cancelledAt,
    carrier_ref: shipment.carrierRef,
    carrier_parcel_numbers: carrierPackagesOf(shipment.carrierPackages).map((p) => p.ref),
    packages: labels.length || null,
    order,
    label_urls: labels.length > 0 ? { a6: shipmentLabelUrl(shipment.id, 'a6'), a4: shipmentLabelUrl(shipment.id, 'a4') } : null,
  };
}
export type ShipmentDetail = Awaited<ReturnType<typeof shipmentDetail>>;

/** D1's 100 bound parameters, with the user's id beside the ids */
const ID_CHUNK = 90;

/**
 * POST v1/shipments/labels: the labels of the chosen shipments (every package of each, in
 * the order chosen) as one A4 PDF, four per page. One id that is not the user's, or does not
 * exist, answers 404 for the whole request; a shipment without a label yet names itself.
 */
export async function shipmentLabelsPdf(env: OriginBindings, user: UserRow, request: LabelsRequest): Promise<{ body: Uint8Array; filename: string; labels: number }> {
  const db = database(env.DB);
  const found: (typeof shipments.$inferSelect)[] = [];
  for (let i = 0; i < request.ids.length; i += ID_CHUNK) {
    found.push(...(await db.select().from(shipments).where(and(eq(shipments.userId, user.id), inArray(shipments.id, request.ids.slice(i, i + ID_CHUNK))))));
  }
  if (found.length !== request.ids.length) throw notFound('No such shipment');
  const byId = new Map(found.map((s) => [s.id, s]));
  const chosen = request.ids.map((id) => byId.get(id)!);
  const waiting = chosen.map((s, index) => ({ s, index })).filter(({ s }) => !hasLabel(s));
  if (waiting.length > 0) {
    throw validationError(
      waiting.map(({ index }) => ({ field: `ids.${index}`, code: 'shipments.labels.notReady', message: 'shipments.labels.notReady' })),
      `No label yet: ${waiting.map(({ s }) => s.trackingNumber).join(', ')} (a label is ready once the carrier has accepted the shipment)`,
    );
  }
  const labels = (await Promise.all(chosen.map((s) => printLabels(env, s)))).flat();
  const { labelPdf } = await import('../../documents');
  const body = await labelPdf(labels, request.format);
  return { body, filename: `labels-${chosen[0]!.trackingNumber}-${chosen.length}.pdf`, labels: labels.length };
}
