// The billing area's tables of the client section (Step 7); re-exported by schema.ts.
// Reference other tables lazily (`references(() => users.id)`) and import them from './schema'.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now } from './columns';
import { invoices, orders, users } from './schema';

/** The orders a monthly invoice bills: each order once (the primary key), whatever reruns. */
export const invoiceOrders = sqliteTable(
  'invoice_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invoice_orders_invoice').on(t.invoiceId)],
);

/**
 * The orders on account (payment method `invoice`) that no invoice bills yet, kept by triggers
 * (migration 20261128173309_unbilled_orders): an order on account enters when it is made, and leaves
 * when a monthly invoice lists it (invoice_orders) or an invoice of its own is issued. The
 * monthly run reads a month's orders still to bill here, so a month already invoiced costs the
 * few orders never billed (cancelled, unpaid), not every order of the month (issue 28 item 2).
 */
export const unbilledOrders = sqliteTable(
  'unbilled_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    currency: text('currency').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('unbilled_orders_created').on(t.createdAt)],
);

/**
 * An account's spend per month in Prague and currency, kept by triggers on orders (migration
 * 20261128174547_user_month_spend): every order of an account that is neither unpaid nor cancelled
 * counts once with its total less what was refunded, in the month (Europe/Prague) it was made.
 * The client overview's "this month" is one row here, not a pass over the month's orders (an
 * e-shop's month is thousands; issue 28 item 2). `orders` 0 with a total 0: every order of the
 * month was cancelled or deleted since.
 */
export const userMonthSpend = sqliteTable(
  'user_month_spend',
  {
    userId: integer('user_id').notNull(),
    /** YYYY-MM in Prague */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    totalMinor: integer('total_minor').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.currency] })],
);

export const BILLING_PAYMENT_PURPOSES = ['top_up', 'invoice'] as const;
export const BILLING_PAYMENT_METHODS = ['bank_transfer', 'card', 'credit'] as const;
export const BILLING_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;

/**
 * Money for the account rather than an order: credit top-ups and payments of invoices. A
 * top-up by transfer waits for its variable symbol on the bank statement; a card payment
 * for the gateway's word (`gatewayRef`); a transfer that arrived for an invoice is a row of
 * its own (`bankRef`, the bank's id of the line). The token is the capability of its state.
 */
export const billingPayments = sqliteTable(
  'billing_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** the payment token: the paying account's (looked up with its owner too); shows this payment's state only */
    token: text('token').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: BILLING_PAYMENT_PURPOSES }).notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    method: text('method', { enum: BILLING_PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: BILLING_PAYMENT_STATUSES }).notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** what arrived (a transfer may come short, or in parts) */
    receivedMinor: integer('received_minor').notNull().default(0),
    /** a top-up's own variable symbol (transfers) */
    variableSymbol: text('variable_symbol'),
    gatewayRef: text('gateway_ref'),
    redirectUrl: text('redirect_url'),
    bankRef: text('bank_ref'),
    language: text('language', { enum: ['cs', 'sk', 'en'] }).notNull().default('cs'),
    createdAt: text('created_at').notNull().default(now),
    settledAt: text('settled_at'),
  },
  (t) => [
    uniqueIndex('billing_payments_token').on(t.token),
    uniqueIndex('billing_payments_vs').on(t.variableSymbol),
    uniqueIndex('billing_payments_gateway_ref').on(t.gatewayRef),
    uniqueIndex('billing_payments_bank_ref').on(t.bankRef),
    index('billing_payments_user').on(t.userId, t.createdAt),
    index('billing_payments_invoice').on(t.invoiceId),
  ],
);
