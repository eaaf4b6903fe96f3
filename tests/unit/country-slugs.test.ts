import { countries as countryFacts } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { countryPhrase, countrySlug, needsCustoms, parseCountrySlug, PRICE_LIST_COUNTRY_CODES, translateCountrySlug } from '../../src/lib/country-slugs';
import { BANNED_CODES } from '../../src/server/db/seed/countries';

const LOCALES = ['cs', 'en', 'sk'] as const;
const DIRECTIONS = ['to', 'from'] as const;

describe('country price-list slugs (spec §2.5)', () => {
  it.each([
    ['de', 'to', 'do Německa', 'balik-do-nemecka'],
    ['de', 'from', 'z Německa', 'balik-z-nemecka'],
    ['sk', 'to', 'na Slovensko', 'balik-na-slovensko'],
    ['sk', 'from', 'ze Slovenska', 'balik-ze-slovenska'],
    ['ua', 'to', 'na Ukrajinu', 'balik-na-ukrajinu'],
    ['mt', 'to', 'na Maltu', 'balik-na-maltu'],
    ['cy', 'to', 'na Kypr', 'balik-na-kypr'],
    ['cy', 'from', 'z Kypru', 'balik-z-kypru'],
    ['us', 'to', 'do Spojených států', 'balik-do-spojenych-statu'],
    ['us', 'from', 'ze Spojených států', 'balik-ze-spojenych-statu'],
    ['gb', 'to', 'do Velké Británie', 'balik-do-velke-britanie'],
    ['es', 'from', 'ze Španělska', 'balik-ze-spanelska'],
    ['ch', 'from', 'ze Švýcarska', 'balik-ze-svycarska'],
    ['pl', 'from', 'z Polska', 'balik-z-polska'],
    ['at', 'to', 'do Rakouska', 'balik-do-rakouska'],
    ['cz', 'to', 'do Česka', 'balik-do-ceska'],
    ['cz', 'from', 'z Česka', 'balik-z-ceska'],
    ['se', 'from', 'ze Švédska', 'balik-ze-svedska'],
    ['zm', 'from', 'ze Zambie', 'balik-ze-zambie'],
  ] as const)('cs %s %s: %s', (code, direction, phrase, slug) => {
    expect(countryPhrase(code, direction, 'cs')).toBe(phrase);
    expect(countrySlug(code, direction, 'cs')).toBe(slug);
  });

  it.each([
    ['de', 'to', 'do Nemecka', 'balik-do-nemecka'],
    ['de', 'from', 'z Nemecka', 'balik-z-nemecka'],
    ['sk', 'to', 'na Slovensko', 'balik-na-slovensko'],
    ['sk', 'from', 'zo Slovenska', 'balik-zo-slovenska'],
    ['cz', 'to', 'do Česka', 'balik-do-ceska'],
    ['us', 'from', 'zo Spojených štátov', 'balik-zo-spojenych-statov'],
    ['it', 'to', 'do Talianska', 'balik-do-talianska'],
    ['hu', 'to', 'do Maďarska', 'balik-do-madarska'],
  ] as const)('sk %s %s: %s', (code, direction, phrase, slug) => {
    expect(countryPhrase(code, direction, 'sk')).toBe(phrase);
    expect(countrySlug(code, direction, 'sk')).toBe(slug);
  });

  it('English slugs', () => {
    expect(countrySlug('de', 'to', 'en')).toBe('package-to-germany');
    expect(countrySlug('de', 'from', 'en')).toBe('package-from-germany');
    expect(countrySlug('gb', 'to', 'en')).toBe('package-to-united-kingdom');
    expect(countrySlug('cz', 'from', 'en')).toBe('package-from-czechia');
  });

  it('round trip slug ↔ code for every country, direction and locale', () => {
    for (const code of PRICE_LIST_COUNTRY_CODES) {
      for (const direction of DIRECTIONS) {
        for (const locale of LOCALES) {
          const slug = countrySlug(code, direction, locale);
          expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(parseCountrySlug(slug, locale), `${locale} ${slug}`).toEqual({ code, direction });
        }
      }
    }
  });

  it('no two countries or directions share a slug in a locale', () => {
    for (const locale of LOCALES) {
      const slugs = PRICE_LIST_COUNTRY_CODES.flatMap((code) => DIRECTIONS.map((d) => countrySlug(code, d, locale)));
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });

  it('a slug means one page in every locale (a Czech and a Slovak slug never name different pages)', () => {
    const owner = new Map<string, string>();
    for (const code of PRICE_LIST_COUNTRY_CODES) {
      for (const direction of DIRECTIONS) {
        for (const locale of LOCALES) {
          const slug = countrySlug(code, direction, locale);
          const page = `${code}:${direction}`;
          expect(owner.get(slug) ?? page, slug).toBe(page);
          owner.set(slug, page);
        }
      }
    }
    expect(translateCountrySlug('balik-do-nemecka', 'en')).toBe('package-to-germany');
    expect(translateCountrySlug('package-from-slovakia', 'cs')).toBe('balik-ze-slovenska');
    expect(translateCountrySlug('package-from-slovakia', 'sk')).toBe('balik-zo-slovenska');
    expect(translateCountrySlug('balik-do-atlantidy', 'en')).toBeNull();
  });

  it('the prepositions follow the rules: do/na + form, z/ze (cs) and z/zo (sk) by the first letter', () => {
    for (const code of PRICE_LIST_COUNTRY_CODES) {
      expect(countryPhrase(code, 'to', 'cs')).toMatch(/^(do|na) \S/);
      expect(countryPhrase(code, 'to', 'sk')).toMatch(/^(do|na) \S/);
      const cs = countryPhrase(code, 'from', 'cs')!;
      const sk = countryPhrase(code, 'from', 'sk')!;
      expect(cs.startsWith('ze ')).toBe(/^ze [SZŠŽszšž]/.test(cs));
      expect(sk.startsWith('zo ')).toBe(/^zo [SZŠŽszšž]/.test(sk));
      expect(cs).toMatch(/^(z [^SZŠŽszšž]|ze [SZŠŽszšž])/);
      expect(sk).toMatch(/^(z [^SZŠŽszšž]|zo [SZŠŽszšž])/);
    }
  });

  it('unknown slugs, wrong locale forms and banned countries have no page', () => {
    expect(parseCountrySlug('balik-do-atlantidy', 'cs')).toBeNull();
    expect(parseCountrySlug('package-to-germany', 'cs')).toBeNull();
    expect(parseCountrySlug('balik-zo-slovenska', 'cs')).toBeNull();
    expect(parseCountrySlug('balik-ze-slovenska', 'sk')).toBeNull();
    expect(parseCountrySlug('', 'en')).toBeNull();
    for (const code of BANNED_CODES) expect(PRICE_LIST_COUNTRY_CODES).not.toContain(code);
  });

  it('every code is a real ISO country with a continent', () => {
    for (const code of PRICE_LIST_COUNTRY_CODES) expect(countryFacts[code.toUpperCase() as keyof typeof countryFacts], code).toBeDefined();
    expect(PRICE_LIST_COUNTRY_CODES.length).toBeGreaterThan(180);
  });

  it('customs: only routes that leave the EU customs territory', () => {
    expect(needsCustoms('cz', 'de')).toBe(false);
    expect(needsCustoms('cz', 'ch')).toBe(true);
    expect(needsCustoms('gb', 'sk')).toBe(true);
    expect(needsCustoms('cz', 'cz')).toBe(false);
  });
});
