import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE, sealApiKey } from '../../src/edge/auth';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';
import { API_CACHE_TTL_S, cacheKey, forgetRememberedApiResponses, MEMORY_TTL_MS } from '../../src/edge/gateway';

// the edge chain with a stand-in for Waku behind it
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.html(`<p>page ${c.get('info').locale} ${c.get('info').territory} ${c.get('info').apiKey ?? 'anonymous'}</p>`));

const bindings = env as unknown as Bindings;
const base = `http://${bindings.CZ_HOST}`;

const fetchEdge = async (path: string, init?: RequestInit, extra?: Partial<Bindings>) => {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, base), init), { ...bindings, ...extra }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
};

beforeEach(async () => {
  forgetRememberedApiResponses();
  const keys = await bindings.CACHE.list();
  await Promise.all(keys.keys.map((k) => bindings.CACHE.delete(k.name)));
});
afterEach(() => vi.restoreAllMocks());

describe('/api gateway and its KV cache', () => {
  it('keeps what it read from KV in isolate memory for MEMORY_TTL_MS, then asks KV again', async () => {
    const t0 = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(t0);
    expect((await fetchEdge('/api/v1/benefit-stats/info')).headers.get('x-cache')).toBe('MISS');
    await bindings.CACHE.delete((await bindings.CACHE.list({ prefix: 'api:' })).keys[0]!.name);
    clock.mockReturnValue(t0 + MEMORY_TTL_MS - 1);
    const remembered = await fetchEdge('/api/v1/benefit-stats/info');
    expect(remembered.headers.get('x-cache')).toBe('HIT');
    expect(await remembered.json()).toHaveProperty('data');
    clock.mockReturnValue(t0 + MEMORY_TTL_MS);
    expect((await fetchEdge('/api/v1/benefit-stats/info')).headers.get('x-cache')).toBe('MISS');
  });

  it('answers a cacheable GET with MISS, then HIT from KV, with a 5,400 s TTL', async () => {
    const first = await fetchEdge('/api/v1/country/all', { headers: { language: 'cs' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const body = await first.text();
    const second = await fetchEdge('/api/v1/country/all', { headers: { language: 'cs' } });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);

    const { keys } = await bindings.CACHE.list({ prefix: 'api:' });
    expect(keys).toHaveLength(1);
    const ttl = keys[0]!.expiration! - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(API_CACHE_TTL_S - 10);
    expect(ttl).toBeLessThanOrEqual(API_CACHE_TTL_S + 1);
  });

  it('keys the cache by language: cs and en are separate entries', async () => {
    const cs = await fetchEdge('/api/v1/header-bar/detail', { headers: { language: 'cs' } });
    const en = await fetchEdge('/api/v1/header-bar/detail', { headers: { language: 'en' } });
    expect(cs.headers.get('x-cache')).toBe('MISS');
    expect(en.headers.get('x-cache')).toBe('MISS');
    expect(await cs.text()).not.toBe(await en.text());
    const keys = (await bindings.CACHE.list({ prefix: 'api:' })).keys.map((k) => k.name).sort();
    expect(keys).toEqual([
      cacheKey(new URL('http://x/api/v1/header-bar/detail'), { locale: 'cs', territory: 'cz' }),
      cacheKey(new URL('http://x/api/v1/header-bar/detail'), { locale: 'en', territory: 'cz' }),
    ].sort());
  });

  it('keys the cache by query, in any parameter order', async () => {
    await fetchEdge('/api/v1/app/pricelist-rating?country=de', { headers: { language: 'cs' } });
    const other = await fetchEdge('/api/v1/app/pricelist-rating?country=at', { headers: { language: 'cs' } });
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(cacheKey(new URL('http://x/a?b=1&a=2'), { locale: 'cs', territory: 'cz' })).toBe(cacheKey(new URL('http://x/a?a=2&b=1'), { locale: 'cs', territory: 'cz' }));
  });

  it('does not cache other calls', async () => {
    const res = await fetchEdge('/api/v1/app/ratings?page=1');
    expect(res.headers.get('x-cache')).toBe('DYNAMIC');
    expect((await bindings.CACHE.list()).keys).toHaveLength(0);
  });

  it('still answers when KV fails (the cache is optional)', async () => {
    const broken = {
      get: () => Promise.reject(new Error('KV down')),
      put: () => Promise.reject(new Error('KV down')),
    } as unknown as KVNamespace;
    const res = await fetchEdge('/api/v1/country/all', {}, { CACHE: broken });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('BYPASS');
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(200);
  });

  it('still answers when only the KV write fails', async () => {
    const writeFails = { get: () => Promise.resolve(null), put: () => Promise.reject(new Error('quota')) } as unknown as KVNamespace;
    const res = await fetchEdge('/api/v1/benefit-stats/info', {}, { CACHE: writeFails });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
  });

  it('sends the §7 headers to a remote API_ORIGIN, with the API key from the sealed cookie', async () => {
    const upstream = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ data: { ok: true } }));
    const seal = await sealApiKey('key-123', bindings.SESSION_SECRET);
    const res = await fetchEdge(
      '/api/v1/user/profile?basic=1',
      { headers: { cookie: `${AUTH_COOKIE}=${seal}; other=1`, 'accept-language': 'en-US,en' } },
      { API_ORIGIN: 'https://origin.example' },
    );
    expect(res.status).toBe(200);
    const [url, init] = upstream.mock.calls[0]!;
    expect(String(url)).toBe('https://origin.example/api/v1/user/profile?basic=1');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-apikey')).toBe('key-123');
    expect(headers.get('x-app')).toBe('zasilkovac-web');
    expect(headers.get('language')).toBe('en');
    expect(headers.get('accept-language')).toBe('en');
    expect(headers.get('cookie')).toBeNull();
  });

  it('never forwards an x-apikey the browser made up', async () => {
    const upstream = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ data: null }));
    await fetchEdge('/api/v1/user/profile', { headers: { 'x-apikey': 'forged' } }, { API_ORIGIN: 'https://origin.example' });
    expect(new Headers(upstream.mock.calls[0]![1]?.headers).get('x-apikey')).toBeNull();
  });
});

