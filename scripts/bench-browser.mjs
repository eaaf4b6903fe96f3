// Browser figures of issue 14 for scripts/bench.mjs (headless Chromium through playwright-core):
//   - the first price after "Compare prices": from the click (performance.now() in a capturing
//     click listener) to the first quote card with a price in the streamed comparison's DOM;
//     measured after the visitor has typed a weight (as a visitor does, so the form has had
//     focus) and, for comparison, for a click straight after the page loaded;
//   - the home page's hydration: from DOMContentLoaded to <html data-hydrated> (set by the
//     layout's HydrationMarker once client components answer events), cold loads (new context).
import { chromium } from 'playwright-core';

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
}

export async function browserFigures(base, { runs = 12 } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
  const bar = (await (await fetch(`${base}/api/v1/header-bar/detail`)).json()).data;
  const open = async () => {
    const context = await browser.newContext({ locale: 'cs-CZ', baseURL: base });
    // the instant header-bar popup would cover the form
    if (bar) await context.addCookies([{ name: `popup_${bar.id}_postpone`, value: '1', url: base }]);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => window.__benchHydrated != null);
    return { context, page };
  };
  const hydration = [];
  const typed = [];
  const straight = [];
  try {
    // one warm-up of each (the worker's first requests of a kind), not counted
    for (let i = 0; i <= runs; i++) {
      const { context, page } = await open();
      const ms = await page.evaluate(() => window.__benchHydrated - performance.getEntriesByType('navigation')[0].domContentLoadedEventStart);
      if (i > 0) hydration.push(ms);
      await context.close();
    }
    for (const [list, typeFirst] of [
      [typed, true],
      [straight, false],
    ]) {
      for (let i = 0; i <= runs; i++) {
        const { context, page } = await open();
        if (typeFirst) {
          await page.fill('#qf-content-0-weight', '2');
          await page.waitForTimeout(500);
        }
        await page.click('[data-testid=quote-submit]');
        await page.waitForFunction(() => window.__benchPrice != null, null, { timeout: 20_000 });
        const ms = await page.evaluate(() => window.__benchPrice - window.__benchClick);
        if (i > 0) list.push(ms);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const fmt = (xs) => `median ${median(xs).toFixed(0)} ms of ${xs.length} (${xs.map((x) => x.toFixed(0)).join('/')})`;
  return {
    firstPrice: `${fmt(typed)} after typing a weight; ${median(straight).toFixed(0)} ms for a click straight after the load; budget 150 ms`,
    hydration: `${fmt(hydration)} cold loads; budget 400 ms`,
    firstPriceMedian: median(typed),
    hydrationMedian: median(hydration),
  };
}

// node scripts/bench-browser.mjs http://127.0.0.1:PORT [runs]: the figures against a running server
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await browserFigures(process.argv[2] ?? 'http://127.0.0.1:8799', { runs: Number(process.argv[3] ?? 12) });
  console.log(`first price after click   ${figures.firstPrice}\nhome hydration after DCL  ${figures.hydration}`);
}
