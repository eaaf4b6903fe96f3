import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';

// the edge with a stand-in page behind it: API calls go to the in-process origin, the
// local-only sandboxes answer as in `npm start`
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.html(`<p>page ${c.get('info').apiKey ? 'signed-in' : 'anonymous'}</p>`));

export const bindings = env as unknown as Bindings;
export const base = `http://${bindings.CZ_HOST}`;
let ip = 0;

/** one visitor: keeps the cookies the edge sets, like a browser */
export function browser(address = `203.0.113.${++ip % 250}`) {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, extra: Partial<Bindings> = {}, answered?: () => void) => {
    const h: Record<string, string> = { origin: base, 'cf-connecting-ip': address, ...headers };
    if (jar.size) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (body instanceof URLSearchParams || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = JSON.stringify(body);
    }
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(new URL(path, base), { method, headers: h, body: payload, redirect: 'manual' }), { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined, ...extra }, ctx);
    // `answered`: the answer is there, its deferred work (waitUntil) not yet awaited
    answered?.();
    await waitOnExecutionContext(ctx);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return {
    jar,
    call,
    post: (path: string, body: unknown = {}, headers: Record<string, string> = {}) => call('POST', path, body, headers),
    get: (path: string, headers: Record<string, string> = {}) => call('GET', path, undefined, headers),
  };
}

export type Browser = ReturnType<typeof browser>;
export const dataOf = async <T>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;
