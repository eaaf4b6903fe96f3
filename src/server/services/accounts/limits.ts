import { failureTimes, recordSignInAttempt } from '../../db/repositories/users';
import { SignInLocked } from './errors';

/**
 * Sign-in limits (issue 9): after 10 failures within 15 minutes an e-mail is refused for the
 * next 15 minutes; one client address gets at most 100 failures an hour. Refused attempts are
 * not counted again, so a lock ends when it says it does.
 */
export const SIGN_IN_LIMITS = {
  email: { failures: 10, withinMs: 15 * 60_000, lockMs: 15 * 60_000 },
  address: { failures: 100, withinMs: 60 * 60_000 },
} as const;

/** when the lock of these failure times (oldest first) ends, or 0: the latest run of `failures` within `withinMs` + `lockMs` */
export function lockEnd(times: readonly number[], failures: number, withinMs: number, lockMs: number): number {
  let end = 0;
  for (let j = failures - 1; j < times.length; j++) {
    if (times[j]! - times[j - failures + 1]! <= withinMs) end = Math.max(end, times[j]! + lockMs);
  }
  return end;
}

/** throws SignInLocked when the e-mail or the address may not try now */
export async function assertMayTry(db: D1Database, email: string, address: string, now: Date): Promise<void> {
  const { email: e, address: a } = SIGN_IN_LIMITS;
  const t = now.getTime();
  const byEmail = (await failureTimes(db, { email }, new Date(t - e.withinMs - e.lockMs).toISOString(), 200)).map(Date.parse);
  const emailLockedUntil = lockEnd(byEmail, e.failures, e.withinMs, e.lockMs);
  if (emailLockedUntil > t) throw new SignInLocked(Math.ceil((emailLockedUntil - t) / 1000));
  const byAddress = (await failureTimes(db, { address }, new Date(t - a.withinMs).toISOString(), a.failures)).map(Date.parse);
  if (byAddress.length >= a.failures) throw new SignInLocked(Math.ceil((byAddress[0]! + a.withinMs - t) / 1000));
}

export const recordAttempt = (db: D1Database, email: string, address: string, success: boolean) => recordSignInAttempt(db, { email, address, success });
