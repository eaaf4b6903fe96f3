// Browser figures of issues 14 and 29 for scripts/bench.mjs (headless Chromium through playwright-core):
//   - the first price after "Compare prices" (issue 29: budget 100 ms median), cs and en, desktop
//     and mobile emulation: from the click (performance.now() in a capturing click listener) to
//     the first quote card with a price in the streamed comparison's DOM, after the visitor has
//     typed a weight (as a visitor does, so the form has had focus and its idle work is done);
//     with its deterministic evidence: the requests between the click and the first price
//     (code chunks and quote/detail calls must be none) and the time from the stream's first
//     line reaching the page's code to the first price; for comparison, desktop cs, a click
//     straight after the page loaded;
//   - the home page's hydration: from DOMContentLoaded to <html data-hydrated> (set by the
//     layout's HydrationMarker once client components answer events), cold loads (new context).
// The server must serve as a deployed Worker does (gzip): scripts/bench.mjs checks it.
import { chromium, devices } from 'playwright-core';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** runs in the page before its scripts: timestamps of hydration, the click and the first price */
function instrument() {
  const w = window;
  new MutationObserver(() => {
    if (w.__benchHydrated == null && document.documentElement.dataset.hydrated === 'true') w.__benchHydrated = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid=quote-submit]')) w.__benchClick = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (w.__benchPrice == null && document.querySelector('[data-testid=comparison] [data-testid=price-vat]')) w.__benchPrice = performance.now();
  }).observe(document, { childList: true, subtree: true });
  // the stream's first line reaching the page's code (apiStream parses each line)
  const parse = JSON.parse;
  JSON.parse = function (text, ...rest) {
    if (w.__benchClick != null && w.__benchLine == null && typeof text === 'string' && text.startsWith('{"id"')) w.__benchLine = performance.now();
    return parse.call(this, text, ...rest);
  };
}

const VARIANTS = [
  { name: 'cs desktop', path: '/', locale: 'cs-CZ', device: {} },
  { name: 'cs mobile', path: '/', locale: 'cs-CZ', device: devices['Pixel 7'] },
  { name: 'en desktop', path: '/en', locale: 'en-GB', device: {} },
  { name: 'en mobile', path: '/en', locale: 'en-GB', device: devices['Pixel 7'] },
];
export const FIRST_PRICE_BUDGET_MS = 100;

/**
 * A visitor types a weight: the form's first focus and the browser's idle time load what the
 * comparison needs (the carrier step's payload); resolves once nothing new has loaded for 300 ms.
 * Also used by scripts/trace-first-price.mjs.
 */
export async function typeWeightAndSettle(page) {
  await page.fill('#qf-content-0-weight', '2');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/RSC/')), null, { timeout: 10_000 });
  for (let count = -1, same = 0; same < 3; ) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.responseEnd > 0).length);
    same = now === count ? same + 1 : 0;
    count = now;
  }
}

