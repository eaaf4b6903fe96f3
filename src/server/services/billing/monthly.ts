import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import { chunks, PARAMS_PER_STATEMENT } from '../../db/chunks';
import { database } from '../../db/client';
import { userById } from '../../db/repositories/users';
import { counters, invoiceOrders, invoices, orderItems, orders, shipments, unbilledOrders } from '../../db/schema';
import type { InvoiceData, InvoiceLine } from '../../documents/types';
import { computeVat } from '../../documents/vat';
import { ledgerInsertWhere } from '../../ledger/post';
import { invoiceIssued } from '../../ledger/postings';
import type { OriginBindings } from '../../env';
import { randomToken } from '../../identity/crypto';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { paymentQr } from '../../payments/qr';
import { formatDate } from '../../../lib/format';
import { accountCustomer, INVOICE_DUE_DAYS, invoiceWords, itemLines, SUPPLIER, vatLegendOf } from '../orders/invoice';
import { vatBusinessOf } from '../orders/vat-rule';
import { nextInvoiceNumber } from '../orders/numbers';
import type { InvoiceRow } from './invoices';
import { addDays, isFinished, lastDayOf, periodBounds, periodToInvoice } from './status';

/**
 * The monthly invoice of a contract customer: the orders billed on account (payment method
 * `invoice`, see bookOnContract) created in a calendar month (Prague) are collected into one
 * invoice per account and currency, issued once the month is over (the scheduled job on the
 * 1st, or the sandbox control), due in 14 days, one line per shipment that was not cancelled.
 * Once per account, month and currency (a unique index), each order on one invoice only
 * (invoice_orders' key): a rerun, a retry or two runs racing issue nothing twice.
 */

/** accounts invoiced per run; the next run carries on */
export const MONTHLY_BATCH = 50;

const doneMarker = (period: string) => `monthly-invoicing:${period}`;


/** the variable symbol of an invoice: its number's digits ('FV2026000123' → '2026000123'; orders' are 'YY' + 8 digits) */
export const invoiceVariableSymbol = (number: string) => number.replace(/\D/g, '');

type Group = { userId: number; currency: string };

/**
 * accounts with orders on account in the month that no invoice bills yet: read from
 * unbilled_orders (kept by triggers), so a month already invoiced visits only the orders that
 * are never billed, not the month's thousands
 */
