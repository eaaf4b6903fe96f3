import { matchRoute, patternOf, routeIds, type Locale, type RouteId } from '../routes';

/**
 * What search engines read beside a page (issue 13 "reach"): the canonical address, the
 * hreflang alternates of the same route in every language it has, and the sitemap. Pure:
 * everything comes from the route table and the configured hosts.
 */
export type Hosts = { scheme: string; czHost: string; skHost: string };

/** hreflang of each language: Czech and English are the Czech site's, Slovak the Slovak site's */
export const HREFLANG: Record<Locale, string> = { cs: 'cs', en: 'en', sk: 'sk', es: 'es' };

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

/**
 * The languages every page is found in by address: Czech (the Czech host's root paths), English
 * (its /en paths) and Slovak (the Slovak host: the route's /cenniky path where it has one, else
 * its root path, which the Slovak host serves in Slovak to everyone without another choice —
 * src/edge/locale.ts pageLocale). Spanish has no address of its own (a visitor's choice only).
 */
export const localesOf = (_id: RouteId): Locale[] => ['cs', 'en', 'sk'];

/**
 * Where a language version of a page lives: Czech and English on the Czech host (spec §2.8:
 * /en/* on the Slovak host redirects there), Slovak on the Slovak host, whose root paths speak
 * Slovak by default. Spanish (no address of its own) stays on the host read.
 */
const hostOf = (locale: Locale, hosts: Hosts, host: string) => (locale === 'sk' ? hosts.skHost : locale === 'es' ? host : hosts.czHost);
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

/** the language an address speaks to a visitor without a choice of their own: its path's, and Slovak for the Slovak host's root paths */
export const defaultLanguageOf = (pathLocale: Locale, host: string, hosts: Hosts): Locale =>
  pathLocale === 'cs' && host === hosts.skHost && hosts.skHost !== hosts.czHost ? 'sk' : pathLocale;

/**
 * Canonical address and alternates of a requested path (query and hash dropped). The canonical
 * address is the alternate of the language the address speaks by default, so duplicates point
 * to one address: /ceniky/evropa on the Slovak host (Slovak) to /cenniky/europa there, a
 * /cenniky page read on the Czech host to the Slovak host's. Private pages: themselves.
 */
export function seoOf(pathname: string, host: string, hosts: Hosts, slugs: Partial<Record<RouteId, SlugTranslator>> = {}) {
  const m = matchRoute(pathname);
  if (!m) return null;
  const language = defaultLanguageOf(m.locale, host, hosts);
  const alternates = isIndexable(m.id) ? alternatesOf(m.id, m.params, hosts, slugs[m.id], host) : [];
  const canonical = alternates.find((a) => a.hreflang === HREFLANG[language])?.href ?? `${hosts.scheme}://${host}${pathname}`;
  return { id: m.id, locale: language, canonical, alternates };
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
