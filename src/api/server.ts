import type { ExecutionContext } from 'hono';
import { callApi } from '../edge/gateway';
import { honoContext, requestInfo } from '../request';

/** base URL used for in-process calls; the gateway only reads its path and query */
const INTERNAL = 'http://internal';

/** `meta`: what a list answer says about itself beside its data (total, paging), when it does */
export type ApiResult<T> = { ok: true; data: T; meta?: Record<string, unknown> } | { ok: false; status: number; body: unknown };

/**
 * The typed API client of server components: every call goes through the same /api
 * gateway as the browser's (KV cache, §7 headers, API_ORIGIN), never to D1 directly.
 */
export async function apiCall<T>(method: 'GET' | 'POST', path: `/${'v1' | 'v2'}/${string}`, body?: unknown): Promise<ApiResult<T>> {
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
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) return { ok: false, status: res.status, body: json };
  const { data, meta } = json as { data: T; meta?: Record<string, unknown> };
  return meta === undefined ? { ok: true, data } : { ok: true, data, meta };
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
