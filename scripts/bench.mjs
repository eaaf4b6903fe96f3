// npm run bench: prints the speed figures of the issues (not run in CI; timings vary).
//   client JS per page (gzip), worker upload (gzip), TTFB p50 of pages and API calls on the
//   local built worker (scripts/serve-worker.mjs) at 10 concurrent requests, quote/find also
//   through `wrangler dev`, the quote-engine micro-benchmarks and booking through the UPS
//   sandbox (tests/bench/booking.bench.mjs). Every figure is printed with its budget.
// Served as a deployed Worker serves (issue 29): gzip-compressed (workerd compresses the text
// responses a client accepts gzip for; DEV_NO_COMPRESS is never set here, and the bench stops
// when a page or script comes back uncompressed); requests ask for gzip as a browser does,
// except the one uncompressed figure, which shows what compressing costs the worker.
//   BENCH_PORT=8798 (default): the bench serves on it and the next four ports.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { serveProcess } from './serve-process.mjs';
import { checkQuotes, quoteFind, timedRequest, ttfb as ttfbAt } from './bench-http.mjs';
import { compareLimiter } from './bench-limiter.mjs';
import { migrateLocalDatabases } from './local-d1.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8798);
const BASE = `http://127.0.0.1:${PORT}`;
const PERSIST = '.wrangler/bench';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const run = (args, opts = {}) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', ...opts });
  if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const results = {};

const build = (extraEnv = {}) => run([path.join(root, 'node_modules/waku/cli.js'), 'build'], { stdio: 'ignore', env: { ...env, ...extraEnv } });
if (!process.argv.includes('--no-build') || !existsSync(path.join(root, 'dist'))) build();
// the comparison build for the CSP figure: the old policy ('unsafe-inline', no nonce)
const INLINE_DIST = '.wrangler/bench-dist-csp-inline';
build({ VITE_BENCH_CSP_INLINE: '1', WAKU_DIST_DIR: INLINE_DIST });

// worker upload size as wrangler computes it for a deploy
const dry = run([wrangler, 'deploy', '--dry-run', '--outdir', '.wrangler/bench-dist']);
const upload = /Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/.exec(dry);
results['worker upload'] = upload ? `${upload[1]} (gzip ${upload[2]}; budget 1600 KiB gzip with the documents, the client section and the content pages' Markdown, about 120 KiB gzip)` : 'n/a';
{
  // the documents code (pdf-lib, the fonts and their embedder ttf.ts, bwip-js) is split off for the label and
  // invoice handlers' dynamic import: rollup names its chunks after a module or export in them
  // (documents, fonts, PDFButton for pdf-lib, bar-rects for bwip-js). Wrangler's deploy bundle
  // keeps them in one file, evaluated only on that import; this is their share of the upload.
  const assets = path.join(root, 'dist/server/assets');
  const parts = readdirSync(assets).filter((f) => /^(documents|fonts|PDFButton|bar-rects)-.*\.js$/.test(f));
  const documents = parts.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
  const total = upload ? Number.parseFloat(upload[2]) * 1024 : 0;
  results['worker upload, documents share'] = `${kb(documents)} gzip in the documents chunks (${parts.map((f) => f.replace(/-[^-]+\.js$/, '')).join(', ')}); ${kb(total - documents)} gzip without them`;
}

run([path.join(root, 'scripts/dev-secrets.mjs')]);
// every run starts from the seed: the orders, sign-ins and files of earlier runs would make the
// figures depend on how often the bench ran here (the demo account had 1,518 orders after a few)
rmSync(path.join(root, PERSIST), { recursive: true, force: true });
migrateLocalDatabases(run, PERSIST);
run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);
// the seeded state as it is now, for the limiter comparison (its two servers start from copies)
const SEED = '.wrangler/bench-seed';
rmSync(path.join(root, SEED), { recursive: true, force: true });
cpSync(path.join(root, PERSIST), path.join(root, SEED), { recursive: true });

/** starts a server process group and waits until it answers; resolves with its stop() */
const serve = async (args, base) => (await serveProcess(args, base, { cwd: root, env })).stop;

