// The One by Allegro (WE|DO) sandbox's tables (local development only); re-exported by schema.ts.
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sandbox's packages, one row per WE|DO order number; `barcodes` is the JSON list of the
 * packages' barcodes. `collectedAt` is when the courier took it (a scan, or the sandbox's daily
 * collection): from then on it is sent and cannot be deleted.
 */
export const sandboxWedoPackages = sqliteTable('sandbox_wedo_packages', {
  orderNumber: text('order_number').primaryKey(),
  reference: text('reference'),
  reference2: text('reference2'),
  barcodes: text('barcodes').notNull(),
  product: text('product').notNull(),
  /** the box or pick-up point code, else null */
  point: text('point'),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  /** JSON of the labels' texts, to print them again */
  label: text('label').notNull(),
  createdAt: text('created_at').notNull(),
  collectedAt: text('collected_at'),
  deletedAt: text('deleted_at'),
});

/** pickup orders (POST /pickup) */
export const sandboxWedoPickups = sqliteTable('sandbox_wedo_pickups', {
  id: text('id').primaryKey(),
  pickupDate: text('pickup_date').notNull(),
  createdAt: text('created_at').notNull(),
  deletedAt: text('deleted_at'),
});
