// The Česká pošta (Balíkovna) sandbox's tables (local development only); re-exported by schema.ts.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The sandbox's parcels, one row per parcel code; the parts of a multi-part consignment share
 * its main parcel's code. `acceptedAt` is when the post office accepted the consignment (a
 * counter scan, or the sandbox's own hand-in time); from then on its data cannot be withdrawn.
 */
export const sandboxCpostParcels = sqliteTable('sandbox_cpost_parcels', {
  parcelCode: text('parcel_code').primaryKey(),
  consignment: text('consignment').notNull(),
  recordId: text('record_id').notNull(),
  prefix: text('prefix').notNull(),
  sequence: integer('sequence').notNull(),
  quantity: integer('quantity').notNull(),
  note: text('note'),
  /** the Balíkovna point's code (NB parcels), else null */
  pointCode: text('point_code'),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  /** JSON of the label's texts, to print it again (parcelPrinting) */
  label: text('label').notNull(),
  createdAt: text('created_at').notNull(),
  acceptedAt: text('accepted_at'),
});

/** nonces of signed requests the sandbox has seen (a nonce is good once), with when (ms) */
export const sandboxCpostNonces = sqliteTable('sandbox_cpost_nonces', {
  nonce: text('nonce').primaryKey(),
  seenAt: integer('seen_at').notNull(),
});
