// Shared by the volume bench and the soak: the built worker served at a volume, timed requests,
// sign-in, signed carrier webhooks and a sample of the generated data to ask for.
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { serveProcess } from '../serve-process.mjs';
import { sendTimed } from '../bench-http.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
/** the generated e-shop account (scripts/volume/generate.ts HEAVY_ACCOUNT) */
export const HEAVY = { email: 'eshop@zasilkovac.test', password: 'Eshop-heslo-2026' };

export const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };

export function buildUnlessAsked(argv) {
  if (argv.includes('--no-build') && existsSync(path.join(root, 'dist'))) return;
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/waku/cli.js'), 'build'], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('waku build failed');
}

/** npm run seed:volume into `persist` from scratch (`extra`: more of its options); its summary (the last line it prints) */
export function seedVolume(parcels, persist, seed = '28', extra = []) {
  const r = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'scripts/volume/seed-volume.mjs'), '--parcels', String(parcels), '--seed', seed, '--persist-to', persist, '--fresh', '--quiet', ...extra], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`seed:volume ${parcels}\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

export const devVars = () => Object.fromEntries(readFileSync(path.join(root, '.dev.vars'), 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));

/** what the requests ask for, read from the database before the server opens it */
export async function sampleOf(file, heavyUserId) {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  const secret = devVars().SESSION_SECRET;
  const n = db.prepare('SELECT COUNT(*) AS n FROM orders').get().n;
  const step = Math.max(1, Math.floor(n / 40));
  const orders = db.prepare(`SELECT token FROM orders WHERE status <> 'unpaid' AND id % ${step} = 0 LIMIT 40`).all().map((r) => r.token);
  const parcels = db
    .prepare(`SELECT tracking_number AS tn, recipient_nonce AS nonce, carrier, carrier_ref AS ref FROM shipments WHERE carrier_ref IS NOT NULL AND id % ${Math.max(1, Math.floor(n / 40))} = 0 LIMIT 40`)
    .all()
    .map((p) => ({ ...p, token: p.nonce ? createHmac('sha256', secret).update(`recipient-tracking:${p.nonce}`).digest('base64url') : null }));
  const ppl = db.prepare("SELECT carrier_ref AS ref FROM shipments WHERE carrier = 'ppl' AND carrier_ref IS NOT NULL ORDER BY id DESC LIMIT 40").all().map((r) => r.ref);
  const day = db.prepare("SELECT day FROM ledger_entries GROUP BY day ORDER BY COUNT(*) DESC LIMIT 1").get()?.day ?? new Date().toISOString().slice(0, 10);
  const heavyShipments = db.prepare('SELECT COUNT(*) AS n FROM shipments WHERE user_id = ?').get(heavyUserId).n;
  db.close();
  return { orders, parcels, ppl, day, heavyShipments, secret };
}

/** the built worker served by scripts/serve-worker.mjs on `persist`; resolves with { stop, pid } once it answers */
export async function serveWorker(port, persist, { inspectorPort } = {}) {
  const args = [path.join(root, 'scripts/serve-worker.mjs'), '--port', String(port), '--persist-to', persist, '--var', `CZ_HOST:127.0.0.1:${port}`, '--var', 'LOCAL_DEV:1', '--var', 'DEV_NO_COMPRESS:1', '--rate-limit', '1000000'];
  if (inspectorPort) args.push('--inspector-port', String(inspectorPort));
  // the server's own output (errors with their causes) goes to a log beside the state
  const log = openSync(`${persist}.log`, 'a');
  const { pid, stop } = await serveProcess(args, `http://127.0.0.1:${port}`, { cwd: root, env, stdio: ['ignore', log, log], tries: 300, settleMs: 800 });
  return { base: `http://127.0.0.1:${port}`, pgid: pid, stop };
}

/** the resident memory (KB) of the workerd processes of a server's process group */
export function workerdRss(pgid) {
  const r = spawnSync('ps', ['-o', 'rss=,comm=', '-g', String(pgid)], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => /workerd/.test(l)).reduce((sum, l) => sum + Number(l.trim().split(/\s+/)[0]), 0);
}

export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie.includes('zslt_auth_key=')) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** one request on a keep-alive agent: { ms, status, body } at the response's end, unencoded, with the site's origin */
export const timedRequest = (agent, base, request) => sendTimed(agent, base, { encoding: 'identity', origin: true, keyPrefix: 'vol', ...request });

