import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkRateLimit, DECISION_MEMORY_MS, forgetRateLimitDecisions, RATE_LIMITS } from '../../src/edge/rate-limit';

/** a limiter whose answers the test gives, one per call, when it wants */
function manualLimiter() {
  const calls: { key: string; answer: (success: boolean) => void }[] = [];
  const limiter = {
    limit: ({ key }: { key: string }) => new Promise<{ success: boolean }>((resolve) => calls.push({ key, answer: (success) => resolve({ success }) })),
  } as unknown as RateLimit;
  return { limiter, calls };
}

/** the platform's simple limiter as the binding counts: `limit` calls per key in fixed windows of `periodS`, on the test's clock */
function windowLimiter(limit: number, periodS: number, clock: { now: number }) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  const limiter = {
    limit: async ({ key }: { key: string }) => {
      keys.push(key);
      const slot = `${key}@${Math.floor(clock.now / (periodS * 1000))}`;
      const count = (counts.get(slot) ?? 0) + 1;
      counts.set(slot, count);
      return { success: count <= limit };
    },
  } as unknown as RateLimit;
  return { limiter, keys };
}

const from = (ip: string) => new Headers({ 'cf-connecting-ip': ip });
const quote = { method: 'POST', pathname: '/api/v2/quote/find', headers: from('198.51.100.1'), signedIn: false };
const signIn = { method: 'POST', pathname: '/api/v1/user/login', headers: from('198.51.100.1'), signedIn: false };
const settled = async <T>(p: Promise<T>) => Promise.race([p.then((v) => ({ value: v })), new Promise<'pending'>((r) => setTimeout(() => r('pending'), 20))]);
const { sample, perPeriod, periodS } = RATE_LIMITS.expensive;
/** the binding's limit as wrangler.toml sets it (tests/unit/edge-config.test.ts compares) */
const bindingLimit = perPeriod / sample;

beforeEach(() => forgetRateLimitDecisions());

