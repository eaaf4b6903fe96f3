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

/** The carrier's name, with the service name appended for the carriers that show it. */
export function carrierDisplayName(code: string, serviceName?: string): string {
  const normalized = normalizeCarrierCode(code);
  const name = NAMES[normalized] ?? code;
  return serviceName && WITH_SERVICE_NAME.has(normalized) ? `${name} ${serviceName}` : name;
}
