import { haversineMetres, type LatLng } from './geo';
import { PLACE_ROWS, REGION_NAMES } from './places-data';

/** A town, or a part of a town (`city` then names the town), with its main postcode. */
export type Place = {
  id: string;
  country: 'cz' | 'sk';
  title: string;
  city: string;
  isPart: boolean;
  /** five digits, no space */
  zip: string;
  lat: number;
  lng: number;
  district: string;
  region: string;
  population: number;
};

export const PLACES: readonly Place[] = PLACE_ROWS.map(
  ([id, country, title, city, zip, lat, lng, district, region, population]) => ({
    id,
    country,
    title,
    city: city || title,
    isPart: city !== '',
    zip,
    lat,
    lng,
    district,
    region: REGION_NAMES[region],
    population,
  }),
);

const byId = new Map(PLACES.map((p) => [p.id, p]));
export const placeById = (id: string) => byId.get(id);

/** Lower case without diacritics, punctuation as single spaces: 'Zlín' → 'zlin', 'Brno-střed' → 'brno stred'. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const folded = PLACES.map((p) => {
  const title = foldText(p.title);
  return {
    place: p,
    title,
    words: title.split(' '),
    qualified: p.isPart ? foldText(`${p.city} ${p.title}`) : title,
    district: foldText(p.district),
  };
});

export type PlaceFilter = { countries?: readonly ('cz' | 'sk')[]; parts?: 'only' | 'exclude' };

const accepts = (p: Place, f: PlaceFilter) =>
  (!f.countries || f.countries.includes(p.country)) &&
  (f.parts === 'only' ? p.isPart : f.parts === 'exclude' ? !p.isPart : true);

/** Postcode digits of a query such as '602', '60200' or '602 00'; null for any other text. */
export const zipDigits = (query: string) => (/^\d{1,3}( ?\d{1,2})?$/.test(query.trim()) ? query.replace(/\s/g, '') : null);

/**
 * Places whose name starts with the query, diacritics and case ignored; a postcode query
 * matches postcode prefixes. Best first: name prefix, then a word of the name, then the town
 * and part together ('praha ziz'), then the district ('praha 3'); larger places first within each.
 */
export function matchPlaces(query: string, filter: PlaceFilter = {}): Place[] {
  const digits = zipDigits(query);
  const q = foldText(query);
  if (!q) return [];
  const scored: { place: Place; score: number }[] = [];
  for (const f of folded) {
    if (!accepts(f.place, filter)) continue;
    const score = digits
      ? f.place.zip.startsWith(digits)
        ? 0
        : -1
      : f.title.startsWith(q)
        ? 0
        : f.words.some((w) => w.startsWith(q))
          ? 1
          : f.qualified.startsWith(q)
            ? 2
            : f.district.startsWith(q)
              ? 3
              : -1;
    if (score >= 0) scored.push({ place: f.place, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || b.place.population - a.place.population || a.place.title.localeCompare(b.place.title, 'cs'))
    .map((s) => s.place);
}

/** The place a postcode belongs to: an exact postcode first, else the largest place of its 3-digit area. */
export function placeByZip(zip: string, filter: PlaceFilter = {}): Place | undefined {
  const digits = zip.replace(/\s/g, '');
  if (!/^\d{5}$/.test(digits)) return undefined;
  return matchPlaces(digits, filter)[0] ?? matchPlaces(digits.slice(0, 3), filter)[0];
}

/** The town of that name (diacritics ignored), else a part so named ('Žižkov', 'Praha Žižkov'), else the best prefix match. */
export function placeByName(name: string, filter: PlaceFilter = {}): Place | undefined {
  const q = foldText(name);
  const matches = matchPlaces(name, filter);
  return (
    matches.find((p) => !p.isPart && foldText(p.title) === q) ??
    matches.find((p) => foldText(p.title) === q || foldText(`${p.city} ${p.title}`) === q) ??
    matches[0]
  );
}

/** The nearest place to a point, with its distance in metres. */
export function nearestPlace(point: LatLng, filter: PlaceFilter = {}): { place: Place; distance: number } | undefined {
  let best: { place: Place; distance: number } | undefined;
  for (const place of PLACES) {
    if (!accepts(place, filter)) continue;
    const distance = haversineMetres(point, place);
    if (!best || distance < best.distance) best = { place, distance };
  }
  return best;
}

/** '60200' → '602 00' */
export const formatZip = (zip: string) => `${zip.slice(0, 3)} ${zip.slice(3)}`;
