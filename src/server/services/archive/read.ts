// Reading archived records back (order page, invoices, labels, tracking): apart from the daily
// archiving jobs (archive/orders.ts, archive/tracking.ts), which only the cron's chunk loads.
import { orderById } from '../../db/repositories/orders';
import type { OriginBindings } from '../../env';
import { ApiError } from '../../http/errors';
import { recordServerError } from '../app-events';
import { gunzipJsonLines } from './jsonl';

type ArchiveEnv = { DB: D1Database; FILES?: R2Bucket };

/** the §8 answer (and the toast's translation id) when an archived record cannot be read back */
export const ARCHIVE_MISSING = 'archive.records_missing';

/**
 * What was archived cannot be read back (its R2 object or its line in it is gone): never shown
 * as if nothing were archived (the item's prices instead of its quote, a history without its
 * older events, an invoice without its data). Answers 500 API_ERROR with the translation id
 * as the message (the toast / the error page), after one log line and an error report (build
 * 'server', where 'archive:missing': the alert).
 */
export class ArchiveMissingError extends ApiError {
  constructor(readonly key: string, readonly what: string) {
    super(500, 'API_ERROR', ARCHIVE_MISSING, [{ field: 'archive', code: ARCHIVE_MISSING, message: ARCHIVE_MISSING }]);
  }
}

async function missing(env: ArchiveEnv, key: string, what: string): Promise<never> {
  console.error(`ALERT archive missing: ${what} is not in ${key}`);
  await recordServerError(env.DB, { where: 'archive:missing', error: new Error(`${what} is not in ${key}`), context: { key, what } }).catch((e: unknown) => console.error('archive: the error report failed', e));
  throw new ArchiveMissingError(key, what);
}

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

/** The archived events of one shipment (its part holds up to SHIPMENTS_PER_PART parcels); a missing part throws ArchiveMissingError. */
export async function archivedEventsOf(env: ArchiveEnv, key: string, shipmentId: number): Promise<ArchivedEvent[]> {
  const object = await env.FILES?.get(key);
  if (!object) return missing(env, key, `the tracking events of shipment ${shipmentId}`);
  return (await gunzipJsonLines<ArchivedEvent>(object.body)).filter((l) => l.shipment_id === shipmentId);
}

/** one order's archived records (null: not archived); its object or its line missing throws ArchiveMissingError */
export async function archivedOrder(env: ArchiveEnv, key: string | null, orderId: number): Promise<ArchivedOrder | null> {
  if (!key) return null;
  const object = await env.FILES?.get(key);
  if (!object) return missing(env, key, `the records of order ${orderId}`);
  return (await gunzipJsonLines<ArchivedOrder>(object.body)).find((l) => l.order_id === orderId) ?? missing(env, key, `the records of order ${orderId}`);
}

/**
 * rows with their archived columns put back ('' = in R2); rows of an order not archived come back as they are;
 * an emptied column the archive does not hold throws ArchiveMissingError
 */
export async function withArchivedRecords<I extends { id: number; quote: string }, S extends { id: number; label: string | null }>(
  env: ArchiveEnv,
  order: { id: number; recordsArchiveKey: string | null },
  rows: { items?: I[]; shipments?: S[]; invoice?: { orderId: number | null; data: string } },
): Promise<{ items: I[]; shipments: S[]; invoiceData: string | null; archived: boolean }> {
  const emptied = (rows.items ?? []).some((i) => i.quote === '') || (rows.shipments ?? []).some((s) => s.label === '') || rows.invoice?.data === '';
  const archived = order.recordsArchiveKey && emptied ? await archivedOrder(env, order.recordsArchiveKey, order.id) : null;
  const quotes = new Map(archived?.items.map((i) => [i.id, i.quote]));
  const labels = new Map(archived?.shipments.map((s) => [s.id, s.label]));
  const key = order.recordsArchiveKey ?? '(no archive key)';
  const items: I[] = [];
  for (const i of rows.items ?? []) items.push(i.quote !== '' ? i : quotes.get(i.id) ? { ...i, quote: quotes.get(i.id)! } : await missing(env, key, `the quote of order item ${i.id}`));
  const shipments: S[] = [];
  for (const s of rows.shipments ?? []) shipments.push(s.label !== '' ? s : labels.get(s.id) ? { ...s, label: labels.get(s.id)! } : await missing(env, key, `the label data of shipment ${s.id}`));
  const invoiceData = !rows.invoice ? null : rows.invoice.data !== '' ? rows.invoice.data : (archived?.invoice?.data || (await missing(env, key, `the invoice data of order ${order.id}`)));
  return { items, shipments, invoiceData, archived: Boolean(order.recordsArchiveKey) };
}

/** an invoice with its data read back from the archive when it moved there */
export async function invoiceWithRecords<T extends { orderId: number | null; data: string }>(env: Pick<OriginBindings, 'DB' | 'FILES'>, invoice: T): Promise<T> {
  if (invoice.data !== '' || !invoice.orderId) return invoice;
  const order = await orderById(env.DB, invoice.orderId);
  const archived = order && (await archivedOrder(env, order.recordsArchiveKey, order.id));
  return archived?.invoice?.data ? { ...invoice, data: archived.invoice.data } : missing(env, order?.recordsArchiveKey ?? '(no archive key)', `the invoice data of order ${invoice.orderId}`);
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
  const archived = owner && (await archivedOrder(env, owner.recordsArchiveKey, owner.id));
  const quote = archived?.items.find((i) => i.id === item.id)?.quote;
  return quote ? { ...item, quote } : missing(env, owner?.recordsArchiveKey ?? '(no archive key)', `the quote of order item ${item.id}`);
}

/** a shipment with its label data read back from the archive when it moved there */
export async function shipmentWithRecords<T extends { id: number; orderId: number; label: string | null }>(env: Pick<OriginBindings, 'DB' | 'FILES'>, shipment: T): Promise<T> {
  if (shipment.label !== '') return shipment;
  const order = await orderById(env.DB, shipment.orderId);
  const archived = order && (await archivedOrder(env, order.recordsArchiveKey, order.id));
  const label = archived?.shipments.find((s) => s.id === shipment.id)?.label;
  return label ? { ...shipment, label } : missing(env, order?.recordsArchiveKey ?? '(no archive key)', `the label data of shipment ${shipment.id}`);
}
