// The checkout figure of issue 29 (item 4): POST v1/orders, guest bank-transfer orders, 20 at
// once, on the built worker (scripts/serve-worker.mjs) with a fresh seeded local D1.
//   node scripts/bench-checkout.mjs [--dist DIR] [--port 8901] [--concurrency 20] [--count 400] [--rounds 1]
//                                   [--mail sink]  (the MAIL binding answered by scripts/mail-sink.worker.js, not
//                                                   miniflare's send_email simulator: see that file)
//                                   [--profile FILE.cpuprofile]  (the worker's CPU profile of the timed rounds,
//                                   through workerd's inspector on port+1; scripts/cpuprofile-summary.mjs ranks it)
// Prints p50/p95 of the time to the answer's headers and orders per second. Build first
// (`npm run build`, or WAKU_DIST_DIR=DIR for another build). Wrangler's bin wants Node >= 22.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serveProcess } from './serve-process.mjs';
import { workerProfiler } from './worker-profiler.mjs';
import { migrateLocalDatabases } from './local-d1.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { dist: { type: 'string' }, port: { type: 'string', default: '8901' }, concurrency: { type: 'string', default: '20' }, count: { type: 'string', default: '400' }, rounds: { type: 'string', default: '1' }, profile: { type: 'string' }, mail: { type: 'string' } } });
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = `.wrangler/bench-checkout-${PORT}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
};

run([path.join(root, 'scripts/dev-secrets.mjs')]);
rmSync(path.join(root, PERSIST), { recursive: true, force: true });
migrateLocalDatabases(run, PERSIST);
run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);

const args = [path.join(root, 'scripts/serve-worker.mjs'), '--port', String(PORT), '--persist-to', PERSIST, '--var', `CZ_HOST:127.0.0.1:${PORT}`, '--var', 'LOCAL_DEV:1', '--rate-limit', '1000000', ...(values.dist ? ['--dist', values.dist] : []), ...(values.mail ? ['--mail', values.mail] : []), ...(values.profile ? ['--inspector-port', String(PORT + 1)] : [])];
const { pid, stop } = await serveProcess(args, BASE, { cwd: root, env });

/**
 * workerd's CPU seconds (user + system, all its threads) from /proc: what an order costs the one
 * thread that serves the worker, its local D1 (a Durable Object with SQLite) and queue consumers
 * alike. Unlike the profile's busy time (wall-clock samples, which grow when the machine is
 * loaded and the thread waits for a core), this is CPU the process used. Linux only; null elsewhere.
 */
const workerdPid = (() => {
  const children = (p) => readdirSync(`/proc/${p}/task`).flatMap((t) => readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean));
  try {
    const queue = [String(pid)];
    while (queue.length) {
      const p = queue.shift();
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'workerd') return p;
      queue.push(...children(p));
    }
  } catch {}
  return null;
})();
const cpuSeconds = () => {
  if (!workerdPid) return null;
  const fields = readFileSync(`/proc/${workerdPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
};

const party = (firstname, surname, street, city, zip, phone) => ({ firstname, surname, street, city, zip, country: 'cz', phone, email: 'jana@example.cz' });
const body = (i) =>
  JSON.stringify({
    items: [{ shipment: { from: party('Jana', 'Nováková', 'Vinohradská 12', 'Praha', '12000', '+420777123456'), to: party('Petr', 'Svoboda', 'Kounicova 5', 'Brno', '60200', '+420603987654'), packages: [{ weight: 1 + (i % 8) }], service_id: i % 2 ? 'dpd-classic' : 'ppl-business' } }],
    payment_method: 'bank_transfer',
    payer: { type: 'person' },
    email: `guest-${i % 50}@example.cz`,
    terms: true,
  });

/** one guest order on a keep-alive agent: the time to the answer's headers */
function order(agent, i) {
  const payload = body(i);
  const headers = { origin: BASE, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': `bench-${randomUUID()}`, cookie: 'locale=cs', 'accept-encoding': 'identity' };
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ agent, host: '127.0.0.1', port: PORT, path: '/api/v1/orders', method: 'POST', headers }, (res) => {
      const ms = performance.now() - t0;
      res.resume();
      res.on('end', () => (res.statusCode === 201 ? resolve(ms) : reject(new Error(`HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The confirmations are sent by the mail queue's consumer, on the same workerd thread: a round
 * counts that work only if the consumer kept up. Polls the local mailbox (the newest 100 outbox
 * rows) until every one is sent; the milliseconds after the last answer, or null after 30 s.
 */
async function mailDrained() {
  const t0 = performance.now();
  while (performance.now() - t0 < 30_000) {
    const { data } = await (await fetch(`${BASE}/_dev/mailbox.json`)).json();
    if (data.length && data.every((m) => m.status === 'sent')) return Math.round(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

const profile = values.profile ? await workerProfiler(PORT + 1) : null;

const concurrency = Number(values.concurrency);
const count = Number(values.count);
for (let round = 0; round < Number(values.rounds); round++) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  for (let i = 0; i < 40; i++) await order(agent, i);
  const times = [];
  if (profile && round === 0) await profile.start();
  let next = 0;
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) times.push(await order(agent, i));
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpu0 === null ? null : cpuSeconds() - cpu0;
  if (profile && round === 0) { await profile.stop(values.profile); profile.close(); }
  agent.destroy();
  const drained = await mailDrained();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`POST /api/v1/orders (guest, bank transfer): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${(count / seconds).toFixed(0)} orders/s (n=${count}, c=${concurrency}; budget p50 150 ms)${cpu === null ? '' : `; workerd CPU ${((1000 * cpu) / count).toFixed(1)} ms per order (${((100 * cpu) / seconds).toFixed(0)} % of a core)`}${profile && round === 0 ? ', profiled' : ''}; ${drained === null ? 'confirmations NOT all sent 30 s after the last answer' : `confirmations all sent ${drained} ms after the last answer`}${values.mail === 'sink' ? ' (mail: sink)' : ' (mail: miniflare simulator)'}`);
}
await stop();
rmSync(path.join(root, PERSIST), { recursive: true, force: true });
process.exit(0);
