import { sql } from 'drizzle-orm';
import { shipments } from './schema';

/** a parcel's tracking statuses after which nothing more happens to it (literals: partial indexes match them) */
export const FINAL_TRACKING = sql`('delivered', 'cancelled', 'return_to_sender')`;

/**
 * An open parcel (the partial index shipments_open: these literals match its WHERE, so a query on it walks only open
 * parcels, never the delivered ones the table fills with): booked, not in a final tracking status (FINAL_TRACKING),
 * and its events not archived (a parcel silent for ARCHIVE_AFTER_MONTHS is: services/archive/
 * tracking.ts). The poller asks about these; the events archive takes the silent ones among them.
 */
export const OPEN = sql`${shipments.status} = 'created' AND ${shipments.trackingStatus} NOT IN ${FINAL_TRACKING} AND ${shipments.eventsArchivedAt} IS NULL`;

/** a parcel's last news: its newest event, or its booking when it has none (the poller leaves, the archive ends a silent parcel by it) */
export const LAST_NEWS = sql`COALESCE(${shipments.trackingAt}, ${shipments.createdAt})`;
