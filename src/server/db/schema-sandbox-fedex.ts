// The FedEx sandbox's tables (local development only); re-exported by schema.ts.
import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

/**
 * The FedEx sandbox's shipments, by master tracking number: its packages' 12-digit numbers,
 * when the courier scanned it (cancel is refused from then on) and when it was cancelled.
 */
export const sandboxFedexShipments = sqliteTable('sandbox_fedex_shipments', {
  masterTrackingNumber: text('master_tracking_number').primaryKey(),
  /** JSON array of the packages' tracking numbers, the master first */
  packages: text('packages').notNull(),
  reference: text('reference'),
  serviceType: text('service_type').notNull(),
  /** JSON array of the ETD documents' ids the shipment references */
  documents: text('documents').notNull(),
  fromCity: text('from_city').notNull(),
  toCity: text('to_city').notNull(),
  createdAt: text('created_at').notNull(),
  pickedUpAt: text('picked_up_at'),
  cancelledAt: text('cancelled_at'),
});

/** The FedEx sandbox's pickups, by confirmation code and location. */
export const sandboxFedexPickups = sqliteTable('sandbox_fedex_pickups', {
  code: text('code').primaryKey(),
  location: text('location').notNull(),
  scheduledDate: text('scheduled_date').notNull(),
  cancelledAt: text('cancelled_at'),
});

/** Documents uploaded to the sandbox's Trade Documents Upload API (the file is not kept). */
export const sandboxFedexDocuments = sqliteTable('sandbox_fedex_documents', {
  docId: text('doc_id').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: text('created_at').notNull(),
});
