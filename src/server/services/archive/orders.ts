import { archivableOrders, markRecordsArchived, orderRecords } from '../../db/repositories/archive';
import { orderById } from '../../db/repositories/orders';
import type { OriginBindings } from '../../env';
import { gunzipJsonLines, gzipJsonLines } from './jsonl';
import { monthsBefore } from './tracking';

/**
 * An order's large records (its items' quotes, its shipments' label data, its invoice's data) stay
 * in D1 for 18 months after it was made, then move to R2: a year's books are closed with the
 * annual accounts about six months after its end, so the oldest order of a year is 18 months old
 * by then and nothing of it changes any more. The rows stay (slim), read back where shown.
 */
export const RECORDS_ARCHIVE_AFTER_MONTHS = 18;
/** orders per part (one R2 object): their ids are bound in one statement, under D1's 100 parameters */
export const ORDERS_PER_PART = 90;
/** ~5,400 orders a run: above the ~3,400 made a day, so a peak's backlog drains in days */
export const MAX_ORDER_PARTS_PER_RUN = 60;
export const ORDERS_ARCHIVE_PREFIX = 'archive/orders/';

/** one JSON line per order */
export type ArchivedOrder = {
  order_id: number;
  items: { id: number; quote: string }[];
  shipments: { id: number; label: string | null }[];
  invoice: { id: number; data: string } | null;
};

/** archive/orders/<YYYY-MM of the orders' creation>/<first order id>-<last order id>.jsonl.gz (named by its content, written once) */
export const ordersArchiveKey = (month: string, ids: number[]) => `${ORDERS_ARCHIVE_PREFIX}${month}/${Math.min(...ids)}-${Math.max(...ids)}.jsonl.gz`;

/**
 * The daily job: R2 first, then one D1 batch empties the columns and marks the orders; at most
 * MAX_ORDER_PARTS_PER_RUN parts a run. Running it again changes nothing.
 */
export async function archiveOrderRecords(env: Pick<OriginBindings, 'DB' | 'FILES'>, now: Date) {
  const done = { orders: 0, parts: 0 };
  const files = env.FILES;
  if (!files) return done;
  const before = monthsBefore(now, RECORDS_ARCHIVE_AFTER_MONTHS).toISOString();
  const at = now.toISOString();
  while (done.parts < MAX_ORDER_PARTS_PER_RUN) {
    const candidates = await archivableOrders(env.DB, before, ORDERS_PER_PART);
    if (candidates.length === 0) break;
    const { items, parcels, bills } = await orderRecords(env.DB, candidates.map((c) => c.id));
    const months = new Map<string, number[]>();
    for (const c of candidates) months.set(c.createdAt.slice(0, 7), [...(months.get(c.createdAt.slice(0, 7)) ?? []), c.id]);
    for (const [month, ids] of months) {
      const lines: ArchivedOrder[] = ids.map((id) => {
        const bill = bills.find((b) => b.orderId === id);
        return {
          order_id: id,
          items: items.filter((i) => i.orderId === id).map((i) => ({ id: i.id, quote: i.quote })),
          shipments: parcels.filter((s) => s.orderId === id).map((s) => ({ id: s.id, label: s.label })),
          invoice: bill ? { id: bill.id, data: bill.data } : null,
        };
      });
      // an order another run emptied meanwhile: its line would overwrite the part with nothing
      if (lines.some((l) => l.items.some((i) => i.quote === '') || l.shipments.some((s) => s.label === '') || l.invoice?.data === '')) return done;
      const key = ordersArchiveKey(month, ids);
      await files.put(key, await gzipJsonLines(lines), { httpMetadata: { contentType: 'application/x-ndjson' } });
      done.orders += await markRecordsArchived(env.DB, ids, key, at);
      done.parts++;
    }
    if (candidates.length < ORDERS_PER_PART) break;
  }
  return done;
}

/** one order's archived records (null: not archived, or the object is missing) */
export async function archivedOrder(files: R2Bucket | undefined, key: string | null, orderId: number): Promise<ArchivedOrder | null> {
  if (!key) return null;
  const object = await files?.get(key);
  if (!object) {
    console.error(`order archive ${key} is missing`);
    return null;
  }
  return (await gunzipJsonLines<ArchivedOrder>(object.body)).find((l) => l.order_id === orderId) ?? null;
}

/** rows with their archived columns put back ('' = in R2); rows of an order not archived come back as they are */
export async function withArchivedRecords<I extends { id: number; quote: string }, S extends { id: number; label: string | null }>(
  files: R2Bucket | undefined,
  order: { id: number; recordsArchiveKey: string | null },
  rows: { items?: I[]; shipments?: S[]; invoice?: { orderId: number | null; data: string } },
): Promise<{ items: I[]; shipments: S[]; invoiceData: string | null; archived: boolean }> {
  const archived = order.recordsArchiveKey ? await archivedOrder(files, order.recordsArchiveKey, order.id) : null;
  const quotes = new Map(archived?.items.map((i) => [i.id, i.quote]));
  const labels = new Map(archived?.shipments.map((s) => [s.id, s.label]));
  return {
    items: (rows.items ?? []).map((i) => (i.quote === '' && quotes.has(i.id) ? { ...i, quote: quotes.get(i.id)! } : i)),
    shipments: (rows.shipments ?? []).map((s) => (s.label === '' && labels.has(s.id) ? { ...s, label: labels.get(s.id)! } : s)),
    invoiceData: rows.invoice ? (rows.invoice.data === '' ? (archived?.invoice?.data ?? null) : rows.invoice.data) : null,
    archived: Boolean(order.recordsArchiveKey),
  };
}

/** an invoice with its data read back from the archive when it moved there */
export async function invoiceWithRecords<T extends { orderId: number | null; data: string }>(env: Pick<OriginBindings, 'DB' | 'FILES'>, invoice: T): Promise<T> {
  if (invoice.data !== '' || !invoice.orderId) return invoice;
  const order = await orderById(env.DB, invoice.orderId);
  const archived = order && (await archivedOrder(env.FILES, order.recordsArchiveKey, order.id));
  return archived?.invoice ? { ...invoice, data: archived.invoice.data } : invoice;
}

/** a shipment with its label data read back from the archive when it moved there */
export async function shipmentWithRecords<T extends { id: number; orderId: number; label: string | null }>(env: Pick<OriginBindings, 'DB' | 'FILES'>, shipment: T): Promise<T> {
  if (shipment.label !== '') return shipment;
  const order = await orderById(env.DB, shipment.orderId);
  const archived = order && (await archivedOrder(env.FILES, order.recordsArchiveKey, order.id));
  const label = archived?.shipments.find((s) => s.id === shipment.id)?.label;
  return label ? { ...shipment, label } : shipment;
}
