import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRememberedApiResponses } from '../../src/edge/gateway';
import { browser, dataOf, type Browser } from './client';

const party = (city: string, zip: string, name: string, country = 'cz') => ({ firstname: name, surname: 'Veselá', street: 'Krátká 3', city, zip, country, phone: '+420777123456', email: 'vesela@example.cz' });

async function parcel(b: Browser, language: 'cs' | 'sk' | 'en' = 'cs') {
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(
    await b.post(
      '/api/v1/orders',
      { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 1 }], service_id: 'dpd-classic' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'jana@example.cz', terms: true, language },
      { 'idempotency-key': `rate-${crypto.randomUUID()}` },
    ),
  );
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const { shipments } = await dataOf<{ shipments: { id: number }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  return { token: order.token, id: shipments[0]!.id };
}
const deliver = async (b: Browser, id: number) => {
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${id}/advance`))).advanced) break;
};
type Rated = { rating: { score: number; comment: string } | null; can_rate: boolean };
type ErrorJson = { errors?: { field: string; code: string }[] };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('rating a shipment', () => {
  it('only after delivery, with the token; half steps; edits within 14 days; the cached aggregate is replaced', async () => {
    const b = browser();
    const { token, id } = await parcel(b);
    const early = await b.post('/api/v1/shipments/rating', { token, id, score: 5 });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorJson).errors![0]!.code).toBe('rating.error.not_delivered');
    await deliver(b, id);

    expect(await dataOf<Rated>(await b.get(`/api/v1/shipments/rating?token=${token}&id=${id}`))).toMatchObject({ rating: null, can_rate: true });
    expect((await b.get(`/api/v1/shipments/rating?token=${'x'.repeat(43)}&id=${id}`)).status).toBe(404);
    expect((await b.post('/api/v1/shipments/rating', { token, id, score: 4.3 })).status).toBe(400);

    // the aggregate is cached by the gateway first
    const before = await dataOf<{ avg: number; total: number }>(await b.get('/api/v1/app/aggregate-rating'));
    expect(await env.CACHE.get('api:cz:cs:/api/v1/app/aggregate-rating')).not.toBeNull();

    const rated = await dataOf<Rated>(await b.post('/api/v1/shipments/rating', { token, id, score: 4.5, comment: 'Rychlé a bez problémů.' }));
    expect(rated.rating).toMatchObject({ score: 4.5, comment: 'Rychlé a bez problémů.' });
    expect(await env.CACHE.get('api:cz:cs:/api/v1/app/aggregate-rating')).toBeNull();
    forgetRememberedApiResponses();
    const after = await dataOf<{ avg: number; total: number }>(await b.get('/api/v1/app/aggregate-rating'));
    expect(after.total).toBe(before.total + 1);

    // edited, still one rating
    await b.post('/api/v1/shipments/rating', { token, id, score: 3, comment: 'Nakonec pozdě.' });
    forgetRememberedApiResponses();
    expect((await dataOf<{ total: number }>(await b.get('/api/v1/app/aggregate-rating'))).total).toBe(after.total);
    const row = await env.DB.prepare('SELECT author, score, country, carrier, language FROM ratings WHERE shipment_id = ?').bind(id).first();
    expect(row).toEqual({ author: 'Jana V.', score: 3, country: 'cz', carrier: 'dpd', language: 'cs' });

    // after 14 days it is closed
    await env.DB.prepare("UPDATE ratings SET created_at = '2020-01-01T00:00:00.000Z' WHERE shipment_id = ?").bind(id).run();
    const late = await b.post('/api/v1/shipments/rating', { token, id, score: 1 });
    expect(((await late.json()) as ErrorJson).errors![0]!.code).toBe('rating.error.closed');
  });
});

describe('a review’s language', () => {
  it('is the rated order’s language, listed with the review so other-language pages can mark it', async () => {
    const b = browser();
    const { token, id } = await parcel(b, 'sk');
    await deliver(b, id);
    await dataOf<Rated>(await b.post('/api/v1/shipments/rating', { token, id, score: 5, comment: 'Všetko prišlo načas.' }));
    const row = await env.DB.prepare('SELECT id, language FROM ratings WHERE shipment_id = ?').bind(id).first<{ id: number; language: string }>();
    expect(row!.language).toBe('sk');
    forgetRememberedApiResponses();
    const { items } = await dataOf<{ items: { id: number; language: string }[] }>(await b.get('/api/v1/app/ratings?sort=newest'));
    expect(items.find((r) => r.id === row!.id)?.language).toBe('sk');
  });
});

describe('NPS', () => {
  it('takes 0–10 and a comment once per token', async () => {
    const b = browser();
    const { token } = await parcel(b);
    expect(await dataOf(await b.get(`/api/v1/nps/${token}`))).toEqual({ answered: false });
    expect((await b.post(`/api/v1/nps/${token}`, { score: 11 })).status).toBe(400);
    expect((await b.post(`/api/v1/nps/${token}`, { score: 9, comment: 'Doporučím.' })).status).toBe(200);
    expect((await b.post(`/api/v1/nps/${token}`, { score: 2 })).status).toBe(409);
    expect(await dataOf(await b.get(`/api/v1/nps/${token}`))).toEqual({ answered: true });
    expect((await b.post(`/api/v1/nps/${'y'.repeat(43)}`, { score: 5 })).status).toBe(404);
  });
});
