// The two page figures of scripts/bench.mjs measured against the 404 page, alone (issue 29):
//   'TTFB public tracking vs 404' (/sledovani-zasilek/<number>, a paid parcel with a few events)
//   'TTFB v2 overview signed in vs 404' (/klient/v2/prehled as the demo account, after its orders)
// p50 at c=10, 400 requests a figure, rounds alternating page and 404, median of the rounds; as the
// bench: the built worker served gzip by scripts/serve-worker.mjs (no DEV_NO_COMPRESS), its own
// freshly migrated and seeded local D1, the demo account given as many orders as the bench gives it.
//   node scripts/bench-ttfb.mjs [--dist DIR ...] [--port 9700] [--rounds 3] [--orders 253]
//                               [--profile DIR]  (one server only: the worker's CPU profile of one more round of
//                                                each page, DIR/{tracking,overview,404}.cpuprofile, through workerd's
//                                                inspector on the next port; scripts/cpuprofile-summary.mjs ranks them)
// Without --dist it builds dist/ first (--no-build: use it as it is). Several --dist: one server
// each (port, port+1, …) on the same database, their rounds interleaved: before/after on one load.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { timedRequest, ttfb } from './bench-http.mjs';
import { serveProcess } from './serve-process.mjs';
import { workerProfiler } from './worker-profiler.mjs';
import { migrateLocalDatabases } from './local-d1.mjs';

const root = path.resolve(import.meta.dirname, '..');
// stopped (timeout, Ctrl-C): exit, so serve-process.mjs ends the servers it started
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const { values } = parseArgs({ options: { dist: { type: 'string', multiple: true, default: [] }, port: { type: 'string', default: process.env.BENCH_PORT ?? '8798' }, rounds: { type: 'string', default: '3' }, orders: { type: 'string', default: '253' }, 'no-build': { type: 'boolean', default: false }, profile: { type: 'string' } } });
const PORT = Number(values.port);
const PERSIST = `.wrangler/bench-ttfb-${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const run = (args, opts = {}) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
};

const dists = values.dist.length ? values.dist : ['dist'];
if (!values.dist.length && !values['no-build']) run([path.join(root, 'node_modules/waku/cli.js'), 'build'], { stdio: 'ignore' });
run([path.join(root, 'scripts/dev-secrets.mjs')]);
rmSync(path.join(root, PERSIST), { recursive: true, force: true });
migrateLocalDatabases(run, PERSIST);
run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);

if (values.profile && dists.length > 1) throw new Error('--profile profiles one server: give one --dist');
const servers = [];
for (const [i, dist] of dists.entries()) {
  const port = PORT + i;
  const base = `http://127.0.0.1:${port}`;
  const { stop } = await serveProcess([path.join(root, 'scripts/serve-worker.mjs'), '--port', String(port), '--persist-to', PERSIST, '--var', `CZ_HOST:127.0.0.1:${port}`, '--var', 'LOCAL_DEV:1', '--rate-limit', '1000000', '--dist', dist, ...(values.profile ? ['--inspector-port', String(PORT + 1)] : [])], base, { cwd: root, env });
  servers.push({ dist, base, stop });
}
const BASE = servers[0].base;
for (const { dist, base } of servers) {
  const res = await fetch(`${base}/tahle-stranka-neexistuje`, { headers: { 'accept-encoding': 'gzip' } });
  if (res.headers.get('content-encoding') !== 'gzip') throw new Error(`${dist}: the 404 page came back uncompressed: serve as deployed (no DEV_NO_COMPRESS)`);
}

