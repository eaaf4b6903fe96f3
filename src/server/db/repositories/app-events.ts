import { and, asc, inArray, isNotNull, lt } from 'drizzle-orm';
import { database } from '../client';
import { apiKeys, appErrors, carrierCalls, contactMessages, handshakes, idempotencyKeys, oneTimeTokens, signInAttempts } from '../schema';

/** Client starts and error reports: written by the app calls, pruned by the scheduled job. */

export const insertHandshake = (d1: D1Database, row: typeof handshakes.$inferInsert) => database(d1).insert(handshakes).values(row).run();

export const insertAppError = (d1: D1Database, row: typeof appErrors.$inferInsert) => database(d1).insert(appErrors).values(row).run();

const TABLES = { app_errors: appErrors, handshakes, carrier_calls: carrierCalls, sign_in_attempts: signInAttempts, contact_messages: contactMessages } as const;
export type EventTable = keyof typeof TABLES;

/** deletes at most `limit` of the oldest rows created before `before`; the number deleted */
export async function deleteEventsBefore(d1: D1Database, table: EventTable, before: string, limit: number): Promise<number> {
  const db = database(d1);
  const t = TABLES[table];
  const oldest = db.select({ id: t.id }).from(t).where(lt(t.createdAt, before)).orderBy(asc(t.createdAt)).limit(limit);
  const { meta } = await db.delete(t).where(inArray(t.id, oldest)).run();
  return meta.changes;
}

/** deletes at most `limit` one-time tokens that expired before `before` (used or not, they open nothing) */
export async function deleteTokensExpiredBefore(d1: D1Database, before: string, limit: number): Promise<number> {
  const db = database(d1);
  const oldest = db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, before)).orderBy(asc(oneTimeTokens.expiresAt)).limit(limit);
  return (await db.delete(oneTimeTokens).where(inArray(oneTimeTokens.id, oldest)).run()).meta.changes;
}

/** deletes at most `limit` API keys (sessions) revoked before `before` */
export async function deleteKeysRevokedBefore(d1: D1Database, before: string, limit: number): Promise<number> {
  const db = database(d1);
  const oldest = db.select({ id: apiKeys.id }).from(apiKeys).where(and(isNotNull(apiKeys.revokedAt), lt(apiKeys.revokedAt, before))).orderBy(asc(apiKeys.revokedAt)).limit(limit);
  return (await db.delete(apiKeys).where(inArray(apiKeys.id, oldest)).run()).meta.changes;
}

/** deletes at most `limit` idempotency keys created before `before` */
export async function deleteIdempotencyKeysBefore(d1: D1Database, before: string, limit: number): Promise<number> {
  const db = database(d1);
  const oldest = db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).orderBy(asc(idempotencyKeys.createdAt)).limit(limit);
  return (await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, oldest)).run()).meta.changes;
}
