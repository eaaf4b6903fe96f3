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
 * headers; caches the public GETs in KV for 90 minutes. KV is only a cache: when it
 * fails, the call goes through uncached.
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
  let kvUp = true;
  try {
    const hit = await ctx.env.CACHE.get<Cached>(key, 'json');
    if (hit) {
      return new Response(hit.body, {
        status: hit.status,
        headers: { 'content-type': hit.contentType ?? 'application/json', 'x-cache': 'HIT' },
      });
    }
  } catch (error) {
    kvUp = false;
    console.warn('KV read failed, bypassing the cache', error);
  }

  const res = await dispatch(url, init, ctx);
  if (!kvUp || res.status !== 200) return withHeader(res, 'x-cache', 'BYPASS');
  const entry: Cached = { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
  const write = ctx.env.CACHE.put(key, JSON.stringify(entry), { expirationTtl: API_CACHE_TTL_S }).catch((error: unknown) =>
    console.warn('KV write failed', error),
  );
  if (ctx.waitUntil) ctx.waitUntil(write);
  else await write;
  return new Response(entry.body, {
    status: entry.status,
    headers: { 'content-type': entry.contentType ?? 'application/json', 'x-cache': 'MISS' },
  });
}

function withHeader(res: Response, name: string, value: string) {
  // copy: responses from fetch have immutable headers
  const headers = new Headers(res.headers);
  headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
