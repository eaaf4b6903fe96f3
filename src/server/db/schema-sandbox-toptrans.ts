// The TOPTRANS sandbox's table (local development only); re-exported by schema.ts.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sandbox's orders, by TOPTRANS's order id. An order is saved (a draft), then sent: only then
 * it has its order number and piece numbers (`pieces`, JSON). `order` is the saved request (JSON:
 * the label's texts); `loadedAt` is the driver's loading (a scan, or the loading day's own time);
 * `deletedAt` a cancellation.
 */
export const sandboxToptransOrders = sqliteTable('sandbox_toptrans_orders', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  orderNumber: text('order_number').unique(),
  label: text('label'),
  order: text('order').notNull(),
  pieces: text('pieces'),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  loadingDate: text('loading_date'),
  createdAt: text('created_at').notNull(),
  sentAt: text('sent_at'),
  loadedAt: text('loaded_at'),
  deletedAt: text('deleted_at'),
});