/** p50/p95 of `count` requests with `concurrency` in flight after a warm-up; `requests` taken in turn; any 5xx fails */
export async function measure(base, requests, { concurrency = 1, count = 40, warmup = 5, name = '' } = {}) {
  const list = Array.isArray(requests) ? requests : [requests];
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const one = async (i) => {
    const r = await timedRequest(agent, base, list[i % list.length]);
    if (r.status >= 500 || r.status === 404 || r.status === 403) throw new Error(`${name}: HTTP ${r.status}`);
    return r.ms;
  };
  for (let i = 0; i < warmup; i++) await one(i);
  const times = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < count; i = next++) times.push(await one(i));
  }));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), n: times.length };
}

/**
 * Orders made and paid now (the sandbox bank's statement), so even the empty database has an
 * order page and parcels to track: their tokens and parcels join the sample.
 */
export async function ordersMadeNow(base, cookie, file, sample, n = 4) {
  for (let i = 0; i < n; i++) {
    const req = orderRequest(cookie, i);
    const created = await fetch(base + req.url, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base, 'idempotency-key': `vol-made-${randomUUID()}` }, body: req.body });
    if (created.status !== 201) throw new Error(`order creation: HTTP ${created.status} ${await created.text()}`);
    const order = (await created.json()).data;
    await fetch(`${base}/api/v1/sandbox/bank/statement`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base }, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
    const paid = (await (await fetch(`${base}/api/v1/orders/${order.token}`, { headers: { cookie } })).json()).data;
    sample.orders.push(order.token);
    for (const s of paid.shipments) if (s.tracking_number) sample.parcels.push({ tn: s.tracking_number, carrier: s.carrier, token: null });
  }
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  const nonce = db.prepare('SELECT recipient_nonce AS nonce, carrier_ref AS ref, carrier FROM shipments WHERE tracking_number = ?');
  for (const p of sample.parcels.filter((x) => !x.token)) {
    const row = nonce.get(p.tn);
    if (row?.nonce) p.token = createHmac('sha256', sample.secret).update(`recipient-tracking:${row.nonce}`).digest('base64url');
    if (row?.ref && row.carrier === 'ppl') sample.ppl.push(row.ref);
  }
  db.close();
}

/**
 * Parcels of the same shape at every volume, for the figures that compare one parcel's page
 * across volumes: `orders` orders of `items` PPL parcels each, made and paid now, then
 * `events` tracking events each through the signed carrier webhook (a generated parcel has
 * about nine). Resolves with the orders' tokens and the parcels' tracking numbers: 120 of them,
 * more than a figure's c=1 round asks for within the tracking memo's 15 seconds, so (as with the
 * generated parcels) the requests read the database rather than the isolate's memo.
 */
