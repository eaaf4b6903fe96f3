import type { ContentLanguage } from '../../../lib/language';
import { invoiceWithRecords } from '../archive/read';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import type { InvoiceStatus } from '../../../lib/schemas/billing';
import { database, type Database } from '../../db/client';
import { beforeCursor } from '../../db/keyset';
import { encodeCursor, type Cursor } from '../../../lib/paging';
import { invoiceByToken, orderById } from '../../db/repositories/orders';
import type { UserRow } from '../../db/repositories/users';
import { userById } from '../../db/repositories/users';
import { invoiceOrders, invoices } from '../../db/schema';
import type { InvoiceData } from '../../documents/types';
import { invoiceVat } from '../../documents/vat';
import { notFound } from '../../http/errors';
import { qrSvg } from '../../payments/qr/svg';
import { invoiceWords } from '../orders/invoice';
import { invoiceStatus } from './status';

/**
 * Invoices of an account (spec §7 POST v2/user/invoice/list, §3 Invoice: number, token) and
 * an invoice's document (GET v1/invoices/:token, the capability of /faktura/:token). Another
 * user's invoice answers exactly as a missing one.
 */
export type InvoiceRow = typeof invoices.$inferSelect;

const major = (minor: number) => minor / 100;

export const invoicePdfUrl = (token: string) => `/api/v1/invoices/${token}/pdf`;

/** the columns a list item shows: not `data`, the issued document (hundreds of KB for a busy account's monthly invoice) */
const listColumns = {
  id: invoices.id,
  number: invoices.number,
  token: invoices.token,
  kind: invoices.kind,
  period: invoices.period,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  paidAt: invoices.paidAt,
  totalMinor: invoices.totalMinor,
  currency: invoices.currency,
  variableSymbol: invoices.variableSymbol,
};
export type ListRow = Pick<InvoiceRow, keyof typeof listColumns>;

export function invoiceListItem(row: ListRow, now: Date) {
  return {
    number: row.number,
    token: row.token,
    kind: row.kind,
    period: row.period,
    issued_on: row.issuedOn,
    due_on: row.dueOn,
    paid_at: row.paidAt,
    total: major(row.totalMinor),
    currency: row.currency,
    variable_symbol: row.variableSymbol,
    status: invoiceStatus(row, now),
    pdf_url: invoicePdfUrl(row.token),
  };
}
export type InvoiceListItem = ReturnType<typeof invoiceListItem>;

/** the filter of a status as SQL (the same rule as invoiceStatus) */
export function statusFilter(status: InvoiceStatus | undefined, now: Date): SQL | undefined {
  const today = pragueNow(now).date;
  if (status === 'paid') return isNotNull(invoices.paidAt);
  if (status === 'unpaid') return and(isNull(invoices.paidAt), sql`${invoices.dueOn} >= ${today}`);
  if (status === 'afterDueDate') return and(isNull(invoices.paidAt), sql`${invoices.dueOn} < ${today}`);
  return undefined;
}

/** the order of a status's list: past their due date the longest overdue first, else newest first (keyset: issued_on, id) */
const invoiceOrder = (status: InvoiceStatus | undefined) => (status === 'afterDueDate' ? [asc(invoices.dueOn), asc(invoices.id)] : [desc(invoices.issuedOn), desc(invoices.id)]);

/** the filter of the user's list: the status and, newest first, the rows after the cursor (the overdue list pages by OFFSET only) */
export const invoiceListWhere = (userId: number, query: { status?: InvoiceStatus; after?: Cursor | null }, now: Date) =>
  and(eq(invoices.userId, userId), statusFilter(query.status, now), query.status === 'afterDueDate' ? undefined : beforeCursor(invoices.issuedOn, invoices.id, query.after));

/** the listed columns of a page of the user's invoices in `db` (the page's ids along the user's index, then their rows) */
export function invoicePageRows(db: Database, userId: number, query: { status?: InvoiceStatus; limit: number; offset: number; after?: Cursor | null }, now: Date) {
  const order = invoiceOrder(query.status);
  return db
    .select(listColumns)
    .from(invoices)
    .where(inArray(invoices.id, db.select({ id: invoices.id }).from(invoices).where(invoiceListWhere(userId, query, now)).orderBy(...order).limit(query.limit).offset(query.offset)))
    .orderBy(...order);
}

/** the cursor of the page after `rows` (its last row's), when the page is full and the list is newest first */
export const invoiceNext = (rows: readonly ListRow[], query: { status?: InvoiceStatus; limit: number }) => {
  const last = rows.at(-1);
  return rows.length === query.limit && last && query.status !== 'afterDueDate' ? encodeCursor(last.issuedOn, last.id) : null;
};

/**
 * A page of the user's invoices, newest first; past their due date the longest overdue come
 * first (the unpaid-invoice bar shows the first one). `after`: the cursor of the previous page's
 * `next` (newest-first lists; OFFSET otherwise).
 */
export async function listInvoices(d1: D1Database, user: UserRow, query: InvoiceListQuery, now = new Date()) {
  return invoiceList(await invoiceListParts(d1, user, query, now), query, now);
}
export type InvoiceListQuery = { status?: InvoiceStatus; limit: number; offset: number; after?: Cursor | null };

