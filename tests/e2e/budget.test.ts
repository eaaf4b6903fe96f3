import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BASE } from './browser';

/** the JavaScript a page loads up front (module scripts and preloads in its HTML) */
async function initialJs(path: string): Promise<Buffer[]> {
  const html = await (await fetch(BASE() + path, { headers: { cookie: 'locale=cs' } })).text();
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  return Promise.all([...srcs].map(async (src) => Buffer.from(await (await fetch(BASE() + src)).arrayBuffer())));
}

/** gzip size of the JavaScript a page loads up front */
async function clientJs(path: string): Promise<number> {
  return (await initialJs(path)).reduce((total, code) => total + gzipSync(code, { level: 9 }).length, 0);
}

describe('client JavaScript budgets (deterministic for a build)', () => {
  // the cart: 117 KB with the checkout form loaded up front, 114 KB without (issue 29)
  const CART_BUDGET_KB = 115;
  // Issue 14's budget. The React/Waku runtime chunk is 73 KB of it (react-dom 55, the RSC client
  // 7.5, Waku's router 3.7, react and the scheduler 3.5, the table of every page's client
  // components with their preload lists 2.5); the page's own islands are about 6 KB.
  it('keeps the home page within 80 KB gzip', async () => {
    const size = await clientJs('/');
    console.log(`[figures] home client JS ${(size / 1024).toFixed(1)} KB gzip (issue 14 budget 80 KB)`);
    expect(size).toBeLessThanOrEqual(80 * 1024);
  });

  // issue 29 (Lighthouse): the checkout form loads on the checkout button, not with the cart
  it('keeps the checkout form out of the cart page’s initial JavaScript', async () => {
    const code = await initialJs('/kosik');
    expect(code.some((c) => c.includes('checkout-title'))).toBe(false);
    const size = code.reduce((total, c) => total + gzipSync(c, { level: 9 }).length, 0);
    console.log(`[figures] /kosik client JS ${(size / 1024).toFixed(1)} KB gzip`);
    expect(size).toBeLessThanOrEqual(CART_BUDGET_KB * 1024);
  });

  it.each(['/konfigurator/vyber-dopravce', '/konfigurator/odesilatel', '/konfigurator/prijemce', '/konfigurator/celni-rizeni', '/konfigurator/shrnuti'])(
    'keeps the configurator page %s within 130 KB gzip',
    async (path) => {
      const size = await clientJs(path);
      console.log(`[figures] ${path} client JS ${(size / 1024).toFixed(1)} KB gzip`);
      expect(size).toBeLessThanOrEqual(130 * 1024);
    },
  );
});

describe('worker budgets (deterministic for a build)', () => {
  // the server's start-up chunk is evaluated on every cold start; heavy libraries (bwip-js,
  // pdf-lib, fontkit) belong in chunks loaded on demand (483 KB at a2b7d0d, 503 KB with issue 22 and
  // the UPS client and sandbox; 547 KB with nine carrier clients, their sandboxes loaded on first call; 568 KB with issue 25's GoPay client,
  // refunds, ledger postings and invoice sums, the cron and the staff-only books loaded on first use; 608 KB with issue 26's
  // complete Slovak catalogues (+23 KB), the VAT rule and the helpers' issue 27 work). About 135 KB of it are the
  // translation catalogues of all four languages: loading them per language is the next lever (issue 29).
  // 615.7 KB on 28 Nov with issue 29's sampled limiter, prepared order statements, the country options
  // built on the server and issue 28's capped list totals (the budget moved from 615 to 618 KB; the
  // whole upload, tested below, went from 1,778.7 to 1,532 KiB gzip in the same step).
  // 618.5 KB on 28 Nov (fifth session) with issue 28's per-year databases (their reads on the order page,
  // tracking and the shipments list, and the yearly move), the 6-month records window's read-backs, the
  // pages' data started at the edge and the checkout's claim in the order batch: the budget moved to 620 KB.
  // 621.3 KB on 28 Nov (seventh session) with the closed years' lists, the daily books of a moved year, the
  // archive's missing-object answer and the volume's indexes; the list of common passwords (77 KB of source,
  // 38 KB gzip) is now loaded on the first password set, not with the worker: 583.3 KB, the budget 590 KB.
  // bench: the whole upload's budget is 1600 KiB gzip.
  it('keeps the server entry chunk within 590 KB gzip and without the barcode library', () => {
    const assets = path.join(import.meta.dirname, '../../dist/server/assets');
    const entry = readdirSync(assets).find((f) => /^server-entry-.*\.js$/.test(f))!;
    const code = readFileSync(path.join(assets, entry));
    const size = gzipSync(code, { level: 9 }).length;
    console.log(`[figures] server entry chunk ${(size / 1024).toFixed(1)} KB gzip`);
    expect(code.includes('bwipp_')).toBe(false);
    expect(size).toBeLessThanOrEqual(590 * 1024);
  });

  // issue 29: what a deploy uploads, as wrangler reports it (the bench prints the same figure).
  // 1778.7 KiB at 56a7215; 1711.1 with pdf-lib's standard-font metrics for Helvetica alone, 1669.2
  // without React's legacy renderToString in the SSR build, 1646.9 without bwip-js's OCR fonts,
  // 1529.2 with src/server/documents/ttf.ts in place of fontkit.
  it('keeps the worker upload within 1600 KiB gzip (wrangler deploy --dry-run)', () => {
    const root = path.join(import.meta.dirname, '../..');
    const outdir = mkdtempSync(path.join(tmpdir(), 'upload-budget-'));
    try {
      const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
      const r = spawnSync(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', outdir], { cwd: root, env, encoding: 'utf8' });
      const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(r.stdout + r.stderr);
      expect(upload, r.stdout + r.stderr).not.toBeNull();
      const gzip = Number(upload![2]);
      console.log(`[figures] worker upload ${upload![1]} KiB (gzip ${gzip} KiB; budget 1600 KiB gzip)`);
      expect(gzip).toBeLessThanOrEqual(1600);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 180_000);
});
