import { COUNTRY_NAMES, type NameForms } from './country-names-cs';

/**
 * Slugs of the country price-list pages (spec §2.5): one screen for every country in both
 * directions. Pure and isomorphic (pages, sitemap, tests).
 *
 * Czech (/ceniky): `balik-do-<genitive>` or `balik-na-<accusative>` (na for Slovensko,
 * Ukrajina and islands: na Kypr, na Maltu …), and `balik-z-<genitive>`, vocalised
 * `balik-ze-` before s, z, š, ž (ze Slovenska, ze Španělska, ze Švýcarska).
 * Slovak (/cenniky): the same with Slovak forms and `zo` for the vocalised preposition
 * (do Nemecka, na Slovensko, z Nemecka, zo Slovenska, zo Spojených štátov).
 * English (/en/services): `package-to-<name>` and `package-from-<name>`.
 * Diacritics are dropped and words joined by hyphens: balik-do-spojenych-statu.
 */

export type Direction = 'to' | 'from';
/** es (root paths in Spanish, spec §1) has no slugs or names of its own: it uses the Czech ones */
export type SlugLocale = 'cs' | 'en' | 'sk' | 'es';
type SlugBase = 'cs' | 'en' | 'sk';
const base = (locale: SlugLocale): SlugBase => (locale === 'es' ? 'cs' : locale);

/** every country with a price-list page, both directions */
export const PRICE_LIST_COUNTRY_CODES: readonly string[] = [...COUNTRY_NAMES.keys()];

/** the EU customs territory (the 27 member states): a route leaving it needs customs papers */
export const EU_CUSTOMS_CODES: ReadonlySet<string> = new Set([
  'at', 'be', 'bg', 'hr', 'cy', 'cz', 'dk', 'ee', 'fi', 'fr', 'de', 'gr', 'hu', 'ie',
  'it', 'lv', 'lt', 'lu', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'si', 'es', 'se',
]);

/** true when a parcel between the two countries crosses the EU customs border */
export const needsCustoms = (from: string, to: string) => EU_CUSTOMS_CODES.has(from.toLowerCase()) !== EU_CUSTOMS_CODES.has(to.toLowerCase());

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** "z" becomes "ze" (Czech) / "zo" (Slovak) before a word starting with s, z, š or ž */
const vocalised = (word: string) => /^[szšž]/i.test(word);

/** the preposition phrase of a country in Czech or Slovak: "do Německa", "na Slovensko", "ze Slovenska" */
export function countryPhrase(code: string, direction: Direction, language: 'cs' | 'sk' | 'es'): string | null {
  const names = COUNTRY_NAMES.get(code.toLowerCase());
  if (!names) return null;
  const locale = language === 'sk' ? 'sk' : 'cs';
  const f: NameForms = names[locale];
  if (direction === 'to') return f.accusative ? `na ${f.accusative}` : `do ${f.genitive}`;
  const z = vocalised(f.genitive) ? (locale === 'cs' ? 'ze' : 'zo') : 'z';
  return `${z} ${f.genitive}`;
}

/** the slug of a country's page: balik-do-nemecka, balik-ze-slovenska, package-to-germany */
export function countrySlug(code: string, direction: Direction, language: SlugLocale): string {
  const locale = base(language);
  const names = COUNTRY_NAMES.get(code.toLowerCase());
  if (!names) throw new Error(`No price-list page for country ${code}`);
  if (locale === 'en') return `package-${direction}-${slugify(names.en)}`;
  return `balik-${slugify(countryPhrase(code, direction, locale)!)}`;
}

let index: Map<string, { code: string; direction: Direction }> | null = null;

/** the country and direction of a slug (any of the three locales' forms), or null */
export function parseCountrySlug(slug: string, locale: SlugLocale): { code: string; direction: Direction } | null {
  if (!index) {
    index = new Map();
    for (const code of PRICE_LIST_COUNTRY_CODES) {
      for (const direction of ['to', 'from'] as const) {
        for (const l of ['cs', 'en', 'sk'] as const) index.set(`${l}:${countrySlug(code, direction, l)}`, { code, direction });
      }
    }
  }
  return index.get(`${base(locale)}:${slug.toLowerCase()}`) ?? null;
}

/** the same country page's slug in another locale (hreflang alternates, the sitemap); null for an unknown slug */
export function translateCountrySlug(slug: string, locale: SlugLocale): string | null {
  for (const from of ['cs', 'sk', 'en'] as const) {
    const page = parseCountrySlug(slug, from);
    if (page) return countrySlug(page.code, page.direction, locale);
  }
  return null;
}

/** a country's name (nominative) for display */
export function countryName(code: string, locale: SlugLocale): string {
  const names = COUNTRY_NAMES.get(code.toLowerCase());
  if (!names) return code.toUpperCase();
  return locale === 'en' ? names.en : names[base(locale) as 'cs' | 'sk'].nominative;
}

/** the named price-list pages of spec §2.5 (linked from the overview) */
export const NAMED_PRICE_LIST_COUNTRIES = ['sk', 'cz', 'pl', 'de', 'gb', 'us', 'at', 'es'] as const;
