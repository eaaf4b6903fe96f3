import * as v from 'valibot';
import { CARRIER_CODES } from '../types/quote';
import { object } from './object';
import { afterParam } from '../paging';

/**
 * The client section's shipments and orders (issue 12): the list's search and filters
 * (GET v1/shipments/list), the multi-label PDF (POST v1/shipments/labels), the orders list
 * (GET v1/orders) and its view mode. Query values arrive as text; messages are translation ids.
 */

/** DOMAIN.md normalized tracking statuses (the origin's TRACKING_STATUS_VALUES; a unit test keeps them equal) */
export const SHIPMENT_STATUS_FILTERS = ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivered', 'delivery_failed', 'on_hold', 'return_to_sender', 'cancelled', 'unknown'] as const;
export type ShipmentStatusFilter = (typeof SHIPMENT_STATUS_FILTERS)[number];
const isStatusFilter = (s: string): s is ShipmentStatusFilter => (SHIPMENT_STATUS_FILTERS as readonly string[]).includes(s);

/** spec §7 and §9: the navbar's latest shipments are 3 */
export const SHIPMENTS_DEFAULT_LIMIT = 3;
export const SHIPMENTS_MAX_LIMIT = 100;
/** rows per page of the client section's tables */
export const SHIPMENTS_PAGE_SIZE = 20;
export const ORDERS_PAGE_SIZE = 12;
export const MAX_SEARCH_LENGTH = 100;
/** at most this many words of a search are matched (each must be found) */
export const MAX_SEARCH_TERMS = 6;
export const MAX_LABEL_SHIPMENTS = 100;

/** letters NFD does not take apart */
const FOLDS: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/** lower case, no diacritics, single spaces: "  Plzeň  Jižní " → "plzen jizni" */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łđøßæœı]/g, (c) => FOLDS[c]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** the words of a search, each to be found somewhere in a shipment's search text */
export const searchTerms = (q: string): string[] => [...new Set(searchKey(q).split(' ').filter(Boolean))].slice(0, MAX_SEARCH_TERMS);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (date: string) => {
  if (!ISO_DATE.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number);
  const parsed = new Date(Date.UTC(y!, m! - 1, d!));
  return parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m! - 1 && parsed.getUTCDate() === d;
};

/** a query parameter: trimmed, and an empty one is absent */
const param = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.pipe(
    v.optional(v.string('validation.string'), ''),
    v.trim(),
    v.transform((s) => (s === '' ? undefined : s)),
    v.optional(schema),
  );

const count = (min: number, max: number, fallback: number) =>
  v.pipe(
    param(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation.integer'), v.transform(Number), v.minValue(min, 'validation.too_low'), v.maxValue(max, 'validation.too_high'))),
    v.transform((n) => n ?? fallback),
  );

const day = param(v.pipe(v.string(), v.check(isCalendarDate, 'validation.date')));

/** GET v1/shipments/list: `q`, `status` (one or more, comma-separated), `carrier`, `from`/`to` (days, inclusive), `limit`, `offset`, `after` (a page's `meta.next`) */
export const ShipmentListQuerySchema = v.pipe(
  object({
    q: v.pipe(param(v.pipe(v.string(), v.maxLength(MAX_SEARCH_LENGTH, 'validation.too_long'))), v.transform((q) => q ?? '')),
    status: v.pipe(
      param(
        v.pipe(
          v.string(),
          v.transform((s) => [...new Set(s.split(',').map((part) => part.trim()).filter(Boolean))]),
          v.check((list) => list.every(isStatusFilter), 'validation.status'),
          v.transform((list) => list as ShipmentStatusFilter[]),
        ),
      ),
      v.transform((list) => list ?? []),
    ),
    carrier: v.pipe(param(v.pipe(v.string(), v.toLowerCase(), v.picklist(CARRIER_CODES, 'validation.carrier'))), v.transform((c) => c ?? null)),
    from: v.pipe(day, v.transform((d) => d ?? null)),
    to: v.pipe(day, v.transform((d) => d ?? null)),
    limit: count(1, SHIPMENTS_MAX_LIMIT, SHIPMENTS_DEFAULT_LIMIT),
    offset: count(0, 1_000_000, 0),
    after: afterParam,
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (q) => !q.from || !q.to || q.from <= q.to, 'validation.date_range'),
    ['to'],
  ),
);
export type ShipmentListQueryInput = v.InferInput<typeof ShipmentListQuerySchema>;
export type ShipmentListQuery = v.InferOutput<typeof ShipmentListQuerySchema>;

const shipmentId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}$/, 'validation.integer'), v.transform(Number))], 'validation.integer'),
  v.number(),
  v.integer('validation.integer'),
  v.minValue(1, 'validation.too_low'),
);

/** POST v1/shipments/labels: the chosen shipments' labels on one A4 PDF, four per page (in the order given; repeats once) */
export const LabelsRequestSchema = object({
  ids: v.pipe(
    v.array(shipmentId, 'validation.array'),
    v.minLength(1, 'validation.required'),
    v.maxLength(MAX_LABEL_SHIPMENTS, 'validation.too_many'),
    v.transform((ids) => [...new Set(ids)]),
  ),
  format: v.optional(v.literal('a4', 'validation.label_format'), 'a4'),
});
export type LabelsRequest = v.InferOutput<typeof LabelsRequestSchema>;

/** GET v1/orders: the user's orders, newest first (`after`: a page's `meta.next`) */
export const OrdersQuerySchema = object({
  limit: count(1, 100, ORDERS_PAGE_SIZE),
  offset: count(0, 1_000_000, 0),
  after: afterParam,
});

/** spec §3 Settings "orders view mode (default tiles)", stored under this common-settings key */
export const ORDERS_VIEW_SETTING = 'ordersViewMode';
export const ORDERS_VIEW_MODES = ['tiles', 'list'] as const;
export type OrdersViewMode = (typeof ORDERS_VIEW_MODES)[number];
export const ordersViewModeOf = (value: unknown): OrdersViewMode => (value === 'list' ? 'list' : 'tiles');
