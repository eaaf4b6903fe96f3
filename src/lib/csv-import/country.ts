import { foldText } from './fields';

/**
 * Countries as a file writes them ('CZ', 'cz', 'Česko', 'Czech Republic', 'Slovensko')
 * and their phone prefixes, from the site's country list (v1/country/all).
 */
export type CountryInfo = { code: string; prefix: string | null; names: readonly string[] };

/** common names the country list does not carry */
const ALIASES: Record<string, string> = {
  'ceska republika': 'cz',
  'czech republic': 'cz',
  czechia: 'cz',
  cr: 'cz',
  'slovenska republika': 'sk',
  'slovak republic': 'sk',
  sr: 'sk',
};

export type Countries = {
  /** the lowercase code of a written country, or null when it names none */
  codeOf: (text: string) => string | null;
  /** '+420' of 'cz', or null */
  prefixOf: (code: string) => string | null;
  /** a number written with its calling code ('+421905…', '00421905…') split into prefix and the rest */
  splitInternational: (digits: string, preferred: string | null) => { prefix: string; number: string } | null;
};

export function countriesOf(list: readonly CountryInfo[]): Countries {
  const byName = new Map<string, string>(Object.entries(ALIASES));
  const prefixes = new Map<string, string>();
  for (const country of list) {
    const code = country.code.toLowerCase();
    byName.set(code, code);
    for (const name of country.names) if (name) byName.set(foldText(name), code);
    if (country.prefix) prefixes.set(code, country.prefix.startsWith('+') ? country.prefix : `+${country.prefix}`);
  }
  const allPrefixes = [...new Set([...prefixes.values()].map((p) => p.slice(1)))].sort((a, b) => b.length - a.length);
  return {
    codeOf: (text) => byName.get(foldText(text)) ?? (/^[a-z]{2}$/i.test(text.trim()) ? text.trim().toLowerCase() : null),
    prefixOf: (code) => prefixes.get(code.toLowerCase()) ?? null,
    splitInternational: (digits, preferred) => {
      const own = preferred?.slice(1);
      const prefix = own && digits.startsWith(own) ? own : allPrefixes.find((p) => digits.startsWith(p));
      return prefix ? { prefix: `+${prefix}`, number: digits.slice(prefix.length) } : null;
    },
  };
}
