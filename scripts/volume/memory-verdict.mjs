// The soak's memory verdict. workerd's RSS grows with every request even for a hello-world
// worker under Miniflare (about 18 KB a request here: the runtime's own memory, not the
// worker's), so RSS alone cannot tell a leak in our code. The worker's JavaScript heap after a
// full GC (a heap snapshot forces one) can: caches that are bounded stop growing after warm-up.

/** a leak: more than this kept after GC across the run, and more than PER_REQUEST_KB a request */
export const HEAP_GROWTH_MB = 8;
export const PER_REQUEST_KB = 0.5;

/**
 * `heap`: the worker's heap after GC at the end of warm-up and at the end, with the requests
 * served by then ({ bytes, requests }); `rss`: samples { t, rss (KB), requests } after warm-up,
 * reported only. Returns { ok, text }; not judged (ok) without both heap readings.
 */
export function memoryVerdict({ heap, rss = [] }) {
  const mb = (bytes) => (bytes / 1048576).toFixed(1);
  let rssText = '';
  if (rss.length >= 2) {
    const first = rss[0];
    const last = rss.at(-1);
    rssText = `workerd RSS ${(first.rss / 1024).toFixed(0)} → ${(last.rss / 1024).toFixed(0)} MB after warm-up, ${((last.rss - first.rss) / Math.max(1, last.requests - first.requests)).toFixed(1)} KB per request (the runtime's, reported only)`;
  }
  if (!heap?.start || !heap?.end) return { ok: true, text: `worker heap not judged (no inspector reading)${rssText ? `; ${rssText}` : ''}` };
  const grown = heap.end.bytes - heap.start.bytes;
  const requests = Math.max(1, heap.end.requests - heap.start.requests);
  const perRequestKb = grown / 1024 / requests;
  const ok = !(grown > HEAP_GROWTH_MB * 1048576 && perRequestKb > PER_REQUEST_KB);
  return {
    ok,
    text: `worker heap after GC ${mb(heap.start.bytes)} → ${mb(heap.end.bytes)} MB over ${requests} requests, ${perRequestKb.toFixed(2)} KB per request (${ok ? 'no growth per request' : 'GROWS PER REQUEST'})${rssText ? `; ${rssText}` : ''}`,
  };
}
