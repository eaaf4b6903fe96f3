import { localeOfPath, matchRoute, patternOf, type Locale } from '../routes';
import { SEO_SLUGS } from '../lib/seo-slugs';
import type { Territory } from '../lib/types/quote';

export const LOCALE_COOKIE = 'locale';
const SUPPORTED: readonly Locale[] = ['cs', 'en', 'sk', 'es'];

/**
 * The languages root paths speak (spec §1): Czech, and the partial Slovak and Spanish, which
 * fall back to Czech per missing text. English has paths of its own (/en) on the Czech host.
 */
export const ROOT_LANGUAGES = ['cs', 'sk', 'es'] as const satisfies readonly Locale[];
export type RootLanguage = (typeof ROOT_LANGUAGES)[number];
/** a territory's own language: what its root paths speak when nothing else is known */
export const TERRITORY_LANGUAGE: Record<Territory, RootLanguage> = { cz: 'cs', sk: 'sk' };

export const isLocale = (v: unknown): v is Locale => SUPPORTED.includes(v as Locale);
export const isRootLanguage = (v: unknown): v is RootLanguage => ROOT_LANGUAGES.includes(v as RootLanguage);

/** best language of an Accept-Language header among `among` (by q-value, then order); null when none fits */
export function fromAcceptLanguage<L extends Locale = Locale>(header: string | null | undefined, among: readonly L[] = SUPPORTED as readonly L[]): L | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0]!, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked.find((r) => among.includes(r.lang as L))?.lang as L | undefined) ?? null;
}

export type LocaleContext = { territory: Territory; cookie?: string | null; acceptLanguage?: string | null };

/**
 * The language of a page (spec §1). A path with a language prefix speaks it: /en English,
 * /cenniky Slovak. Root paths, on either host, speak the language the visitor chose (the
 * locale cookie, set by the switcher or by the last page read), else the browser's first
 * language that root paths have (cs, sk, es), else the territory's own: Czech on the Czech
 * site, Slovak on the Slovak one. So the Czech site stays Czech for everyone who did not ask
 * otherwise, a Slovak or Spanish choice is kept on both sites, and the Slovak site greets a
 * visitor without preferences in Slovak. Without a context (tests, tools) root paths are Czech.
 */
export function pageLocale(pathname: string, ctx?: LocaleContext): Locale {
  const byPath = localeOfPath(pathname);
  if (byPath !== 'cs' || !ctx) return byPath;
  if (isRootLanguage(ctx.cookie)) return ctx.cookie;
  return fromAcceptLanguage(ctx.acceptLanguage, ROOT_LANGUAGES) ?? TERRITORY_LANGUAGE[ctx.territory];
}

/**
 * Language of an API call or of a visit to the home page: explicit header, then the
 * locale cookie, then browser detection, then cs.
 */
export function preferredLocale(opts: { header?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(opts.header)) return opts.header;
  if (isLocale(opts.cookie)) return opts.cookie;
  return fromAcceptLanguage(opts.acceptLanguage) ?? 'cs';
}

/**
 * The bare domain of the Czech site (spec §1): a stored choice of English (the locale cookie)
 * goes to /en, and so does an English browser without a stored choice; a stored Czech, Slovak or
 * Spanish choice stays on `/`. Only on the Czech site: English lives there (spec §2.8), and the
 * Slovak site does not send its visitors to another territory. Returns the target or null.
 */
export function detectRedirect(pathname: string, cookie: string | null | undefined, acceptLanguage: string | null | undefined, territory: Territory = 'cz'): string | null {
  if (pathname !== '/' || territory !== 'cz') return null;
  const wanted = isLocale(cookie) ? cookie : fromAcceptLanguage(acceptLanguage);
  return wanted === 'en' ? '/en' : null;
}

/** the query parameter of the locale switcher's links: `?locale=sk` */
export const SWITCH_PARAM = 'locale';

/**
 * Where the switcher's `<path>?locale=<language>` goes: the same route in that language, its
 * slug translated (country price pages). English is its /en path; Slovak the route's /cenniky
 * path where it has one; Czech, Slovak without one and Spanish the root path (the cookie the
 * edge sets with the redirect makes it speak the language). Unknown paths go home. Null for a
 * language that is not one of ours.
 */
export function switchTarget(pathname: string, language: string): string | null {
  if (!isLocale(language)) return null;
  const m = matchRoute(pathname);
  const pathLocale = language === 'sk' || language === 'en' ? language : 'cs';
  if (!m) return patternOf('home', pathLocale);
  const translate = SEO_SLUGS[m.id];
  const params = translate ? translate(pathLocale, m.params) : m.params;
  if (!params) return patternOf('home', pathLocale);
  return patternOf(m.id, pathLocale).replace(/\[(\w+)\]/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

export const territoryOfHost = (host: string, skHost: string): Territory => (host === skHost ? 'sk' : 'cz');
