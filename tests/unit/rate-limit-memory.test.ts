import { beforeEach, describe, expect, it } from 'vitest';
import { checkRateLimit, DECISION_MEMORY_MS, forgetRateLimitDecisions, RATE_LIMITS } from '../../src/edge/rate-limit';

/** a limiter whose answers the test gives, one per call, when it wants */
function manualLimiter() {
  const calls: { key: string; answer: (success: boolean) => void }[] = [];
  const limiter = {
    limit: ({ key }: { key: string }) => new Promise<{ success: boolean }>((resolve) => calls.push({ key, answer: (success) => resolve({ success }) })),
  } as unknown as RateLimit;
  return { limiter, calls };
}

const quote = { method: 'POST', pathname: '/api/v2/quote/find', headers: new Headers({ 'cf-connecting-ip': '198.51.100.1' }), signedIn: false };
const signIn = { method: 'POST', pathname: '/api/v1/user/login', headers: new Headers({ 'cf-connecting-ip': '198.51.100.1' }), signedIn: false };
const settled = async <T>(p: Promise<T>) => Promise.race([p.then((v) => ({ value: v })), new Promise<'pending'>((r) => setTimeout(() => r('pending'), 20))]);

beforeEach(() => forgetRateLimitDecisions());

describe('the limiter off the critical path for expensive reads', () => {
  it('the first quote of a client waits for the limiter', async () => {
    const { limiter, calls } = manualLimiter();
    const check = checkRateLimit({ RATE_LIMIT_EXPENSIVE: limiter }, quote, () => {}, 1_000);
    expect(await settled(check)).toBe('pending');
    calls[0]!.answer(true);
    expect(await check).toBeNull();
  });

  it('a quote within a second of an allowed one goes on at once, still counted in the background', async () => {
    const { limiter, calls } = manualLimiter();
    const deferred: Promise<unknown>[] = [];
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const first = checkRateLimit(env, quote, (p) => deferred.push(p), 1_000);
    calls[0]!.answer(true);
    await first;
    const now = Date.now();
    expect(await settled(checkRateLimit(env, quote, (p) => deferred.push(p), now + DECISION_MEMORY_MS - 100))).toEqual({ value: null });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).toBe('expensive:198.51.100.1');
    expect(deferred).toHaveLength(1);
  });

  it('once the background count says no, the next quote is refused without asking', async () => {
    const { limiter, calls } = manualLimiter();
    const deferred: Promise<unknown>[] = [];
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const first = checkRateLimit(env, quote, (p) => deferred.push(p));
    calls[0]!.answer(true);
    await first;
    expect(await checkRateLimit(env, quote, (p) => deferred.push(p))).toBeNull();
    calls[1]!.answer(false);
    await deferred[0];
    const refused = await checkRateLimit(env, quote, (p) => deferred.push(p));
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toBe(String(RATE_LIMITS.expensive.periodS));
    expect(calls).toHaveLength(2);
  });

  it('an answer older than a second is asked again and waited for', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const first = checkRateLimit(env, quote, () => {});
    calls[0]!.answer(true);
    await first;
    const later = checkRateLimit(env, quote, () => {}, Date.now() + DECISION_MEMORY_MS + 1);
    expect(await settled(later)).toBe('pending');
    calls[1]!.answer(false);
    expect((await later)?.status).toBe(429);
  });

  it('without a way to finish work in the background every check waits', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const first = checkRateLimit(env, quote);
    calls[0]!.answer(true);
    await first;
    expect(await settled(checkRateLimit(env, quote))).toBe('pending');
  });

  it('writes always wait: a sign-in past the budget never gets through', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_WRITES: limiter };
    const first = checkRateLimit(env, signIn, () => {});
    calls[0]!.answer(true);
    await first;
    const second = checkRateLimit(env, signIn, () => {});
    expect(await settled(second)).toBe('pending');
    calls[1]!.answer(false);
    expect((await second)?.status).toBe(429);
  });

  it('clients are remembered apart', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const first = checkRateLimit(env, quote, () => {});
    calls[0]!.answer(true);
    await first;
    const other = checkRateLimit(env, { ...quote, headers: new Headers({ 'cf-connecting-ip': '198.51.100.2' }) }, () => {});
    expect(await settled(other)).toBe('pending');
    calls[1]!.answer(true);
    expect(await other).toBeNull();
  });
});
