import { describe, expect, it } from 'vitest';
import { memoryVerdict } from '../../scripts/volume/memory-verdict.mjs';

const MB = 1048576;
// workerd's RSS under the soak: up ~50 KB a request whatever the worker keeps
const rss = Array.from({ length: 60 }, (_, i) => ({ t: 60 + i * 5, rss: 300_000 + i * 11_000, requests: i * 220 }));

describe('soak memory verdict', () => {
  it('passes a worker whose heap after GC stays flat while workerd RSS rises', () => {
    const v = memoryVerdict({ heap: { start: { bytes: 24 * MB, requests: 1_000 }, end: { bytes: 26 * MB, requests: 14_000 } }, rss });
    expect(v.ok).toBe(true);
    expect(v.text).toContain('no growth per request');
    expect(v.text).toMatch(/KB per request \(the runtime's/);
  });

  it('fails a worker that keeps memory per request after GC', () => {
    // 1 KB kept per request: an unbounded memo
    const v = memoryVerdict({ heap: { start: { bytes: 24 * MB, requests: 1_000 }, end: { bytes: 24 * MB + 13_000 * 1024, requests: 14_000 } }, rss });
    expect(v.ok).toBe(false);
    expect(v.text).toContain('GROWS PER REQUEST');
  });

  it('lets bounded caches fill up: a few MB kept once is no growth per request', () => {
    expect(memoryVerdict({ heap: { start: { bytes: 24 * MB, requests: 100 }, end: { bytes: 30 * MB, requests: 1_100 } } }).ok).toBe(true);
  });

  it('does not judge without both heap readings', () => {
    expect(memoryVerdict({ heap: { start: { bytes: 24 * MB, requests: 0 }, end: null }, rss }).text).toContain('not judged');
  });
});
