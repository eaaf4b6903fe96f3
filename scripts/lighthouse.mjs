// Lighthouse scores (mobile preset, Debian Chromium) of the pages issues 13 and 29 name:
//   node scripts/lighthouse.mjs http://127.0.0.1:8798 [--runs 3] [--json DIR] [--cpu default|calibrated] [/path ...]
// Prints one line per page: performance (median of the runs), TBT, accessibility, best practices,
// SEO (0–100). Used by scripts/bench.mjs; runnable alone against any served build. Serve it as
// deployed (gzip, no DEV_NO_COMPRESS). The client pages sign in as the demo account (LOCAL_DEV seeds it).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';

/**
 * Lighthouse's own advice for a host slower or faster than the one its 4× CPU slowdown was set
 * for (docs/throttling.md, "Calibrating the CPU slowdown"): read the run's BenchmarkIndex and
 * pick the multiplier that brings this machine to the same emulated phone, as the Lighthouse
 * team's calculator does (lighthouse-cpu-throttling-calculator: 150 → 1×, 800 → 2×, 1300 → 3×,
 * then one more per 233). PageSpeed Insights does the same on its slow hosts
 * (core/config/lr-mobile-config.js: 1.2×, "determined using PSI CPU benchmark median" and that
 * calculator). This 2-core machine measures 640–1,440, mostly about 1,000–1,350: 2.4–3.2×.
 */
export function calibratedCpuMultiplier(benchmarkIndex) {
  if (!(benchmarkIndex >= 150)) throw new Error(`BenchmarkIndex ${benchmarkIndex}: too slow a host to emulate Lighthouse's phone`);
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

export const LIGHTHOUSE_PAGES = ['/', '/ceniky/balik-do-nemecka', '/dopravce/dpd', '/casto-kladene-otazky', '/sledovani-zasilek', '/kosik', '/klient/zasilky'];
const DEMO = { email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' };
const needsSession = (page) => page.startsWith('/klient') || page.startsWith('/en/client') || page.startsWith('/en/klient');

/** the session cookies of a form sign-in (POST /prihlaseni, as the browser's form sends it) */
export async function signIn(base, { email, password } = DEMO) {
  const res = await fetch(`${base}/prihlaseni`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, cookie: 'locale=cs', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf(';')));
  if (res.status !== 303 || !cookies.some((c) => c.startsWith('zslt_auth_key='))) throw new Error(`sign-in as ${email} failed: HTTP ${res.status}`);
  return cookies.join('; ');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's own BenchmarkIndex of this host, the median of three (one is about a second) */
async function hostBenchmarkIndex(browser) {
  const tab = await browser.newPage();
  try {
    const samples = [];
    for (let i = 0; i < 3; i++) samples.push(await tab.evaluate(pageFunctions.computeBenchmarkIndex));
    return median(samples);
  } finally {
    await tab.close();
  }
}

/**
 * `cpu`: Lighthouse's default 4× slowdown, or 'calibrated': each run at the multiplier
 * calibratedCpuMultiplier gives for the host's BenchmarkIndex measured just before it.
 */
export async function lighthouseScores(base, pages = LIGHTHOUSE_PAGES, { runs = 1, jsonDir, cpu = 'default' } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const lines = {};
  let session;
  // cookies go into the browser's jar before each run: Lighthouse keeps the jar between runs and
  // the jar's cookies (the ones the page sets) replace a Cookie header given as extraHeaders
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const cdp = await browser.target().createCDPSession();
  try {
    for (const page of pages) {
      // the locale cookie: Chromium asks for English, which would send / to /en
      let cookie = 'locale=cs';
      if (needsSession(page)) cookie += `; ${(session ??= await signIn(base))}`;
      const cookies = cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: base }));
      const all = [];
      let benchmark;
      for (let run = 0, retried = 0; run < runs; run++) {
        await cdp.send('Storage.clearCookies');
        await cdp.send('Storage.setCookies', { cookies });
        // the mobile preset is Lighthouse's default (Moto G Power emulation, simulated slow 4G)
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
        if (cpu === 'calibrated') {
          // the host as it is just before this run (its speed varies with the machine's load)
          benchmark = await hostBenchmarkIndex(browser);
          flags.throttling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: calibratedCpuMultiplier(benchmark) };
        }
        const result = await lighthouse(base + page, flags);
        const { lhr } = result;
        // a trace lost under load (NO_NAVSTART, NO_FCP) scores 0: that run once more
        if (lhr.runtimeError && retried++ < runs) {
          run--;
          continue;
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(base + page).pathname) throw new Error(`${page} ended at ${lhr.finalDisplayedUrl}`);
        if (jsonDir) {
          mkdirSync(jsonDir, { recursive: true });
          writeFileSync(path.join(jsonDir, `${page.replaceAll('/', '_') || '_'}-${run}.json`), result.report);
        }
        const c = lhr.categories;
        const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
          .map((a) => a.id);
        all.push({ performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo'), tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0), lcp: lhr.audits['largest-contentful-paint']?.displayValue, failed, benchmark: cpu === 'calibrated' ? benchmark : lhr.environment.benchmarkIndex, cpu: lhr.configSettings.throttling.cpuSlowdownMultiplier });
      }
      // the run with the median performance score (its TBT, LCP and failed audits)
      const mid = all.find((r) => r.performance === median(all.map((r) => r.performance)));
      lines[page] = { ...mid, runs: all.map((r) => r.performance) };
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return lines;
}

export const formatScores = (scores) =>
  Object.entries(scores)
    .map(([page, s]) => `${page}: perf ${s.performance}${s.runs.length > 1 ? ` (runs ${s.runs.join('/')})` : ''} · CPU ${Number(s.cpu.toFixed(1))}× (host BenchmarkIndex ${Math.round(s.benchmark)}) · TBT ${s.tbt} ms · a11y ${s.accessibility} · best ${s['best-practices']} · seo ${s.seo} (LCP ${s.lcp})${s.failed.length ? ` · below 0.9: ${s.failed.join(', ')}` : ''}`)
    .join('\n    ');

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' }, json: { type: 'string' }, cpu: { type: 'string', default: 'default' } } });
  const [base = 'http://127.0.0.1:8787', ...pages] = positionals;
  console.log(`    ${formatScores(await lighthouseScores(base, pages.length ? pages : LIGHTHOUSE_PAGES, { runs: Number(values.runs), jsonDir: values.json, cpu: values.cpu }))}`);
  process.exit(0);
}
