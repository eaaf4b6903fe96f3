import { describe, expect, it } from 'vitest';
import { createQuoteFetcher } from '../../src/state/quote-fetcher';

/** A request that resolves when told to, or rejects like fetch when its signal aborts. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  let signal!: AbortSignal;
  const request = (s: AbortSignal) =>
    new Promise<T>((res, rej) => {
      signal = s;
      resolve = res;
      reject = rej;
      s.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')));
    });
  return { request, resolve: (v: T) => resolve(v), reject: (e: unknown) => reject(e), signal: () => signal };
}

describe('createQuoteFetcher', () => {
  it('returns the value of a request', async () => {
    const fetcher = createQuoteFetcher();
    expect(await fetcher.run(async () => [1, 2])).toEqual({ status: 'ok', value: [1, 2] });
  });

  it('cancels the previous request when a new one starts', async () => {
    const fetcher = createQuoteFetcher();
    const first = deferred<string>();
    const second = deferred<string>();
    const firstRun = fetcher.run(first.request);
    const secondRun = fetcher.run(second.request);
    expect(first.signal().aborted).toBe(true);
    expect(second.signal().aborted).toBe(false);
    second.resolve('new');
    expect(await firstRun).toEqual({ status: 'cancelled' });
    expect(await secondRun).toEqual({ status: 'ok', value: 'new' });
  });

  it('reports a cancelled request that ignored its signal as cancelled', async () => {
    const fetcher = createQuoteFetcher();
    let finish!: (value: string) => void;
    const stubborn = fetcher.run(() => new Promise<string>((resolve) => (finish = resolve)));
    void fetcher.run(async () => 'newer');
    finish('stale');
    expect(await stubborn).toEqual({ status: 'cancelled' });
  });

  it('reports other failures as errors', async () => {
    const fetcher = createQuoteFetcher();
    const failure = new Error('500');
    expect(await fetcher.run(() => Promise.reject(failure))).toEqual({ status: 'error', error: failure });
  });

  it('cancels the pending request on demand', async () => {
    const fetcher = createQuoteFetcher();
    const pending = deferred<string>();
    const run = fetcher.run(pending.request);
    fetcher.cancel();
    expect(await run).toEqual({ status: 'cancelled' });
  });
});
