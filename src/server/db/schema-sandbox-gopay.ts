// The GoPay sandbox's tables (local development only); re-exported by schema.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sandbox's payments, as GoPay keeps them: its id (a long), the state and sub_state, the
 * amount in cents and how much of it was refunded, the callback URLs, and the request as sent.
 */
export const sandboxGopayPayments = sqliteTable(
  'sandbox_gopay_payments',
  {
    id: integer('id').primaryKey(),
    goid: text('goid').notNull(),
    orderNumber: text('order_number').notNull(),
    state: text('state').notNull(),
    subState: text('sub_state'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** the cents refunded so far (never more than amount) */
    refunded: integer('refunded').notNull().default(0),
    instrument: text('instrument'),
    lang: text('lang'),
    returnUrl: text('return_url').notNull(),
    notificationUrl: text('notification_url').notNull(),
    /** the create-payment body as received (JSON) */
    request: text('request').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('sandbox_gopay_payments_order').on(t.orderNumber)],
);

/** each refund the sandbox accepted (whole or partial) */
export const sandboxGopayRefunds = sqliteTable(
  'sandbox_gopay_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id').notNull(),
    amount: integer('amount').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('sandbox_gopay_refunds_payment').on(t.paymentId)],
);