describe('sealed auth cookie', () => {
  it('gives pages the API key of a valid seal', async () => {
    const seal = await sealApiKey('key-abc', bindings.SESSION_SECRET);
    const res = await fetchEdge('/kontakt', { headers: { cookie: `${AUTH_COOKIE}=${seal}` } });
    expect(await res.text()).toContain('key-abc');
    expect(res.headers.get('set-cookie') ?? '').not.toContain(AUTH_COOKIE);
  });

  it('treats a tampered cookie as logged out and clears it', async () => {
    const seal = await sealApiKey('key-abc', bindings.SESSION_SECRET);
    const tampered = seal.slice(0, -4) + (seal.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await fetchEdge('/kontakt', { headers: { cookie: `${AUTH_COOKIE}=${tampered}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('anonymous');
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${AUTH_COOKIE}=;.*Max-Age=0`, 'i'));
  });

  it('treats a seal made with another secret as logged out', async () => {
    const seal = await sealApiKey('key-abc', 'another-secret-that-is-long-enough-to-use!!');
    const res = await fetchEdge('/kontakt', { headers: { cookie: `${AUTH_COOKIE}=${seal}` } });
    expect(await res.text()).toContain('anonymous');
  });
});

describe('CSRF', () => {
  it('refuses an unsafe method from another origin with 403', async () => {
    const res = await fetchEdge('/api/v1/app/handshake', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ url: '/' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ type: 'API_FORBIDDEN_ERROR', status: 403 });
  });

  it('refuses a cross-site form post without Origin (Sec-Fetch-Site)', async () => {
    const res = await fetchEdge('/kontakt', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' }, body: 'a=1' });
    expect(res.status).toBe(403);
  });

  it('accepts a same-origin post', async () => {
    const res = await fetchEdge('/api/v1/app/handshake', {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ url: '/', referrer: '', userAgent: 'test', anonymousId: 'a1' }),
    });
    expect(res.status).toBe(200);
  });
});

describe('locale, territory and headers', () => {
  it('takes the locale from the path and stores it in the locale cookie', async () => {
    const res = await fetchEdge('/en/contact');
    expect(await res.text()).toContain('page en cz');
    expect(res.headers.get('set-cookie')).toMatch(/locale=en/);
  });

  it('takes the territory from the host', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`http://${bindings.SK_HOST}/kontakt`), bindings, ctx);
    expect(await res.text()).toContain('page cs sk');
  });

  it('sends a first visit with an English browser from / to /en', async () => {
    const res = await fetchEdge('/', { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en');
    const again = await fetchEdge('/', { headers: { 'accept-language': 'en-GB', cookie: 'locale=cs' } });
    expect(again.status).toBe(200);
  });

  it('sets the security headers (HSTS only over https)', async () => {
    const res = await fetchEdge('/kontakt');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const ctx = createExecutionContext();
    const https = await app.fetch(new Request(`https://${bindings.CZ_HOST}/kontakt`), bindings, ctx);
    expect(https.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('lets partner pages of the external layout be framed', async () => {
    const res = await fetchEdge('/returns');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });

  it('redirects before anything else', async () => {
    const res = await fetchEdge('/sk/cenniky/europa');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`http://${bindings.SK_HOST}/cenniky/europa`);
  });
});
