import { env as cfEnv } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { getCookie } from 'hono/cookie';
// resolved to waku.config.ts `unstable_adapter` (cloudflare)
import adapter from 'waku/adapters/default';
import { edgeMiddleware, logicalPath, type Env } from './edge';
import { NOT_FOUND_ROUTES, requestData } from './request';
import { matchRoute } from './routes';
import router from './router';
import { prefetchPageData } from './pages/prefetch';
import { quietRenderRedirects } from './server/render-log';

quietRenderRedirects();

// In workerd c.env is the bindings object; in `waku dev` (Node) it is {incoming,outgoing}
// and the bindings come from `cloudflare:workers` (wrangler getPlatformProxy).
const bindings = (): MiddlewareHandler<Env> => async (c, next) => {
  if (!(c.env as Partial<Env['Bindings']> | undefined)?.CACHE) {
    c.env = cfEnv as unknown as Env['Bindings'];
  }
  await next();
};

/** the page a client-side navigation to an unknown URL was for: /RSC/R/404.txt names it only in Referer */
const notFoundPath = (referer: string | undefined) => (referer && URL.canParse(referer) ? new URL(referer).pathname : '/404');

const exposeRequestData = (): MiddlewareHandler<Env> => async (c, next) => {
  let path = logicalPath(c.req.path);
  if (path === '/404') path = notFoundPath(c.req.header('referer'));
  // cspNonce: read by Waku's HTML render (scripts/waku-csp-nonce.ts)
  const data = requestData();
  Object.assign(data, { info: c.get('info'), path, cookies: getCookie(c), cspNonce: c.get('nonce') });
  const route = matchRoute(path);
  // the page's first data call starts now, beside the routing and the layouts' render (src/pages/prefetch.ts)
  if (route && c.req.method === 'GET') prefetchPageData(route, Boolean(data.info?.apiKey));
  await next();
  // a page that rendered the not-found content (markNotFound) answers 404: its first bytes come
  // after the page rendered (no Suspense around page data), so the status is known by then
  const res = c.res;
  if (!NOT_FOUND_ROUTES.has(route?.id ?? '') || !res.body || res.status !== 200 || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return;
  const reader = res.body.getReader();
  const first = await reader.read();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  c.res = undefined as unknown as Response;
  c.res = new Response(body, { status: data.status === 404 ? 404 : res.status, statusText: data.status === 404 ? 'Not Found' : res.statusText, headers: res.headers });
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

const entry = adapter(router, {
  middlewareFns: [contextStorage, bindings, devNoCompress, () => edgeMiddleware({ allowInlineScripts: import.meta.env.DEV || import.meta.env.VITE_BENCH_CSP_INLINE === '1' }), exposeRequestData],
});

export default {
  ...entry,
  // after Cloudflare's: the Worker entry gets the scheduled and queue handlers, the assets their headers
  buildEnhancers: [...(entry.buildEnhancers ?? []), '/scripts/build-enhancer.mjs'],
  /** Workers cron (wrangler.toml [triggers]): housekeeping of the origin's tables */
  scheduled: (controller: ScheduledController, env: Env['Bindings'], ctx: ExecutionContext) => ctx.waitUntil(import('./server/scheduled').then((m) => m.runScheduled(controller, env))),
  /** Cloudflare Queues (wrangler.toml [[queues.consumers]]): carriers' events, the poller's fan-out, e-mail, dead letters */
  queue: (batch: MessageBatch<unknown>, env: Env['Bindings']) => import('./server/queues').then((m) => m.handleQueue(batch, env)),
};
