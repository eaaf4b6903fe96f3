import type { ContentLanguage } from '../../../lib/language';
import { invoiceWithRecords } from '../archive/read';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import type { InvoiceStatus } from '../../../lib/schemas/billing';
import { database } from '../../db/client';
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
type ListRow = Pick<InvoiceRow, keyof typeof listColumns>;

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
function statusFilter(status: InvoiceStatus | undefined, now: Date): SQL | undefined {
  const today = pragueNow(now).date;
  if (status === 'paid') return isNotNull(invoices.paidAt);
  if (status === 'unpaid') return and(isNull(invoices.paidAt), sql`${invoices.dueOn} >= ${today}`);
  if (status === 'afterDueDate') return and(isNull(invoices.paidAt), sql`${invoices.dueOn} < ${today}`);
  return undefined;
}

/**
 * A page of the user's invoices, newest first; past their due date the longest overdue come
 * first (the unpaid-invoice bar shows the first one).
 */
export async function listInvoices(d1: D1Database, user: UserRow, query: { status?: InvoiceStatus; limit: number; offset: number }, now = new Date()) {
  const db = database(d1);
  const where = and(eq(invoices.userId, user.id), statusFilter(query.status, now));
  const order = query.status === 'afterDueDate' ? [asc(invoices.dueOn), asc(invoices.id)] : [desc(invoices.issuedOn), desc(invoices.id)];
  const [rows, [count]] = await Promise.all([
    // the page's ids by OFFSET along the user's index, then the listed columns of their rows
    db.select(listColumns).from(invoices).where(inArray(invoices.id, db.select({ id: invoices.id }).from(invoices).where(where).orderBy(...order).limit(query.limit).offset(query.offset))).orderBy(...order),
    db.select({ n: sql<number>`COUNT(*)` }).from(invoices).where(where),
  ]);
  return { invoices: rows.map((row) => invoiceListItem(row, now)), total: count?.n ?? 0 };
}

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
 * token, which is all the order page and the storno ask. One statement, and never the row's
 * `data`: a busy account's monthly invoice holds hundreds of KB (1.3 MB for the volume's
 * e-shop), which every order page of that month read whole before (issue 28 item 2).
 */
export async function invoiceOfOrder(d1: D1Database, orderId: number): Promise<Pick<InvoiceRow, 'id' | 'token'> | undefined> {
  const billedOn = sql`COALESCE((SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.orderId} = ${orderId}), (SELECT ${invoiceOrders.invoiceId} FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${orderId} LIMIT 1))`;
  return database(d1).select({ id: invoices.id, token: invoices.token }).from(invoices).where(eq(invoices.id, billedOn)).get();
}

/** the language an invoice's own words are in: its order's, or its account's */
export async function invoiceLanguage(d1: D1Database, invoice: InvoiceRow): Promise<ContentLanguage> {
  const order = invoice.orderId ? await orderById(d1, invoice.orderId) : undefined;
  if (order) return order.language;
  const user = invoice.userId ? await userById(d1, invoice.userId) : undefined;
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

/** GET v1/invoices/:token: the invoice page's data (anyone with the token) */
export async function invoiceDocument(d1: D1Database, token: string, now = new Date(), files?: R2Bucket) {
  const stored = await invoiceByToken(d1, token);
  if (!stored) throw notFound('No such invoice');
  const invoice = await invoiceWithRecords({ DB: d1, FILES: files }, stored);
  const order = invoice.orderId ? await orderById(d1, invoice.orderId) : undefined;
  const language = await invoiceLanguage(d1, invoice);
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