// The budgets are for the local built worker: dist/ served by Miniflare (workerd) alone.
// `wrangler dev` adds its dev proxy worker and request tracing in front; measured below too.
// --rate-limit: the bench is one client on one address; it measures speed, not the limiter
const serveWorker = (port, ...extra) =>
  serve([path.join(root, 'scripts/serve-worker.mjs'), '--port', String(port), '--persist-to', PERSIST, '--var', `CZ_HOST:127.0.0.1:${port}`, '--rate-limit', '1000000', ...extra], `http://127.0.0.1:${port}`);
let stopServer = await serveWorker(PORT, '--var', 'LOCAL_DEV:1');

/** the bench measures what a deployed Worker serves: pages, scripts and JSON gzip-compressed */
async function assertCompressed(base) {
  const html = await fetch(`${base}/`, { headers: { cookie: 'locale=cs', 'accept-encoding': 'gzip' } });
  const script = /<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(await html.clone().text())?.[1];
  const checks = [
    ['/', html],
    [script, await fetch(base + script, { headers: { 'accept-encoding': 'gzip' } })],
    ['/api/v1/country/all', await fetch(`${base}/api/v1/country/all`, { headers: { 'accept-encoding': 'gzip' } })],
  ];
  for (const [what, res] of checks) {
    if (res.headers.get('content-encoding') !== 'gzip') throw new Error(`${what} came back ${res.headers.get('content-encoding') ?? 'uncompressed'}: serve as deployed (no DEV_NO_COMPRESS)`);
  }
  return checks.map(([what]) => what).join(', ');
}
results['served as deployed'] = `gzip (content-encoding checked on ${await assertCompressed(BASE)}); budget: every page figure and Lighthouse compressed`;

/** gzip size of the JS a page loads (module scripts and preloads) */
async function clientJs(pagePath) {
  const html = await (await fetch(BASE + pagePath, { headers: { cookie: 'locale=cs' } })).text();
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let total = 0;
  for (const src of srcs) total += gzipSync(Buffer.from(await (await fetch(BASE + src)).arrayBuffer()), { level: 9 }).length;
  return { total, files: srcs.size };
}

/** the bench's server unless `base` says otherwise (scripts/bench-http.mjs) */
const ttfb = (requests, options = {}) => ttfbAt(requests, { base: BASE, ...options });

