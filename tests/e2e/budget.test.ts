import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BASE } from './browser';

/** gzip size of the JavaScript a page loads up front (module scripts and preloads in its HTML) */
async function clientJs(path: string): Promise<number> {
  const html = await (await fetch(BASE() + path, { headers: { cookie: 'locale=cs' } })).text();
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let total = 0;
  for (const src of srcs) total += gzipSync(Buffer.from(await (await fetch(BASE() + src)).arrayBuffer()), { level: 9 }).length;
  return total;
}

describe('client JavaScript budgets (deterministic for a build)', () => {
  // Issue 14's budget. The React/Waku runtime chunk is 73 KB of it (react-dom 55, the RSC client
  // 7.5, Waku's router 3.7, react and the scheduler 3.5, the table of every page's client
  // components with their preload lists 2.5); the page's own islands are about 6 KB.
  it('keeps the home page within 80 KB gzip', async () => {
    const size = await clientJs('/');
    console.log(`[figures] home client JS ${(size / 1024).toFixed(1)} KB gzip (issue 14 budget 80 KB)`);
    expect(size).toBeLessThanOrEqual(80 * 1024);
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
