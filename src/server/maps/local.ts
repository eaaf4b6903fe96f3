import { formatZip, matchPlaces, nearestPlace, type Place } from './places';
import type { SuggestLanguage } from '../../lib/schemas/shipping-data';
import type { MapsProvider, ReverseGeocoded, SuggestParams, Suggestion } from './provider';

/** rgeocode answers only within this distance of a known place */
export const RGEOCODE_MAX_DISTANCE_M = 25_000;

const COUNTRY_NAMES: Record<SuggestLanguage, Record<Place['country'], string>> = {
  cs: { cz: 'Česko', sk: 'Slovensko' },
  sk: { cz: 'Česko', sk: 'Slovensko' },
  en: { cz: 'Czechia', sk: 'Slovakia' },
  es: { cz: 'Chequia', sk: 'Eslovaquia' },
};

const districtLabel = (p: Place, lang: SuggestLanguage) => {
  // Prague's parts lie in numbered administrative districts, not in an okres
  if (p.district === p.region || p.district.startsWith('Praha')) return p.district;
  if (lang === 'en') return `${p.district} District`;
  if (lang === 'es') return `distrito de ${p.district}`;
  return `okres ${p.district}`;
};

/** '602 00, okres Brno-město, Jihomoravský kraj, Česko'; a part names its town: '130 00 Praha, Praha 3, …' */
export const subtitleOf = (p: Place, lang: SuggestLanguage) =>
  [
    p.isPart ? `${formatZip(p.zip)} ${p.city}` : formatZip(p.zip),
    ...(p.district === p.region ? [] : [districtLabel(p, lang)]),
    p.region,
    COUNTRY_NAMES[lang][p.country],
  ].join(', ');

const toSuggestion = (p: Place, lang: SuggestLanguage): Suggestion => ({
  id: p.id,
  title: p.title,
  subtitle: subtitleOf(p, lang),
  zip: p.zip,
  city: p.city,
  country: p.country,
  location: { lat: p.lat, lng: p.lng },
});

const toReverse = (p: Place): ReverseGeocoded => ({
  id: p.id,
  title: p.title,
  zip: p.zip,
  city: p.city,
  country: p.country,
  lat: p.lat,
  lng: p.lng,
});

export const localMapsProvider: MapsProvider = {
  async suggest({ query, lang, limit, type, locality }: SuggestParams) {
    const parts = type === 'regional.municipality' ? 'exclude' : type === 'regional.municipality_part' ? 'only' : undefined;
    return matchPlaces(query, { countries: locality, parts })
      .slice(0, limit)
      .map((p) => toSuggestion(p, lang));
  },
  async rgeocode(lon: number, lat: number) {
    const nearest = nearestPlace({ lat, lng: lon });
    return nearest && nearest.distance <= RGEOCODE_MAX_DISTANCE_M ? toReverse(nearest.place) : null;
  },
};
