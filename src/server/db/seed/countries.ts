import { countries as countryFacts, type TCountryCode } from 'countries-list';
// the package's main entry requires every locale dynamically; index.js registers only what we pass
import isoCountries from 'i18n-iso-countries/index.js';
import cs from 'i18n-iso-countries/langs/cs.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import sk from 'i18n-iso-countries/langs/sk.json';
import { upsert } from './sql';

isoCountries.registerLocale(cs);
isoCountries.registerLocale(en);
isoCountries.registerLocale(sk);
isoCountries.registerLocale(es);

/** The 27 member states (ISO codes; Greece is GR). */
export const EU_CODES = [
  'at', 'be', 'bg', 'hr', 'cy', 'cz', 'dk', 'ee', 'fi', 'fr', 'de', 'gr', 'hu', 'ie',
  'it', 'lv', 'lt', 'lu', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'si', 'es', 'se',
];

/** Embargoed or war-torn destinations no partner carrier serves, and uninhabited territories. */
export const BANNED_CODES = ['kp', 'sy', 'ir', 'ru', 'by', 'af', 'ye', 'so', 'aq', 'bv', 'hm'];

export const FAVOURITE_CODES = ['cz', 'sk', 'de', 'at', 'pl', 'hu', 'gb', 'us'];

const HOME_PRIORITY: Record<string, number> = { cz: 100, sk: 95, de: 80, at: 80, pl: 80, hu: 80 };
const FREQUENT_NON_EU = ['gb', 'us', 'ch', 'no', 'ua', 'ca'];

/** countries-list still lists Kosovo's interim codes first. */
const PHONE_PREFIX_OVERRIDES: Record<string, string> = { xk: '+383' };

export type CountrySeed = {
  code: string;
  name_cs: string;
  name_en: string;
  name_sk: string;
  name_es: string;
  phone_prefix: string | null;
  eu: boolean;
  import: boolean;
  export: boolean;
  priority: number;
  favourite: boolean;
  currency: string | null;
};

function priorityOf(code: string, continent: string | undefined): number {
  if (BANNED_CODES.includes(code)) return 0;
  if (HOME_PRIORITY[code]) return HOME_PRIORITY[code];
  if (EU_CODES.includes(code)) return 60;
  if (FREQUENT_NON_EU.includes(code)) return 50;
  if (continent === 'EU') return 40;
  return 20;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The CLDR name (Intl.DisplayNames: 'Czechia', 'Česko', 'United States', 'North Macedonia'),
 * the same one the cart, summary, tracking and documents show, so every screen names a
 * country one way; i18n-iso-countries only where CLDR has no name of its own.
 */
function nameOf(alpha2: string, language: string): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    displayNames.set(language, names);
  }
  const cldr = names.of(alpha2);
  if (cldr && cldr !== alpha2) return cldr;
  const name = isoCountries.getName(alpha2, language);
  if (!name) throw new Error(`No ${language} name for ${alpha2}`);
  return name;
}

export function countrySeeds(): CountrySeed[] {
  return Object.keys(isoCountries.getAlpha2Codes()).map((alpha2) => {
    const code = alpha2.toLowerCase();
    const facts = countryFacts[alpha2 as TCountryCode];
    const banned = BANNED_CODES.includes(code);
    return {
      code,
      name_cs: nameOf(alpha2, 'cs'),
      name_en: nameOf(alpha2, 'en'),
      name_sk: nameOf(alpha2, 'sk'),
      name_es: nameOf(alpha2, 'es'),
      phone_prefix: PHONE_PREFIX_OVERRIDES[code] ?? (facts?.phone.length ? `+${facts.phone[0]}` : null),
      eu: EU_CODES.includes(code),
      import: !banned,
      export: !banned,
      priority: priorityOf(code, facts?.continent),
      favourite: FAVOURITE_CODES.includes(code),
      currency: facts?.currency[0] ?? null,
    };
  });
}

export const countrySeedStatements = (): string[] => countrySeeds().map((row) => upsert('countries', 'code', row));
