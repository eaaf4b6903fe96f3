// The request side of the benches (scripts/bench.mjs, scripts/bench-limiter.mjs, scripts/bench-ttfb.mjs): a timed
// request on a keep-alive node:http agent, TTFB percentiles at a given concurrency, and the
// quote/find request mix. The client is node:http (fetch costs enough CPU on this 2-core
// machine to distort the figures).
import http from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * One request on a keep-alive agent: { headersMs, ms, status, body } (times to the response's
 * headers and end; `body` only with `json`). `url` and `body` may be functions called per
 * request; `sign` makes and signs a body per request (the carrier webhook). Also used by the
 * volume bench and the soak (scripts/volume/http.mjs).
 */
export function sendTimed(agent, base, { url, method = 'GET', body, cookie = '', idempotent = false, sign, encoding = 'gzip, deflate, br', origin = false, json = false, keyPrefix = 'bench' }) {
  const target = new URL(base + (typeof url === 'function' ? url() : url));
  const headers = { cookie: `locale=cs${cookie ? `; ${cookie}` : ''}`, 'accept-encoding': encoding };
  if (origin) headers.origin = base;
  if (idempotent) headers['idempotency-key'] = `${keyPrefix}-${randomUUID()}`;
  if (typeof body === 'function') body = body();
  if (sign) {
    body = sign.body();
    headers[sign.header] = sign.signature(body);
  }
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers }, (res) => {
      const headersMs = performance.now() - t0;
      const chunks = [];
      res.on('data', (c) => json && chunks.push(c));
      res.on('end', () => resolve({ headersMs, ms: performance.now() - t0, status: res.statusCode, body: json ? Buffer.concat(chunks).toString() : null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** one request; resolves with the time to the response headers, rejects on a 5xx */
export async function timedRequest(agent, base, request) {
  const r = await sendTimed(agent, base, request);
  if (r.status >= 500) throw new Error(`${typeof request.url === 'function' ? 'request' : request.url}: HTTP ${r.status}`);
  return r.headersMs;
}

/**
 * Time to response headers with `concurrency` requests in flight, `count` in all, after a
 * warm-up of 40; `requests` are taken in turn. Resolves with the line the bench prints.
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

/** the p50 of a ttfb() line */
export const p50Of = (line) => Number(/p50 ([\d.]+)/.exec(line)[1]);

/** the middle value (the lower middle of an even count) */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

// eight different shipments in turn, so nothing can answer from a cache of one
const place = { praha: { country: 'cz', zip: '11000', city: 'Praha' }, brno: { country: 'cz', zip: '60200', city: 'Brno' }, ostrava: { country: 'cz', zip: '70200', city: 'Ostrava' }, bratislava: { country: 'sk', zip: '81104', city: 'Bratislava' }, berlin: { country: 'de', zip: '10115', city: 'Berlin' }, wien: { country: 'at', zip: '1010', city: 'Wien' } };
const box = (weight, width = 30, height = 20, length = 40) => ({ type: 0, weight, width, height, length });
const shipments = [
  { from: place.praha, to: place.brno, packages: [box(2)] },
  { from: place.brno, to: place.ostrava, packages: [box(0.5, 10, 10, 10)] },
  { from: place.praha, to: place.bratislava, packages: [box(7.5)] },
  { from: place.ostrava, to: place.berlin, packages: [box(12, 50, 40, 40)] },
  { from: place.praha, to: place.brno, packages: [box(3), box(4), box(1)], services: [{ code: 'cod', data: { value: { value: 1500, currency: 'CZK' } } }] },
  { from: place.brno, to: place.wien, packages: [box(20, 60, 40, 40)] },
  { from: place.praha, to: place.ostrava, packages: [box(31)], services: [{ code: 'ins', data: { value: { value: 80000, currency: 'CZK' } } }] },
  { from: place.bratislava, to: place.praha, packages: [box(1.2)] },
];
/** the quote/find mix of the bench: POST /api/v2/quote/find for the eight shipments above */
export const quoteFind = shipments.map((shipment) => ({ url: '/api/v2/quote/find', method: 'POST', body: JSON.stringify(shipment) }));

/** throws unless every request of the quote/find mix answers with quotes */
export async function checkQuotes(base) {
  for (const { url, body } of quoteFind) {
    const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const quotes = res.ok ? (await res.json()).data : [];
    if (!quotes.length) throw new Error(`quote/find answered ${res.status} without quotes for ${body}`);
  }
}
