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
import { orderItemsOf, orderList, orderListParts, orderPageIds, orderRowsOf } from '../../client-shipments/orders';
import { invoiceList, invoiceListParts, invoicePageRows, type InvoiceListQuery } from '../../billing/invoices';
import type { Cursor } from '../../../../lib/paging';
import { clientOverview } from '../../client-overview';
import type { Territory } from '../../../../lib/types/quote';

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

/** newest first by (created_at or issued_on, id): ids are unique across DB and the year databases (moved with their rows) */
const newestFirst = <T>(key: (row: T) => string, id: (row: T) => number) => (a: T, b: T) => (key(a) === key(b) ? id(b) - id(a) : key(a) < key(b) ? 1 : -1);

/** a year database's per-user counter (year_user_counts: shipments, orders, invoices; kept by its triggers) */
const yearCount = (db: ReturnType<typeof database>, column: 'orders' | 'invoices', userId: number) => db.select({ n: sql<number>`${sql.raw(column)}` }).from(sql`year_user_counts`).where(sql`user_id = ${userId}`);

/**
 * The client's orders list (GET v1/orders) across DB and the closed years' databases, as the shipments
 * list: each database's first `limit` orders after the cursor (keyset created_at, id), the newest `limit`
 * of them; the total adds each year's counter. One batch per year database (its count, the page's
 * orders, their items), the years asked at once. OFFSET pages read DB only (the page links `next`).
 */
export async function listOrdersWithYears(env: YearBindings & { DB: D1Database }, user: UserRow, query: { limit: number; offset: number; after?: Cursor | null }) {
  const main = await orderListParts(env.DB, user, query);
  const years = yearDatabases(env);
  if (years.length === 0 || query.offset > 0) return orderList(main, query);
  const fromYears = await Promise.all(
    years.map(({ db: d1 }) => {
      const db = database(d1);
      const ids = orderPageIds(db, user.id, query);
      return db.batch([yearCount(db, 'orders', user.id), orderRowsOf(db, ids), orderItemsOf(db, ids)]);
    }),
  );
  const rows = [...main.rows, ...fromYears.flatMap(([, r]) => r)].sort(newestFirst((o) => o.createdAt, (o) => o.id));
  const total = fromYears.reduce((sum, [[counted]]) => sum + Number(counted?.n ?? 0), main.total);
  return orderList({ rows: rows.slice(0, query.limit), items: [...main.items, ...fromYears.flatMap(([, , i]) => i)], total, viewMode: main.viewMode }, query);
}

/**
 * The client's invoices list (POST v2/user/invoice/list) across DB and the closed years' databases: the
 * newest-first lists (all, paid) merge each database's first `limit` after the cursor (keyset issued_on,
 * id), the total adds each year's counter. A moved invoice is paid (the move takes no order with an
 * unpaid invoice; monthly invoices are not moved), so the unpaid and overdue lists read DB only, as do
 * OFFSET pages. One batch per year database, the years asked at once.
 */
export async function listInvoicesWithYears(env: YearBindings & { DB: D1Database }, user: UserRow, query: InvoiceListQuery, now = new Date()) {
  const main = await invoiceListParts(env.DB, user, query, now);
  const years = query.offset > 0 || query.status === 'unpaid' || query.status === 'afterDueDate' ? [] : yearDatabases(env);
  if (years.length === 0) return invoiceList(main, query, now);
  const fromYears = await Promise.all(
    years.map(({ db: d1 }) => {
      const db = database(d1);
      return db.batch([yearCount(db, 'invoices', user.id), invoicePageRows(db, user.id, query, now)]);
    }),
  );
  const rows = [...main.rows, ...fromYears.flatMap(([, r]) => r)].sort(newestFirst((i) => i.issuedOn, (i) => i.id));
  const total = fromYears.reduce((sum, [[counted]]) => sum + Number(counted?.n ?? 0), main.total);
  return invoiceList({ rows: rows.slice(0, query.limit), total }, query, now);
}

/** the overview's latest orders */
const LATEST_ORDERS = 3;

/**
 * The client overview (GET v1/client/overview) with the closed years' orders among its latest orders:
 * read from the year databases only when DB's latest do not reach past the newest closed year (fewer
 * than three, or the third made in a closed year; DB may still hold a closed year's open orders). Its
 * other figures need no year database: parcels on their way, this month's spend and unpaid invoices
 * are never moved (a moved order is paid and final, of a closed year), the credit balance reads DB alone.
 */
export async function clientOverviewWithYears(env: YearBindings & { DB: D1Database }, user: UserRow, territory: Territory) {
  const overview = await clientOverview(env.DB, user, territory);
  const years = yearDatabases(env);
  const third = overview.latest_orders[LATEST_ORDERS - 1];
  if (years.length === 0 || (third && third.created_at >= `${years[0]!.year + 1}-01-01`)) return overview;
  const fromYears = await Promise.all(
    years.map(({ db: d1 }) =>
      database(d1)
        .select({ number: orders.number, token: orders.token, status: orders.status, totalVatMinor: orders.totalVatMinor, currency: orders.currency, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.userId, user.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(LATEST_ORDERS),
    ),
  );
  const moved = fromYears.flat().map((o) => ({ number: o.number, token: o.token, status: o.status, total: o.totalVatMinor / 100, currency: o.currency, created_at: o.createdAt }));
  const latest = [...overview.latest_orders, ...moved].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)).slice(0, LATEST_ORDERS);
  return { ...overview, latest_orders: latest };
}
