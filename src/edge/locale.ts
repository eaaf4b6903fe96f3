import { localeOfPath, type Locale } from '../routes';
import type { Territory } from '../lib/types/quote';

export const LOCALE_COOKIE = 'locale';
const SUPPORTED: readonly Locale[] = ['cs', 'en', 'sk'];

/** best supported language of an Accept-Language header, by q-value; null when none fits */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
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
  return (ranked.find((r) => SUPPORTED.includes(r.lang as Locale))?.lang as Locale | undefined) ?? null;
}

export const isLocale = (v: unknown): v is Locale => SUPPORTED.includes(v as Locale);

/** language of a page: its path prefix decides (root paths are Czech) */
export const pageLocale = (pathname: string): Locale => localeOfPath(pathname);

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
 * First visit to the Czech home page with an English browser and no locale cookie goes to /en
 * (browser detection, spec §1). Returns the target path or null.
 */
export function detectRedirect(pathname: string, cookie: string | null | undefined, acceptLanguage: string | null | undefined): string | null {
  if (pathname !== '/' || cookie) return null;
  return fromAcceptLanguage(acceptLanguage) === 'en' ? '/en' : null;
}

export const territoryOfHost = (host: string, skHost: string): Territory => (host === skHost ? 'sk' : 'cz');
