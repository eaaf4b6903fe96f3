import { env } from 'cloudflare:test';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cheapestQuote } from '../../src/lib/quote-rules';
import type { Quote } from '../../src/lib/types/quote';
import { createOriginApp } from '../../src/server/app';
import { forgetExchangeRates } from '../../src/server/services/exchange-rate-repo';
import type { RateCell, RateMatrix } from '../../src/server/services/rates';
import { QuoteContractSchema } from '../unit/quote-fixtures';

const app = createOriginApp();
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(
    `/api${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) },
    env,
  );

type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string; message: string }[] };

async function dataOf<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function expectInvalid(res: Response, expected: Record<string, string>) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorJson;
  expect(body).toMatchObject({ type: 'FORM_VALIDATION_ERROR', status: 400 });
  expect(Object.fromEntries(body.errors!.map((e) => [e.field, e.code]))).toEqual(expected);
  for (const e of body.errors!) expect(e.message).toBeTypeOf('string');
}

const draft = {
  from: { country: 'cz', zip: '', city: '' },
  to: { country: 'cz', zip: '', city: '' },
  packages: [{ type: 0, weight: '2', width: '10', height: '10', length: '10' }],
  complete: false,
};

describe('POST v2/quote/find', () => {
  it('answers every carrier of the territory with well-formed quotes and a cheapest one', async () => {
    const quotes = await dataOf<Quote[]>(await post('/v2/quote/find', draft));
    for (const quote of quotes) v.parse(QuoteContractSchema, quote);
    expect(new Set(quotes.map((q) => q.carrier.code))).toEqual(new Set(['balikovna', 'dpd', 'fedex', 'gls', 'ppl', 'toptrans', 'ups', 'wedo', 'liftago']));
    expect(quotes.find((q) => q.serviceId === 'dpd-classic')!.price).toEqual({ value: 119.35, currency: 'CZK' });
    expect(cheapestQuote(quotes)?.priceVat?.currency).toBe('CZK');
  });

  it('prices the SK territory in EUR with Slovak VAT from the stored exchange rate, without PPL', async () => {
    const sk = { ...draft, from: { country: 'sk' }, to: { country: 'sk' } };
    const quotes = await dataOf<Quote[]>(await post('/v2/quote/find', sk, { 'x-territory': 'sk' }));
    expect(quotes.some((q) => q.carrier.code === 'ppl')).toBe(false);
    const dpd = quotes.find((q) => q.serviceId === 'dpd-classic')!;
    expect(dpd.priceVat!.currency).toBe('EUR');
    expect(Math.round(dpd.priceVat!.value * 100) - Math.round(dpd.price!.value * 100)).toBe(Math.round(dpd.price!.value * 23));
  });

  it('fills the §5 defaults: an empty request body part still quotes one 0.5 kg parcel', async () => {
    const quotes = await dataOf<Quote[]>(await post('/v2/quote/find', { from: { country: 'cz' }, to: { country: 'sk' } }));
    expect(quotes.find((q) => q.serviceId === 'dpd-classic')!.charges[0].amount.value).toBe(139);
  });

  it('writes restriction messages in the language of the language header', async () => {
    const heavy = { ...draft, packages: [{ weight: 45 }] };
    const [cs, en] = await Promise.all([
      dataOf<Quote[]>(await post('/v2/quote/find', heavy)),
      dataOf<Quote[]>(await post('/v2/quote/find', heavy, { language: 'en' })),
    ]);
    const message = (quotes: Quote[]) => quotes.find((q) => q.serviceId === 'dpd-classic')!.restrictions[0].message;
    expect(message(cs)).toBe('Maximální hmotnost jednoho balíku je 31,5 kg.');
    expect(message(en)).toBe('The maximum weight of one parcel is 31.5 kg.');
  });

  it('refuses bad input with field errors', async () => {
    await expectInvalid(
      await post('/v2/quote/find', {
        from: { country: 'cz' },
        to: { country: 'qq' },
        packages: [{ weight: -2 }, { weight: 5000 }, { width: 'wide' }, { height: 401 }],
      }),
      {
        'to.country': 'validation.country_code',
        'packages.0.weight': 'validation.too_low',
        'packages.1.weight': 'validation.too_high',
        'packages.2.width': 'validation.number',
        'packages.3.height': 'validation.too_high',
      },
    );
    await expectInvalid(await post('/v2/quote/find', { ...draft, packages: Array.from({ length: 11 }, () => ({})) }), {
      packages: 'validation.too_many_packages',
    });
    await expectInvalid(await post('/v2/quote/find', { ...draft, services: [{ code: 'cod', data: { value: { value: 500, currency: 'EUR' } } }] }), {
      'services.cod.currency': 'validation.cod_currency',
    });
    await expectInvalid(await post('/v2/quote/find', {}), { from: 'validation.required', to: 'validation.required' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await post('/v2/quote/find', '{"from":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'API_BAD_REQUEST_ERROR', status: 400 });
  });

  it('refuses a currency without a stored exchange rate on its field', async () => {
    await env.DB.prepare("DELETE FROM exchange_rates WHERE currency = 'ZAR'").run();
    forgetExchangeRates(); // the isolate keeps rates for minutes
    try {
      await expectInvalid(await post('/v2/quote/find', { ...draft, currency: 'ZAR' }), { currency: 'validation.currency_unsupported' });
    } finally {
      await env.DB.prepare("INSERT INTO exchange_rates (currency, rate_czk, amount, valid_on) VALUES ('ZAR', 1.19, 1, '2026-11-20')").run();
      forgetExchangeRates();
    }
  });
});

describe('POST v2/quote/find/stream', () => {
  it('streams one quote JSON per line, the same quotes as the find', async () => {
    const res = await post('/v2/quote/find/stream', draft);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    let chunks = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      text += next.value;
      chunks++;
    }
    expect(text.endsWith('\n')).toBe(true);
    const streamed = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Quote);
    for (const quote of streamed) v.parse(QuoteContractSchema, quote);
    expect(chunks).toBeGreaterThan(1);
    const found = await dataOf<Quote[]>(await post('/v2/quote/find', draft));
    expect(streamed.map((q) => q.id).sort()).toEqual(found.map((q) => q.id).sort());
  });

  it('validates before streaming', async () => {
    await expectInvalid(await post('/v2/quote/find/stream', { ...draft, to: { country: 'zz' } }), { 'to.country': 'validation.country_code' });
  });
});

describe('POST v2/quote/detail', () => {
  const prague = { ...draft, from: { country: 'cz', zip: '11000', city: 'Praha' }, to: { country: 'cz', zip: '16000', city: 'Praha' } };

  it('completes a quote the find left incomplete', async () => {
    const found = (await dataOf<Quote[]>(await post('/v2/quote/find', prague))).find((q) => q.carrier.code === 'liftago')!;
    expect(found.complete).toBe(false);
    const detail = await dataOf<Quote>(
      await post('/v2/quote/detail', { ...prague, complete: true, service_group_id: found.serviceId, type: found.type, platform: 'SM', delivery_branch_location: null }),
    );
    v.parse(QuoteContractSchema, detail);
    expect(detail).toMatchObject({ serviceId: 'liftago-same-day', complete: true, errors: [] });
    expect(detail.timeInTransit.pickupWindow).toMatch(/^\d\d:00 - \d\d:00$/);
  });

  it('returns the parcel-point price with prefer_delivery_branch', async () => {
    const body = { ...draft, complete: true, service_group_id: 'dpd-classic' };
    const address = await dataOf<Quote>(await post('/v2/quote/detail', body));
    const point = await dataOf<Quote>(await post('/v2/quote/detail', { ...body, prefer_delivery_branch: true, delivery_branch_location: 1 }));
    expect(point.priceVat!.value).toBeLessThan(address.priceVat!.value);
    expect(point.attributes.deliveryBranchPreferred).toBe(true);
  });

  it('refuses an unknown service group', async () => {
    await expectInvalid(await post('/v2/quote/detail', { ...draft, service_group_id: 'acme-rocket' }), { service_group_id: 'validation.unknown_service' });
    await expectInvalid(await post('/v2/quote/detail', draft), { service_group_id: 'validation.required' });
  });
});

describe('v1/rates', () => {
  it('lists a price matrix of one carrier: a row per route, a cell per weight', async () => {
    const matrix = await dataOf<RateMatrix>(
      await post('/v1/rates/list', {
        carrier: 'GLS',
        currency: 'EUR',
        weights: [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50],
        combinations: [
          { from: 'cz', to: 'de' },
          { from: 'de', to: 'cz' },
        ],
        reloadCache: true,
      }),
    );
    expect(matrix).toMatchObject({ carrier: 'gls', currency: 'EUR' });
    expect(matrix.rows).toHaveLength(2);
    for (const row of matrix.rows) expect(row.prices).toHaveLength(12);
    expect(matrix.rows[0].prices[11]).toBeNull(); // GLS stops at 40 kg
    expect(matrix.rows[1].prices[0]!.priceVat.currency).toBe('EUR');
  });

  it('defaults to the spec §9 weights of the origin', async () => {
    const matrix = await dataOf<RateMatrix>(await post('/v1/rates/list', { combinations: [{ from: 'sk', to: 'cz' }] }, { 'x-territory': 'sk' }));
    expect(matrix.weights).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5, 50]);
    expect(matrix.carrier).toBeNull();
    expect(matrix.currency).toBe('EUR');
  });

  it('refuses an unknown carrier and a missing route list', async () => {
    await expectInvalid(await post('/v1/rates/list', { carrier: 'acme', combinations: [{ from: 'cz', to: 'sk' }] }), {
      carrier: 'validation.unknown_carrier',
    });
    await expectInvalid(await post('/v1/rates/list', { carrier: 'dpd' }), { combinations: 'validation.required' });
  });

  it('reads one rate by id, 404 when there is none', async () => {
    const matrix = await dataOf<RateMatrix>(await post('/v1/rates/list', { carrier: 'dpd', combinations: [{ from: 'cz', to: 'sk' }] }));
    const cell = matrix.rows[0].prices[3]!;
    const rate = await dataOf<RateCell>(await app.request(`/api/v1/rates/${cell.id}`, {}, env));
    expect(rate).toEqual(cell);
    const euro = await dataOf<RateCell>(await app.request(`/api/v1/rates/${cell.id}?currency=EUR`, {}, env));
    expect(euro.price.currency).toBe('EUR');
    const missing = await app.request('/api/v1/rates/dpd:classic:cz:sk:90', {}, env);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'API_NOT_FOUND_ERROR' });
  });
});
