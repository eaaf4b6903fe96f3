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
  it('keeps the home page within 90 KB gzip', async () => {
    const size = await clientJs('/');
    console.log(`[figures] home client JS ${(size / 1024).toFixed(1)} KB gzip`);
    expect(size).toBeLessThanOrEqual(90 * 1024);
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
