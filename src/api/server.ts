import type { ExecutionContext } from 'hono';
import { callApi } from '../edge/gateway';
import { jsonTextOf } from '../server/http/json-text';
import { honoContext, requestData, requestInfo } from '../request';

/** base URL used for in-process calls; the gateway only reads its path and query */
const INTERNAL = 'http://internal';

/** `meta`: what a list answer says about itself beside its data (total, paging), when it does */
export type ApiResult<T> = { ok: true; data: T; meta?: Record<string, unknown> } | { ok: false; status: number; body: unknown };

/**
 * The typed API client of server components: every call goes through the same /api
 * gateway as the browser's (KV cache, §7 headers, API_ORIGIN), never to D1 directly.
 */
export async function apiCall<T>(method: 'GET' | 'POST', path: `/${'v1' | 'v2'}/${string}`, body?: unknown): Promise<ApiResult<T>> {
  if (method === 'GET') {
    // the same GET started for this request before the render (prefetchGet): its answer, once
    const started = requestData().prefetched;
    const call = started?.get(path);
    if (call) {
      started!.delete(path);
      return call as Promise<ApiResult<T>>;
    }
  }
  return callOrigin<T>(method, path, body);
}

/**
 * Starts a GET the page of this request will make, as the request comes in (src/server-entry.tsx): it then runs
 * while the router and the layouts render, not after them. The page's own apiCall of the same path takes it.
 * Per request only (the request's data): nothing is shared with another request or user.
 */
export function prefetchGet(path: `/${'v1' | 'v2'}/${string}`): void {
  const call = callOrigin('GET', path);
  // a page that does not come to take it (a redirect, an error before it) leaves no unhandled rejection
  call.catch(() => undefined);
  const data = requestData();
  (data.prefetched ??= new Map()).set(path, call);
}

async function callOrigin<T>(method: 'GET' | 'POST', path: `/${'v1' | 'v2'}/${string}`, body?: unknown): Promise<ApiResult<T>> {
  const c = honoContext();
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  const request = new Request(`${INTERNAL}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const res = await callApi(request, {
    env: c.env,
    info: requestInfo(),
    executionCtx,
    waitUntil: executionCtx ? (p) => executionCtx.waitUntil(p) : undefined,
  });
  // the cookie's key is unknown to the origin (revoked): the page's answer clears the cookies
  if (res.headers.get('x-auth-invalid')) c.set('authInvalid', true);
  // the text the answer was made from when it is known (no read of the body stream: a turn of the event loop)
  const text = jsonTextOf(res);
  const json: unknown = text === undefined ? await res.json().catch(() => null) : parseOrNull(text);
  if (!res.ok) return { ok: false, status: res.status, body: json };
  const { data, meta } = json as { data: T; meta?: Record<string, unknown> };
  return meta === undefined ? { ok: true, data } : { ok: true, data, meta };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** secondary data for a page: null instead of an error, so it can never fail the page */
export async function apiGetOptional<T>(path: `/${'v1' | 'v2'}/${string}`): Promise<T | null> {
  try {
    const res = await apiCall<T>('GET', path);
    return res.ok ? res.data : null;
  } catch (error) {
    console.warn('optional API call failed', path, error);
    return null;
  }
}
