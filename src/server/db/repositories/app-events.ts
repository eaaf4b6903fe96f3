import { asc, inArray, lt } from 'drizzle-orm';
import { database } from '../client';
import { appErrors, carrierCalls, handshakes } from '../schema';

/** Client starts and error reports: written by the app calls, pruned by the scheduled job. */

export const insertHandshake = (d1: D1Database, row: typeof handshakes.$inferInsert) => database(d1).insert(handshakes).values(row).run();

export const insertAppError = (d1: D1Database, row: typeof appErrors.$inferInsert) => database(d1).insert(appErrors).values(row).run();

const TABLES = { app_errors: appErrors, handshakes, carrier_calls: carrierCalls } as const;
export type EventTable = keyof typeof TABLES;

/** deletes at most `limit` of the oldest rows created before `before`; the number deleted */
export async function deleteEventsBefore(d1: D1Database, table: EventTable, before: string, limit: number): Promise<number> {
  const db = database(d1);
  const t = TABLES[table];
  const oldest = db.select({ id: t.id }).from(t).where(lt(t.createdAt, before)).orderBy(asc(t.createdAt)).limit(limit);
  const { meta } = await db.delete(t).where(inArray(t.id, oldest)).run();
  return meta.changes;
}
