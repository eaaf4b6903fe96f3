// Where the time between the click on "Compare prices" and the first price goes (issue 29 item 2),
// the trace behind scripts/bench-browser.mjs's figure: headless Chromium through playwright-core,
// the form filled and its prefetch settled as in the bench, then a Chromium trace of the click.
// Prints per run the requests after the click (start, first byte, end) and the renderer main
// thread's tasks from the click to the first price with what ran in them; --trace DIR keeps the
// traces (open them in DevTools' Performance panel; the marks bench-click, bench-line and
// bench-price are in its Timings track).
//   node scripts/trace-first-price.mjs http://127.0.0.1:8798 [--path /en] [--mobile] [--runs 3] [--trace DIR]
// Serve as deployed (gzip): scripts/serve-worker.mjs without DEV_NO_COMPRESS.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices } from 'playwright-core';
import { typeWeightAndSettle } from './bench-browser.mjs';

/** runs in the page: user-timing marks of the click, the stream's first line and the first price */
function instrument() {
  const w = window;
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid=quote-submit]')) (w.__click = performance.now()), performance.mark('bench-click');
    },
    true,
  );
  new MutationObserver(() => {
    const price = document.querySelector('[data-testid=comparison] [data-testid=price-vat]');
    if (w.__price == null && price) {
      w.__price = performance.now();
      w.__where = `${location.pathname} ${price.closest('[data-testid=inline-comparison]') ? '(in the form’s place)' : '(carrier step)'}`;
      performance.mark('bench-price');
    }
  }).observe(document, { childList: true, subtree: true });
  const parse = JSON.parse;
  JSON.parse = function (text, ...rest) {
    if (w.__click != null && w.__line == null && typeof text === 'string' && text.startsWith('{"id"')) (w.__line = performance.now()), performance.mark('bench-line');
    return parse.call(this, text, ...rest);
  };
}

const KINDS = {
  EvaluateScript: 'eval',
  FunctionCall: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MinorGC: 'GC',
  MajorGC: 'GC',
  ParseHTML: 'parse HTML',
  EventDispatch: 'events',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
};

/** the main thread's tasks from `from` to `to` (trace µs), each with its time by kind (nested events counted once, at the outermost) */
function tasksBetween(events, pid, from, to) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid);
  const own = events.filter((e) => e.pid === pid && e.tid === main.tid && e.ph === 'X');
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts + e.dur >= from && e.ts <= to && e.dur >= 1000).sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    const inside = own.filter((e) => e !== task && KINDS[e.name] && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const parts = {};
    let end = 0;
    for (const e of inside) {
      if (e.ts < end) continue; // inside one counted already
      end = e.ts + e.dur;
      parts[KINDS[e.name]] = (parts[KINDS[e.name]] ?? 0) + e.dur / 1000;
    }
    return { start: (task.ts - from) / 1000, ms: task.dur / 1000, parts };
  });
}

const { values } = parseArgs({ allowPositionals: true, options: { path: { type: 'string', default: '/' }, mobile: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' }, trace: { type: 'string' } } });
const base = process.argv[2]?.startsWith('http') ? process.argv[2] : 'http://127.0.0.1:8798';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
});
const bar = (await (await fetch(`${base}/api/v1/header-bar/detail`)).json()).data;
try {
  for (let run = 0; run < Number(values.runs); run++) {
    const context = await browser.newContext({ ...(values.mobile ? devices['Pixel 7'] : {}), locale: values.path.startsWith('/en') ? 'en-GB' : 'cs-CZ', baseURL: base });
    if (bar) await context.addCookies([{ name: `popup_${bar.id}_postpone`, value: '1', url: base }]);
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto(values.path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // as the bench: the prefetch on the form's first focus, then nothing new for 300 ms
    await typeWeightAndSettle(page);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
    await page.click('[data-testid=quote-submit]');
    await page.waitForFunction(() => window.__price != null, null, { timeout: 20_000 });
    await page.waitForTimeout(300);
    const buf = await browser.stopTracing();
    const t = await page.evaluate(() => ({
      ms: window.__price - window.__click,
      line: window.__line - window.__click,
      where: window.__where,
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= window.__click - 1)
        .map((e) => `${new URL(e.name).pathname}: start ${(e.startTime - window.__click).toFixed(0)}, first byte ${(e.responseStart - window.__click).toFixed(0)}, end ${(e.responseEnd - window.__click).toFixed(0)} ms`),
    }));
    await context.close();
    if (values.trace) {
      mkdirSync(values.trace, { recursive: true });
      writeFileSync(path.join(values.trace, `first-price-${run}.json`), buf);
    }
    console.log(`run ${run + 1}: first price ${t.ms.toFixed(0)} ms after the click, at ${t.where}; the stream's first line reached the page's code at ${t.line.toFixed(0)} ms`);
    for (const r of t.requests) console.log(`    ${r}`);
    const events = JSON.parse(buf.toString()).traceEvents;
    const click = events.find((e) => e.name === 'bench-click');
    const price = events.find((e) => e.name === 'bench-price');
    if (!click || !price) continue;
    console.log('  main-thread tasks from the click to the first price (ms from the click):');
    for (const task of tasksBetween(events, click.pid, click.ts, price.ts)) {
      const parts = Object.entries(task.parts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
      console.log(`    +${task.start.toFixed(1)}: ${task.ms.toFixed(1)} ms${parts ? ` (${parts})` : ''}`);
    }
  }
} finally {
  await browser.close();
}
