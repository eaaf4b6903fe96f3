// npm run soak -- [--minutes 10] [--parcels 100000] [--webhooks-per-second 4] [--no-build] [--port 8799] [--reuse]
// Issue 28 item 6: a mixed workload against the built worker at a generated volume for N
// minutes: comparisons, orders paid by the sandbox bank (some in two parts), carrier webhooks at
// 10× the year's average event rate (1.25 M parcels × ~10 events ≈ 0.4 a second; repeats
// included), the heavy account's client pages, order pages and tracking. Fails on any 5xx, on
// memory the worker keeps per request (its heap after GC, scripts/volume/memory-verdict.mjs), and on an inconsistent database at the end: every paid order
// has its shipments, every event its shipment, no duplicate events or ledger rows, and each
// paid order's receivables balance to zero. The state is .wrangler/soak, made afresh (--reuse: the one there).
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { existsSync, statSync } from 'node:fs';
import { buildUnlessAsked, comparisons, HEAVY, heapAfterGc, orderRequest, root, sampleOf, seedVolume, serveWorker, signIn, timedRequest, webhook, workerdRss } from './http.mjs';
import { memoryVerdict } from './memory-verdict.mjs';
import { mainDatabaseFile } from '../local-d1.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    parcels: { type: 'string', default: '100000' },
    'webhooks-per-second': { type: 'string', default: '4' },
    port: { type: 'string', default: '8799' },
    seed: { type: 'string', default: '28' },
    'no-build': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const PERSIST = path.join(root, '.wrangler/soak');
const minutes = Number(values.minutes);
const started = performance.now();
buildUnlessAsked(process.argv);
const d1Dir = path.join(PERSIST, 'v3/d1/miniflare-D1DatabaseObject');
const reused = async () => {
  const file = await mainDatabaseFile(d1Dir);
  return { file, bytes: statSync(file).size, seconds: 0, heavyUserId: null };
};
const seeded = values.reuse && existsSync(d1Dir) ? await reused() : seedVolume(Number(values.parcels), PERSIST, values.seed);
if (seeded.heavyUserId === null) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(seeded.file, { readOnly: true });
  seeded.heavyUserId = db.prepare('SELECT id FROM users WHERE email = ?').get(HEAVY.email).id;
  db.close();
}
console.log(`volume ${Number(values.parcels).toLocaleString('en')} parcels: ${(seeded.bytes / 1048576).toFixed(1)} MB, generated in ${seeded.seconds.toFixed(0)} s`);
const sample = await sampleOf(seeded.file, seeded.heavyUserId);
const inspectorPort = Number(values.port) + 1;
const server = await serveWorker(Number(values.port), PERSIST, { inspectorPort });
const { base } = server;

const stats = { requests: 0, byKind: {}, errors: [] };
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const call = async (kind, req) => {
  const r = await timedRequest(agent, base, { ...req, json: req.json ?? false });
  stats.requests++;
  const k = (stats.byKind[kind] ??= { n: 0, ms: 0, status: {} });
  k.n++;
  k.ms += r.ms;
  k.status[r.status] = (k.status[r.status] ?? 0) + 1;
  if (r.status >= 500) stats.errors.push(`${kind} ${typeof req.url === 'string' ? req.url : ''}: HTTP ${r.status}`);
  return r;
};

const heavy = await signIn(base, HEAVY.email, HEAVY.password);
const demo = await signIn(base, 'demo@zasilkovac.test', 'Demo-heslo-2026');
const endAt = Date.now() + minutes * 60_000;
const running = () => Date.now() < endAt;
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const made = { orders: [], refs: [] };