export async function browserFigures(base, { runs = 12 } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
  const bar = (await (await fetch(`${base}/api/v1/header-bar/detail`)).json()).data;
  const open = async ({ path = '/', locale = 'cs-CZ', device = {} } = {}) => {
    const context = await browser.newContext({ ...device, locale, baseURL: base });
    // the instant header-bar popup would cover the form
    if (bar) await context.addCookies([{ name: `popup_${bar.id}_postpone`, value: '1', url: base }]);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const encodings = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document' || r.url().endsWith('.js')) encodings.push(r.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(path);
    await page.waitForFunction(() => window.__benchHydrated != null);
    if (encodings.some((e) => e !== 'gzip' && e !== 'br')) throw new Error(`${path} was served uncompressed (${encodings.join(', ')}): the bench measures what a deployed Worker serves`);
    return { context, page };
  };
  /** one click on "Compare prices": ms to the first price, ms from the stream's first line to it, what was requested in between */
  const firstPrice = async (variant, typeFirst) => {
    const { context, page } = await open(variant);
    if (typeFirst) await typeWeightAndSettle(page);
    const requests = [];
    let clicked = false;
    page.on('request', (r) => clicked && requests.push(r));
    clicked = true;
    await page.click('[data-testid=quote-submit]');
    await page.waitForFunction(() => window.__benchPrice != null, null, { timeout: 20_000 });
    // a resource's timing entry is there once it has finished: wait for the stream's and a quiet moment
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/v2/quote/find/stream')), null, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const t = await page.evaluate(() => ({
      ms: window.__benchPrice - window.__benchClick,
      lineToPrice: window.__benchPrice - window.__benchLine,
      // requests that started before the first price (resource timing, the page's clock)
      before: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= window.__benchClick && e.startTime <= window.__benchPrice)
        .map((e) => new URL(e.name).pathname),
    }));
    await context.close();
    const late = t.before.filter((p) => p.endsWith('.js') || p === '/api/v2/quote/detail');
    return { ms: t.ms, lineToPrice: t.lineToPrice, late, requests: requests.length };
  };
  const hydration = [];
  const byVariant = new Map(VARIANTS.map((v) => [v.name, []]));
  const straight = [];
  try {
    // one warm-up of each (the worker's first requests of a kind), not counted
    for (let i = 0; i <= runs; i++) {
      const { context, page } = await open();
      const ms = await page.evaluate(() => window.__benchHydrated - performance.getEntriesByType('navigation')[0].domContentLoadedEventStart);
      if (i > 0) hydration.push(ms);
      await context.close();
    }
    // the variants in turn, so the machine's load falls on each alike
    for (let i = 0; i <= runs; i++) {
      for (const variant of VARIANTS) {
        const run = await firstPrice(variant, true);
        if (i > 0) byVariant.get(variant.name).push(run);
      }
      const run = await firstPrice(VARIANTS[0], false);
      if (i > 0) straight.push(run.ms);
    }
  } finally {
    await browser.close();
  }
  const fmt = (xs) => `median ${median(xs).toFixed(0)} ms of ${xs.length} (${xs.map((x) => x.toFixed(0)).join('/')})`;
  const within = (ms, budget) => `budget ${budget} ms: ${ms <= budget ? 'within' : 'OVER'}`;
  const firstPrices = {};
  for (const [name, list] of byVariant) {
    const ms = median(list.map((r) => r.ms));
    const late = [...new Set(list.flatMap((r) => r.late))];
    firstPrices[name] =
      `${fmt(list.map((r) => r.ms))}; ${within(ms, FIRST_PRICE_BUDGET_MS)}; ` +
      `stream's first line to the price median ${median(list.map((r) => r.lineToPrice)).toFixed(0)} ms; ` +
      `code or quote/detail requested between the click and the price: ${late.length ? late.join(', ') : 'none'}`;
  }
  const allMs = [...byVariant.values()].flat().map((r) => r.ms);
  return {
    firstPrices,
    firstPriceStraight: `${fmt(straight)} for a click straight after the load (cs desktop; explains the prefetch on the form's focus, no budget)`,
    hydration: `${fmt(hydration)} cold loads; budget 400 ms: ${median(hydration) <= 400 ? 'within' : 'OVER'}`,
    firstPriceMedian: median(allMs),
    hydrationMedian: median(hydration),
  };
}

// node scripts/bench-browser.mjs http://127.0.0.1:PORT [runs]: the figures against a running server
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await browserFigures(process.argv[2] ?? 'http://127.0.0.1:8799', { runs: Number(process.argv[3] ?? 12) });
  for (const [name, line] of Object.entries(figures.firstPrices)) console.log(`first price after click, ${name.padEnd(10)} ${line}`);
  console.log(`first price after click, straight   ${figures.firstPriceStraight}\nhome hydration after DCL  ${figures.hydration}`);
}
