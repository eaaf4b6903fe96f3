import { env as cfEnv } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { getCookie } from 'hono/cookie';
import { trimTrailingSlash } from 'hono/trailing-slash';
// resolved to waku.config.ts `unstable_adapter` (cloudflare)
import adapter from 'waku/adapters/default';
import { edgeMiddleware, logicalPath, type Env } from './edge';
import { requestData } from './request';
import router from './router';

// In workerd c.env is the bindings object; in `waku dev` (Node) it is {incoming,outgoing}
// and the bindings come from `cloudflare:workers` (wrangler getPlatformProxy).
const bindings = (): MiddlewareHandler<Env> => async (c, next) => {
  if (!(c.env as Partial<Env['Bindings']> | undefined)?.CACHE) {
    c.env = cfEnv as unknown as Env['Bindings'];
  }
  await next();
};

const exposeRequestData = (): MiddlewareHandler<Env> => async (c, next) => {
  let path = logicalPath(c.req.path);
  // client-side navigation to an unknown URL fetches /RSC/R/404.txt; the URL is only in Referer
  if (path === '/404') path = new URL(c.req.header('referer') ?? c.req.url).pathname;
  Object.assign(requestData(), { info: c.get('info'), path, cookies: getCookie(c) });
  await next();
};

// `wrangler dev` gzips text responses and so buffers streams (workers-sdk#6577);
// deployed Workers stream. DEV_NO_COMPRESS=1 (set by `npm start`) opts out locally.
const devNoCompress = (): MiddlewareHandler<Env> => async (c, next) => {
  await next();
  if (c.env.DEV_NO_COMPRESS !== '1') return;
  const type = c.res.headers.get('content-type') ?? '';
  // Waku 0.27.5 sends RSC responses for client navigation with no content-type
  const isRsc = c.req.path.startsWith('/RSC/') && c.res.ok;
  if (isRsc || /^(text\/(html|plain|x-component)|application\/x-ndjson)/.test(type)) {
    const res = c.res;
    const headers = new Headers(res.headers);
    headers.set('content-encoding', 'identity');
    if (isRsc && !type) headers.set('content-type', 'text/x-component');
    c.res = undefined as unknown as Response; // replace, don't merge the old headers in again
    c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
};

export default adapter(router, {
  // Waku 0.27.5 answers 500 for a trailing slash (/kontakt/): redirect first
  middlewareFns: [() => trimTrailingSlash({ alwaysRedirect: true }), contextStorage, bindings, devNoCompress, edgeMiddleware, exposeRequestData],
});
