// The bench's HTTP client (scripts/bench.mjs, scripts/bench-ttfb.mjs): node:http with keep-alive,
// time to the response headers. fetch costs enough CPU on this 2-core machine to distort the figures.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

/** one request on a keep-alive agent; resolves with the time to the response headers */
export function timedRequest(agent, base, { url, method = 'GET', body, cookie = '', idempotent = false, sign, encoding = 'gzip, deflate, br' }) {
  const target = new URL(base + url);
  const headers = { cookie: `locale=cs${cookie ? `; ${cookie}` : ''}`, 'accept-encoding': encoding };
  if (idempotent) headers['idempotency-key'] = `bench-${randomUUID()}`;
  // a body made per request and signed (the carrier webhook)
  if (sign) {
    body = sign.body();
    headers[sign.header] = sign.signature(body);
  }
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers }, (res) => {
      const ms = performance.now() - t0;
      res.resume();
      res.on('end', () => (res.statusCode < 500 ? resolve(ms) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Time to response headers with `concurrency` requests in flight, `count` in all, after a
 * warm-up; `requests` are taken in turn.
 */
export async function ttfb(requests, { base, concurrency = 10, count = 400 }) {
  const list = (Array.isArray(requests) ? requests : [requests]).map((r) => (typeof r === 'string' ? { url: r } : r));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  for (let i = 0; i < 40; i++) await timedRequest(agent, base, list[i % list.length]);
  const times = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) times.push(await timedRequest(agent, base, list[i % list.length]));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms (n=${times.length}, c=${concurrency})`;
}