describe('the limiter off the critical path for expensive reads: one call per `sample` reads, in the background', () => {
  it(`calls the binding ${100 / sample} times per 100 reads of one client, at every ${sample}th read`, async () => {
    const clock = { now: 1_000_000 };
    const { limiter, keys } = windowLimiter(1_000_000, periodS, clock);
    const deferred: Promise<unknown>[] = [];
    const callsAfter: number[] = [];
    for (let i = 0; i < 100; i++) {
      expect(await checkRateLimit({ RATE_LIMIT_EXPENSIVE: limiter }, quote, (p) => deferred.push(p), clock.now)).toBeNull();
      callsAfter.push(keys.length);
    }
    await Promise.all(deferred);
    expect(keys).toHaveLength(100 / sample);
    expect(new Set(keys)).toEqual(new Set(['expensive:198.51.100.1']));
    expect(deferred).toHaveLength(100 / sample);
    // the first call comes with the sample-th read, not the first (a read never counts for more than one)
    expect(callsAfter.indexOf(1)).toBe(sample - 1);
  });

  it('no read waits for the limiter, not even the one that calls it', async () => {
    const { limiter, calls } = manualLimiter();
    for (let i = 0; i < 3 * sample; i++) expect(await settled(checkRateLimit({ RATE_LIMIT_EXPENSIVE: limiter }, quote, () => {}))).toEqual({ value: null });
    expect(calls).toHaveLength(3);
  });

  it(`refuses a client past its budget after between ${perPeriod + 1} and ${perPeriod + sample} reads of a window, whatever it read before, and keeps refusing`, async () => {
    for (let before = 0; before < sample; before++) {
      forgetRateLimitDecisions();
      const clock = { now: 10 * periodS * 1000 + before * 7_919 };
      const { limiter, keys } = windowLimiter(bindingLimit, periodS, clock);
      const env = { RATE_LIMIT_EXPENSIVE: limiter };
      const deferred: Promise<unknown>[] = [];
      const read = async () => {
        const res = await checkRateLimit(env, quote, (p) => deferred.push(p), clock.now);
        await Promise.all(deferred);
        return res;
      };
      // reads in the window before, left uncounted (fewer than `sample`)
      for (let i = 0; i < before; i++) expect(await read()).toBeNull();
      clock.now = (Math.floor(clock.now / (periodS * 1000)) + 1) * periodS * 1000;
      const windowEnd = clock.now + periodS * 1000;
      let served = 0;
      while ((await read()) === null) {
        served++;
        clock.now += 10;
        expect(served, `${before} read before the window`).toBeLessThanOrEqual(perPeriod + sample);
      }
      expect(served, `${before} read before the window`).toBeGreaterThan(perPeriod);
      // refused without asking while the refusal is fresh
      const callsAtRefusal = keys.length;
      for (let i = 0; i < 20; i++) expect((await read())?.status).toBe(429);
      expect(keys).toHaveLength(callsAtRefusal);
      // then one read asks and waits for an exact answer: still no within the window
      clock.now += DECISION_MEMORY_MS;
      expect(clock.now).toBeLessThan(windowEnd);
      const refused = await read();
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get('retry-after')).toBe(String(periodS));
      expect(keys).toHaveLength(callsAtRefusal + 1);
      // in the next window the exact answer is yes, and sampling resumes
      clock.now = windowEnd;
      expect(await read()).toBeNull();
      for (let i = 0; i < sample; i++) expect(await read()).toBeNull();
      expect(keys).toHaveLength(callsAtRefusal + 3);
    }
  });

  it('a refused client asking again after DECISION_MEMORY_MS waits for the answer', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const deferred: Promise<unknown>[] = [];
    for (let i = 0; i < sample; i++) await checkRateLimit(env, quote, (p) => deferred.push(p), 5_000);
    calls[0]!.answer(false);
    await Promise.all(deferred);
    expect((await checkRateLimit(env, quote, () => {}, 5_000 + DECISION_MEMORY_MS - 1))?.status).toBe(429);
    expect(calls).toHaveLength(1);
    const later = checkRateLimit(env, quote, () => {}, 5_000 + DECISION_MEMORY_MS);
    expect(await settled(later)).toBe('pending');
    calls[1]!.answer(true);
    expect(await later).toBeNull();
  });

  it('without a way to finish work in the background the sampled call waits, and only that one', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    for (let i = 0; i < sample - 1; i++) expect(await settled(checkRateLimit(env, quote))).toEqual({ value: null });
    const counted = checkRateLimit(env, quote);
    expect(await settled(counted)).toBe('pending');
    calls[0]!.answer(true);
    expect(await counted).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a failing limiter lets reads through and refuses nobody', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { limit: () => Promise.reject(new Error('down')) } as unknown as RateLimit;
    const deferred: Promise<unknown>[] = [];
    for (let i = 0; i < 3 * sample; i++) {
      expect(await checkRateLimit({ RATE_LIMIT_EXPENSIVE: broken }, quote, (p) => deferred.push(p))).toBeNull();
      await Promise.all(deferred);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('writes always wait: every sign-in asks, and one past the budget never gets through', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_WRITES: limiter };
    const first = checkRateLimit(env, signIn, () => {});
    expect(await settled(first)).toBe('pending');
    calls[0]!.answer(true);
    await first;
    const second = checkRateLimit(env, signIn, () => {});
    expect(await settled(second)).toBe('pending');
    calls[1]!.answer(false);
    expect((await second)?.status).toBe(429);
    expect(calls).toHaveLength(2);
  });

  it('signed calls always wait for their own answer', async () => {
    const { limiter, calls } = manualLimiter();
    const events = { method: 'POST', pathname: '/api/v1/carriers/dpd/events', headers: from('198.51.100.3'), signedIn: false };
    for (let i = 0; i < 2; i++) {
      const check = checkRateLimit({ RATE_LIMIT_SIGNED: limiter }, events, () => {});
      expect(await settled(check)).toBe('pending');
      calls[i]!.answer(true);
      expect(await check).toBeNull();
    }
    expect(calls.map((c) => c.key)).toEqual(['signed:carrier:dpd:198.51.100.3', 'signed:carrier:dpd:198.51.100.3']);
  });

  it('clients are counted apart', async () => {
    const { limiter, calls } = manualLimiter();
    const env = { RATE_LIMIT_EXPENSIVE: limiter };
    const other = { ...quote, headers: from('198.51.100.2') };
    for (let i = 0; i < sample - 1; i++) {
      await checkRateLimit(env, quote, () => {});
      await checkRateLimit(env, other, () => {});
    }
    expect(calls).toHaveLength(0);
    await checkRateLimit(env, other, () => {});
    expect(calls.map((c) => c.key)).toEqual(['expensive:198.51.100.2']);
    calls[0]!.answer(false);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    // the other client is refused; this one is not
    expect((await checkRateLimit(env, other, () => {}))?.status).toBe(429);
    expect(await checkRateLimit(env, quote, () => {})).toBeNull();
  });
});