async function uninvoicedGroups(d1: D1Database, period: string, userId: number | undefined, limit: number): Promise<Group[]> {
  const { from, to } = periodBounds(period);
  const rows = await database(d1)
    .selectDistinct({ userId: orders.userId, currency: orders.currency })
    .from(unbilledOrders)
    .innerJoin(orders, eq(orders.id, unbilledOrders.orderId))
    .where(
      and(
        gte(unbilledOrders.createdAt, from),
        lt(unbilledOrders.createdAt, to),
        userId === undefined ? undefined : eq(unbilledOrders.userId, userId),
        // on account and of an account by the triggers' rule; said again here, a condition on
        // orders.payment_method or orders.user_id lets SQLite start from the month's orders instead
        sql`${orders.status} <> 'unpaid'`,
        // every shipment cancelled: nothing to bill
        sql`${orders.totalVatMinor} > ${orders.refundedMinor}`,
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${orders.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.orderId} = ${orders.id})`,
      ),
    )
    .limit(limit + 1);
  return rows.map((r) => ({ userId: r.userId!, currency: r.currency }));
}

/** one account's invoice of the month in one currency, or nothing when nothing is left to bill */
async function issueOne(env: OriginBindings, period: string, group: Group, now: Date): Promise<InvoiceRow | null> {
  const db = database(env.DB);
  const existing = await db.select().from(invoices).where(and(eq(invoices.userId, group.userId), eq(invoices.period, period), eq(invoices.currency, group.currency))).get();
  if (existing) return null;
  const user = await userById(env.DB, group.userId);
  if (!user) return null;
  const { from, to } = periodBounds(period);
  const billed = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, group.userId),
        eq(orders.currency, group.currency),
        eq(orders.paymentMethod, 'invoice'),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        sql`${orders.status} <> 'unpaid'`,
        // every shipment cancelled: nothing to bill
        sql`${orders.totalVatMinor} > ${orders.refundedMinor}`,
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${orders.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.orderId} = ${orders.id})`,
      ),
    )
    .orderBy(orders.createdAt, orders.id);
  if (billed.length === 0) return null;
  const ids = billed.map((o) => o.id);
  // an e-shop's month is thousands of orders: D1 binds at most 100 parameters a statement
  const idChunks = chunks(ids, PARAMS_PER_STATEMENT);
  const items = (await Promise.all(idChunks.map((part) => db.select().from(orderItems).where(inArray(orderItems.orderId, part)))))
    .flat()
    .sort((a, b) => a.orderId - b.orderId || a.position - b.position);
  // a shipment cancelled before the invoice is not billed (storno credits nothing on account)
  const cancelled = new Set(
    (await Promise.all(idChunks.map((part) => db.select({ itemId: shipments.itemId }).from(shipments).where(and(inArray(shipments.orderId, part), eq(shipments.status, 'cancelled'))))))
      .flat()
      .map((s) => s.itemId),
  );
  const language = user.language;
  const byId = new Map(billed.map((o) => [o.id, o]));
  const billedItems = items.filter((item) => !cancelled.has(item.id));
  const vatLegend = vatLegendOf(billedItems, vatBusinessOf({ type: 'account', dic: user.dic, icDph: user.icDph }), language);
  const lines: InvoiceLine[] = billedItems
    .flatMap((item) => {
      const order = byId.get(item.orderId)!;
      return itemLines(item, language, `${order.number} (${formatDate(order.createdAt)}): `);
    });

  const number = await nextInvoiceNumber(env.DB, now);
  const variableSymbol = invoiceVariableSymbol(number);
  const issuedOn = pragueNow(now).date;
  const dueOn = addDays(issuedOn, INVOICE_DUE_DAYS);
  const territory = billed[0]!.territory;
  const account = SHOP_ACCOUNTS[territory];
  const currency = group.currency === 'EUR' ? 'EUR' : 'CZK';
  const totalMinor = computeVat(lines).totalMinor;
  const data: InvoiceData = {
    number,
    variableSymbol,
    issuedOn,
    taxableOn: lastDayOf(period),
    dueOn,
    currency,
    supplier: { ...SUPPLIER, iban: account.iban, ...(territory === 'cz' ? { bankAccount: account.account } : {}) },
    customer: accountCustomer(user, user.email, territory),
    lines,
    qr: paymentQr({ currency, iban: account.iban, bic: account.bic, amountMinor: totalMinor, variableSymbol, message: number, recipientName: account.holder, dueDate: dueOn }),
    note: invoiceWords(language).due,
    ...(vatLegend ? { vatLegend } : {}),
  };
  const token = randomToken(32);
  const invoiceId = sql<number>`(SELECT id FROM invoices WHERE token = ${token})`;
  try {
    await db.batch([
      db.insert(invoices).values({
        userId: user.id,
        kind: 'monthly',
        period,
        number,
        token,
        issuedOn,
        dueOn,
        variableSymbol,
        currency,
        totalMinor,
        data: JSON.stringify(data),
      }),
      ...chunks(ids, PARAMS_PER_STATEMENT / 2).map((part) => db.insert(invoiceOrders).values(part.map((orderId) => ({ orderId, invoiceId })))),
      // the books: the invoice's total is owed (its id is known only in the batch)
      ...[ledgerInsertWhere(env.DB, invoiceIssued({ id: invoiceId, userId: user.id, currency, totalMinor }), null, now)].filter((w) => w !== null),
    ]);
  } catch (error) {
    // another run issued it first (the unique index of the month, or an order's key)
    if (String(error).includes('UNIQUE')) return null;
    throw error;
  }
  return (await db.select().from(invoices).where(eq(invoices.token, token)).get()) ?? null;
}

/**
 * Issues the month's invoices of every account (or of one) that has orders to bill, at most
 * MONTHLY_BATCH accounts a run. Only a finished month: its orders are all in.
 */
export async function issueMonthlyInvoices(env: OriginBindings, period: string, now = new Date(), options: { userId?: number } = {}): Promise<{ issued: InvoiceRow[]; more: boolean }> {
  if (!isFinished(period, now)) throw new RangeError(`${period} is not over yet`);
  const groups = await uninvoicedGroups(env.DB, period, options.userId, MONTHLY_BATCH);
  const issued: InvoiceRow[] = [];
  for (const group of groups.slice(0, MONTHLY_BATCH)) {
    const invoice = await issueOne(env, period, group, now);
    if (invoice) issued.push(invoice);
  }
  return { issued, more: groups.length > MONTHLY_BATCH };
}

/**
 * The scheduled job (every 5 minutes): the last month's invoices, until none is left to
 * issue; then a marker row stops the month's later runs from looking again.
 */
export async function runMonthlyInvoicing(env: OriginBindings, now = new Date()): Promise<{ period: string; issued: number; done: boolean }> {
  const period = periodToInvoice(now);
  const db = database(env.DB);
  const marker = await db.select().from(counters).where(eq(counters.name, doneMarker(period))).get();
  if (marker) return { period, issued: 0, done: true };
  const { issued, more } = await issueMonthlyInvoices(env, period, now);
  if (!more) await db.insert(counters).values({ name: doneMarker(period), value: 1 }).onConflictDoNothing();
  return { period, issued: issued.length, done: !more };
}

