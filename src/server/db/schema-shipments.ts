// The shipments area's tables of the client section (Step 7); re-exported by schema.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
