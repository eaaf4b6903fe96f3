import type { ZoneCode } from '../types';
import type { Place } from './shipment';

const ZONE_COUNTRIES = [
  ['eu1', 'de at pl hu'],
  ['eu2', 'si hr ro bg lt lv ee fr it nl be lu dk mc li'],
  ['eu3', 'es pt ie fi se gr cy mt gb ch no is ad sm va fo gi rs ba me mk al xk md ua tr'],
  ['world1', 'us ca'],
  ['world2', 'cn jp kr in sg hk tw th vn my id ph ae il sa qa kw bh om jo'],
] as const;
/** Export zones by destination country (built on first use); every other country is world zone 3. */
let exportZones: Record<string, ZoneCode> | undefined;
const zoneTable = () =>
  (exportZones ??= Object.fromEntries(ZONE_COUNTRIES.flatMap(([zone, countries]) => countries.split(' ').map((country) => [country, zone]))));

const HOME = new Set(['cz', 'sk']);

export const exportZone = (country: string): ZoneCode => zoneTable()[country] ?? 'world3';

const isEurope = (country: string) => (zoneTable()[country] ?? '').startsWith('eu');

/** Cities a same-day courier serves, by the first digit of the CZ postcode: 1 Prague, 6 Brno. */
const CITY_PREFIXES = ['1', '6'];

const sameCity = (from: Place, to: Place) => CITY_PREFIXES.includes(from.zip.charAt(0)) && from.zip.charAt(0) === to.zip.charAt(0);

/**
 * The zones of a route, most specific first (a service prices with the first one it has).
 * Empty when neither end is a home country (cz, sk): such routes are not served.
 */
export function routeZones(from: Place, to: Place): ZoneCode[] {
  const a = from.country;
  const b = to.country;
  if (a === 'cz' && b === 'cz') return sameCity(from, to) ? ['city', 'cz'] : ['cz'];
  if (a === 'sk' && b === 'sk') return ['sk'];
  if (HOME.has(a) && HOME.has(b)) return ['czsk'];
  if (HOME.has(a)) return [exportZone(b)];
  if (HOME.has(b)) return [isEurope(a) ? 'import-eu' : 'import-world'];
  return [];
}
