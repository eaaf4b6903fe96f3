import { describe, expect, it } from 'vitest';
import { bboxAround, haversineMetres } from '../../src/server/maps/geo';
import { localMapsProvider, RGEOCODE_MAX_DISTANCE_M } from '../../src/server/maps/local';
import { foldText, matchPlaces, nearestPlace, PLACES, placeByName, placeByZip } from '../../src/server/maps/places';
import { mapsProvider } from '../../src/server/maps/provider';
import type { SuggestQuery } from '../../src/lib/schemas/shipping-data';

const suggest = (query: string, extra: Partial<SuggestQuery> = {}) =>
  localMapsProvider.suggest({ query, lang: 'cs', limit: 5, type: 'regional', locality: undefined, ...extra });

describe('haversineMetres', () => {
  it('is zero for the same point and symmetric', () => {
    const brno = { lat: 49.19522, lng: 16.60796 };
    const praha = { lat: 50.08804, lng: 14.42076 };
    expect(haversineMetres(brno, brno)).toBe(0);
    expect(haversineMetres(brno, praha)).toBeCloseTo(haversineMetres(praha, brno), 6);
  });

  it('agrees with the spherical law of cosines and measures a degree of latitude as about 111 km', () => {
    const [a, b] = [{ lat: 50.08804, lng: 14.42076 }, { lat: 49.19522, lng: 16.60796 }];
    const r = (d: number) => (d * Math.PI) / 180;
    const cosines =
      6_371_008.8 *
      Math.acos(Math.sin(r(a.lat)) * Math.sin(r(b.lat)) + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.cos(r(b.lng - a.lng)));
    expect(haversineMetres(a, b)).toBeCloseTo(cosines, 0);
    expect(haversineMetres(a, b) / 1000).toBeCloseTo(186.2, 0);
    expect(haversineMetres({ lat: 49, lng: 17 }, { lat: 50, lng: 17 })).toBeCloseTo(111_195, -1);
  });

  it('gives a bounding box whose edges lie at the radius', () => {
    const centre = { lat: 49.5, lng: 17 };
    const box = bboxAround(centre, 10_000);
    expect(haversineMetres(centre, { lat: box.maxLat, lng: 17 })).toBeCloseTo(10_000, 0);
    expect(haversineMetres(centre, { lat: 49.5, lng: box.minLng })).toBeCloseTo(10_000, -1);
  });
});

describe('places dataset', () => {
  it('holds 300-600 CZ and SK places with unique ids', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(300);
    expect(PLACES.length).toBeLessThanOrEqual(600);
    expect(new Set(PLACES.map((p) => p.id)).size).toBe(PLACES.length);
    expect(new Set(PLACES.map((p) => p.country))).toEqual(new Set(['cz', 'sk']));
  });

  it('gives Czech places a postcode starting 1-7 and Slovak ones 0, 8 or 9', () => {
    for (const p of PLACES) expect(p.zip, p.id).toMatch(p.country === 'cz' ? /^[1-7]\d{4}$/ : /^[089]\d{4}$/);
  });

  it('keeps every place inside its country', () => {
    for (const p of PLACES) {
      const [lat, lng] = p.country === 'cz' ? [[48.5, 51.1], [12.0, 18.9]] : [[47.7, 49.65], [16.8, 22.6]];
      expect(p.lat, p.id).toBeGreaterThan(lat[0]);
      expect(p.lat, p.id).toBeLessThan(lat[1]);
      expect(p.lng, p.id).toBeGreaterThan(lng[0]);
      expect(p.lng, p.id).toBeLessThan(lng[1]);
    }
  });
});

