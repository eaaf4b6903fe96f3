#!/usr/bin/env node
// The rate limiter's cost on quote/find (issue 29 item 5): the built worker with its
// rate-limit bindings against the same build without them (`--rate-limit off`), both served
// by scripts/serve-worker.mjs at once, each on its own copy of the same migrated and seeded
// state, measured in alternating rounds (the order flips every round) with the bench's
// quote/find mix at c=10, after a round on each that is not counted. Prints each side's median
// p50, the ratio and the budget (1.2×), and the servers' CPU time per request (Linux /proc: the
// process group's user + system time), which the other work on a shared machine disturbs less.
// Locally the binding is simulated by workerd (a Durable Object call per limit()); deployed it
// counts on the machine itself.
//   node scripts/bench-limiter.mjs [--no-build] [--dist DIR] [--port 9200] [--rounds 3] [--count 400]
// Uses --port and the next one. Wrangler's bin wants Node >= 22 (node_modules/.bin on PATH).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkQuotes, median, p50Of, quoteFind, ttfb } from './bench-http.mjs';
import { serveProcess } from './serve-process.mjs';
import { migrateLocalDatabases } from './local-d1.mjs';

export const LIMITER_BUDGET = 1.2;

/** CPU time (ms, user + system) of the live processes of a process group: the server and its workerd (Linux /proc) */
function groupCpuMs(pgid) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * Serves `persist` (migrated and seeded) twice, from two copies: with the rate-limit bindings
 * (every limit raised to `limit`: one bench client on one address measures speed, not
 * refusals) on `port`, without them on `port + 1`; then `rounds` alternating rounds of the
 * quote/find mix on each. Resolves with the printed line and the figures.
 */
export async function compareLimiter({ root, env, persist, port, rounds = 3, count = 400, dist, limit = '1000000', log = () => {} }) {
  const sides = [
    { name: 'with the limiter', port, rateLimit: limit, p50s: [], lines: [], cpu: [] },
    { name: 'without', port: port + 1, rateLimit: 'off', p50s: [], lines: [], cpu: [] },
  ];
  const stops = [];
  try {
    for (const side of sides) {
      side.persist = `${persist}-copy-${side.port}`;
      rmSync(path.join(root, side.persist), { recursive: true, force: true });
      cpSync(path.join(root, persist), path.join(root, side.persist), { recursive: true });
      side.base = `http://127.0.0.1:${side.port}`;
      const args = [path.join(root, 'scripts/serve-worker.mjs'), '--port', String(side.port), '--persist-to', side.persist, '--var', `CZ_HOST:127.0.0.1:${side.port}`, '--var', 'LOCAL_DEV:1', '--rate-limit', side.rateLimit, ...(dist ? ['--dist', dist] : [])];
      const server = await serveProcess(args, side.base, { cwd: root, env });
      stops.push(server.stop);
      side.pgid = server.pid;
      await checkQuotes(side.base);
    }
    // a round on each that is not counted: the first rounds after a start are slower (JIT, caches)
    for (const side of sides) await ttfb(quoteFind, { base: side.base, count: 200 });
    for (let i = 0; i < rounds; i++) {
      for (const side of i % 2 ? [...sides].reverse() : sides) {
        const cpu = groupCpuMs(side.pgid);
        const line = await ttfb(quoteFind, { base: side.base, count });
        // the server's CPU per request (the 40 warm-up requests of ttfb() included): less noisy than latency on a shared machine
        const cpuPerRequest = (groupCpuMs(side.pgid) - cpu) / (count + 40);
        side.lines.push(line);
        side.p50s.push(p50Of(line));
        side.cpu.push(cpuPerRequest);
        log(`round ${i + 1} ${side.name}: ${line}, server CPU ${cpuPerRequest.toFixed(2)} ms per request`);
      }
    }
  } finally {
    for (const stop of stops) await stop();
    for (const side of sides) if (side.persist) rmSync(path.join(root, side.persist), { recursive: true, force: true });
  }
  const [on, off] = sides.map((side) => median(side.p50s));
  const ratio = on / off;
  const [cpuOn, cpuOff] = sides.map((side) => median(side.cpu));
  const line =
    `median p50 ${on.toFixed(1)} ms with the limiter vs ${off.toFixed(1)} ms without, ${ratio.toFixed(2)}× (budget ${LIMITER_BUDGET}×: ${ratio <= LIMITER_BUDGET ? 'within' : 'OVER'}); ` +
    `${rounds} alternating rounds each at c=10: ${sides[0].p50s.join('/')} vs ${sides[1].p50s.join('/')}; ` +
    `server CPU per request median ${cpuOn.toFixed(2)} vs ${cpuOff.toFixed(2)} ms (${(cpuOn / cpuOff).toFixed(2)}×)`;
  return { line, on, off, ratio, cpuOn, cpuOff, rounds: sides.map(({ name, lines }) => ({ name, lines })) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' }, port: { type: 'string', default: process.env.BENCH_PORT ?? '9200' }, rounds: { type: 'string', default: '3' }, count: { type: 'string', default: '400' } },
  });
  const PORT = Number(values.port);
  const PERSIST = `.wrangler/bench-limiter-${PORT}`;
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  const run = (args, opts = {}) => {
    const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', ...opts });
    if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  };
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');
  if (!values.dist && (!values['no-build'] || !existsSync(path.join(root, 'dist')))) run([path.join(root, 'node_modules/waku/cli.js'), 'build'], { stdio: 'ignore' });
  run([path.join(root, 'scripts/dev-secrets.mjs')]);
  rmSync(path.join(root, PERSIST), { recursive: true, force: true });
  migrateLocalDatabases(run, PERSIST);
  run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);
  console.log(`load average before: ${load()}`);
  const result = await compareLimiter({ root, env, persist: PERSIST, port: PORT, rounds: Number(values.rounds), count: Number(values.count), dist: values.dist, log: console.log });
  console.log(`load average after: ${load()}`);
  console.log(`POST /api/v2/quote/find, limiter cost  ${result.line}`);
  rmSync(path.join(root, PERSIST), { recursive: true, force: true });
  process.exit(0);
}
