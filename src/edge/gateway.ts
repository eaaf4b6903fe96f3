import type { ExecutionContext } from 'hono';
import { createOriginApp } from '../server/app';
import type { Bindings, RequestInfo } from './env';

/** spec §9: cache max age 5,400,000 ms */
export const API_CACHE_TTL_S = 5400;
export const APP_MARKER = 'zasilkovac-web';

/** public GET endpoints cached in KV; nothing per-user is ever cached */
const CACHEABLE = new Set([
  '/api/v1/country/all',
  '/api/v1/header-bar/detail',
  '/api/v1/app/aggregate-rating',
  '/api/v1/app/pricelist-rating',
  '/api/v1/benefit-stats/info',
]);

export const isCacheable = (method: string, pathname: string) => method === 'GET' && CACHEABLE.has(pathname);

export const cacheKey = (url: URL, info: Pick<RequestInfo, 'locale' | 'territory'>) => {
  const query = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  return `api:${info.territory}:${info.locale}:${url.pathname}${search}`;
};

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
  new Response(entry.body, {
    status: entry.status,
    headers: { 'content-type': entry.contentType ?? 'application/json', 'x-cache': cache },
  });

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
  for (const h of ['cookie', 'host', 'x-apikey', 'x-territory', 'language']) headers.delete(h);
  headers.set('x-app', APP_MARKER);
  headers.set('language', info.locale);
  headers.set('accept-language', info.locale);
  headers.set('x-territory', info.territory);
  if (info.apiKey) headers.set('x-apikey', info.apiKey);
  return headers;
}

async function dispatch(url: URL, init: RequestInit, { env, executionCtx }: Dispatch): Promise<Response> {
  if (env.API_ORIGIN) {
    return fetch(new URL(url.pathname + url.search, env.API_ORIGIN), { ...init, redirect: 'manual' });
  }
  return originApp().fetch(new Request(url, init), env, executionCtx);
}

/**
 * The /api gateway: forwards to API_ORIGIN or the in-process origin, adding the §7
 * headers; caches the public GETs in KV for 90 minutes (and in isolate memory for 30 s).
 * KV is only a cache: when it fails, the call goes through uncached.
 */
export async function callApi(request: Request, ctx: Dispatch): Promise<Response> {
  const url = new URL(request.url);
  const headers = apiHeaders(request.headers, ctx.info);
  const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
  const init: RequestInit = { method: request.method, headers, body };
  if (!isCacheable(request.method, url.pathname)) {
    return withHeader(await dispatch(url, init, ctx), 'x-cache', 'DYNAMIC');
  }

  const key = cacheKey(url, ctx.info);
  const kv = ctx.env.CACHE;
  const now = Date.now();
  const inMemory = remembered(kv, key, now);
  if (inMemory) return cachedResponse(inMemory, 'HIT');
  let kvUp = true;
  try {
    const hit = await kv.get<Cached>(key, 'json');
    if (hit) {
      remember(kv, key, hit, now);
      return cachedResponse(hit, 'HIT');
    }
  } catch (error) {
    kvUp = false;
    console.warn('KV read failed, bypassing the cache', error);
  }

  const res = await dispatch(url, init, ctx);
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
  // copy: responses from fetch have immutable headers
  const headers = new Headers(res.headers);
  headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
