import { archivableShipments, deleteOutboxRows, eventsOfShipments, markArchived, oldOutboxRows, type FinalColumn } from '../../db/repositories/archive';
import type { OriginBindings } from '../../env';
import { gzipJsonLines } from './jsonl';
import type { ArchivedEvent } from './read';
export { archivedEventsOf, type ArchivedEvent } from './read';

/**
 * Six months after a parcel's life ended (delivered, cancelled, or returned to the sender / cancelled
 * by the carrier: its last event, repositories/archive.ts FinalColumn) its tracking events leave D1
 * for R2: claims are filed within weeks, carriers answer disputes for about six months, and
 * customers look back at a parcel rarely after that; the archive still shows them (view.ts).
 */
export const ARCHIVE_AFTER_MONTHS = 6;
/**
 * Outbox mails (sent or not) leave D1 after a month, by the month they were written: a mail
 * with its HTML is ~1.9 KB, ~9 KB a parcel, the largest per-parcel record (docs/retention.md);
 * a failed one is retried within days.
 */
export const OUTBOX_ARCHIVE_AFTER_MONTHS = 1;
/** shipments per archive part (one R2 object): their ids are bound in one statement, under D1's 100 parameters */
export const SHIPMENTS_PER_PART = 90;
/** parts per run: ~5,400 parcels a day, above the ~3,400 a day shipped, so the backlog of a peak drains in days */
export const MAX_PARTS_PER_RUN = 60;
export const OUTBOX_ROWS_PER_PART = 500;
/** 40,000 mails a run: ~17,000 are written on an average day (five a parcel) */
export const MAX_OUTBOX_PARTS_PER_RUN = 80;

export const TRACKING_ARCHIVE_PREFIX = 'archive/tracking/';
export const OUTBOX_ARCHIVE_PREFIX = 'archive/outbox/';

/** the cut-off: `months` calendar months before `now` (UTC) */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/**
 * One object per run's part, never rewritten (R2 objects are immutable; appending to a month's
 * object would mean reading and rewriting it, racing another run): the month of the parcels'
 * end and the part's first and last shipment id, e.g. archive/tracking/2026-03/1200-1290.jsonl.gz.
 * The name follows from the part's content, so a run that died between the R2 write and the D1
 * update writes the same object again.
 */
export const trackingArchiveKey = (month: string, ids: number[]) => `${TRACKING_ARCHIVE_PREFIX}${month}/${Math.min(...ids)}-${Math.max(...ids)}.jsonl.gz`;

const monthOf = (iso: string) => iso.slice(0, 7);

function byMonth<T>(rows: T[], month: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(month(row), [...(groups.get(month(row)) ?? []), row]);
  return groups;
}

/**
 * The daily job: moves the tracking events of parcels final for ARCHIVE_AFTER_MONTHS to R2
 * and deletes them from D1 only after the R2 write succeeded; at most MAX_PARTS_PER_RUN parts
 * a run (the next run continues). Running it again changes nothing.
 */
export async function archiveTrackingEvents(env: Pick<OriginBindings, 'DB' | 'FILES'>, now: Date) {
  const done = { shipments: 0, events: 0, parts: 0 };
  const files = env.FILES;
  if (!files) return done;
  const before = monthsBefore(now, ARCHIVE_AFTER_MONTHS).toISOString();
  const at = now.toISOString();
  for (const final of ['delivered', 'cancelled', 'tracking', 'silent'] as FinalColumn[]) {
    while (done.parts < MAX_PARTS_PER_RUN) {
      const candidates = await archivableShipments(env.DB, final, before, SHIPMENTS_PER_PART);
      if (candidates.length === 0) break;
      const events = await eventsOfShipments(env.DB, candidates.map((c) => c.id));
      for (const [month, group] of byMonth(candidates, (c) => monthOf(c.endedAt))) {
        const ids = group.map((c) => c.id);
        const numbers = new Map(group.map((c) => [c.id, c.trackingNumber]));
        const lines: ArchivedEvent[] = events
          .filter((e) => numbers.has(e.shipmentId))
          .map((e) => ({ id: e.id, shipment_id: e.shipmentId, tracking_number: numbers.get(e.shipmentId)!, event_key: e.eventKey, raw_status: e.rawStatus, status: e.status, occurred_at: e.occurredAt, location: e.location, description: e.description, source: e.source, created_at: e.createdAt }));
        const key = lines.length > 0 ? trackingArchiveKey(month, ids) : null;
        if (key) await files.put(key, await gzipJsonLines(lines), { httpMetadata: { contentType: 'application/x-ndjson' } });
        done.events += await markArchived(env.DB, ids, key, Math.max(0, ...lines.map((l) => l.id)), at);
        done.shipments += ids.length;
        done.parts++;
      }
    }
  }
  return done;
}

/** The outbox's mails older than OUTBOX_ARCHIVE_AFTER_MONTHS, to archive/outbox/<month of creation>/<first id>-<last id>.jsonl.gz, then out of D1. */
export async function archiveOutbox(env: Pick<OriginBindings, 'DB' | 'FILES'>, now: Date) {
  const done = { mails: 0, parts: 0 };
  const files = env.FILES;
  if (!files) return done;
  const before = monthsBefore(now, OUTBOX_ARCHIVE_AFTER_MONTHS).toISOString();
  for (let run = 0; run < MAX_OUTBOX_PARTS_PER_RUN; run++) {
    const rows = await oldOutboxRows(env.DB, before, OUTBOX_ROWS_PER_PART);
    if (rows.length === 0) break;
    for (const [month, group] of byMonth(rows, (r) => monthOf(r.createdAt))) {
      const ids = group.map((r) => r.id);
      await files.put(`${OUTBOX_ARCHIVE_PREFIX}${month}/${Math.min(...ids)}-${Math.max(...ids)}.jsonl.gz`, await gzipJsonLines(group), { httpMetadata: { contentType: 'application/x-ndjson' } });
      done.mails += await deleteOutboxRows(env.DB, ids);
      done.parts++;
    }
    if (rows.length < OUTBOX_ROWS_PER_PART) break;
  }
  return done;
}
