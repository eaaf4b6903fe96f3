import { CARRIER_CODES, type CarrierCode } from '../../lib/types/quote';
import { carrierMode, type CarrierMode } from '../carriers/availability';
import { carrierCallCounts, lastCarrierCalls } from '../db/repositories/carrier-calls';
import type { CarrierCallOutcome } from '../db/schema';
import { isLocalDev, type OriginBindings } from '../env';

export type CarrierHealth = {
  carrier: CarrierCode;
  mode: CarrierMode;
  last_call: { at: string; call: string; outcome: CarrierCallOutcome; ms: number } | null;
  /** the calls of the last hour: all, refused by the carrier (its answer), failed (it did not answer, or we could not read it); error_rate = failed / calls */
  last_hour: { calls: number; refused: number; failed: number; error_rate: number | null };
};

export const HEALTH_WINDOW_MS = 3_600_000;

/** GET v1/app/carriers/health: each carrier's mode and, from the call log, its last call and the last hour's error rate */
export async function carriersHealth(env: OriginBindings, now = new Date()): Promise<CarrierHealth[]> {
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS).toISOString();
  const [last, counts] = await Promise.all([lastCarrierCalls(env.DB, CARRIER_CODES), carrierCallCounts(env.DB, since)]);
  return CARRIER_CODES.map((carrier, i) => {
    const call = last[i];
    const hour = counts.find((c) => c.carrier === carrier);
    const calls = hour?.calls ?? 0;
    const failed = hour?.failed ?? 0;
    return {
      carrier,
      mode: carrierMode(env, carrier),
      last_call: call ? { at: call.createdAt, call: call.call, outcome: call.outcome, ms: call.ms } : null,
      last_hour: { calls, refused: hour?.refused ?? 0, failed, error_rate: calls > 0 ? Math.round((failed / calls) * 1000) / 1000 : null },
    };
  });
}

/** who may see it: anyone with the local-development flag; deployed, the signed-in users named in INTERNAL_USER_EMAILS */
export function mayReadCarrierHealth(env: Pick<OriginBindings, 'LOCAL_DEV' | 'INTERNAL_USER_EMAILS'>, email: string | null): boolean {
  if (isLocalDev(env)) return true;
  if (!email) return false;
  const internal = (env.INTERNAL_USER_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  return internal.includes(email.toLowerCase());
}
