import type { Context, MiddlewareHandler, Next } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { matchRoute, routes } from '../routes';
import { AUTH_COOKIE, parentDomain, unsealApiKey } from './auth';
import { bodyLimitFor, readBodyWithin, tooLarge } from './body';
import { isClaimFilesPath, MAX_CLAIM_UPLOAD_BYTES } from '../lib/claim-files';
import { isCrossSiteWrite } from './csrf';
import type { Env, RequestInfo } from './env';
import { edgeError } from './errors';
import { callApi } from './gateway';
import { clientSectionLocation } from './client-section';
import { forgetProfile, isPaymentWrite, PROFILE_WRITES } from '../profile-memory';
import { isOldClientRoute } from '../lib/client-section';
import { cspNonce, securityHeaders } from './headers';
import { detectRedirect, isLocale, LOCALE_COOKIE, pageLocale, preferredLocale, SWITCH_PARAM, switchTarget, territoryOfHost } from './locale';
import { hasTrailingSlash, isMalformedPath, isMiscasedApiPath, isServerFunctionPath, withoutTrailingSlash } from './paths';
import { checkRateLimit } from './rate-limit';
import { CONTENT_CACHE_CONTROL, cookiesAllowCaching, isContentRoute, withPageCache } from './page-cache';
import { redirectFor } from './redirects';
import { seoFile } from './sitemap';
import { isLocalOnlyPath, sandboxApp } from './sandbox';
import { DEVICE_COOKIE, DEVICE_HEADER, LOGIN_PATH, sessionFingerprint, settleSession, signOutCookies } from './session';
import { FORM_ROUTES, handleFormPost } from './forms';
import { isLocalDev } from '../server/env';

/** page URL behind a Waku RSC request: /RSC/R/en/contact.txt → /en/contact, /RSC/R/_root.txt → / */
export const logicalPath = (pathname: string) => {
  const m = /^\/RSC\/R(\/.*)\.txt$/.exec(pathname);
  if (!m) return pathname;
  return m[1] === '/_root' ? '/' : m[1]!.replace(/^\/__/, '/_');
};

const waitUntilOf = (c: Context) => {
  try {
    const ctx = c.executionCtx;
    return { waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p), executionCtx: ctx };
  } catch {
    return {}; // app.request() in tests: no ExecutionContext, writes are awaited
  }
};

const withHeader = (source: Headers, name: string, value: string) => {
  const headers = new Headers(source);
  headers.set(name, value);
  return headers;
};

const isSecret = (s: string | undefined): s is string => typeof s === 'string' && s.length >= 32;
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READ_ONLY = new Set(['GET', 'HEAD']);

export type EdgeOptions = {
  /** `waku dev`: Vite injects inline scripts without the nonce, so the CSP allows inline ones */
  allowInlineScripts?: boolean;
};

/**
 * The edge chain in front of Waku, in order: path shape (undecodable, trailing slash,
 * miscased /api, server functions) → host and fixed redirects → CSRF → read-only pages →
 * locale/territory → sealed auth cookie → rate limits → body limit → /api gateway (with KV
 * cache) or pages.
 * Every answer, early ones and redirects included, leaves with the security headers.
 */
export const edgeMiddleware =
  (options: EdgeOptions = {}): MiddlewareHandler<Env> =>
  async (c, next) => {
    const url = new URL(c.req.url);
    // the public scheme is configured: behind the platform's proxy the request may say http
    const https = url.protocol === 'https:' || (c.env.PUBLIC_SCHEME ?? 'https') === 'https';
    const nonce = cspNonce();
    c.set('nonce', nonce);

    const early = await handle(c, next, url, https);
    const res = early ?? c.res;
    const route = matchRoute(logicalPath(url.pathname));
    const headers = securityHeaders({
      https,
      // a cached page keeps the nonce it was rendered with
      nonce: c.get('nonce'),
      embeddable: route ? routes[route.id].layout === 'external' : false,
      mapsKey: Boolean(c.env.GOOGLE_MAPS_KEY),
      allowInlineScripts: options.allowInlineScripts,
    });
    const out = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
    c.res = undefined as unknown as Response; // Hono merges headers into a replaced response; start clean
    c.res = out;
  };