export async function parcelsMadeNow(base, cookie, file, secret, { orders = 6, items = 20, events = 8 } = {}) {
  const made = [];
  for (let i = 0; i < orders; i++) {
    const req = orderRequest(cookie, 0);
    const body = JSON.parse(req.body);
    body.items = Array.from({ length: items }, (_, k) => ({ shipment: { ...body.items[0].shipment, packages: [{ weight: 1 + (k % 8) }], service_id: 'ppl-business' } }));
    const created = await fetch(base + req.url, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base, 'idempotency-key': `vol-parcels-${randomUUID()}` }, body: JSON.stringify(body) });
    if (created.status !== 201) throw new Error(`order of ${items} parcels: HTTP ${created.status} ${await created.text()}`);
    const order = (await created.json()).data;
    await fetch(`${base}/api/v1/sandbox/bank/statement`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base }, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
    made.push(order.token);
  }
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(file, { readOnly: true });
  const parcels = made.flatMap((token) => db.prepare('SELECT s.tracking_number AS tn, s.carrier_ref AS ref FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.token = ? AND s.carrier_ref IS NOT NULL').all(token));
  db.close();
  if (parcels.length < orders * items) throw new Error(`parcels made now: ${parcels.length} of ${orders * items} booked`);
  const key = `${secret}:carrier-sandbox:ppl`;
  const statuses = ['ORDER', 'INTRANSPORT', 'INTRANSPORT', 'INTRANSPORT', 'INTRANSPORT', 'INTRANSPORT', 'INTRANSPORT', 'DELIVERING'];
  for (const p of parcels) {
    const text = JSON.stringify({ events: Array.from({ length: events }, (_, k) => ({ parcel: p.ref, event_id: `vol-shape-${p.ref}-${k}`, status: statuses[k % statuses.length], time: new Date(Date.now() - (events - k) * 3_600_000).toISOString(), location: `Hub ${k + 1}` })) });
    const res = await fetch(`${base}/api/v1/carriers/ppl/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-carrier-signature': `sha256=${createHmac('sha256', key).update(text).digest('hex')}` }, body: text });
    if (res.status >= 300) throw new Error(`events of ${p.tn}: HTTP ${res.status} ${await res.text()}`);
  }
  // the webhook may only queue them (202): wait until the consumer has stored them all
  const want = parcels.length * events;
  const count = () => {
    const d = new DatabaseSync(file, { readOnly: true });
    const n = d.prepare(`SELECT COUNT(*) AS n FROM tracking_events e JOIN shipments s ON s.id = e.shipment_id WHERE s.carrier_ref IN (${parcels.map(() => '?').join(', ')})`).get(...parcels.map((p) => p.ref)).n;
    d.close();
    return n;
  };
  for (let i = 0; count() < want; i++) {
    if (i > 120) throw new Error(`events of the parcels made now: ${count()} of ${want} stored after 60 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { orders: made, parcels: parcels.map((p) => p.tn) };
}

/** a signed carrier webhook (the carrier sandbox's secret), one new event for one of `refs` */
export function webhook(secret, carrier, refs, status = 'INTRANSPORT') {
  let n = 0;
  const key = `${secret}:carrier-sandbox:${carrier}`;
  return {
    name: 'carrier webhook',
    url: `/api/v1/carriers/${carrier}/events`,
    method: 'POST',
    sign: {
      header: 'x-carrier-signature',
      body: () => JSON.stringify({ events: [{ parcel: refs[n % refs.length], event_id: `vol-${++n}-${randomUUID()}`, status, time: new Date(Date.now() - 3_600_000).toISOString(), location: 'Hub' }] }),
      signature: (text) => `sha256=${createHmac('sha256', key).update(text).digest('hex')}`,
    },
  };
}

const place = { praha: { country: 'cz', zip: '11000', city: 'Praha' }, brno: { country: 'cz', zip: '60200', city: 'Brno' }, ostrava: { country: 'cz', zip: '70200', city: 'Ostrava' }, bratislava: { country: 'sk', zip: '81104', city: 'Bratislava' } };
const box = (weight) => ({ type: 0, weight, width: 30, height: 20, length: 40 });
export const comparisons = [
  { from: place.praha, to: place.brno, packages: [box(2)] },
  { from: place.brno, to: place.ostrava, packages: [box(0.5)] },
  { from: place.praha, to: place.bratislava, packages: [box(7.5)] },
  { from: place.bratislava, to: place.praha, packages: [box(1.2)] },
].map((s) => ({ name: 'comparison', url: '/api/v2/quote/find', method: 'POST', body: JSON.stringify(s) }));

export function orderRequest(cookie, i = 0) {
  const shipment = {
    from: { firstname: 'Jana', surname: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', country: 'cz', phone: '+420777123456', email: 'jana@example.cz' },
    to: { firstname: 'Petr', surname: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', country: 'cz', phone: '+420603987654', email: 'petr@example.cz' },
    packages: [{ weight: 1 + (i % 8) }],
    service_id: i % 2 ? 'dpd-classic' : 'ppl-business',
  };
  return { name: 'order creation', url: '/api/v1/orders', method: 'POST', cookie, idempotent: true, json: true, body: JSON.stringify({ items: [{ shipment }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'bench@example.cz', terms: true }) };
}

/**
 * The worker's JavaScript heap through workerd's inspector (serveWorker's inspectorPort) after a
 * full GC: workerd does not answer HeapProfiler.collectGarbage, but a heap snapshot collects
 * first (its chunks are dropped). Bytes used, or null when the inspector does not answer.
 */
export async function heapAfterGc(inspectorPort, worker = 'zasilkovac', timeoutMs = 120_000) {
  let ws;
  const reading = (async () => {
    ws = new WebSocket(`ws://127.0.0.1:${inspectorPort}/core:user:${worker}`);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error('inspector'));
    });
    let id = 0;
    const pending = new Map();
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.id) pending.get(msg.id)?.(msg.result);
    };
    const send = (method, params = {}) =>
      new Promise((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      });
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return (await send('Runtime.getHeapUsage'))?.usedSize ?? null;
  })();
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs).unref());
  try {
    return await Promise.race([reading, timeout]);
  } catch {
    return null;
  } finally {
    ws?.close();
  }
}
