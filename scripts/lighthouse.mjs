// Lighthouse scores (mobile preset, Debian Chromium) of the pages issue 13 names:
//   node scripts/lighthouse.mjs http://127.0.0.1:8798 [/path ...]
// Prints one line per page: performance, accessibility, best practices, SEO (0–100).
// Used by scripts/bench.mjs; runnable alone against any served build.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_PAGES = ['/', '/ceniky/balik-do-nemecka', '/dopravce/dpd', '/casto-kladene-otazky', '/sledovani-zasilek'];

export async function lighthouseScores(base, pages = LIGHTHOUSE_PAGES) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const lines = {};
  try {
    for (const page of pages) {
      // the mobile preset is Lighthouse's default (Moto G Power emulation, simulated slow 4G)
      // the locale cookie: Chromium asks for English, which would send / to /en
      const result = await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: { cookie: 'locale=cs' }, onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const failed = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id);
      lines[page] = { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo'), lcp: result.lhr.audits['largest-contentful-paint']?.displayValue, failed };
    }
  } finally {
    await chrome.kill();
  }
  return lines;
}

export const formatScores = (scores) =>
  Object.entries(scores)
    .map(([page, s]) => `${page}: perf ${s.performance} · a11y ${s.accessibility} · best ${s['best-practices']} · seo ${s.seo} (LCP ${s.lcp})${s.failed.length ? ` · below 0.9: ${s.failed.join(', ')}` : ''}`)
    .join('\n    ');

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:8787', ...pages] = process.argv.slice(2);
  console.log(`    ${formatScores(await lighthouseScores(base, pages.length ? pages : LIGHTHOUSE_PAGES))}`);
  process.exit(0);
}