describe('matchPlaces', () => {
  it('folds case and diacritics', () => {
    expect(foldText('Žďár nad Sázavou')).toBe('zdar nad sazavou');
    expect(foldText('Brno-střed')).toBe('brno stred');
  });

  it.each([
    ['brn', 'Brno'],
    ['zlin', 'Zlín'],
    ['ZLÍN', 'Zlín'],
    ['kos', 'Košice'],
    ['plz', 'Plzeň'],
    ['usti', 'Ústí nad Labem'],
    ['ces', 'České Budějovice'],
    ['banska b', 'Banská Bystrica'],
  ])('puts the largest place first for %s → %s', (query, title) => {
    expect(matchPlaces(query)[0].title).toBe(title);
  });

  it('matches a word inside the name after the name prefixes', () => {
    const titles = matchPlaces('boleslav').map((p) => p.title);
    expect(titles).toContain('Mladá Boleslav');
  });

  it('finds parts by town and part together and by Prague district', () => {
    expect(matchPlaces('praha ziz')[0]).toMatchObject({ title: 'Žižkov', city: 'Praha' });
    expect(matchPlaces('praha 3').every((p) => p.district === 'Praha 3')).toBe(true);
  });

  it('matches postcode prefixes with or without the space', () => {
    expect(matchPlaces('602')[0]).toMatchObject({ title: 'Brno', zip: '60200' });
    expect(matchPlaces('602 00')[0].title).toBe('Brno');
    expect(matchPlaces('040')[0].title).toBe('Košice');
    expect(matchPlaces('99999')).toEqual([]);
  });

  it('filters by country and by town or part', () => {
    expect(matchPlaces('n', { countries: ['sk'] }).every((p) => p.country === 'sk')).toBe(true);
    expect(matchPlaces('vinohrady', { parts: 'only' }).every((p) => p.isPart)).toBe(true);
    expect(matchPlaces('staré město', { parts: 'exclude' }).map((p) => p.id)).toEqual(['cz-stare-mesto']);
  });

  it('finds nothing for text no place starts', () => {
    expect(matchPlaces('xyzzy')).toEqual([]);
    expect(matchPlaces('   ')).toEqual([]);
  });
});

describe('placeByZip and placeByName', () => {
  it('resolves an exact postcode, else the largest place of the area', () => {
    expect(placeByZip('602 00')?.title).toBe('Brno');
    expect(placeByZip('13000')?.title).toBe('Žižkov');
    expect(placeByZip('60201')?.title).toBe('Brno');
    expect(placeByZip('00000')).toBeUndefined();
  });

  it('prefers the town of that exact name to parts and longer names', () => {
    expect(placeByName('brno')?.id).toBe('cz-brno');
    expect(placeByName('Staré Město')?.id).toBe('cz-stare-mesto');
    expect(placeByName('Praha Žižkov')?.id).toBe('cz-praha-zizkov');
    expect(placeByName('kosice', { countries: ['cz'] })).toBeUndefined();
  });
});

describe('local maps provider', () => {
  it('suggests title, subtitle and id, five by default', async () => {
    const [brno] = await suggest('brn');
    expect(brno).toEqual({
      id: 'cz-brno',
      title: 'Brno',
      subtitle: '602 00, okres Brno-město, Jihomoravský kraj, Česko',
      zip: '60200',
      city: 'Brno',
      country: 'cz',
      location: { lat: 49.19522, lng: 16.60796 },
    });
    expect(await suggest('b')).toHaveLength(5);
  });

  it('names the town of a part and translates labels', async () => {
    const [zizkov] = await suggest('zizkov', { lang: 'en' });
    expect(zizkov.subtitle).toBe('130 00 Praha, Praha 3, Hlavní město Praha, Czechia');
    const [kosice] = await suggest('kosice', { lang: 'en' });
    expect(kosice.subtitle).toBe('040 01, Košice I District, Košický kraj, Slovakia');
  });

  it('honours limit, locality and type', async () => {
    expect(await suggest('b', { limit: 2 })).toHaveLength(2);
    expect((await suggest('b', { locality: ['sk'] })).every((s) => s.country === 'sk')).toBe(true);
    expect((await suggest('vinohrady', { type: 'regional.municipality' }))).toEqual([]);
  });

  it('reverse-geocodes to the nearest place', async () => {
    expect(await localMapsProvider.rgeocode(16.6079, 49.1952)).toMatchObject({ title: 'Brno', zip: '60200', city: 'Brno', country: 'cz' });
    expect(await localMapsProvider.rgeocode(17.1067, 48.1482)).toMatchObject({ city: 'Bratislava', country: 'sk' });
    expect(await localMapsProvider.rgeocode(14.4500, 50.0833)).toMatchObject({ title: 'Žižkov', city: 'Praha', zip: '13000' });
  });

  it('knows nothing far from every place', async () => {
    expect(await localMapsProvider.rgeocode(2.35, 48.85)).toBeNull();
    expect(nearestPlace({ lat: 48.85, lng: 2.35 })!.distance).toBeGreaterThan(RGEOCODE_MAX_DISTANCE_M);
  });

  it('is the provider unless MAPS_PROVIDER names another, which is refused', () => {
    expect(mapsProvider({})).toBe(localMapsProvider);
    expect(mapsProvider({ MAPS_PROVIDER: 'local' })).toBe(localMapsProvider);
    expect(() => mapsProvider({ MAPS_PROVIDER: 'mapy.cz' })).toThrow(/MAPS_PROVIDER/);
  });
});
