import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now } from './columns';

/**
 * The books (issue 25): a double-entry ledger. Each row is one posting of `amountMinor`
 * from the `credit` account to the `debit` account, so every row balances by itself;
 * `key` is unique, so a business event enters once however often its code runs. Written in
 * the same `db.batch` as the change it records (src/server/ledger/post.ts).
 *
 * Accounts: money we hold (`bank`, `gateway`), what customers owe us (`receivables`), what
 * we owe them (`customer_credit`, `refunds_payable`, `unmatched`), and the result (`sales`,
 * `discounts`).
 */
export const LEDGER_ACCOUNTS = ['bank', 'gateway', 'receivables', 'customer_credit', 'refunds_payable', 'unmatched', 'sales', 'discounts'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/** the accounts that hold money: what comes in is debited to them, what goes out credited */
export const CASH_ACCOUNTS: readonly LedgerAccount[] = ['bank', 'gateway'];

export const LEDGER_KINDS = ['sale', 'discount', 'payment_in', 'unmatched_in', 'credit_top_up', 'credit_spend', 'overpayment', 'refund_requested', 'refund_out', 'invoice', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_METHODS = ['bank_transfer', 'card', 'credit', 'invoice'] as const;

export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** the business event and leg, unique: 'pay:bank:FIO-123', 'refund:7:out', … */
    key: text('key').notNull(),
    /** the booking day in Prague (YYYY-MM-DD): the daily books group by it */
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    debit: text('debit', { enum: LEDGER_ACCOUNTS }).notNull(),
    credit: text('credit', { enum: LEDGER_ACCOUNTS }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    method: text('method', { enum: LEDGER_METHODS }),
    orderId: integer('order_id'),
    userId: integer('user_id'),
    invoiceId: integer('invoice_id'),
    refundId: integer('refund_id'),
    /** the outside reference: the bank's line id, the gateway's payment id */
    ref: text('ref'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('ledger_entries_key').on(t.key),
    // the daily books' sums (services/ledger/daily.ts) on this index alone, in its GROUP BY order:
    // a busy day's thousands of lines read as index entries, not as rows (issue 28 item 2)
    index('ledger_entries_day').on(t.day, t.currency, t.method, t.debit, t.credit, t.kind, t.amountMinor),
    index('ledger_entries_order').on(t.orderId),
    index('ledger_entries_user').on(t.userId),
    check('ledger_entries_positive', sql`${t.amountMinor} > 0`),
    check('ledger_entries_two_sides', sql`${t.debit} <> ${t.credit}`),
  ],
);

export const REFUND_METHODS = ['card', 'bank_transfer', 'credit'] as const;
export const REFUND_STATUSES = ['requested', 'sent', 'settled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money going back to a payer, by the way it came (issue 25): `requested → sent → settled`,
 * each step once. `dedupeKey` is unique ('shipment:12'), so an item is never refunded twice.
 * A bank transfer refund needs the payer's account: from the matched statement line's
 * counter-account, or given by the payer on the order page.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    shipmentId: integer('shipment_id'),
    dedupeKey: text('dedupe_key').notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** the payer's account (Czech form 'prefix-number/bank' or an IBAN), bank transfers only */
    payerAccount: text('payer_account'),
    payerAccountSource: text('payer_account_source', { enum: ['statement', 'payer'] }),
    /** the card gateway's payment id, card refunds only */
    gatewayRef: text('gateway_ref'),
    /** tries at the gateway or the bank that failed, and the last failure */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** the payment order (daily file) it went out in, and the statement line that settled it */
    batchRef: text('batch_ref'),
    bankRef: text('bank_ref'),
    createdAt: text('created_at').notNull().default(now),
    sentAt: text('sent_at'),
    settledAt: text('settled_at'),
  },
  (t) => [
    uniqueIndex('refunds_dedupe').on(t.dedupeKey),
    index('refunds_order').on(t.orderId),
    index('refunds_status').on(t.status, t.method),
    index('refunds_batch').on(t.batchRef),
    check('refunds_positive', sql`${t.amountMinor} > 0`),
  ],
);
