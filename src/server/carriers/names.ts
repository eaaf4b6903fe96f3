import type { Language } from '../../lib/language';

/** Carrier codes and display names (spec §3). */

/** Codes that once existed; their pages redirect away and they never quote. */
export const RETIRED_CARRIER_CODES = ['grid-online'] as const;

const NAMES: Record<string, string> = {
  balikovna: 'Balíkovna',
  dpd: 'DPD',
  fedex: 'FedEx',
  gls: 'GLS',
  ppl: 'PPL',
  toptrans: 'TOPTRANS',
  ups: 'UPS',
  wedo: 'One by Allegro',
  liftago: 'Kurýr na přesný čas',
  zasilkovna: 'Zásilkovna',
  'grid-online': 'Grid Online',
};

/** Carrier names that are Czech descriptions, not brands, in the other languages (sk, en; es falls back to en). */
const LOCAL_NAMES: Record<string, Partial<Record<Language, string>>> = {
  // 'the same-day courier' is what the English FAQ, news and carrier texts call it
  liftago: { en: 'Same-day courier', sk: 'Kuriér na presný čas', es: 'Mensajero en el día' },
};

/**
 * Service names that are Czech descriptions, by `${carrier}-${service}`: served in the
 * request's language. A carrier's own product name ('Classic', 'Parcel Connect',
 * 'International Priority') stays as the carrier writes it and is not listed.
 */
const SERVICE_NAMES: Record<string, Partial<Record<Language, string>>> = {
  'balikovna-na-balikovnu': { en: 'to a pickup point', sk: 'Na Balíkovňu', es: 'a un punto de recogida' },
  'balikovna-do-ruky': { en: 'to the door', sk: 'Do rúk', es: 'a domicilio' },
  'liftago-same-day': { en: 'Delivery today', sk: 'Doručenie ešte dnes', es: 'Entrega hoy' },
  'toptrans-pallet': { en: 'Pallet', sk: 'Paleta', es: 'Palé' },
};

/** A translation of a Czech text; Spanish falls back to English (closer to a Spanish reader than Czech), others to cs. */
const pick = (texts: Partial<Record<Language, string>> | undefined, language: Language, cs: string) =>
  texts?.[language] ?? (language === 'es' ? texts?.en : undefined) ?? cs;

/** The service's name in the request's language: `serviceDisplayName('balikovna', 'do-ruky', 'Do ruky', 'en')` → 'to the door'. */
export const serviceDisplayName = (carrier: string, serviceCode: string, name: string, language: Language = 'cs') =>
  pick(SERVICE_NAMES[`${normalizeCarrierCode(carrier)}-${serviceCode}`], language, name);

/** Carriers whose display name carries the service name (spec §3). */
const WITH_SERVICE_NAME = new Set(['ups', 'fedex', 'zasilkovna', 'balikovna', 'wedo']);

/** Lowercase, pipes removed, a trailing `_sk` or `-sk` removed: `DPD_SK` → `dpd`, `WE|DO` → `wedo`. */
export const normalizeCarrierCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/\|/g, '')
    .replace(/[-_]sk$/, '');

export const isRetiredCarrier = (code: string) => (RETIRED_CARRIER_CODES as readonly string[]).includes(normalizeCarrierCode(code));

/**
 * The carrier's name, with the service name appended for the carriers that show it; in
 * the given language where the name is a Czech description (Liftago: 'Kurýr na přesný čas').
 */
export function carrierDisplayName(code: string, serviceName?: string, language: Language = 'cs'): string {
  const normalized = normalizeCarrierCode(code);
  const name = pick(LOCAL_NAMES[normalized], language, NAMES[normalized] ?? code);
  return serviceName && WITH_SERVICE_NAME.has(normalized) ? `${name} ${serviceName}` : name;
}
