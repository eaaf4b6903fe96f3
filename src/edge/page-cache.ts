import type { Context, Next } from 'hono';
import type { RouteId } from '../routes';
import { isIndexable } from '../lib/seo';
import type { Env, RequestInfo } from './env';

/**
 * The edge's cache of content pages (issue 13): information, price-list, carrier, business,
 * FAQ, news and career pages are the same for every visitor of one host and path, so a
 * visitor without a session or preferences gets a copy rendered in the last ten minutes.
 *
 * Correct by construction: the key is the build's id + the territory and host + the page's
 * language + the path. The language is not always in the path: root paths speak the visitor's
 * choice (the locale cookie) or browser language, else the territory's (src/edge/locale.ts
 * pageLocale), so the key takes the language the edge decided for this request, never the
 * path's alone. Only requests whose cookies cannot change the page otherwise (none, or just the
 * locale and the anonymous id) read or fill it; only 200 HTML answers without cookies of
 * their own are kept. The copy keeps the CSP nonce it was rendered with, and the answer is
 * sent with that nonce (scripts of the copy would not run otherwise): within the ten
 * minutes every anonymous visitor of that page shares one nonce.
 */
export const PAGE_CACHE_SECONDS = 600;
const HARMLESS_COOKIES = new Set(['locale', 'zslt_anonymous_id']);
/** pages with forms, personal or live data stay uncached even though they are public */
const LIVE: ReadonlySet<RouteId> = new Set<RouteId>([
  'home', 'login', 'register', 'tracking', 'contact-form', 'business-get-offer', 'claim', 'change-request', 'reviews',
  // the business landing lists the latest sales with their age ("5 minutes ago")
  'business',
]);

export const isContentRoute = (id: RouteId) => isIndexable(id) && !LIVE.has(id);

export function cookiesAllowCaching(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader
    .split(';')
    .map((p) => p.trim().split('=')[0]!)
    .filter(Boolean)
    .every((name) => HARMLESS_COOKIES.has(name));
}

const NONCE_HEADER = 'x-page-cache-nonce';
const cacheStore = (): Cache | null => (typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default ?? null);

declare const __BUILD_ID__: string | undefined;
/** the build's own id (waku.config.ts defines it per build), else the configured version */
const buildId = (c: Context<Env>) => (typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : (c.env.BUILD_VERSION ?? 'dev'));

/** the cache key of a page: build, territory and host, the page's language (as the edge decided it), path */
export const pageCacheKey = (build: string, version: string, info: Pick<RequestInfo, 'locale' | 'territory'>, url: URL) =>
  `https://page-cache.invalid/${encodeURIComponent(build)}/${encodeURIComponent(version)}/${info.territory}/${url.host}/${info.locale}${url.pathname}`;

const keyOf = (c: Context<Env>, url: URL) => new Request(pageCacheKey(buildId(c), c.env.BUILD_VERSION ?? 'dev', c.get('info'), url));

/** the page from the cache, or rendered by `next()` and kept for the next visitor */
export async function withPageCache(c: Context<Env>, next: Next, url: URL): Promise<Response | undefined> {
  const cache = cacheStore();
  if (!cache) return next().then(() => undefined);
  const key = keyOf(c, url);
  const hit = await cache.match(key);
  if (hit) {
    const nonce = hit.headers.get(NONCE_HEADER);
    if (nonce) c.set('nonce', nonce);
    const res = new Response(hit.body, hit);
    res.headers.delete(NONCE_HEADER);
    res.headers.set('x-page-cache', 'HIT');
    return res;
  }
  await next();
  const res = c.res;
  const keep =
    res.status === 200 && res.body && !res.headers.has('set-cookie') && (res.headers.get('content-type') ?? '').startsWith('text/html');
  if (!keep) return undefined;
  const [mine, theirs] = res.body!.tee();
  const copy = new Response(theirs, res);
  copy.headers.set(NONCE_HEADER, c.get('nonce'));
  copy.headers.set('cache-control', `public, max-age=${PAGE_CACHE_SECONDS}`);
  const put = cache.put(key, copy).catch((e: unknown) => console.error('page cache write', e));
  try {
    c.executionCtx.waitUntil(put);
  } catch {
    // no ExecutionContext (app.request in tests): the write finishes on its own
  }
  const out = new Response(mine, res);
  out.headers.set('x-page-cache', 'MISS');
  c.res = undefined as unknown as Response;
  c.res = out;
  return undefined;
}

/** what a content page tells caches in front of the edge: shared copies for ten minutes, revalidated by the browser */
export const CONTENT_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_CACHE_SECONDS}, stale-while-revalidate=60`;
