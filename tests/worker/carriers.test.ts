import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ParcelPoint } from '../../src/lib/types/quote';
import { createOriginApp } from '../../src/server/app';
import { dpdRates } from '../../src/server/carriers/dpd/rates';

const app = createOriginApp();
const get = (path: string, headers: Record<string, string> = {}) => app.request(`/api/v1${path}`, { headers }, env);

type ErrorJson = { type: string; errors?: { field: string; code: string }[] };
type Money = { value: number; currency: string };
type Facts = {
  code: string;
  name: string;
  rating: { score: number; count: number };
  services: { id: string; type: string; maxWeight: number; maxLength: number; maxGirth: number | null; maxPackages: number | null; deliveryBranch: string; cod: { max: Money } | null; insurance: { included: Money; max: Money }; zones: { zone: string; transitDays: number }[] }[];
};
type Prices = { side: string; currency: string; weights: number[]; destinations: string[]; rows: { serviceId: string; type: string; deliveryBranch: string; to: string; prices: (Money | null)[] }[] };
type Found = { points: ParcelPoint[]; origin: { lat: number; lng: number }; place: { id: string; title: string; zip: string } };

async function dataOf<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}
async function expectInvalid(res: Response, field: string, code: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorJson;
  expect(body.type).toBe('FORM_VALIDATION_ERROR');
  expect(body.errors?.find((e) => e.field === field)?.code).toBe(code);
}
const find = async (query: string) => dataOf<Found>(await get(`/parcelpoints/find?${query}`));

describe('GET v1/carriers/:code', () => {
  it('states the limits of every service exactly as the rate sheet does', async () => {
    const facts = await dataOf<Facts>(await get('/carriers/dpd'));
    expect(facts.name).toBe('DPD');
    expect(facts.rating).toEqual(dpdRates.rating);
    expect(facts.services.map((s) => s.id)).toEqual(dpdRates.services.map((s) => `dpd-${s.code}`));
    const classic = facts.services[0]!;
    expect(classic).toMatchObject({ type: 'ONDEMAND', maxWeight: 31.5, maxLength: 175, maxGirth: 300, maxPackages: null, deliveryBranch: 'optional' });
    expect(classic.cod).toEqual({ max: { value: 100_000, currency: 'CZK' } });
    expect(classic.insurance).toEqual({ included: { value: 50_000, currency: 'CZK' }, max: { value: 1_000_000, currency: 'CZK' } });
    expect(classic.zones).toContainEqual({ zone: 'eu1', transitDays: 3 });
    expect(facts.services[1]).toMatchObject({ type: 'DROPOFF', maxPackages: 5, deliveryBranch: 'required' });
  });

  it('shows One by Allegro under its name and its own EUR limits on the Slovak territory (never converted)', async () => {
    const facts = await dataOf<Facts>(await get('/carriers/wedo', { 'x-territory': 'sk' }));
    expect(facts.name).toBe('One by Allegro');
    const box = facts.services.find((s) => s.id === 'wedo-box')!;
    expect(box.cod).toEqual({ max: { value: 1200, currency: 'EUR' } });
    expect(box.insurance).toEqual({ included: { value: 400, currency: 'EUR' }, max: { value: 2000, currency: 'EUR' } });
  });

  it('answers 404 for an unknown or retired carrier and for PPL on the Slovak territory', async () => {
    expect((await get('/carriers/nope')).status).toBe(404);
    expect((await get('/carriers/grid-online')).status).toBe(404);
    expect((await get('/carriers/ppl')).status).toBe(200);
    expect((await get('/carriers/ppl', { 'x-territory': 'sk' })).status).toBe(404);
  });
});