const loops = {
  async comparisons() {
    for (let i = 0; running(); i++) await call('comparison', comparisons[i % comparisons.length]);
  },
  async orders() {
    for (let i = 0; running(); i++) {
      const req = orderRequest(i % 3 ? demo : heavy, i);
      const r = await call('order creation', req);
      if (r.status !== 201) continue;
      const order = JSON.parse(r.body).data;
      // paid by the sandbox bank's statement: one in five in two parts
      const total = Math.round(order.total_vat * 100);
      const parts = i % 5 === 0 ? [Math.floor(total / 2), total - Math.floor(total / 2)] : [total];
      for (const minor of parts) await call('payment', { url: '/api/v1/sandbox/bank/statement', method: 'POST', cookie: demo, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: minor / 100, currency: order.currency }) });
      const paid = await call('order page (API)', { url: `/api/v1/orders/${order.token}`, json: true });
      made.orders.push(order.token);
      if (paid.status === 200) for (const s of JSON.parse(paid.body).data.shipments) if (s.tracking_number) sample.parcels.push({ tn: s.tracking_number, token: null });
    }
  },
  async webhooks() {
    const refs = sample.ppl.length ? sample.ppl : ['none'];
    const hook = webhook(sample.secret, 'ppl', refs);
    const rate = Number(values['webhooks-per-second']);
    let last = null;
    for (let i = 0; running(); i++) {
      const t0 = Date.now();
      // one in ten repeats the previous delivery (carriers retry): it must not be stored twice
      if (last && i % 10 === 0) await call('webhook (repeat)', { url: hook.url, method: 'POST', sign: { header: hook.sign.header, body: () => last, signature: hook.sign.signature } });
      else {
        const body = hook.sign.body();
        last = body;
        await call('webhook', { url: hook.url, method: 'POST', sign: { header: hook.sign.header, body: () => body, signature: hook.sign.signature } });
      }
      const wait = 1000 / rate - (Date.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  },
  async client() {
    const pages = ['/klient/v2/prehled', '/klient/v2/zasilky', '/klient/v2/zasilky?status=delivered', '/klient/v2/zasilky?page=50', '/klient/v2/faktury', '/klient/v2/objednavky'];
    for (let i = 0; running(); i++) await call('client page', { url: pages[i % pages.length], cookie: heavy });
  },
  async visitors() {
    for (let i = 0; running(); i++) {
      if (i % 3 === 0) await call('home', { url: '/' });
      else if (i % 3 === 1) await call('order page', { url: `/objednavka/${pick(made.orders.length && i % 2 ? made.orders : sample.orders.length ? sample.orders : made.orders.length ? made.orders : ['none'])}` });
      else await call('public tracking', { url: `/sledovani-zasilek/${pick(sample.parcels)?.tn ?? 'IZ0000000000'}` });
    }
  },
};

// workerd's memory, sampled every five seconds with the requests served so far
const memory = [];
const sampler = setInterval(() => memory.push({ t: (Date.now() - (endAt - minutes * 60_000)) / 1000, rss: workerdRss(server.pgid), requests: stats.requests }), 5000);
// the worker's heap after a full GC at the end of warm-up and at the end
const warmup = Math.max(60, minutes * 60 * 0.2);
const heap = { start: null, end: null };
const heapReading = async () => {
  const requests = stats.requests;
  const bytes = await heapAfterGc(inspectorPort);
  return bytes === null ? null : { bytes, requests };
};
const warmedUp = minutes * 60 > warmup + 30 ? new Promise((resolve) => setTimeout(resolve, warmup * 1000)).then(async () => (heap.start = await heapReading())) : Promise.resolve();
const progress = setInterval(() => process.stdout.write(`\r${stats.requests} requests, ${stats.errors.length} 5xx, workerd ${((memory.at(-1)?.rss ?? 0) / 1024).toFixed(0)} MB   `), 10_000);
await Promise.all(Object.values(loops).map((f) => f().catch((e) => stats.errors.push(`loop failed: ${e.stack ?? e}`))));
clearInterval(sampler);
clearInterval(progress);
agent.destroy();
await warmedUp;
if (heap.start) heap.end = await heapReading();
// deferred work (booking, mails) finishes before the books are read
await new Promise((r) => setTimeout(r, 3000));
await server.stop();
console.log('');

// ── memory: what the worker keeps per request (heap after GC); workerd's RSS is reported ──
const steady = memory.filter((m) => m.t > warmup);
const { ok: memoryOk, text: memoryText } = memoryVerdict({ heap, rss: steady });
const memoryVerdictText = `${memoryText}${memory.length ? `; RSS ${(memory[0].rss / 1024).toFixed(0)} → ${(memory.at(-1).rss / 1024).toFixed(0)} MB over the run` : ''}`;

// ── the database's consistency ──
const { DatabaseSync } = await import('node:sqlite');
const db = new DatabaseSync(seeded.file, { readOnly: true });
const one = (sql) => Object.values(db.prepare(sql).get())[0];
const checks = [
  ['paid orders without all their shipments', one(`SELECT COUNT(*) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status IN ('paid', 'processing', 'completed') AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.item_id = i.id)`)],
  ['events without their shipment', one('SELECT COUNT(*) FROM tracking_events e WHERE NOT EXISTS (SELECT 1 FROM shipments s WHERE s.id = e.shipment_id)')],
  ['duplicate events (shipment, carrier event)', one('SELECT COUNT(*) FROM (SELECT 1 FROM tracking_events GROUP BY shipment_id, event_key HAVING COUNT(*) > 1)')],
  ['duplicate ledger rows (an order sold or paid by one line twice)', one("SELECT COUNT(*) FROM (SELECT 1 FROM ledger_entries WHERE kind IN ('sale', 'payment_in') GROUP BY kind, order_id, invoice_id, COALESCE(ref, '') HAVING COUNT(*) > 1)")],
  ['ledger rows that do not balance', one('SELECT COUNT(*) FROM ledger_entries WHERE amount_minor <= 0 OR debit = credit')],
  [
    'paid orders whose receivables do not balance',
    one(`SELECT COUNT(*) FROM orders o WHERE o.status IN ('paid', 'processing', 'completed') AND o.payment_method <> 'invoice' AND o.refunded_minor = 0
      AND (SELECT COALESCE(SUM(CASE WHEN debit = 'receivables' THEN amount_minor ELSE 0 END) - SUM(CASE WHEN credit = 'receivables' THEN amount_minor ELSE 0 END), 0) FROM ledger_entries l WHERE l.order_id = o.id) <> 0`),
  ],
  ['paid orders paid short', one(`SELECT COUNT(*) FROM orders o JOIN payments p ON p.order_id = o.id AND p.status = 'paid' WHERE o.status IN ('paid', 'processing', 'completed') AND p.received_minor < o.total_vat_minor`)],
];
const orders = one('SELECT COUNT(*) FROM orders');
db.close();

console.log(`\nsoak: ${minutes} min at ${Number(values.parcels).toLocaleString('en')} parcels, ${stats.requests} requests (${(stats.requests / (minutes * 60)).toFixed(1)}/s)`);
for (const [kind, k] of Object.entries(stats.byKind)) console.log(`  ${kind.padEnd(20)} ${String(k.n).padStart(7)}  mean ${(k.ms / k.n).toFixed(1)} ms  ${Object.entries(k.status).map(([s, n]) => `${s}×${n}`).join(' ')}`);
console.log(`5xx: ${stats.errors.length}${stats.errors.length ? `\n  ${[...new Set(stats.errors)].slice(0, 10).join('\n  ')}` : ''}`);
console.log(`memory: ${memoryVerdictText}`);
console.log(`consistency (${orders.toLocaleString('en')} orders):`);
for (const [name, n] of checks) console.log(`  ${n === 0 ? 'ok  ' : 'FAIL'} ${name}: ${n}`);
const ok = stats.errors.length === 0 && memoryOk && checks.every(([, n]) => n === 0);
console.log(`\n${ok ? 'PASSED' : 'FAILED'} in ${((performance.now() - started) / 60000).toFixed(1)} min`);
process.exit(ok ? 0 : 1);
