import { describe, expect, it, vi } from 'vitest';
import { ensureAnonymousId, HANDSHAKE_PATH, sendHandshake } from '../../src/state/anonymous-id';
import { claimReload, isChunkLoadError, RELOAD_PAUSE_MS } from '../../src/state/reload-once';

const memoryStore = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
};

describe('a chunk that fails to load (spec §4; issue 30 item 3)', () => {
  it('is recognised as browsers and Vite word it, and nothing else is', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, then not again within the minute: it cannot loop', () => {
    const store = memoryStore();
    const t0 = 1_700_000_000_000;
    expect(claimReload('m', t0, store)).toBe(true);
    expect(claimReload('m', t0 + 1000, store)).toBe(false);
    expect(claimReload('m', t0 + RELOAD_PAUSE_MS - 1, store)).toBe(false);
    expect(claimReload('other', t0 + 1000, store)).toBe(true);
    expect(claimReload('m', t0 + RELOAD_PAUSE_MS, store)).toBe(true);
    expect(RELOAD_PAUSE_MS).toBe(60_000);
  });
});

describe('the handshake and the anonymous id (spec §3, §7; issue 30 item 7)', () => {
  it('generates the anonymous id once and keeps it', () => {
    const doc = { cookie: 'locale=cs' };
    const id = ensureAnonymousId(doc, false);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(doc.cookie).toMatch(new RegExp(`^zslt_anonymous_id=${id}; path=/; max-age=31536000; samesite=lax$`));
    expect(ensureAnonymousId({ cookie: `locale=cs; zslt_anonymous_id=${id}` }, false)).toBe(id);
  });

  it('posts url, referrer, userAgent and anonymousId once per tab session; a failed one is sent again next time', async () => {
    const session = memoryStore();
    const post = vi.fn(async () => ({ ok: true }));
    const page = { url: 'https://zasilkovac.test/cenik', referrer: 'https://www.google.com/', userAgent: 'UA' };
    expect(sendHandshake(page, { anonymousId: () => 'anon-1234567890abcdef', post, session })).toBe(true);
    expect(post).toHaveBeenCalledWith(HANDSHAKE_PATH, { ...page, anonymousId: 'anon-1234567890abcdef' });
    expect(HANDSHAKE_PATH).toBe('/v1/app/handshake');
    expect(sendHandshake(page, { anonymousId: () => 'anon-1234567890abcdef', post, session })).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);

    const offline = memoryStore();
    const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    sendHandshake(page, { anonymousId: () => 'a', post: failing, session: offline });
    await new Promise((r) => setTimeout(r, 0));
    expect(sendHandshake(page, { anonymousId: () => 'a', post: failing, session: offline })).toBe(true);
  });
});
