// npm run bench: prints the speed figures of the issues (not run in CI; timings vary).
//   client JS per page (gzip), worker upload (gzip), TTFB p50 of pages and API calls on the
//   local built worker at 10 concurrent requests, and the quote-engine micro-benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const PORT = 8798;
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = '.wrangler/bench';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const run = (args, opts = {}) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const results = {};

if (!process.argv.includes('--no-build') || !existsSync(path.join(root, 'dist'))) run([path.join(root, 'node_modules/waku/cli.js'), 'build'], { stdio: 'ignore' });

// worker upload size as wrangler computes it for a deploy
const dry = run([wrangler, 'deploy', '--dry-run', '--outdir', '.wrangler/bench-dist']);
const upload = /Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(dry);
results['worker upload'] = upload ? `${upload[1]} (gzip ${upload[2]}; budget 1024 KiB gzip)` : 'n/a';

run([path.join(root, 'scripts/dev-secrets.mjs')]);
run([wrangler, 'd1', 'migrations', 'apply', 'zasilkovac', '--local', '--persist-to', PERSIST]);
run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);
const server = spawn(process.execPath, [wrangler, 'dev', '--local', '--ip', '127.0.0.1', '--port', String(PORT), '--persist-to', PERSIST, '--var', `CZ_HOST:127.0.0.1:${PORT}`], { cwd: root, env, stdio: 'ignore', detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${BASE}/api/v1/benefit-stats/info`)).ok) break;
  } catch {}
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 300));
}

/** gzip size of the JS a page loads (module scripts and preloads) */
async function clientJs(pagePath) {
  const html = await (await fetch(BASE + pagePath, { headers: { cookie: 'locale=cs' } })).text();
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let total = 0;
  for (const src of srcs) total += gzipSync(Buffer.from(await (await fetch(BASE + src)).arrayBuffer()), { level: 9 }).length;
  return { total, files: srcs.size };
}

/** time to response headers, `concurrency` requests in flight, `count` in all */
async function ttfb(pathOrInit, { concurrency = 10, count = 200 } = {}) {
  const { url, init } = typeof pathOrInit === 'string' ? { url: pathOrInit, init: {} } : pathOrInit;
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const t0 = performance.now();
      const res = await fetch(BASE + url, { ...init, headers: { cookie: 'locale=cs', 'accept-encoding': 'identity', ...(init.headers ?? {}) } });
      times.push(performance.now() - t0);
      await res.arrayBuffer();
    }
  };
  for (let i = 0; i < 20; i++) await (await fetch(BASE + url, { ...init, headers: { cookie: 'locale=cs', ...(init.headers ?? {}) } })).arrayBuffer(); // warm-up
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms (n=${times.length}, c=${concurrency})`;
}

for (const [name, p] of [['home', '/'], ['configurator sender', '/konfigurator/odesilatel'], ['cart', '/kosik']]) {
  const { total, files } = await clientJs(p);
  results[`client JS ${name}`] = `${kb(total)} gzip in ${files} files`;
}
results['TTFB home /'] = await ttfb('/');
results['TTFB 404 page'] = await ttfb('/tahle-stranka-neexistuje');
results['TTFB /api/v1/country/all (KV hit)'] = await ttfb('/api/v1/country/all');

const quoteBody = JSON.stringify({ from: { country: 'cz', zip: '11000', city: 'Praha' }, to: { country: 'cz', zip: '60200', city: 'Brno' }, packages: [{ type: 0, weight: 2, width: 30, height: 20, length: 40 }] });
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody };
try {
  results['POST /api/v2/quote/find'] = await ttfb({ url: '/api/v2/quote/find', init: post });
} catch (e) {
  results['POST /api/v2/quote/find'] = `n/a (${e.message})`;
}

const extra = path.join(root, 'tests/bench/quote-engine.bench.mjs');
if (existsSync(extra)) results['quote engine'] = run([extra]).trim();

stop();
for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(36)} ${v}`);
process.exit(0);
