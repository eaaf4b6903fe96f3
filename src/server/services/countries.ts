import { LANGUAGES, type Language } from '../../lib/language';
import { allCountries } from '../db/repositories/content';

export { LANGUAGES, type Language };

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);
const primaryTag = (tag: string) => tag.trim().split(/[-_]/)[0].toLowerCase();

/**
 * The response language: the app's `language` header when supported, else the best
 * supported Accept-Language entry, else cs (spec §7; cs is the default and fallback).
 */
export function pickLanguage(languageHeader: string | undefined, acceptLanguage: string | undefined): Language {
  const explicit = primaryTag(languageHeader ?? '');
  if (isLanguage(explicit)) return explicit;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: primaryTag(tag), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((e) => e.q > 0 && isLanguage(e.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.tag as Language | undefined) ?? 'cs';
}

export type Country = {
  code: string;
  name: string;
  names: Record<Language, string>;
  priority: number;
  favourite: boolean;
  eu: boolean;
  import: boolean;
  export: boolean;
  phone_prefix: string | null;
  currency: string | null;
  /** spec §3: a country with priority below 1 is banned */
  banned: boolean;
};

/** All countries: favourites first, then by priority (highest first), then by name in the given language. */
export async function listCountries(db: D1Database, language: Language): Promise<Country[]> {
  const rows = await allCountries(db);
  const collator = new Intl.Collator(language);
  return rows
    .map((row): Country => {
      const names = { cs: row.nameCs, en: row.nameEn, sk: row.nameSk, es: row.nameEs };
      return {
        code: row.code,
        name: names[language],
        names,
        priority: row.priority,
        favourite: row.favourite,
        eu: row.eu,
        import: row.import,
        export: row.export,
        phone_prefix: row.phonePrefix,
        currency: row.currency,
        banned: row.priority < 1,
      };
    })
    .sort(
      (a, b) =>
        Number(b.favourite) - Number(a.favourite) || b.priority - a.priority || collator.compare(a.name, b.name),
    );
}
