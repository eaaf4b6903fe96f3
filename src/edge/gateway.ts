import type { ExecutionContext } from 'hono';
import { createOriginApp } from '../server/app';
import type { Bindings, RequestInfo } from './env';
import { edgeError } from './errors';
import { withJsonText } from '../server/http/json-text';

/** spec §9: cache max age 5,400,000 ms */
export const API_CACHE_TTL_S = 5400;
export const APP_MARKER = 'zasilkovac-web';

/**
 * Public GET endpoints cached in KV (nothing per-user is ever cached), each with the query
 * parameters it reads. Only those are forwarded and keyed, sorted; anything else in the
 * query neither misses nor writes (`?cb=1`, `?cb=2` … are one entry).
 */
const CACHEABLE: Record<string, readonly string[]> = {
  '/api/v1/country/all': [],
  '/api/v1/header-bar/detail': [],
  '/api/v1/app/aggregate-rating': [],
  '/api/v1/app/pricelist-rating': ['country'],
  '/api/v1/benefit-stats/info': [],
  '/api/v1/page/faq': ['get_all', 'id', 'q'],
  '/api/v1/page/news': ['page'],
  '/api/v1/page/careers': [],
  '/api/v1/carriers/parcel-point-prices': ['side'],
};
/** longer keys (a huge parameter value) are not cached at all */
export const MAX_CACHE_KEY_LENGTH = 256;
/** a KV read slower than this is treated as a miss and the cache is bypassed */
export const KV_TIMEOUT_MS = 1_000;
/** spec §9: rates time out after 60 s; every other call after 20 s */
export const RATES_TIMEOUT_MS = 60_000;
export const API_TIMEOUT_MS = 20_000;

export const isCacheable = (method: string, pathname: string) => method === 'GET' && Object.hasOwn(CACHEABLE, pathname);

/** the URL with only the parameters its endpoint reads, first value each, sorted by name */
export function normalizeCacheableUrl(url: URL): URL {
  const normalized = new URL(url.pathname, url);
  for (const name of [...(CACHEABLE[url.pathname] ?? [])].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null) normalized.searchParams.set(name, value);
  }
  return normalized;
}

/** KV key of a normalized cacheable URL, or null when it would be longer than MAX_CACHE_KEY_LENGTH */
export function cacheKey(url: URL, info: Pick<RequestInfo, 'locale' | 'territory'>): string | null {
  const key = `api:${info.territory}:${info.locale}:${url.pathname}${url.search}`;
  return key.length <= MAX_CACHE_KEY_LENGTH ? key : null;
}

type Cached = { status: number; contentType: string | null; body: string };

/**
 * In front of KV, each isolate keeps the entries it read or wrote for a short while: a page
 * render asks for up to four of them, and a KV read is a network hop deployed. KV is itself
 * eventually consistent for about 60 s, so 30 s more staleness changes nothing in kind.
 */
export const MEMORY_TTL_MS = 30_000;
const MEMORY_MAX_ENTRIES = 256;
let memory = new WeakMap<KVNamespace, Map<string, { entry: Cached; until: number }>>();

function remembered(kv: KVNamespace, key: string, now: number): Cached | null {
  const hit = memory.get(kv)?.get(key);
  return hit && hit.until > now ? hit.entry : null;
}

function remember(kv: KVNamespace, key: string, entry: Cached, now: number) {
  let entries = memory.get(kv);
  if (!entries) memory.set(kv, (entries = new Map()));
  if (entries.size >= MEMORY_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { entry, until: now + MEMORY_TTL_MS });
}

/** Forget what this isolate remembers of KV (tests clear KV between cases). */
export function forgetRememberedApiResponses(): void {
  memory = new WeakMap();
}

const cachedResponse = (entry: Cached, cache: string) =>
  withJsonText(
    new Response(entry.body, {
      status: entry.status,
      headers: { 'content-type': entry.contentType ?? 'application/json', 'x-cache': cache },
    }),
    entry.body,
  );

let origin: ReturnType<typeof createOriginApp> | undefined;
const originApp = () => (origin ??= createOriginApp());

export type Dispatch = {
  env: Bindings;
  info: RequestInfo;
  /** keeps the KV write alive after the response (workerd); awaited when absent */
  waitUntil?: (p: Promise<unknown>) => void;
  executionCtx?: ExecutionContext;
};