const homeJs = (await clientJs('/')).total;
for (const [name, p] of [['home', '/'], ['configurator sender', '/konfigurator/odesilatel'], ['cart', '/kosik']]) {
  const { total, files } = await clientJs(p);
  results[`client JS ${name}`] = `${kb(total)} gzip in ${files} files`;
}
// issue 13: a content page loads no more client JS than the home page
for (const p of ['/obchodni-podminky', '/ceniky/balik-do-nemecka', '/dopravce/dpd', '/casto-kladene-otazky', '/business']) {
  const { total, files } = await clientJs(p);
  results[`client JS ${p}`] = `${kb(total)} gzip in ${files} files (home ${kb(homeJs)}: ${total <= homeJs ? 'within' : 'OVER'})`;
}
// issue 14: the home page's JavaScript against its budget, and in a browser the first price
// after "Compare prices" and the home page's hydration (scripts/bench-browser.mjs)
results['client JS home, budget'] = `${kb(homeJs)} gzip (budget 80 KB: ${homeJs <= 80 * 1024 ? 'within' : 'OVER'})`;
{
  const { browserFigures } = await import('./bench-browser.mjs');
  const figures = await browserFigures(BASE, { runs: 9 });
  for (const [name, line] of Object.entries(figures.firstPrices)) results[`first price after click, ${name}`] = line;
  results['first price after click, no focus before'] = figures.firstPriceStraight;
  results['home hydration after DOMContentLoaded'] = figures.hydration;
}
results['TTFB home /'] = await ttfb('/');
// the one uncompressed figure: what gzip costs the worker on the largest HTML answer
results['TTFB home /, uncompressed'] = `${await ttfb({ url: '/', encoding: 'identity' })} (against the compressed one above: the cost of compressing)`;
{
  // Step 4: sign-in (PBKDF2-SHA256, 100,000 iterations, dominates) and a signed-in page against an anonymous one
  const login = { url: '/api/v1/user/login', method: 'POST', body: JSON.stringify({ email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' }) };
  results['POST /api/v1/user/login'] = await ttfb(login, { concurrency: 10, count: 200 });
  const { hashPassword, verifyPassword } = await import(pathToFileURL(path.join(root, '.wrangler/bench-identity.mjs')).href).catch(async () => {
    const { build } = await import('esbuild');
    await build({ entryPoints: [path.join(root, 'src/server/identity/passwords.ts')], bundle: true, platform: 'node', format: 'esm', outfile: path.join(root, '.wrangler/bench-identity.mjs'), logLevel: 'warning' });
    return import(pathToFileURL(path.join(root, '.wrangler/bench-identity.mjs')).href);
  });
  const stored = await hashPassword('Demo-heslo-2026', 'bench-pepper');
  const hashTimes = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await verifyPassword('Demo-heslo-2026', stored, 'bench-pepper');
    hashTimes.push(performance.now() - t0);
  }
  hashTimes.sort((a, b) => a - b);
  results['password hash alone (Node WebCrypto)'] = `median ${hashTimes[10].toFixed(1)} ms per verification (PBKDF2-SHA256, 100,000 iterations)`;

  const signedIn = await fetch(BASE + login.url, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: login.body });
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie.includes('zslt_auth_key=')) throw new Error(`demo sign-in failed: ${signedIn.status}`);
  const anonymous = [];
  const member = [];
  for (let i = 0; i < 3; i++) {
    anonymous.push(Number(/p50 ([\d.]+)/.exec(await ttfb('/'))[1]));
    member.push(Number(/p50 ([\d.]+)/.exec(await ttfb({ url: '/', cookie }))[1]));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[1];
  // Step 5: order creation at 10 concurrent (signed in: the anonymous write limit is not what is measured)
  const shipment = (i) => ({
    from: { firstname: 'Jana', surname: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', country: 'cz', phone: '+420777123456', email: 'jana@example.cz' },
    to: { firstname: 'Petr', surname: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', country: 'cz', phone: '+420603987654', email: 'petr@example.cz' },
    packages: [{ weight: 1 + (i % 8) }],
    service_id: i % 2 ? 'dpd-classic' : 'ppl-business',
  });
  const orderBody = (i) => JSON.stringify({ items: [{ shipment: shipment(i) }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'bench@example.cz', terms: true });
  results['POST /api/v1/orders'] = await ttfb(
    Array.from({ length: 8 }, (_, i) => ({ url: '/api/v1/orders', method: 'POST', body: orderBody(i), cookie, idempotent: true })),
    { concurrency: 10, count: 200 },
  );
  // labels and invoices: the first download draws the PDF (and keeps it in R2), later ones read R2
  const timesOf = { a6: [], a4: [], invoice: [], a6Cached: [] };
  const sizes = {};
  const timed = async (url) => {
    const t0 = performance.now();
    const res = await fetch(BASE + url, { headers: { cookie } });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - t0, size: bytes.length };
  };
  for (let i = 0; i < 12; i++) {
    const created = await fetch(BASE + '/api/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `bench-doc-${randomUUID()}` }, body: orderBody(i) });
    const order = (await created.json()).data;
    await fetch(BASE + '/api/v1/sandbox/bank/statement', { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: BASE }, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
    const paid = (await (await fetch(`${BASE}/api/v1/orders/${order.token}`, { headers: { cookie } })).json()).data;
    const s = paid.shipments[0];
    if (!s?.label_url) throw new Error(`order ${order.number} has no label: ${JSON.stringify(paid.shipments)}`);
    for (const [name, url] of [['a6', s.label_url], ['a4', s.label_url_a4], ['invoice', paid.invoice_pdf_url]]) {
      const { ms, size } = await timed(url);
      if (i > 0) timesOf[name].push(ms); // the first also loads the documents module
      else results[`first PDF of the isolate (${name}, loads the documents module)`] = `${ms.toFixed(1)} ms`;
      sizes[name] = size;
    }
    timesOf.a6Cached.push((await timed(s.label_url)).ms);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  results['label PDF A6, generated'] = `median ${med(timesOf.a6)} ms per download (n=${timesOf.a6.length}), ${kb(sizes.a6)}`;
  results['label PDF A4 4-up, generated'] = `median ${med(timesOf.a4)} ms (n=${timesOf.a4.length}), ${kb(sizes.a4)}`;
  results['invoice PDF, generated'] = `median ${med(timesOf.invoice)} ms (n=${timesOf.invoice.length}), ${kb(sizes.invoice)}`;
  results['label PDF A6, from R2'] = `median ${med(timesOf.a6Cached)} ms (n=${timesOf.a6Cached.length})`;

  // Step 6: the public tracking page against the 404 page, same run; the carrier webhook at 10 concurrent
  {
    const created = await fetch(BASE + '/api/v1/orders', { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `bench-trk-${randomUUID()}` }, body: orderBody(3) });
    const order = (await created.json()).data;
    await fetch(BASE + '/api/v1/sandbox/bank/statement', { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: BASE }, body: JSON.stringify({ variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }) });
    const parcel = (await (await fetch(`${BASE}/api/v1/orders/${order.token}`, { headers: { cookie } })).json()).data.shipments[0];
    for (let i = 0; i < 3; i++) await fetch(`${BASE}/api/v1/sandbox/shipments/${parcel.id}/advance`, { method: 'POST', headers: { cookie, origin: BASE, 'content-type': 'application/json' }, body: '{}' });
    const trackingRounds = [];
    const notFoundRounds = [];
    for (let i = 0; i < 3; i++) {
      trackingRounds.push(Number(/p50 ([\d.]+)/.exec(await ttfb(`/sledovani-zasilek/${parcel.tracking_number}`))[1]));
      notFoundRounds.push(Number(/p50 ([\d.]+)/.exec(await ttfb('/tahle-stranka-neexistuje'))[1]));
    }
    const mid = (xs) => [...xs].sort((a, b) => a - b)[1];
    results['TTFB public tracking vs 404'] = `median p50 ${mid(trackingRounds).toFixed(1)} ms tracking vs ${mid(notFoundRounds).toFixed(1)} ms 404 (ratio ${(mid(trackingRounds) / mid(notFoundRounds)).toFixed(2)}, budget 1.3×; rounds ${trackingRounds.join('/')} vs ${notFoundRounds.join('/')})`;
    const vars = Object.fromEntries(readFileSync(path.join(root, '.dev.vars'), 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const secret = `${vars.SESSION_SECRET}:carrier-sandbox:${parcel.carrier}`;
    let n = 0;
    const webhook = {
      url: `/api/v1/carriers/${parcel.carrier}/events`,
      method: 'POST',
      sign: {
        header: 'x-carrier-signature',
        body: () => JSON.stringify({ events: [{ parcel: parcel.carrier_ref, event_id: `bench-${++n}-${randomUUID()}`, status: 'INTRANSPORT', time: new Date(Date.UTC(2026, 10, 24, 8, 0, n % 3600)).toISOString(), location: 'Hub' }] }),
        signature: (text) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`,
      },
    };
    const probe = webhook.sign.body();
    const check = await fetch(BASE + webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', [webhook.sign.header]: webhook.sign.signature(probe) }, body: probe });
    if (!check.ok) throw new Error(`signed webhook answered ${check.status}: ${await check.text()}`);
    results['POST /api/v1/carriers/:carrier/events'] = await ttfb(webhook, { concurrency: 10, count: 200 });
  }

  // Step 7: the v2 overview signed in against the 404 page, same run (after the orders above: the account has some)
  {
    const overviewRounds = [];
    const notFoundRounds = [];
    for (let i = 0; i < 3; i++) {
      overviewRounds.push(Number(/p50 ([\d.]+)/.exec(await ttfb({ url: '/klient/v2/prehled', cookie }))[1]));
      notFoundRounds.push(Number(/p50 ([\d.]+)/.exec(await ttfb('/tahle-stranka-neexistuje'))[1]));
    }
    const mid = (xs) => [...xs].sort((a, b) => a - b)[1];
    results['TTFB v2 overview signed in vs 404'] = `median p50 ${mid(overviewRounds).toFixed(1)} ms overview vs ${mid(notFoundRounds).toFixed(1)} ms 404 (ratio ${(mid(overviewRounds) / mid(notFoundRounds)).toFixed(2)}, budget 1.5×; rounds ${overviewRounds.join('/')} vs ${notFoundRounds.join('/')})`;
  }

  // issue 23: booking through the UPS sandbox over HTTP, and a 20-shipment order paid and booked
  Object.assign(results, await (await import('../tests/bench/booking.bench.mjs')).bookingFigures(BASE, { cookie }));

  results['TTFB home signed in vs anonymous'] = `median p50 ${median(member).toFixed(1)} ms signed in vs ${median(anonymous).toFixed(1)} ms anonymous (ratio ${(median(member) / median(anonymous)).toFixed(2)}, budget 1.2×; rounds ${member.join('/')} vs ${anonymous.join('/')})`;
}
{
  // the nonce CSP against the old 'unsafe-inline' one, same run, alternating rounds
  const INLINE_PORT = PORT + 2;
  const stopInline = await serveWorker(INLINE_PORT, '--dist', INLINE_DIST);
  const nonce = [];
  const inline = [];
  for (let i = 0; i < 3; i++) {
    nonce.push(Number(/p50 ([\d.]+)/.exec(await ttfb('/'))[1]));
    inline.push(Number(/p50 ([\d.]+)/.exec(await ttfb('/', { base: `http://127.0.0.1:${INLINE_PORT}` }))[1]));
  }
  await stopInline();
  const median = (xs) => [...xs].sort((a, b) => a - b)[1].toFixed(1);
  results['TTFB home, nonce CSP vs inline'] = `median p50 ${median(nonce)} ms with the nonce vs ${median(inline)} ms without (3 alternating rounds each: ${nonce.join('/')} vs ${inline.join('/')})`;
}
results['TTFB 404 page'] = await ttfb('/tahle-stranka-neexistuje');
results['TTFB /api/v1/country/all (cached)'] = await ttfb('/api/v1/country/all');

await checkQuotes(BASE);
// this machine's CPU time is shared and noisy: three rounds, each reported
const rounds = async (base) => {
  const lines = [];
  for (let i = 0; i < 3; i++) lines.push(await ttfb(quoteFind, { base }));
  const p50s = lines.map((l) => Number(/p50 ([\d.]+)/.exec(l)[1])).sort((a, b) => a - b);
  return `median p50 ${p50s[1].toFixed(1)} ms of 3 rounds: ${lines.join(' | ')}`;
};
const withLimiter = await rounds(BASE);
results['POST /api/v2/quote/find'] = `${withLimiter}; budget p50 25 ms`;
results['POST /api/v2/quote/find, c=1'] = await ttfb(quoteFind, { concurrency: 1, count: 200 });
// v1/rates/list at its bound (the most routes a call may ask, the §9 weights), computed
// afresh each time (reloadCache) and from the KV cache
const europe = ['de', 'at', 'pl', 'sk', 'hu', 'fr', 'it', 'es', 'nl', 'be', 'dk', 'se'];
const ratesList = (i) => ({ url: '/api/v1/rates/list', method: 'POST', body: JSON.stringify({ combinations: europe.slice(i % 2 * 6, i % 2 * 6 + 6).map((to) => ({ from: 'cz', to })), reloadCache: true }) });
const ratesCheck = await fetch(BASE + '/api/v1/rates/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ratesList(0).body });
if (!ratesCheck.ok) throw new Error(`rates/list at the bound answered ${ratesCheck.status}: ${await ratesCheck.text()}`);
const ratesRows = (await ratesCheck.json()).data.rows;
results['POST /api/v1/rates/list, computed'] = `${await ttfb([ratesList(0), ratesList(1)], { concurrency: 1, count: 40 })} for ${ratesRows.length} routes × ${ratesRows[0].prices.length} weights`;
results['POST /api/v1/rates/list, cached'] = await ttfb({ ...ratesList(0), body: ratesList(0).body.replace('"reloadCache":true', '"reloadCache":false') }, { concurrency: 1, count: 100 });
{
  // a quote beside price lists: quote/find p50 while two clients compute rates/list without pause
  const quiet = Number(/p50 ([\d.]+)/.exec(await ttfb(quoteFind, { concurrency: 2, count: 200 }))[1]);
  let busy = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const beside = Array.from({ length: 2 }, async (_, w) => {
    let calls = 0;
    for (let i = w; busy; i += 2, calls++) await timedRequest(agent, BASE, ratesList(i));
    return calls;
  });
  const loaded = await ttfb(quoteFind, { concurrency: 2, count: 200 });
  busy = false;
  const calls = (await Promise.all(beside)).reduce((a, b) => a + b, 0);
  agent.destroy();
  const p50 = Number(/p50 ([\d.]+)/.exec(loaded)[1]);
  results['quote/find beside rates/list'] = `${loaded} with ${calls} rates/list calls running; quiet p50 ${quiet.toFixed(1)} ms (ratio ${(p50 / quiet).toFixed(2)}, budget 2×)`;
}
{
  // issue 13: Lighthouse (mobile preset) on the home page, a country price list, a carrier
  // page, the FAQ and the public tracking page; target 95 in each category
  const { formatScores, lighthouseScores } = await import('./lighthouse.mjs');
  results['lighthouse (mobile)'] = `served gzip, Lighthouse's default 4× CPU slowdown; budget performance ≥ 98 each (issue 29), the other categories ≥ 95\n    ${formatScores(await lighthouseScores(BASE, undefined, { runs: 3 }))}`;
  // the same pages with the slowdown calibrated to this host's BenchmarkIndex, as Lighthouse's
  // docs advise for a host slower than the one 4× was set for (scripts/lighthouse.mjs)
  results['lighthouse (mobile, CPU calibrated)'] = `served gzip, CPU slowdown from each page's BenchmarkIndex (Lighthouse's calculator; PageSpeed Insights runs 1.2× on its hosts); budget as above\n    ${formatScores(await lighthouseScores(BASE, undefined, { runs: 3, cpu: 'calibrated' }))}`;
}
await stopServer();

// issue 29 item 5: what the rate limiter costs quote/find. Locally the binding is simulated by a
// Durable Object call per limit(); deployed it counts on the machine itself. The same build with
// and without the bindings, served at once from copies of the seeded state, in alternating rounds.
results['POST /api/v2/quote/find, limiter cost'] = (await compareLimiter({ root, env, persist: SEED, port: PORT + 2 })).line;

// the same call through `wrangler dev` (dev proxy worker in front), for comparison
const DEV_PORT = PORT + 1;
const DEV_BASE = `http://127.0.0.1:${DEV_PORT}`;
stopServer = await serve([wrangler, 'dev', '--local', '--ip', '127.0.0.1', '--port', String(DEV_PORT), '--persist-to', PERSIST, '--var', `CZ_HOST:127.0.0.1:${DEV_PORT}`], DEV_BASE);
results['POST /api/v2/quote/find, wrangler dev'] = await rounds(DEV_BASE);
await stopServer();

// issue 29 item 4: guest checkouts at 20 at once (its own fresh database and port), twice: the
// confirmations through miniflare's send_email simulator (as npm start sends them), and through
// scripts/mail-sink.worker.js, which answers the binding's call without the simulator's storage,
// files and log on the worker's thread (deployed, that work is the e-mail service's). Each line:
// the median of 3 rounds' p50, then each round's p50, CPU per order and the mail queue's lag.
const checkout = (mail) => {
  const rounds = run([path.join(root, 'scripts/bench-checkout.mjs'), '--port', String(PORT + 4), '--rounds', '3', ...(mail ? ['--mail', mail] : [])])
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('POST'));
  const p50s = rounds.map((l) => Number(/p50 ([\d.]+) ms/.exec(l)[1])).sort((a, b) => a - b);
  const each = rounds.map((l) => `p50 ${/p50 ([\d.]+)/.exec(l)[1]}, ${/([\d.]+) ms per order/.exec(l)?.[1] ?? '?'} ms CPU/order, ${/(NOT all sent|all sent \d+ ms)/.exec(l)?.[1] ?? '?'}`);
  return `p50 ${p50s[1]} ms (median of 3 rounds; budget p50 150 ms) ${p50s[1] <= 150 ? 'within' : 'OVER'}; rounds: ${each.join(' | ')}`;
};
results['POST /api/v1/orders, c=20, mail simulator'] = checkout(null);
results['POST /api/v1/orders, c=20, mail sink'] = checkout('sink');

const extra = path.join(root, 'tests/bench/quote-engine.bench.mjs');
if (existsSync(extra)) results['quote engine'] = run([extra]).trim();

// every figure with its budget; one without says so
for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(40)} ${/budget|within|OVER/i.test(v) ? v : `${v}; no budget (information)`}`);
process.exit(0);
