import { archivableOrders, markRecordsArchived, orderRecords } from '../../db/repositories/archive';
import type { OriginBindings } from '../../env';
import { gzipJsonLines } from './jsonl';
import type { ArchivedOrder } from './read';
export { archivedOrder, invoiceWithRecords, itemWithRecords, shipmentWithRecords, withArchivedRecords, type ArchivedOrder } from './read';
import { monthsBefore } from './tracking';

/**
 * An order's large records (its items' quotes, its shipments' label data, its invoice's data)
 * move to R2 six months after its last parcel became final (delivered, cancelled or returned),
 * as its tracking events do (ARCHIVE_AFTER_MONTHS): paid orders only, on account once billed.
 * Every reader of those columns reads them back (archive/read.ts) or never meets such an order
 * (docs/retention.md, "The records window"). The rows stay (slim).
 */
export const RECORDS_ARCHIVE_AFTER_MONTHS = 6;
/** orders per part (one R2 object): their ids are bound in one statement, under D1's 100 parameters */
export const ORDERS_PER_PART = 90;
/** ~5,400 orders a run: above the ~3,400 made a day, so a peak's backlog drains in days */
export const MAX_ORDER_PARTS_PER_RUN = 60;
export const ORDERS_ARCHIVE_PREFIX = 'archive/orders/';

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
  let after: { createdAt: string; id: number } | undefined;
  while (done.parts < MAX_ORDER_PARTS_PER_RUN) {
    const candidates = await archivableOrders(env.DB, before, ORDERS_PER_PART, after);
    if (candidates.length === 0) break;
    after = candidates.at(-1)!;
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
