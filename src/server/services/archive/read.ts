// Reading archived records back (order page, invoices, labels, tracking): apart from the daily
// archiving jobs (archive/orders.ts, archive/tracking.ts), which only the cron's chunk loads.
import { orderById } from '../../db/repositories/orders';
import type { OriginBindings } from '../../env';
import { gunzipJsonLines } from './jsonl';

/** one JSON line per order */
export type ArchivedOrder = {
  order_id: number;
  items: { id: number; quote: string }[];
  shipments: { id: number; label: string | null }[];
  invoice: { id: number; data: string } | null;
};

export type ArchivedEvent = {
  id: number;
  shipment_id: number;
  tracking_number: string;
  event_key: string;
  raw_status: string;
  status: string;
  occurred_at: string;
  location: string | null;
  description: string | null;
  source: string;
  created_at: string;
};

/** The archived events of one shipment (its part holds up to SHIPMENTS_PER_PART parcels). */
export async function archivedEventsOf(files: R2Bucket | undefined, key: string, shipmentId: number): Promise<ArchivedEvent[]> {
  const object = await files?.get(key);
  if (!object) {
    console.error(`tracking archive ${key} is missing`);
    return [];
  }
  const lines = await gunzipJsonLines<ArchivedEvent>(object.body);
  return lines.filter((l) => l.shipment_id === shipmentId);
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

/**
 * an order item with its quote read back from the archive when it moved there ('' in D1);
 * `order`: the item's order when the caller has it (saves reading it)
 */
export async function itemWithRecords<T extends { id: number; orderId: number; quote: string }>(
  env: Pick<OriginBindings, 'DB' | 'FILES'>,
  item: T,
  order?: { id: number; recordsArchiveKey: string | null },
): Promise<T> {
  if (item.quote !== '') return item;
  const owner = order ?? (await orderById(env.DB, item.orderId));
  const archived = owner && (await archivedOrder(env.FILES, owner.recordsArchiveKey, owner.id));
  const quote = archived?.items.find((i) => i.id === item.id)?.quote;
  return quote ? { ...item, quote } : item;
}

/** a shipment with its label data read back from the archive when it moved there */
export async function shipmentWithRecords<T extends { id: number; orderId: number; label: string | null }>(env: Pick<OriginBindings, 'DB' | 'FILES'>, shipment: T): Promise<T> {
  if (shipment.label !== '') return shipment;
  const order = await orderById(env.DB, shipment.orderId);
  const archived = order && (await archivedOrder(env.FILES, order.recordsArchiveKey, order.id));
  const label = archived?.shipments.find((s) => s.id === shipment.id)?.label;
  return label ? { ...shipment, label } : shipment;
}
