import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ParcelPoint } from '../../src/lib/types/quote';
import { createOriginApp } from '../../src/server/app';
import { SAMPLE_NOTE, sampleParcelPoints } from '../../src/server/db/seed/parcel-points';
import { shippingSeedStatements } from '../../src/server/db/seed/shipping';
import { haversineMetres } from '../../src/server/maps/geo';
import { isWorkingDay, pragueNow } from '../../src/lib/calendar';

const app = createOriginApp();
const get = (path: string) => app.request(`/api/v1${path}`, {}, env);
const postV2 = (path: string, body: unknown) =>
  app.request(`/api/v2${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, env);

type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };
type Search = { points: ParcelPoint[]; origin: { lat: number; lng: number }; place: { id: string; zip: string } | null };

async function dataOf<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
const search = async (query: string) => dataOf<Search>(await get(`/parcelpoints/search?${query}`));
async function expectInvalid(res: Response, field: string, code?: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorJson;
  expect(body.type).toBe('FORM_VALIDATION_ERROR');
  expect(body.errors?.map((e) => e.field)).toContain(field);
  if (code) expect(body.errors?.find((e) => e.field === field)?.code).toBe(code);
}

const BRNO = { lat: 49.19522, lng: 16.60796 };

describe('parcel-point seed', () => {
  it('loads every sample point once, idempotently', async () => {
    const count = async () => (await env.DB.prepare('SELECT count(*) AS n FROM parcel_points WHERE sample = 1').first<{ n: number }>())!.n;
    const links = async () => (await env.DB.prepare('SELECT count(*) AS n FROM parcel_point_carriers').first<{ n: number }>())!.n;
    const expected = sampleParcelPoints();
    expect(await count()).toBe(expected.length);
    const linkCount = await links();
    expect(linkCount).toBe(expected.reduce((n, p) => n + p.carriers.length, 0));
    await env.DB.batch(shippingSeedStatements().map((sql) => env.DB.prepare(sql)));
    expect(await count()).toBe(expected.length);
    expect(await links()).toBe(linkCount);
  });
});

describe('GET v1/parcelpoints/search', () => {
  it('returns the nearest points first with distances in metres from the search point', async () => {
    const { points, origin, place } = await search(`lat=${BRNO.lat}&lng=${BRNO.lng}&limit=25`);
    expect(origin).toEqual(BRNO);
    expect(place).toBeNull();
    expect(points).toHaveLength(25);
    const distances = points.map((p) => p.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const p of points) expect(p.distance).toBe(Math.round(haversineMetres(BRNO, p.location)));
    expect(distances[0]).toBeLessThan(2_000);
    expect(points[0].notes).toContain(SAMPLE_NOTE);
  });

  it('answers with every §3 field', async () => {
    const [point] = (await search(`lat=${BRNO.lat}&lng=${BRNO.lng}&limit=1`)).points;
    expect(Object.keys(point).sort()).toEqual(
      ['attributes', 'carriers', 'city', 'country', 'distance', 'id', 'location', 'name', 'notes', 'openingHours', 'phones', 'services', 'statuses', 'street', 'zip'].sort(),
    );
    expect(Object.keys(point.attributes).sort()).toEqual(['isCollection', 'isDepot', 'isLocker', 'isPostOffice']);
    expect(Object.keys(point.services).sort()).toEqual(['cardPayment', 'noLunchBreak', 'openSaturday', 'openSunday', 'wheelchairAccess']);
  });

  it('filters by carriers, type and collection', async () => {
    const base = `lat=${BRNO.lat}&lng=${BRNO.lng}&limit=60`;
    const dpdGls = (await search(`${base}&carrier=dpd,GLS`)).points;
    expect(dpdGls).toHaveLength(60);
    expect(dpdGls.every((p) => p.carriers.includes('dpd') || p.carriers.includes('gls'))).toBe(true);
    expect(new Set(dpdGls.flatMap((p) => p.carriers))).toEqual(new Set(['dpd', 'gls']));
    const lockers = (await search(`${base}&type=locker&carrier=zasilkovna`)).points;
    expect(lockers.length).toBeGreaterThan(0);
    expect(lockers.every((p) => p.attributes.isLocker && p.carriers.includes('zasilkovna') && p.name.startsWith('Z-BOX'))).toBe(true);
    const offices = (await search(`${base}&type=post_office`)).points;
    expect(offices.every((p) => p.attributes.isPostOffice && p.name.startsWith('Pošta'))).toBe(true);
    expect((await search(`${base}&collection=1`)).points.every((p) => p.attributes.isCollection)).toBe(true);
  });

  it('keeps to the radius when one is given', async () => {
    const { points } = await search(`lat=${BRNO.lat}&lng=${BRNO.lng}&radius=1000&limit=500`);
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => p.distance! <= 1000)).toBe(true);
  });

  it('searches a bounding box, nearest to its centre first', async () => {
    const [minLng, minLat, maxLng, maxLat] = [14.40, 50.07, 14.45, 50.10];
    const { points, origin } = await search(`bbox=${minLng},${minLat},${maxLng},${maxLat}&limit=500`);
    expect(origin).toEqual({ lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2 });
    expect(points.length).toBeGreaterThan(20);
    for (const p of points) {
      expect(p.location.lat).toBeGreaterThanOrEqual(minLat);
      expect(p.location.lat).toBeLessThanOrEqual(maxLat);
      expect(p.location.lng).toBeGreaterThanOrEqual(minLng);
      expect(p.location.lng).toBeLessThanOrEqual(maxLng);
    }
    const distances = points.map((p) => p.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('resolves a zip or a city to its town', async () => {
    const byZip = await search('zip=602%2000&limit=5');
    expect(byZip.place).toMatchObject({ id: 'cz-brno', zip: '60200' });
    expect(byZip.origin).toEqual(BRNO);
    expect(byZip.points).toHaveLength(5);
    const byCity = await search('city=kosice&limit=5');
    expect(byCity.place).toMatchObject({ id: 'sk-kosice' });
    expect(byCity.points.every((p) => p.country === 'sk')).toBe(true);
  });

  it('refuses unknown places and bad parameters with the validation shape', async () => {
    await expectInvalid(await get('/parcelpoints/search?zip=99999'), 'zip', 'validation.unknown_zip');
    await expectInvalid(await get('/parcelpoints/search?city=Atlantis'), 'city', 'validation.unknown_city');
    await expectInvalid(await get('/parcelpoints/search'), 'lat', 'validation.required');
    await expectInvalid(await get('/parcelpoints/search?lat=49.2'), 'lng', 'validation.required');
    await expectInvalid(await get('/parcelpoints/search?lat=north&lng=16'), 'lat');
    await expectInvalid(await get('/parcelpoints/search?lat=49.2&lng=16.6&carrier=dpd,fedex'), 'carrier', 'validation.carrier');
    await expectInvalid(await get('/parcelpoints/search?lat=49.2&lng=16.6&type=kiosk'), 'type');
    await expectInvalid(await get('/parcelpoints/search?lat=49.2&lng=16.6&limit=0'), 'limit');
    await expectInvalid(await get('/parcelpoints/search?bbox=14.5,50,14.4,50.1'), 'bbox', 'validation.bbox');
    await expectInvalid(await get('/parcelpoints/search?zip=6020'), 'zip', 'validation.zip');
  });
});

describe('GET v1/parcelpoints/detail', () => {
  it('returns the point without a distance', async () => {
    const [found] = (await search(`lat=${BRNO.lat}&lng=${BRNO.lng}&limit=1`)).points;
    const detail = await dataOf<ParcelPoint>(await get(`/parcelpoints/detail?id=${encodeURIComponent(found.id)}`));
    expect(detail).toEqual({ ...found, distance: null });
  });

  it('answers 404 API_NOT_FOUND_ERROR for an unknown id and 400 without one', async () => {
    const res = await get('/parcelpoints/detail?id=nope-1');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorJson).type).toBe('API_NOT_FOUND_ERROR');
    await expectInvalid(await get('/parcelpoints/detail'), 'id');
  });
});

describe('GET v1/maps', () => {
  it('suggests places by diacritics-insensitive prefix', async () => {
    const brno = await dataOf<{ id: string; title: string; subtitle: string }[]>(await get('/maps/suggest?query=brn&lang=cs&limit=5&type=regional'));
    expect(brno[0]).toMatchObject({ id: 'cz-brno', title: 'Brno', subtitle: '602 00, okres Brno-město, Jihomoravský kraj, Česko' });
    expect(brno.length).toBeLessThanOrEqual(5);
    const kos = await dataOf<{ title: string }[]>(await get('/maps/suggest?query=kos&locality=sk'));
    expect(kos[0].title).toBe('Košice');
    const zip = await dataOf<{ title: string }[]>(await get('/maps/suggest?query=602'));
    expect(zip[0].title).toBe('Brno');
  });

  it('refuses bad suggest parameters', async () => {
    await expectInvalid(await get('/maps/suggest'), 'query', 'validation.required');
    await expectInvalid(await get('/maps/suggest?query=%20'), 'query', 'validation.required');
    await expectInvalid(await get('/maps/suggest?query=brno&limit=50'), 'limit', 'validation.too_high');
    await expectInvalid(await get('/maps/suggest?query=brno&type=poi'), 'type');
    await expectInvalid(await get('/maps/suggest?query=brno&lang=de'), 'lang');
    await expectInvalid(await get('/maps/suggest?query=brno&locality=pl'), 'locality');
  });

  it('reverse-geocodes a point to the nearest place', async () => {
    const brno = await dataOf<{ title: string; zip: string; city: string; country: string }>(await get('/maps/rgeocode?lon=16.61&lat=49.2'));
    expect(brno).toMatchObject({ title: 'Brno', zip: '60200', city: 'Brno', country: 'cz' });
    const res = await get('/maps/rgeocode?lon=2.35&lat=48.85');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorJson).type).toBe('API_NOT_FOUND_ERROR');
    await expectInvalid(await get('/maps/rgeocode?lon=16.61'), 'lat');
    await expectInvalid(await get('/maps/rgeocode?lon=200&lat=49'), 'lon', 'validation.too_high');
  });
});

describe('GET v1/pickups/dates', () => {
  it('lists the next ten working days from today', async () => {
    for (const country of ['cz', 'sk'] as const) {
      const dates = await dataOf<string[]>(await get(`/pickups/dates?country=${country}`));
      expect(dates).toHaveLength(10);
      expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isWorkingDay(d, country))).toBe(true);
      expect([...dates].sort()).toEqual(dates);
      expect(dates[0] >= pragueNow().date).toBe(true);
    }
    expect(await dataOf<string[]>(await get('/pickups/dates'))).toEqual(await dataOf<string[]>(await get('/pickups/dates?country=cz')));
  });

  it('refuses an unknown country', async () => {
    await expectInvalid(await get('/pickups/dates?country=de'), 'country', 'validation.country_code');
  });
});

describe('POST v2/carrier/time-windows', () => {
  type Windows = { date: string | null; windows: { from: string; to: string }[] };
  /** a working Monday two to three weeks ahead: inside the pickup horizon whenever the test runs */
  const monday = (() => {
    const day = new Date(`${pragueNow().date}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 14 + ((8 - day.getUTCDay()) % 7));
    while (!isWorkingDay(day.toISOString().slice(0, 10), 'cz')) day.setUTCDate(day.getUTCDate() + 7);
    return day.toISOString().slice(0, 10);
  })();

  it('gives courier carriers one window a day', async () => {
    const res = await dataOf<Windows>(await postV2('/carrier/time-windows', { date: monday, carrier: 'dpd' }));
    expect(res).toEqual({ date: monday, windows: [{ from: '08:00', to: '16:00' }] });
    const first = await dataOf<Windows>(await postV2('/carrier/time-windows', { date: null, carrier: 'PPL' }));
    expect(first.date && isWorkingDay(first.date, 'cz')).toBe(true);
    expect(first.windows).toEqual([{ from: '08:00', to: '16:00' }]);
  });

  it('gives liftago hourly windows between 08:00 and 20:00', async () => {
    const res = await dataOf<Windows>(await postV2('/carrier/time-windows', { date: monday, carrier: 'liftago' }));
    expect(res.windows).toHaveLength(12);
    expect(res.windows[0]).toEqual({ from: '08:00', to: '09:00' });
    expect(res.windows[11]).toEqual({ from: '19:00', to: '20:00' });
  });

  it('refuses an unknown carrier or a malformed date on their fields', async () => {
    await expectInvalid(await postV2('/carrier/time-windows', { date: null, carrier: 'pigeon' }), 'carrier', 'validation.carrier');
    await expectInvalid(await postV2('/carrier/time-windows', { date: null }), 'carrier', 'validation.required');
    await expectInvalid(await postV2('/carrier/time-windows', { date: '2030-02-30', carrier: 'dpd' }), 'date', 'validation.date');
  });
});
