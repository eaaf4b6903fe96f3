// The GLS (MyGLS) sandbox's table (local development only); re-exported by schema.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sandbox's parcels, one row per piece (a MyGLS parcel of Count n has n pieces, each with its
 * own ParcelId and parcel number; the first piece's id is the parcel's). `pickedUpAt` is GLS's
 * first scan (the driver's, or the daily pickup's): from then on DeleteLabels refuses it.
 */
export const sandboxGlsParcels = sqliteTable(
  'sandbox_gls_parcels',
  {
    parcelId: integer('parcel_id').primaryKey(),
    mainParcelId: integer('main_parcel_id').notNull(),
    parcelNumber: text('parcel_number').notNull().unique(),
    /** the MyGLS instance (CZ or SK) that printed it */
    country: text('country').notNull(),
    clientNumber: integer('client_number').notNull(),
    clientReference: text('client_reference'),
    content: text('content'),
    piece: integer('piece').notNull(),
    count: integer('count').notNull(),
    /** the ParcelShop's id of a PSD parcel, else null */
    parcelShop: text('parcel_shop'),
    fromCity: text('from_city').notNull(),
    toCity: text('to_city').notNull(),
    createdAt: text('created_at').notNull(),
    pickedUpAt: text('picked_up_at'),
    deletedAt: text('deleted_at'),
  },
  (t) => [index('sandbox_gls_parcels_reference').on(t.clientReference), index('sandbox_gls_parcels_main').on(t.mainParcelId)],
);
