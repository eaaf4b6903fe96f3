// The Liftago sandbox's tables (local development only); re-exported by schema.ts.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** the sandbox's delivery rides; `partnerRef` is the partner's own id (a duplicate POST answers the same ride) */
export const sandboxLiftagoRides = sqliteTable('sandbox_liftago_rides', {
  rideId: text('ride_id').primaryKey(),
  partnerRef: text('partner_ref').notNull().unique(),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  /** the PICKUP stop's arrival window (UTC ISO) */
  windowFrom: text('window_from'),
  windowTo: text('window_to'),
  createdAt: text('created_at').notNull(),
  /** when the driver took the parcel on board (ON_BOARD) */
  onBoardAt: text('on_board_at'),
  cancelledAt: text('cancelled_at'),
});

/** the sandbox's price of a window set by a test or a demo (`*` for every window), in haléře without VAT */
export const sandboxLiftagoPrices = sqliteTable('sandbox_liftago_prices', {
  window: text('window').primaryKey(),
  priceMinor: integer('price_minor').notNull(),
});
