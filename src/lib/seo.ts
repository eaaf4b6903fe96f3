import { matchRoute, patternOf, routeIds, routes, type Locale, type RouteId } from '../routes';

/**
 * What search engines read beside a page (issue 13 "reach"): the canonical address, the
 * hreflang alternates of the same route in every language it has, and the sitemap. Pure:
 * everything comes from the route table and the configured hosts.
 */
export type Hosts = { scheme: string; czHost: string; skHost: string };

/** hreflang of each path language: Czech and English are the Czech site's, Slovak the Slovak site's */
export const HREFLANG: Record<Locale, string> = { cs: 'cs', en: 'en', sk: 'sk' };

/** routes that are nobody's search result: personal, one-off or mid-process pages (they send noindex too) */
const PRIVATE_PREFIXES = ['klient', 'configurator-'];
const PRIVATE: ReadonlySet<RouteId> = new Set<RouteId>([
  'login-token', 'set-password', 'cart', 'order', 'order-done', 'rate-shipment', 'nps', 'activate-contract',
  'client-activate', 'account-disabled', 'invoice', 'change-request-detail', 'tracking-result', 'tracking-result-token',
  'claim-detail', 'forgotten-password', 'price-list-route', 'price-list-route-carrier',
]);
export const isIndexable = (id: RouteId) => !PRIVATE.has(id) && !PRIVATE_PREFIXES.some((p) => id.startsWith(p));

const SLUG = /\[(\w+)\]/g;
const fill = (pattern: string, params: Record<string, string>) => pattern.replace(SLUG, (_, k: string) => encodeURIComponent(params[k] ?? ''));

/** the locales a route has a path in (Slovak only where the table gives one) */
export const localesOf = (id: RouteId): Locale[] => (['cs', 'en', 'sk'] as const).filter((l) => l !== 'sk' || 'sk' in routes[id]);

/**
 * Where a language version of a page lives: on the host being read (its territory sets the
 * origin country and currency of the prices), except English, which only the Czech host serves
 * (spec §2.8: /en/* on the Slovak host redirects there).
 */
const hostOf = (locale: Locale, hosts: Hosts, host: string) => (locale === 'en' ? hosts.czHost : host);
export const absolute = (locale: Locale, path: string, hosts: Hosts, host = hosts.czHost) => `${hosts.scheme}://${hostOf(locale, hosts, host)}${path}`;

export type Alternate = { hreflang: string; href: string };

/** the same page in every language of its route, plus x-default (Czech); [] for unknown paths */
export function alternatesOf(id: RouteId, params: Record<string, string>, hosts: Hosts, slugFor?: SlugTranslator, host = hosts.czHost): Alternate[] {
  const list = localesOf(id).flatMap((locale) => {
    const p = slugFor ? slugFor(locale, params) : params;
    return p ? [{ hreflang: HREFLANG[locale], href: absolute(locale, fill(patternOf(id, locale), p), hosts, host) }] : [];
  });
  const cs = list.find((a) => a.hreflang === 'cs');
  return cs ? [...list, { hreflang: 'x-default', href: cs.href }] : list;
}

/** params of a route whose slug itself is translated (the country price pages): locale → its params, or null */
export type SlugTranslator = (locale: Locale, params: Record<string, string>) => Record<string, string> | null;

/** canonical address and alternates of a requested path (query and hash dropped) */
export function seoOf(pathname: string, host: string, hosts: Hosts, slugs: Partial<Record<RouteId, SlugTranslator>> = {}) {
  const m = matchRoute(pathname);
  if (!m) return null;
  const canonical = `${hosts.scheme}://${host}${pathname}`;
  return { id: m.id, locale: m.locale, canonical, alternates: isIndexable(m.id) ? alternatesOf(m.id, m.params, hosts, slugs[m.id], host) : [] };
}

export type SitemapUrl = { loc: string; alternates: Alternate[] };

/**
 * Every indexable page of one host in every language: the parameterless routes of the table,
 * plus the pages with parameters the caller lists (country price pages, FAQ categories, news,
 * careers). English addresses are the Czech host's.
 */
export function sitemapUrls(hosts: Hosts, withParams: { id: RouteId; params: Record<string, string> }[] = [], slugs: Partial<Record<RouteId, SlugTranslator>> = {}, host = hosts.czHost): SitemapUrl[] {
  const pages = [
    ...routeIds.filter((id) => isIndexable(id) && !patternOf(id, 'cs').includes('[')).map((id) => ({ id, params: {} as Record<string, string> })),
    ...withParams.filter((p) => isIndexable(p.id)),
  ];
  return pages.flatMap(({ id, params }) => {
    const alternates = alternatesOf(id, params, hosts, slugs[id], host);
    // a host lists its own addresses (the English ones only on the Czech host)
    return alternates.filter((a) => a.hreflang !== 'x-default' && new URL(a.href).host === host).map((a) => ({ loc: a.href, alternates }));
  });
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xml(u.loc)}</loc>${u.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`).join('')}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function robotsTxt(hosts: Hosts, host: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /klient/',
    'Disallow: /en/client/',
    'Disallow: /en/klient/',
    'Disallow: /konfigurator/',
    'Disallow: /en/configurator/',
    'Disallow: /kosik',
    'Disallow: /en/cart',
    '',
    `Sitemap: ${hosts.scheme}://${host}/sitemap.xml`,
    '',
  ].join('\n');
}
