import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE, sealApiKey } from '../../src/edge/auth';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';
import { CONTENT_CACHE_CONTROL } from '../../src/edge/page-cache';

// the edge chain with a stand-in for Waku that counts its renders and shows its nonce
let renders = 0;
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => {
  renders += 1;
  if (c.req.path === '/ceniky/balik-do-atlantidy') return c.html('<p>not found</p>', 404);
  return c.html(`<script nonce="${c.get('nonce')}">hydrate()</script><p>render ${renders} of ${c.req.path} for ${c.get('info').locale}/${c.get('info').territory}</p>`);
});

const bindings = env as unknown as Bindings;
let build = 0;

const fetchEdge = async (path: string, init?: RequestInit, host = bindings.CZ_HOST) => {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, `http://${host}`), init), { ...bindings, BUILD_VERSION: `test-${build}` }, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text, nonce: /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] };
};

const fresh = () => {
  build += 1; // a new build: a cache of its own
};

describe('the edge cache of content pages', () => {
  it('renders a content page once for visitors without cookies, and sends the copy with the nonce it was rendered with', async () => {
    fresh();
    const first = await fetchEdge('/obchodni-podminky');
    expect(first.res.headers.get('x-page-cache')).toBe('MISS');
    expect(first.res.headers.get('cache-control')).toBe(CONTENT_CACHE_CONTROL);
    const second = await fetchEdge('/obchodni-podminky', { headers: { cookie: 'locale=cs' } });
    expect(second.res.headers.get('x-page-cache')).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.nonce).toBe(first.nonce);
    expect(second.text).toContain(`nonce="${second.nonce}"`);
    expect(second.res.headers.get('x-page-cache-nonce')).toBeNull();
  });

  it('keeps languages and territories apart (path and host are the key)', async () => {
    fresh();
    const cs = await fetchEdge('/ceniky/evropa');
    const en = await fetchEdge('/en/services/europe');
    const sk = await fetchEdge('/ceniky/evropa', undefined, bindings.SK_HOST);
    expect(cs.text).toContain('cs/cz');
    expect(en.text).toContain('en/cz');
    // the Slovak host's root paths speak Slovak to a visitor without a choice (edge/locale.ts)
    expect(sk.text).toContain('sk/sk');
    expect((await fetchEdge('/ceniky/evropa', undefined, bindings.SK_HOST)).text).toBe(sk.text);
    expect((await fetchEdge('/en/services/europe')).text).toBe(en.text);
  });

  it('renders afresh, privately, for a signed-in visitor or one whose cookies may change the page', async () => {
    fresh();
    await fetchEdge('/o-nas');
    const seal = await sealApiKey('k'.repeat(40), bindings.SESSION_SECRET);
    for (const cookie of [`${AUTH_COOKIE}=${seal}`, 'zslt_segment=B', 'anything=1; locale=cs']) {
      const before = renders;
      const { res } = await fetchEdge('/o-nas', { headers: { cookie } });
      expect(renders, cookie).toBe(before + 1);
      expect(res.headers.get('x-page-cache'), cookie).toBeNull();
      expect(res.headers.get('cache-control'), cookie).toBe('private, no-cache');
    }
  });

  it('renders afresh for an address with a query (a promotion, a search)', async () => {
    fresh();
    await fetchEdge('/ceniky/balik-do-nemecka');
    const before = renders;
    const promo = await fetchEdge('/ceniky/balik-do-nemecka?cena=199');
    expect(renders).toBe(before + 1);
    expect(promo.res.headers.get('x-page-cache')).toBeNull();
    expect((await fetchEdge('/ceniky/balik-do-nemecka')).res.headers.get('x-page-cache')).toBe('HIT');
  });

  it('never keeps a 404, nor pages with forms or personal data', async () => {
    fresh();
    const before = renders;
    await fetchEdge('/ceniky/balik-do-atlantidy');
    const again = await fetchEdge('/ceniky/balik-do-atlantidy');
    expect(again.res.status).toBe(404);
    expect(again.res.headers.get('x-page-cache')).toBeNull();
    expect(renders).toBe(before + 2);
    for (const path of ['/', '/kontaktni-formular', '/sledovani-zasilek', '/klient/prehled', '/kosik']) {
      await fetchEdge(path);
      const again = await fetchEdge(path);
      expect(again.res.headers.get('x-page-cache'), path).toBeNull();
      expect(again.res.headers.get('cache-control') ?? '', path).not.toContain('public');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('answers robots.txt naming the sitemap of the host', async () => {
    const { res, text } = await fetchEdge('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(text).toContain(`Sitemap: http://${bindings.CZ_HOST}/sitemap.xml`);
  });

  it('answers the sitemap with every language of a page', async () => {
    const { res, text } = await fetchEdge('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(text).toContain(`<loc>http://${bindings.CZ_HOST}/obchodni-podminky</loc>`);
    expect(text).toContain(`hreflang="en" href="http://${bindings.CZ_HOST}/en/obchodni-podminky"`);
    expect(text).not.toContain('/klient/');
    // pages with parameters from D1 and the country pages
    expect(text).toContain(`<loc>http://${bindings.CZ_HOST}/ceniky/balik-do-nemecka</loc>`);
    expect(text).toContain(`hreflang="en" href="http://${bindings.CZ_HOST}/en/services/package-to-germany"`);
    expect(text).toMatch(/\/casto-kladene-otazky\/kategorie\/\d+<\/loc>/);
    expect(text).toMatch(/\/novinky\/[\w-]+<\/loc>/);
    expect(text).toMatch(/\/en\/career\/\d+<\/loc>/);
  });
});