// the demo account signed in, with the orders the bench gives it before the overview figure
const login = await fetch(`${BASE}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
if (!cookie.includes('zslt_auth_key=')) throw new Error(`demo sign-in failed: ${login.status}`);
const party = (firstname, surname, street, city, zip, phone, email) => ({ firstname, surname, street, city, zip, country: 'cz', phone, email });
const shipment = (i) => ({
  from: party('Jana', 'Nováková', 'Vinohradská 12', 'Praha', '12000', '+420777123456', 'jana@example.cz'),
  to: party('Petr', 'Svoboda', 'Kounicova 5', 'Brno', '60200', '+420603987654', 'petr@example.cz'),
  packages: [{ weight: 1 + (i % 8) }],
  service_id: i % 2 ? 'dpd-classic' : 'ppl-business',
});
const orderBody = (i) => JSON.stringify({ items: [{ shipment: shipment(i) }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'bench@example.cz', terms: true });
{
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  let next = 0;
  const count = Number(values.orders);
  await Promise.all(Array.from({ length: 10 }, async () => {
    for (let i = next++; i < count; i = next++) await timedRequest(agent, BASE, { url: '/api/v1/orders', method: 'POST', body: orderBody(i), cookie, idempotent: true });
  }));
  agent.destroy();
}
// a paid parcel (booked: a tracking number) with three events
const created = await fetch(`${BASE}/api/v1/orders`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `bench-trk-${randomUUID()}` }, body: orderBody(3) });
const order = (await created.json()).data;
await fetch(`${BASE}/api/v1/sandbox/bank/statement`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: BASE }, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
const parcel = (await (await fetch(`${BASE}/api/v1/orders/${order.token}`, { headers: { cookie } })).json()).data.shipments[0];
for (let i = 0; i < 3; i++) await fetch(`${BASE}/api/v1/sandbox/shipments/${parcel.id}/advance`, { method: 'POST', headers: { cookie, origin: BASE, 'content-type': 'application/json' }, body: '{}' });
const tracking = `/sledovani-zasilek/${parcel.tracking_number}`;
for (const [url, who] of [[tracking, ''], ['/klient/v2/prehled', cookie]]) {
  const res = await fetch(BASE + url, { headers: { cookie: `locale=cs${who ? `; ${who}` : ''}` }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
}

const p50 = async (request, base) => Number(/p50 ([\d.]+)/.exec(await ttfb(request, { base }))[1]);
const figures = [
  ['TTFB public tracking vs 404', 'tracking', { url: tracking }, 1.3],
  ['TTFB v2 overview signed in vs 404', 'overview', { url: '/klient/v2/prehled', cookie }, 1.5],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, what, request, budget] of figures) {
  const rounds = servers.map(() => ({ page: [], notFound: [] }));
  for (let i = 0; i < Number(values.rounds); i++) {
    for (const [s, { base }] of servers.entries()) {
      rounds[s].page.push(await p50(request, base));
      rounds[s].notFound.push(await p50('/tahle-stranka-neexistuje', base));
    }
  }
  for (const [s, { dist }] of servers.entries()) {
    const { page, notFound } = rounds[s];
    const ratio = median(page) / median(notFound);
    console.log(`${name}${servers.length > 1 ? ` [${dist}]` : ''}: median p50 ${median(page).toFixed(1)} ms ${what} vs ${median(notFound).toFixed(1)} ms 404 (ratio ${ratio.toFixed(2)}, budget ${budget}×: ${ratio <= budget ? 'within' : 'OVER'}; rounds ${page.join('/')} vs ${notFound.join('/')})`);
  }
}
if (values.profile) {
  // the worker's Profiler over the DevTools protocol, one round of each page at c=10
  const profiler = await workerProfiler(PORT + 1);
  mkdirSync(values.profile, { recursive: true });
  for (const [name, request] of [['tracking', { url: tracking }], ['404', { url: '/tahle-stranka-neexistuje' }], ['overview', { url: '/klient/v2/prehled', cookie }]]) {
    await ttfb(request, { base: BASE, count: 40 });
    await profiler.start();
    console.log(`profiled ${name}: ${await ttfb(request, { base: BASE })}`);
    await profiler.stop(path.join(values.profile, `${name}.cpuprofile`));
  }
  profiler.close();
}
for (const { stop } of servers) await stop();
process.exit(0);