/** the headers every API call carries (spec §7) */
export function apiHeaders(source: Headers, info: RequestInfo): Headers {
  const headers = new Headers(source);
  for (const h of ['cookie', 'host', 'x-apikey', 'x-territory', 'language', 'x-anonymous-id']) headers.delete(h);
  // a signed-out browser's own uploads (customs invoices) are its by this id (its zslt_anonymous_id cookie)
  if (info.anonymousId) headers.set('x-anonymous-id', info.anonymousId);
  headers.set('x-app', APP_MARKER);
  headers.set('language', info.locale);
  headers.set('accept-language', info.locale);
  headers.set('x-territory', info.territory);
  if (info.apiKey) headers.set('x-apikey', info.apiKey);
  return headers;
}

const timeoutOf = (pathname: string) => (pathname.startsWith('/api/v1/rates/') ? RATES_TIMEOUT_MS : API_TIMEOUT_MS);

class TimedOut extends Error {}

/** the promise's value, or TimedOut after `ms` */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** the origin's answer; a late or unreachable origin answers 504 / 502 in the §8 shape */
async function dispatch(url: URL, init: RequestInit, { env, executionCtx }: Dispatch): Promise<Response> {
  const ms = timeoutOf(url.pathname);
  try {
    if (env.API_ORIGIN) {
      return await fetch(new URL(url.pathname + url.search, env.API_ORIGIN), { ...init, redirect: 'manual', signal: AbortSignal.timeout(ms) });
    }
    return await within(Promise.resolve(originApp().fetch(new Request(url, init), env, executionCtx)), ms);
  } catch (error) {
    const late = error instanceof TimedOut || (error instanceof Error && error.name === 'TimeoutError');
    console.error(late ? 'API origin timed out' : 'API origin unreachable', url.pathname, error);
    return late
      ? edgeError(504, 'API_UNAVAILABLE_ERROR', `The service did not answer within ${ms / 1000} s`)
      : edgeError(502, 'API_UNAVAILABLE_ERROR', 'The service cannot be reached');
  }
}

/** a cached entry, or null on a miss; throws when KV fails or is slower than KV_TIMEOUT_MS */
const readKv = (kv: KVNamespace, key: string) => within(kv.get<Cached>(key, 'json'), KV_TIMEOUT_MS);

/**
 * The /api gateway: forwards to API_ORIGIN or the in-process origin, adding the §7
 * headers; caches the public GETs in KV for 90 minutes (and in isolate memory for 30 s).
 * KV is only a cache: when it fails or is slow, the call goes through uncached. `body` is
 * the request body already read within the edge's limit (none for GET).
 */
export async function callApi(request: Request, ctx: Dispatch, body?: ArrayBuffer | ReadableStream<Uint8Array>): Promise<Response> {
  const url = new URL(request.url);
  const headers = apiHeaders(request.headers, ctx.info);
  // a stream (claims' uploads) is passed on as it comes
  const payload = ['GET', 'HEAD'].includes(request.method) ? undefined : (body ?? (await request.arrayBuffer()));
  // an empty body is no body (a DELETE without one must not look like a body of no type to the origin)
  const init: RequestInit = { method: request.method, headers, body: payload instanceof ReadableStream || payload?.byteLength ? payload : undefined };
  if (!isCacheable(request.method, url.pathname)) {
    return withHeader(await dispatch(url, init, ctx), 'x-cache', 'DYNAMIC');
  }

  const target = normalizeCacheableUrl(url);
  const key = cacheKey(target, ctx.info);
  if (!key) return withHeader(await dispatch(target, init, ctx), 'x-cache', 'BYPASS');
  const kv = ctx.env.CACHE;
  const now = Date.now();
  const inMemory = remembered(kv, key, now);
  if (inMemory) return cachedResponse(inMemory, 'HIT');
  let kvUp = true;
  try {
    const hit = await readKv(kv, key);
    if (hit) {
      remember(kv, key, hit, now);
      return cachedResponse(hit, 'HIT');
    }
  } catch (error) {
    kvUp = false;
    console.warn('KV read failed or was slow, bypassing the cache', error);
  }

  const res = await dispatch(target, init, ctx);
  if (!kvUp || res.status !== 200) return withHeader(res, 'x-cache', 'BYPASS');
  const entry: Cached = { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
  remember(kv, key, entry, now);
  const write = kv.put(key, JSON.stringify(entry), { expirationTtl: API_CACHE_TTL_S }).catch((error: unknown) =>
    console.warn('KV write failed', error),
  );
  if (ctx.waitUntil) ctx.waitUntil(write);
  else await write;
  return cachedResponse(entry, 'MISS');
}

function withHeader(res: Response, name: string, value: string) {
  // the in-process origin's answers are the origin's own Response objects: set the header in
  // place (no copy of the headers, no second Response over the body stream on every page's call)
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    // immutable: a response of fetch (API_ORIGIN)
  }
  const headers = new Headers(res.headers);
  headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