/** the answer the edge gives itself, or undefined when Waku answered through next() (in c.res) */
async function handle(c: Context<Env>, next: Next, url: URL, https: boolean): Promise<Response | undefined> {
  const isApi = url.pathname.startsWith('/api/');
  const meantAsApi = isApi || isMiscasedApiPath(url.pathname) || url.pathname === '/api';

  if (isMalformedPath(url.pathname)) {
    if (meantAsApi || url.pathname.startsWith('/RSC/') || !READ_ONLY.has(c.req.method)) return edgeError(404, 'API_NOT_FOUND_ERROR', 'Malformed percent-encoding in the path');
    return notFoundPage(c, next, url);
  }
  if (isServerFunctionPath(url.pathname)) return edgeError(404, 'API_NOT_FOUND_ERROR', 'Unknown server function');
  if ((meantAsApi && !isApi) || (isApi && hasTrailingSlash(url.pathname))) {
    return edgeError(404, 'API_NOT_FOUND_ERROR', `No endpoint ${c.req.method} ${url.pathname} (API paths are lowercase, without a trailing slash)`);
  }
  // a carrier sandbox speaks its carrier's paths, some of which end in a slash (TOPTRANS's)
  if (hasTrailingSlash(url.pathname) && !(isLocalDev(c.env) && isLocalOnlyPath(url.pathname))) {
    // Waku answers 500 for /kontakt/; the target host is the configured one, never the Host header
    const host = url.host === c.env.SK_HOST ? c.env.SK_HOST : c.env.CZ_HOST;
    return c.redirect(`${https ? 'https' : 'http'}://${host}${withoutTrailingSlash(url.pathname)}${url.search}`, 301);
  }

  const redirect = redirectFor(url, { czHost: c.env.CZ_HOST, skHost: c.env.SK_HOST });
  if (redirect) return c.redirect(redirect.location, redirect.status);

  if (c.req.method === 'GET' && (url.pathname === '/robots.txt' || url.pathname === '/sitemap.xml')) {
    const file = await seoFile(c, url);
    if (file) return file;
  }

  if (isCrossSiteWrite({ method: c.req.method, url: c.req.url, origin: c.req.header('origin') ?? null, fetchSite: c.req.header('sec-fetch-site') ?? null })) {
    return edgeError(403, 'API_FORBIDDEN_ERROR', 'Cross-site request refused');
  }

  // local development only: the sandboxes (identity provider, …) and helpers (mailbox)
  if (isLocalDev(c.env) && isLocalOnlyPath(url.pathname)) return (await sandboxApp()).fetch(c.req.raw, c.env, waitUntilOf(c).executionCtx);

  // pages and RSC payloads are read-only (writes go to /api), except the forms that work
  // without JavaScript, which post to their own page (./forms.ts)
  const formRoute = !isApi && c.req.method === 'POST' ? matchRoute(url.pathname) : null;
  const isFormPost = formRoute !== null && FORM_ROUTES.has(formRoute.id);
  if (!isApi && !READ_ONLY.has(c.req.method) && !isFormPost) {
    return edgeError(405, 'API_METHOD_NOT_ALLOWED_ERROR', `Pages answer GET and HEAD, not ${c.req.method}`, { allow: 'GET, HEAD' });
  }

  const path = logicalPath(url.pathname);
  const localeCookie = getCookie(c, LOCALE_COOKIE) ?? null;
  const territory = territoryOfHost(url.host, c.env.SK_HOST);
  if (!isApi && c.req.method === 'GET' && path === url.pathname) {
    // the locale switcher's links (<path>?locale=sk): keep the choice, show the route in it
    const chosen = url.searchParams.get(SWITCH_PARAM);
    const target = chosen === null ? null : switchTarget(path, chosen);
    if (target !== null) {
      const rest = new URLSearchParams(url.search);
      rest.delete(SWITCH_PARAM);
      const query = rest.size ? `?${rest}` : '';
      // English is the Czech site's (spec §2.8)
      const origin = chosen === 'en' && territory === 'sk' ? `${https ? 'https' : 'http'}://${c.env.CZ_HOST}` : '';
      setCookie(c, LOCALE_COOKIE, chosen!, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', secure: https });
      return c.redirect(`${origin}${target}${query}`, 302);
    }
    const detected = detectRedirect(path, localeCookie, c.req.header('accept-language'), territory);
    if (detected) return c.redirect(detected + url.search, 302);
  }

  const seal = getCookie(c, AUTH_COOKIE);
  const apiKey = isSecret(c.env.SESSION_SECRET) ? await unsealApiKey(seal, c.env.SESSION_SECRET) : null;
  // a tampered or expired cookie counts as logged out and is cleared
  if (seal && !apiKey) deleteCookie(c, AUTH_COOKIE, { path: '/', domain: parentDomain(url.hostname), secure: https });

  const limited = await checkRateLimit(c.env, { method: c.req.method, pathname: url.pathname, headers: c.req.raw.headers, signedIn: apiKey !== null }, waitUntilOf(c).waitUntil);
  if (limited) return limited;

  let body: ArrayBuffer | ReadableStream<Uint8Array> | undefined;
  if (c.req.method === 'POST' && isApi && isClaimFilesPath(url.pathname)) {
    // claims' files stream through: the origin stores them part by part within the same limit (never the whole body in memory)
    if (Number(c.req.header('content-length') ?? Number.NaN) > MAX_CLAIM_UPLOAD_BYTES) return tooLarge(MAX_CLAIM_UPLOAD_BYTES);
    body = c.req.raw.body ?? undefined;
  } else if (!BODYLESS.has(c.req.method)) {
    const read = await readBodyWithin(c.req.raw, bodyLimitFor(c.req.method, url.pathname));
    if (read instanceof Response) return read;
    body = read;
  }

  const scope = { hostname: url.hostname, https };
  const info: RequestInfo = {
    session: apiKey ? await sessionFingerprint(apiKey, c.env.SESSION_SECRET) : null,
    locale: isApi
      ? preferredLocale({ header: c.req.header('language'), cookie: localeCookie, acceptLanguage: c.req.header('accept-language') })
      : pageLocale(path, { territory, cookie: localeCookie, acceptLanguage: c.req.header('accept-language') }),
    territory,
    apiKey,
    anonymousId: getCookie(c, 'zslt_anonymous_id') ?? null,
  };
  c.set('info', info);

  if (isApi) {
    if (apiKey && c.req.method === 'POST' && (PROFILE_WRITES.has(url.pathname) || isPaymentWrite(url.pathname))) forgetProfile(apiKey);
    const device = url.pathname === LOGIN_PATH ? getCookie(c, DEVICE_COOKIE) : undefined;
    // (the body was read above: the new request carries none, callApi sends `body`)
    const request = device ? new Request(c.req.url, { method: c.req.method, headers: withHeader(c.req.raw.headers, DEVICE_HEADER, device) }) : c.req.raw;
    return settleSession(url.pathname, await callApi(request, { env: c.env, info, ...waitUntilOf(c) }, body), c.env.SESSION_SECRET, scope);
  }

  if (isFormPost) {
    const outcome = await handleFormPost(c, formRoute, url.search, body instanceof ArrayBuffer ? body : new ArrayBuffer(0), { env: c.env, info, ...waitUntilOf(c) }, scope);
    if (outcome && 'redirect' in outcome) {
      const res = new Response(null, { status: 303, headers: { location: outcome.redirect, 'cache-control': 'no-store' } });
      for (const cookie of outcome.cookies) res.headers.append('set-cookie', cookie);
      return res;
    }
    // the page again, as a GET, showing the outcome
    if (outcome) info.form = outcome.render;
    const headers = new Headers(c.req.raw.headers);
    for (const h of ['content-type', 'content-length', 'origin']) headers.delete(h);
    c.req.raw = new Request(url, { method: 'GET', headers });
    await next();
    const res = new Response(c.res.body, { status: outcome?.status ?? 200, headers: c.res.headers });
    res.headers.set('cache-control', 'no-store');
    return res;
  }

  // §2.8: an old client page for a visitor who prefers the new section (page loads; a client
  // navigation's RSC request is redirected by the page guard in src/router.tsx)
  if (apiKey && c.req.method === 'GET' && path === url.pathname) {
    const route = matchRoute(path);
    if (route && isOldClientRoute(route.id)) {
      const location = await clientSectionLocation(route.id, info.locale === 'en' ? 'en' : 'cs', apiKey, { env: c.env, info, ...waitUntilOf(c) });
      if (location) return c.redirect(location, 302);
    }
  }

  const route = c.req.method === 'GET' && path === url.pathname ? matchRoute(path) : null;
  // content pages: one shared copy for visitors whose cookies cannot change the page (page-cache.ts)
  // (a query string can change a page: promotions, searches; those render afresh)
  const shared = route !== null && isContentRoute(route.id) && apiKey === null && url.search === '' && cookiesAllowCaching(c.req.header('cookie'));
  if (shared) {
    const hit = await withPageCache(c, next, url);
    if (hit) c.res = hit;
  } else {
    await next();
  }
  if (route !== null && isContentRoute(route.id) && c.res.status === 200) {
    const res = new Response(c.res.body, c.res);
    res.headers.set('cache-control', shared ? CONTENT_CACHE_CONTROL : 'private, no-cache');
    // root paths speak the locale cookie's or the browser's language (locale.ts pageLocale)
    res.headers.append('vary', 'Cookie, Accept-Language');
    c.res = undefined as unknown as Response;
    c.res = res;
  }
  if (c.get('authInvalid')) {
    const res = new Response(c.res.body, c.res);
    for (const cookie of signOutCookies(scope)) res.headers.append('set-cookie', cookie);
    c.res = undefined as unknown as Response;
    c.res = res;
  }
  // a first visit keeps the language it was shown; a stored choice is never overwritten by a visit (spec §1)
  const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
  if (isPage && !isLocale(localeCookie)) {
    setCookie(c, LOCALE_COOKIE, info.locale, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', secure: https });
  }
  return undefined;
}

/**
 * The 404 page in the path's language, for a path no route can even decode. It is served
 * without its scripts: Waku's client router would decode the address again on hydration
 * and throw, leaving a blank page; as plain HTML it reads and links as usual.
 */
async function notFoundPage(c: Context<Env>, next: Next, url: URL): Promise<Response> {
  const territory = territoryOfHost(url.host, c.env.SK_HOST);
  c.set('info', {
    locale: pageLocale(url.pathname, { territory, cookie: getCookie(c, LOCALE_COOKIE) ?? null, acceptLanguage: c.req.header('accept-language') }),
    territory,
    apiKey: null,
    session: null,
    anonymousId: null,
  });
  c.req.raw = new Request(new URL('/404', url), { headers: c.req.raw.headers });
  await next();
  const html = (await c.res.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  return new Response(html, { status: 404, headers });
}
