/** Customs clearance: needed when a route leaves the EU customs territory (DOMAIN.md, Customs). */

export const EU_MEMBERS = new Set(
  'at be bg hr cy cz dk ee fi fr de gr hu ie it lv lt lu mt nl pl pt ro sk si es se'.split(' '),
);
/** Monaco is in the EU customs territory through France. */
const CUSTOMS_TERRITORY = new Set([...EU_MEMBERS, 'mc']);

/**
 * Parts of member states outside the EU customs territory, by postcode: Canary Islands,
 * Ceuta and Melilla (ES), Åland (FI), Heligoland and Büsingen (DE), Livigno and Campione
 * d'Italia (IT), Mount Athos (GR), French overseas departments (FR 97xxx).
 */
const SPECIAL_TERRITORIES: Record<string, RegExp> = {
  es: /^(35|38|51|52)\d{3}$/,
  fi: /^22\d{3}$/,
  de: /^(27498|78266)$/,
  it: /^(23030|23041|22060|22061)$/,
  gr: /^63086$/,
  fr: /^97\d{3}$/,
};

export function inEuCustomsTerritory(country: string, zip: string): boolean {
  if (!CUSTOMS_TERRITORY.has(country)) return false;
  return !(SPECIAL_TERRITORIES[country]?.test(zip.replace(/\s+/g, '')) ?? false);
}

export const customsClearanceRequired = (from: { country: string; zip: string }, to: { country: string; zip: string }) =>
  !(inEuCustomsTerritory(from.country, from.zip) && inEuCustomsTerritory(to.country, to.zip));
