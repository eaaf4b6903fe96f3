import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from './columns';

export const CARRIER_CALL_OUTCOMES = ['ok', 'refused', 'unavailable', 'error'] as const;
export type CarrierCallOutcome = (typeof CARRIER_CALL_OUTCOMES)[number];

/**
 * The call log of the carriers' APIs (issue 24): one row per operation asked of a carrier
 * (create, find, cancel, track, orderPickup, cancelPickup) with its outcome and duration, for
 * GET v1/app/carriers/health. No personal data; pruned by the daily job (RETENTION_DAYS).
 */
export const carrierCalls = sqliteTable(
  'carrier_calls',
  {
    id: integer('id').primaryKey(),
    createdAt: text('created_at').notNull().default(now),
    carrier: text('carrier').notNull(),
    call: text('call').notNull(),
    /** ok; refused (the carrier said no: its answer, not a fault); unavailable (down, timed out); error (a bug of ours or an answer we could not read) */
    outcome: text('outcome', { enum: CARRIER_CALL_OUTCOMES }).notNull(),
    ms: integer('ms').notNull(),
  },
  (t) => [index('carrier_calls_carrier_created').on(t.carrier, t.createdAt), index('carrier_calls_created_at').on(t.createdAt)],
);
