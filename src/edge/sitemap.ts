import type { Context } from 'hono';
import { robotsTxt, sitemapUrls, sitemapXml, type Hosts } from '../lib/seo';
import { SEO_SLUGS, sitemapParams } from '../lib/seo-slugs';
import type { Env, RequestInfo } from './env';
import { callApi } from './gateway';

const hostsOf = (env: Env['Bindings']): Hosts => ({ scheme: env.PUBLIC_SCHEME ?? 'https', czHost: env.CZ_HOST, skHost: env.SK_HOST ?? env.CZ_HOST });

/** public list answers the sitemap needs (through the same gateway and KV cache as pages) */
async function publicList<T>(c: Context<Env>, path: string): Promise<T | null> {
  const info: RequestInfo = { locale: 'cs', territory: 'cz', apiKey: null, session: null, anonymousId: null };
  const res = await callApi(new Request(`http://internal/api${path}`), { env: c.env, info }).catch(() => null);
  if (!res?.ok) return null;
  return ((await res.json()) as { data: T }).data;
}

/** GET /robots.txt and /sitemap.xml (issue 13): every indexable route and locale from the route table */
export async function seoFile(c: Context<Env>, url: URL): Promise<Response | null> {
  const hosts = hostsOf(c.env);
  if (url.pathname === '/robots.txt') {
    return new Response(robotsTxt(hosts, url.host), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
  }
  if (url.pathname === '/sitemap.xml') {
    const params = await sitemapParams((path) => publicList(c, path));
    const host = url.host === hosts.skHost ? hosts.skHost : hosts.czHost;
    return new Response(sitemapXml(sitemapUrls(hosts, params, SEO_SLUGS, host)), {
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    });
  }
  return null;
}
