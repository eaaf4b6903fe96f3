// The main thread's long tasks of a page load (issue 29 item 3), the deterministic side of the
// Lighthouse figures: headless Debian Chromium through playwright-core, mobile viewport, the CPU
// slowed 4× as Lighthouse's mobile preset assumes, a Chromium trace of the load until the page has
// been idle for 2 s. Prints per page the tasks over 50 ms (start, duration, what ran in them) and
// their blocking total (sum of each task's time over 50 ms, Lighthouse's TBT without its window).
//   node scripts/trace-main-thread.mjs http://127.0.0.1:8798 [--runs 3] [--cpu 4] [--thread-time] [--trace DIR] [--cookie 'a=1; b=2'] [/path ...]
// --thread-time: the load is not slowed; each task counts its main thread's CPU time (the trace's
// thread durations) times --cpu, as Lighthouse's simulated throttling multiplies what it observes.
// On a shared, loaded machine the wall-clock lengths mostly measure the other processes (a 232 ms
// task that ran 16 ms); the thread times do not.
// The client pages sign in as the demo account (LOCAL_DEV seeds it). Serve as deployed (gzip).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices } from 'playwright-core';
import { signIn } from './lighthouse.mjs';

const needsSession = (page) => page.startsWith('/klient') || page.startsWith('/en/client');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** the renderer main thread's top-level tasks of a trace and what each spent its time on */
export function longTasks(events, { threshold = 50, threadTime = false, scale = 1 } = {}) {
  // a task's length in ms: wall clock, or its thread's CPU time (tdur) scaled
  const length = threadTime ? (e) => ((e.tdur ?? e.dur) * scale) / 1000 : (e) => e.dur / 1000;
  // the renderer that navigated to an http(s) document (not about:blank or a chrome:// page)
  const nav = events.filter((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? '')).at(-1);
  if (!nav) return null; // a trace that lost the navigation (seen under heavy load): the run is skipped
  const best = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid && e.tid === nav.tid) ?? nav;
  const own = events.filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X');
  // the page's tasks: from its navigation on
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts >= nav.ts).sort((a, b) => a.ts - b.ts);
  const out = [];
  for (const task of tasks) {
    const ms = length(task);
    if (ms < threshold) continue;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    // the work inside: script evaluation and calls by their script, parsing, style and layout
    const parts = {};
    for (const e of inside) {
      let key = null;
      if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') key = `eval ${short(e.args?.data?.url ?? e.args?.data?.scriptName ?? '')}`;
      else if (e.name === 'FunctionCall') key = `call ${short(e.args?.data?.url ?? '')}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
      else if (e.name === 'v8.compile' || e.name === 'v8.compileModule') key = 'compile';
      else if (e.name === 'ParseHTML') key = 'parse HTML';
      else if (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles') key = 'style';
      else if (e.name === 'Layout') key = 'layout';
      else if (e.name === 'Paint' || e.name === 'PrePaint') key = 'paint';
      else if (e.name === 'TimerFire' || e.name === 'FireIdleCallback' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch') key = e.name;
      if (key) parts[key] = (parts[key] ?? 0) + length(e);
    }
    out.push({ start: Math.round((task.ts - nav.ts) / 1000), ms: Math.round(ms), parts: Object.entries(parts).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v)}`) });
  }
  return out;
}
const short = (url) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || '(inline)';

export async function traceMainThread(base, pages, { runs = 1, cpu = 4, threadTime = false, traceDir, cookie: extraCookie } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
  const result = {};
  let session;
  try {
    for (const page of pages) {
      const all = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ ...devices['Moto G4'], locale: 'cs-CZ', baseURL: base });
        let cookie = extraCookie ? `locale=cs; ${extraCookie}` : 'locale=cs';
        if (needsSession(page)) cookie += `; ${(session ??= await signIn(base))}`;
        await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base })));
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: threadTime ? 1 : cpu });
        await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
        await tab.goto(page, { waitUntil: 'load' });
        // idle: no long task for 2 s (idle callbacks and the app start run after load)
        await tab.waitForTimeout(3000);
        const buf = await browser.stopTracing();
        const events = JSON.parse(buf.toString()).traceEvents;
        if (traceDir) {
          mkdirSync(traceDir, { recursive: true });
          writeFileSync(path.join(traceDir, `${page.replaceAll('/', '_') || '_'}-${run}.json`), buf);
        }
        const tasks = longTasks(events, { threadTime, scale: cpu });
        await context.close();
        if (!tasks) {
          console.error(`${page}: run ${run + 1} lost its navigation in the trace, skipped`);
          continue;
        }
        all.push({ tasks, blocking: tasks.reduce((s, t) => s + t.ms - 50, 0), longest: Math.max(0, ...tasks.map((t) => t.ms)) });
      }
      result[page] = all;
    }
  } finally {
    await browser.close();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' }, cpu: { type: 'string', default: '4' }, 'thread-time': { type: 'boolean', default: false }, trace: { type: 'string' }, cookie: { type: 'string' } } });
  const [base = 'http://127.0.0.1:8787', ...pages] = positionals;
  const result = await traceMainThread(base, pages.length ? pages : ['/', '/kosik', '/klient/zasilky'], { runs: Number(values.runs), cpu: Number(values.cpu), threadTime: values['thread-time'], traceDir: values.trace, cookie: values.cookie });
  for (const [page, all] of Object.entries(result)) {
    if (!all.length) continue;
    console.log(`${page}: blocking over 50 ms ${median(all.map((r) => r.blocking))} ms median (runs ${all.map((r) => r.blocking).join('/')}), longest task ${median(all.map((r) => r.longest))} ms median, ${median(all.map((r) => r.tasks.length))} long tasks median`);
    const mid = all.find((r) => r.blocking === median(all.map((r) => r.blocking)));
    for (const t of mid.tasks) console.log(`    +${t.start} ms: ${t.ms} ms — ${t.parts.join(', ')}`);
  }
  process.exit(0);
}
