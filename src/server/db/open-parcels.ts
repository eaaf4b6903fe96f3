import { sql } from 'drizzle-orm';
import { shipments } from './schema';

/**
 * An open parcel (the partial index shipments_open: these literals match its WHERE, so a query on it walks only open
 * parcels, never the delivered ones the table fills with): booked, not in a final tracking status (services/tracking/
 * ingest.ts FINAL_STATUSES), and its events not archived (a parcel silent for ARCHIVE_AFTER_MONTHS is: services/archive/
 * tracking.ts). The poller asks about these; the events archive takes the silent ones among them.
 */
export const OPEN = sql`${shipments.status} = 'created' AND ${shipments.trackingStatus} NOT IN ('delivered', 'cancelled', 'return_to_sender') AND ${shipments.eventsArchivedAt} IS NULL`;
