import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { database } from '../../../db/client';
import { beforeCursor } from '../../../db/keyset';
import { orderItems, orders, shipments } from '../../../db/schema';
import { encodeCursor, FILTERED_TOTAL_MAX } from '../../../../lib/paging';
import type { ShipmentListQuery } from '../../../../lib/schemas/client-shipments';
import type { UserRow } from '../../../db/repositories/users';
import { shipmentCriteria } from '../../client-shipments/filters';
import { carriersOf, conditionsOf, entryOf, listShipments, statusOf } from '../../client-shipments/shipments';
import { carrierDisplayName } from '../../../carriers/names';
import { yearDatabases, type YearBindings } from './databases';

/**
 * The client's shipments list across DB and the closed years' databases (docs/retention.md, "A D1
 * database per closed accounting year"). DB may still hold a closed year's open orders, so the years
 * are not simply "after" DB: each database gives its first `limit` rows after the cursor (keyset on
 * created_at, id, newest first) and the page is the newest `limit` of them. The unfiltered total adds
 * each year's per-user counter (year_user_counts, kept by the year database's triggers); a filtered one
 * each year's matching rows, capped as DB's. Not across years: a text search (its rows are in DB's
 * shipment_search only) and OFFSET paging (a page past the first is asked for with the cursor, `next`).
 */
export async function listShipmentsWithYears(env: YearBindings & { DB: D1Database }, user: UserRow, query: ShipmentListQuery) {
  const main = await listShipments(env.DB, user, query);
  const years = yearDatabases(env);
  const criteria = shipmentCriteria(query);
  if (years.length === 0 || query.offset > 0 || criteria.terms.length > 0) return main;
  const filtered = criteria.statuses.length > 0 || criteria.carrier || criteria.since || criteria.before;
  const where = conditionsOf(user.id, criteria);
  let entries = main.data;
  let total = main.meta.total;
  let exact = main.meta.total_exact;
  const codes = new Map(main.meta.carriers.map((c) => [c.code, c]));
  for (const { db: d1 } of years) {
    const db = database(d1);
    const pageIds = db.select({ id: shipments.id }).from(shipments).where(and(where, beforeCursor(shipments.createdAt, shipments.id, query.after))).orderBy(desc(shipments.createdAt), desc(shipments.id)).limit(query.limit);
    const totalQuery = filtered
      ? db.select({ n: count() }).from(db.select({ one: sql`1` }).from(shipments).where(where).limit(FILTERED_TOTAL_MAX + 1).as('matching'))
      : db.select({ n: sql<number>`shipments` }).from(sql`year_user_counts`).where(sql`user_id = ${user.id}`);
    const [[counted], carriers, rows] = await db.batch([
      totalQuery,
      db.select({ code: sql<string>`code` }).from(carriersOf(user.id)),
      db
        .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, carrier: shipments.carrier, status: statusOf, shipmentStatus: shipments.status, label: sql<string | null>`CASE WHEN ${shipments.label} IS NULL THEN NULL ELSE '' END`, createdAt: shipments.createdAt, orderToken: orders.token, orderNumber: orders.number, item: orderItems.shipment })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
        .where(inArray(shipments.id, pageIds))
        .orderBy(desc(shipments.createdAt), desc(shipments.id)),
    ]);
    const n = Number(counted?.n ?? 0);
    total += n;
    if (filtered && n > FILTERED_TOTAL_MAX) exact = false;
    entries = [...entries, ...rows.map(entryOf)];
    for (const { code } of carriers) if (!codes.has(code)) codes.set(code, { code, name: carrierDisplayName(code) });
  }
  entries.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  const carriers = [...codes.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { data: page, meta: { ...main.meta, carriers, total, total_exact: exact, next: page.length === query.limit && last ? encodeCursor(last.created_at, last.id) : null } };
}
