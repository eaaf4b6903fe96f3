import { sql } from 'drizzle-orm';
import { database } from '../client';
import { carrierCalls, type CarrierCallOutcome } from '../schema';

export type CarrierCallRow = typeof carrierCalls.$inferInsert;

export const insertCarrierCall = (d1: D1Database, row: CarrierCallRow) => database(d1).insert(carrierCalls).values(row).run();

export type LastCarrierCall = { carrier: string; createdAt: string; call: string; outcome: CarrierCallOutcome; ms: number };

/** the latest call of each of `carriers` (null for one never called); one indexed lookup each */
export async function lastCarrierCalls(d1: D1Database, carriers: readonly string[]): Promise<(LastCarrierCall | null)[]> {
  const statement = d1.prepare('SELECT carrier, created_at AS createdAt, call, outcome, ms FROM carrier_calls WHERE carrier = ? ORDER BY created_at DESC, id DESC LIMIT 1');
  const answers = await d1.batch<LastCarrierCall>(carriers.map((carrier) => statement.bind(carrier)));
  return answers.map((answer) => answer.results[0] ?? null);
}

export type CarrierCallCounts = { carrier: string; calls: number; refused: number; failed: number };

/** per carrier, the calls since `since` (ISO): all, refused by the carrier, and failed (unavailable or error) */
export async function carrierCallCounts(d1: D1Database, since: string): Promise<CarrierCallCounts[]> {
  return database(d1)
    .select({
      carrier: carrierCalls.carrier,
      calls: sql<number>`count(*)`,
      refused: sql<number>`sum(${carrierCalls.outcome} = 'refused')`,
      failed: sql<number>`sum(${carrierCalls.outcome} IN ('unavailable', 'error'))`,
    })
    .from(carrierCalls)
    .where(sql`${carrierCalls.createdAt} >= ${since}`)
    .groupBy(carrierCalls.carrier)
    .all();
}
