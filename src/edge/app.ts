import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { matchRoute, routes } from '../routes';
import { AUTH_COOKIE, parentDomain, unsealApiKey } from './auth';
import { isCrossSiteWrite } from './csrf';
import type { Env, RequestInfo } from './env';
import { callApi } from './gateway';
import { securityHeaders } from './headers';
import { detectRedirect, LOCALE_COOKIE, pageLocale, preferredLocale, territoryOfHost } from './locale';
import { redirectFor } from './redirects';

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

const isSecret = (s: string | undefined): s is string => typeof s === 'string' && s.length >= 32;

/**
 * The edge chain in front of Waku: redirects → CSRF → locale/territory → sealed auth
 * cookie → /api gateway (with KV cache) → pages; security headers on every response.
 */
export const edgeMiddleware = (): MiddlewareHandler<Env> => async (c, next) => {
  const url = new URL(c.req.url);
  const https = url.protocol === 'https:';

  const redirect = redirectFor(url, { czHost: c.env.CZ_HOST, skHost: c.env.SK_HOST });
  if (redirect) return c.redirect(redirect.location, redirect.status);

  if (isCrossSiteWrite({ method: c.req.method, url: c.req.url, origin: c.req.header('origin') ?? null, fetchSite: c.req.header('sec-fetch-site') ?? null })) {
    return c.json({ type: 'API_FORBIDDEN_ERROR', status: 403, message: 'Cross-site request refused' }, 403);
  }

  const isApi = url.pathname.startsWith('/api/');
  const path = logicalPath(url.pathname);
  const localeCookie = getCookie(c, LOCALE_COOKIE) ?? null;
  if (!isApi && c.req.method === 'GET') {
    const detected = detectRedirect(path === url.pathname ? path : '', localeCookie, c.req.header('accept-language'));
    if (detected) return c.redirect(detected + url.search, 302);
  }

  const seal = getCookie(c, AUTH_COOKIE);
  const apiKey = isSecret(c.env.SESSION_SECRET) ? await unsealApiKey(seal, c.env.SESSION_SECRET) : null;
  const info: RequestInfo = {
    locale: isApi
      ? preferredLocale({ header: c.req.header('language'), cookie: localeCookie, acceptLanguage: c.req.header('accept-language') })
      : pageLocale(path),
    territory: territoryOfHost(url.host, c.env.SK_HOST),
    apiKey,
    anonymousId: getCookie(c, 'zslt_anonymous_id') ?? null,
  };
  c.set('info', info);

  if (isApi) {
    c.res = await callApi(c.req.raw, { env: c.env, info, ...waitUntilOf(c) });
  } else {
    await next();
    const isPage = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    if (isPage && localeCookie !== info.locale) {
      setCookie(c, LOCALE_COOKIE, info.locale, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax' });
    }
  }

  // a tampered or expired cookie counts as logged out and is cleared
  if (seal && !apiKey) deleteCookie(c, AUTH_COOKIE, { path: '/', domain: parentDomain(url.hostname), secure: https });

  const route = matchRoute(path);
  const headers = securityHeaders({
    https,
    embeddable: route ? routes[route.id].layout === 'external' : false,
    mapsKey: Boolean(c.env.GOOGLE_MAPS_KEY),
  });
  const res = new Response(c.res.body, c.res);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  c.res = undefined as unknown as Response; // Hono merges headers into a replaced response; start clean
  c.res = res;
};