describe('GET v1/carriers/parcel-point-prices', () => {
  it('lists the drop-off services for collection points, priced with VAT per weight up to 20 kg', async () => {
    const prices = await dataOf<Prices>(await get('/carriers/parcel-point-prices?side=collection'));
    expect(prices.currency).toBe('CZK');
    expect(prices.weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20]);
    expect(prices.rows.length).toBeGreaterThan(0);
    for (const row of prices.rows) expect(row.type).toBe('DROPOFF');
    // One by Allegro Box within CZ, 0.5 kg: 59 Kč, no fuel surcharge, 21 % VAT
    const box = prices.rows.find((r) => r.serviceId === 'wedo-box' && r.to === 'cz')!;
    expect(box.prices[0]).toEqual({ value: 71.39, currency: 'CZK' });
    expect(prices.rows.some((r) => r.serviceId.startsWith('fedex'))).toBe(false);
  });

  it('prices delivery points with the branch discount: cheaper than the same service to an address', async () => {
    const prices = await dataOf<Prices>(await get('/carriers/parcel-point-prices?side=delivery'));
    for (const row of prices.rows) expect(row.deliveryBranch).not.toBe('none');
    const toPoint = prices.rows.find((r) => r.serviceId === 'dpd-classic' && r.to === 'cz')!.prices[0]!;
    const toAddress = ((await (await get('/rates/dpd:classic:cz:cz:0.5')).json()) as { data: { priceVat: Money } }).data.priceVat;
    expect(toPoint.value).toBeLessThan(toAddress.value);
    expect(toPoint.value).toBe(105.03);
  });

  it('refuses a missing or unknown side', async () => {
    await expectInvalid(await get('/carriers/parcel-point-prices'), 'side', 'validation.required');
    await expectInvalid(await get('/carriers/parcel-point-prices?side=both'), 'side', 'carriers.validation.side');
  });
});

describe('GET v1/parcelpoints/find', () => {
  it('finds a town whatever its case and diacritics, nearest points first', async () => {
    const exact = await find('q=%C3%9Ast%C3%AD%20nad%20Labem');
    const folded = await find('q=USTI%20NAD%20LABEM');
    expect(exact.place.title).toBe('Ústí nad Labem');
    expect(folded.place.id).toBe(exact.place.id);
    expect(folded.points.map((p) => p.id)).toEqual(exact.points.map((p) => p.id));
    expect(exact.points.length).toBe(20);
    const distances = exact.points.map((p) => p.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('finds a PSČ with or without the space', async () => {
    const spaced = await find('q=602%2000');
    const compact = await find('q=60200');
    expect(spaced.place.zip).toBe('60200');
    expect(compact.points.map((p) => p.id)).toEqual(spaced.points.map((p) => p.id));
  });

  it('filters by network, services and collection', async () => {
    const dpd = await find('q=Brno&carrier=dpd&limit=30');
    expect(dpd.points).toHaveLength(30);
    for (const p of dpd.points) expect(p.carriers).toContain('dpd');
    const sunday = await find('q=Brno&service=open_sunday,card_payment&limit=10');
    expect(sunday.points.length).toBe(10);
    for (const p of sunday.points) expect(p.services).toMatchObject({ openSunday: true, cardPayment: true });
    const collection = await find('q=Brno&collection=1&limit=30');
    for (const p of collection.points) expect(p.attributes.isCollection).toBe(true);
    // PPL has no Slovak points: a Slovak town gets PPL points from across the border or none nearby
    const ppl = await find('q=Ko%C5%A1ice&carrier=ppl&limit=5');
    for (const p of ppl.points) expect(p.country).toBe('cz');
  });

  it('refuses an unknown carrier, service, town or PSČ on its field (§8 validation shape)', async () => {
    await expectInvalid(await get('/parcelpoints/find?q=Brno&carrier=fedex'), 'carrier', 'validation.carrier');
    await expectInvalid(await get('/parcelpoints/find?q=Brno&service=parking'), 'service', 'carriers.validation.service');
    await expectInvalid(await get('/parcelpoints/find?q=Atlantis'), 'q', 'validation.unknown_city');
    await expectInvalid(await get('/parcelpoints/find?q=99999'), 'q', 'validation.unknown_zip');
    await expectInvalid(await get('/parcelpoints/find'), 'q', 'validation.required');
    await expectInvalid(await get('/parcelpoints/find?q=Brno&limit=500'), 'limit', 'validation.too_high');
  });
});
