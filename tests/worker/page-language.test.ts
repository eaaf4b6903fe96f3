import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';
import { pageCacheKey } from '../../src/edge/page-cache';

// The edge chain with a stand-in for Waku that says which language and territory it rendered
// for: root paths speak the visitor's choice, the browser's language or the territory's, so the
// page cache must keep each language's copy apart (issue 14, the Slovak site).
let renders = 0;
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => {
  renders += 1;
  return c.html(`<p>render ${renders} of ${c.req.path} for ${c.get('info').locale}/${c.get('info').territory}</p>`);
});

const bindings = env as unknown as Bindings;
let build = 0;
const fetchEdge = async (path: string, headers: Record<string, string> = {}, host = bindings.CZ_HOST) => {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, `http://${host}`), { headers, redirect: 'manual' }), { ...bindings, BUILD_VERSION: `lang-${build}` }, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text };
};
const sk = (path: string, headers: Record<string, string> = {}) => fetchEdge(path, headers, bindings.SK_HOST);

describe('the language of root paths', () => {
  it('is Slovak on the Slovak host by default, Czech with a cs cookie or a Czech browser, Spanish with es', async () => {
    build += 1;
    expect((await sk('/o-nas')).text).toContain('for sk/sk');
    expect((await sk('/o-nas', { 'accept-language': 'sk-SK,sk;q=0.9' })).text).toContain('for sk/sk');
    expect((await sk('/o-nas', { 'accept-language': 'en-US,en;q=0.9' })).text).toContain('for sk/sk');
    expect((await sk('/o-nas', { cookie: 'locale=cs' })).text).toContain('for cs/sk');
    expect((await sk('/o-nas', { 'accept-language': 'cs-CZ' })).text).toContain('for cs/sk');
    expect((await sk('/o-nas', { cookie: 'locale=es', 'accept-language': 'sk' })).text).toContain('for es/sk');
  });

  it('is Czech on the Czech host unless the visitor chose Slovak or Spanish; /en and /cenniky keep theirs', async () => {
    build += 1;
    expect((await fetchEdge('/o-nas', { 'accept-language': 'en-US,en' })).text).toContain('for cs/cz');
    expect((await fetchEdge('/o-nas', { cookie: 'locale=sk' })).text).toContain('for sk/cz');
    expect((await fetchEdge('/o-nas', { cookie: 'locale=en' })).text).toContain('for cs/cz');
    expect((await fetchEdge('/en/about-us', { cookie: 'locale=sk' })).text).toContain('for en/cz');
    expect((await fetchEdge('/cenniky/europa', { cookie: 'locale=cs' })).text).toContain('for sk/cz');
  });

  it('keeps one cached copy per language: a Czech choice on the Slovak host never gets the Slovak copy, nor the reverse', async () => {
    build += 1;
    const slovak = await sk('/o-nas');
    expect(slovak.res.headers.get('x-page-cache')).toBe('MISS');
    const czech = await sk('/o-nas', { cookie: 'locale=cs' });
    expect(czech.res.headers.get('x-page-cache')).toBe('MISS');
    expect(czech.text).toContain('for cs/sk');
    const spanish = await sk('/o-nas', { 'accept-language': 'es-ES' });
    expect(spanish.text).toContain('for es/sk');
    const again = await sk('/o-nas', { 'accept-language': 'sk' });
    expect(again.res.headers.get('x-page-cache')).toBe('HIT');
    expect(again.text).toBe(slovak.text);
    const czechAgain = await sk('/o-nas', { cookie: 'locale=cs' });
    expect(czechAgain.res.headers.get('x-page-cache')).toBe('HIT');
    expect(czechAgain.text).toBe(czech.text);
    // the same path on the Czech host is a copy of its own
    expect((await fetchEdge('/o-nas')).text).toContain('for cs/cz');
    expect(slovak.res.headers.get('vary')).toContain('Accept-Language');
  });

  it('names build, territory, host and language in the key', () => {
    const url = new URL('http://sk.example/o-nas');
    const a = pageCacheKey('b1', 'v1', { locale: 'sk', territory: 'sk' }, url);
    expect(a).not.toBe(pageCacheKey('b1', 'v1', { locale: 'cs', territory: 'sk' }, url));
    expect(a).not.toBe(pageCacheKey('b1', 'v1', { locale: 'sk', territory: 'cz' }, url));
    expect(a).not.toBe(pageCacheKey('b2', 'v1', { locale: 'sk', territory: 'sk' }, url));
    expect(a).toContain('/sk/sk.example/sk/o-nas');
  });
});

describe('the locale switcher’s links', () => {
  it('keep the choice in the cookie and show the same route in that language', async () => {
    const toCs = await sk('/o-nas?locale=cs');
    expect(toCs.res.status).toBe(302);
    expect(toCs.res.headers.get('location')).toBe('/o-nas');
    expect(toCs.res.headers.get('set-cookie')).toMatch(/^locale=cs;/);
    // Slovak: the route's /cenniky path where it has one, the country slug translated
    const toSk = await fetchEdge('/ceniky/balik-ze-slovenska?locale=sk');
    expect(toSk.res.headers.get('location')).toBe('/cenniky/balik-zo-slovenska');
    expect(toSk.res.headers.get('set-cookie')).toMatch(/^locale=sk;/);
    expect((await fetchEdge('/cenniky/balik-zo-slovenska?locale=es')).res.headers.get('location')).toBe('/ceniky/balik-ze-slovenska');
    // English is the Czech host's
    const toEn = await sk('/kontakt?locale=en&x=1');
    expect(toEn.res.headers.get('location')).toBe(`http://${bindings.CZ_HOST}/en/contact?x=1`);
    // a language that is not ours is ignored
    expect((await sk('/o-nas?locale=de')).res.status).toBe(200);
  });
});