/** a page of the user's invoices in `d1`: the rows and the count of the status */
export async function invoiceListParts(d1: D1Database, user: UserRow, query: InvoiceListQuery, now: Date) {
  const db = database(d1);
  const [rows, [count]] = await Promise.all([
    invoicePageRows(db, user.id, query, now),
    db.select({ n: sql<number>`COUNT(*)` }).from(invoices).where(and(eq(invoices.userId, user.id), statusFilter(query.status, now))),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** the list's answer of a page's rows (at most `limit`) and the total */
export const invoiceList = (parts: { rows: readonly ListRow[]; total: number }, query: InvoiceListQuery, now: Date) => ({ invoices: parts.rows.map((row) => invoiceListItem(row, now)), total: parts.total, next: invoiceNext(parts.rows, query) });

/** counts of the user's invoices still to pay (all of them, and those past their due date) */
export async function unpaidCounts(d1: D1Database, userId: number, now = new Date()) {
  const today = pragueNow(now).date;
  const [row] = await database(d1)
    .select({ unpaid: sql<number>`COUNT(*)`, afterDue: sql<number>`COALESCE(SUM(CASE WHEN ${invoices.dueOn} < ${today} THEN 1 ELSE 0 END), 0)` })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), isNull(invoices.paidAt)));
  return { unpaid: row?.unpaid ?? 0, afterDue: row?.afterDue ?? 0 };
}

/** the user's invoice of that token, or 404 (another user's too) */
export async function ownInvoice(d1: D1Database, user: UserRow, token: string): Promise<InvoiceRow> {
  const invoice = await invoiceByToken(d1, token);
  if (!invoice || invoice.userId !== user.id) throw notFound('No such invoice');
  return invoice;
}

/**
 * The invoice an order is billed on (its own, or the monthly one of its account): its id and
 * token, which is all the order page and the storno ask. Never the row's `data`: a busy
 * account's monthly invoice holds hundreds of KB (1.3 MB for the volume's e-shop), which every
 * order page of that month read whole before (issue 28 item 2). One statement in the main
 * database. `main`: the main database when `d1` is a closed year's (services/archive/years/read.ts):
 * a monthly invoice is never moved, only the order's link to it (invoice_orders), so it is read
 * there by its id
 */
export async function invoiceOfOrder(d1: D1Database, orderId: number, main: D1Database = d1): Promise<Pick<InvoiceRow, 'id' | 'token'> | undefined> {
  const idAndToken = { id: invoices.id, token: invoices.token };
  if (main !== d1) {
    const db = database(d1);
    const own = await db.select(idAndToken).from(invoices).where(eq(invoices.orderId, orderId)).get();
    if (own) return own;
    const link = await db.select({ invoiceId: invoiceOrders.invoiceId }).from(invoiceOrders).where(eq(invoiceOrders.orderId, orderId)).get();
    return link ? database(main).select(idAndToken).from(invoices).where(eq(invoices.id, link.invoiceId)).get() : undefined;
  }
  const billedOn = sql`COALESCE((SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.orderId} = ${orderId}), (SELECT ${invoiceOrders.invoiceId} FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${orderId} LIMIT 1))`;
  return database(d1).select(idAndToken).from(invoices).where(eq(invoices.id, billedOn)).get();
}

/** the language an invoice's own words are in: its order's, or its account's (users: in `main`, never in a year's database) */
export async function invoiceLanguage(d1: D1Database, invoice: InvoiceRow, main: D1Database = d1): Promise<ContentLanguage> {
  const order = invoice.orderId ? await orderById(d1, invoice.orderId) : undefined;
  if (order) return order.language;
  const user = invoice.userId ? await userById(main, invoice.userId) : undefined;
  return user?.language ?? 'cs';
}

/**
 * The invoice as issued, for its page and PDF. Once paid, an invoice issued unpaid loses its
 * payment QR and its request to pay (scanning it would pay twice); the rest never changes.
 */
export function documentOf(invoice: InvoiceRow, language: ContentLanguage): InvoiceData {
  const data = JSON.parse(invoice.data) as InvoiceData;
  if (!invoice.paidAt || !data.qr) return data;
  const { qr: _qr, ...rest } = data;
  return { ...rest, note: invoiceWords(language).paid };
}

/** GET v1/invoices/:token: the invoice page's data (anyone with the token); `main` as for invoiceOfOrder */
export async function invoiceDocument(d1: D1Database, token: string, now = new Date(), files?: R2Bucket, main: D1Database = d1) {
  const stored = await invoiceByToken(d1, token);
  if (!stored) throw notFound('No such invoice');
  const invoice = await invoiceWithRecords({ DB: d1, FILES: files }, stored);
  const order = invoice.orderId ? await orderById(d1, invoice.orderId) : undefined;
  const language = await invoiceLanguage(d1, invoice, main);
  const data = documentOf(invoice, language);
  const vat = invoiceVat(data);
  return {
    ...data,
    kind: invoice.kind,
    period: invoice.period,
    language,
    order_token: order?.token ?? null,
    status: invoiceStatus(invoice, now),
    paid: invoice.paidAt !== null,
    totals: { base_minor: vat.baseMinor, vat_minor: vat.vatMinor, rounding_minor: vat.roundingMinor, total_minor: vat.toPayMinor, by_rate: vat.byRate.map((r) => ({ rate: r.rate, base_minor: r.baseMinor, vat_minor: r.vatMinor, total_minor: r.totalMinor })) },
    lines: vat.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price_minor: l.unitPriceMinor, vat_rate: l.vatRate, base_minor: l.baseMinor, vat_minor: l.vatMinor, total_minor: l.totalMinor })),
    qr_svg: data.qr ? qrSvg(data.qr.payload, { title: data.qr.kind === 'spayd' ? 'QR Platba' : 'PAY by square' }) : null,
    pdf_url: invoicePdfUrl(invoice.token),
  };
}
