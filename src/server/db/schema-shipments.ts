// The shipments area's tables of the client section (Step 7); re-exported by schema.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from './columns';
import { shipments, users } from './schema';

/**
 * What the client section's shipment search looks in, one row per shipment of a signed-in
 * user: tracking and order number, the people's names and towns of both sides, lower case
 * and without diacritics ("Plzen" finds "Plzeň"), so SQL `LIKE` can match it. An ordered
 * shipment never changes these, so a row is written once, the first time a search needs it.
 */
export const shipmentSearch = sqliteTable(
  'shipment_search',
  {
    shipmentId: integer('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
  },
  (t) => [index('shipment_search_user').on(t.userId)],
);

/**
 * Customs invoices uploaded in the customs step (the file is R2 customs-invoices/<id>): who
 * uploaded it and from which address (the upload quota counts the ones no order took yet) and
 * when an order took it. The daily housekeeping removes files no order took within a day.
 */
export const customsInvoiceUploads = sqliteTable(
  'customs_invoice_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonymousId: text('anonymous_id'),
    clientAddress: text('client_address').notNull(),
    size: integer('size').notNull(),
    createdAt: text('created_at').notNull().default(now),
    orderedAt: text('ordered_at'),
  },
  (t) => [
    index('customs_invoice_uploads_user').on(t.userId, t.createdAt),
    index('customs_invoice_uploads_anonymous').on(t.anonymousId, t.createdAt),
    index('customs_invoice_uploads_address').on(t.clientAddress, t.createdAt),
    index('customs_invoice_uploads_unordered').on(t.orderedAt, t.createdAt),
  ],
);

