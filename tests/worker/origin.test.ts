import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createOriginApp } from '../../src/server/app';
import { MAX_JSON_BYTES } from '../../src/server/http/validate';
import { referenceSeedStatements } from '../../src/server/db/seed';
import { BENEFIT_STATS, EXCHANGE_RATES, HEADER_BARS } from '../../src/server/db/seed/content';
import { BANNED_CODES, EU_CODES, FAVOURITE_CODES, countrySeeds } from '../../src/server/db/seed/countries';
import type { Country } from '../../src/server/services/countries';
import type { Rating, RatingsPage } from '../../src/server/services/ratings';

const app = createOriginApp();
const call = (path: string, init?: RequestInit) => app.request(`/api/v1${path}`, init, env);
const getData = async <T>(path: string, headers?: Record<string, string>): Promise<T> => {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
};
const post = (path: string, body: unknown) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string }[] };
const errorOf = async (res: Response) => (await res.json()) as ErrorJson;
const fieldsOf = (e: ErrorJson) => (e.errors ?? []).map((f) => f.field).sort();
const average = (scores: number[]) =>
  scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : 0;

describe('GET v1/country/all', () => {
  it('lists every ISO country once with the spec §3 fields', async () => {
    const countries = await getData<Country[]>('/country/all');
    expect(countries).toHaveLength(countrySeeds().length);
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(countries.find((c) => c.code === 'cz')).toEqual({
      code: 'cz',
      // CLDR names, as the cart and documents show them (issue 14: one name per country)
      name: 'Česko',
      names: { cs: 'Česko', en: 'Czechia', sk: 'Česko', es: 'Chequia' },
      priority: 100,
      favourite: true,
      eu: true,
      import: true,
      export: true,
      phone_prefix: '+420',
      currency: 'CZK',
      banned: false,
    });
    expect(countries.find((c) => c.code === 'sk')).toMatchObject({ phone_prefix: '+421', currency: 'EUR', eu: true });
  });

  it('orders favourites first, then by priority, then by name in the request language', async () => {
    const countries = await getData<Country[]>('/country/all');
    // neighbours share a priority, so Czech names order them: Maďarsko, Německo, Polsko, Rakousko
    expect(countries.slice(0, FAVOURITE_CODES.length).map((c) => c.code)).toEqual(['cz', 'sk', 'hu', 'de', 'pl', 'at', 'gb', 'us']);
    const collator = new Intl.Collator('cs');
    for (let i = 1; i < countries.length; i++) {
      const [a, b] = [countries[i - 1], countries[i]];
      const key = Number(b.favourite) - Number(a.favourite) || b.priority - a.priority || collator.compare(a.name, b.name);
      expect(key, `${a.code} before ${b.code}`).toBeLessThanOrEqual(0);
    }
    // Czech collation, not code points: Č between C and D, Ch after H
    const names = countries.filter((c) => !c.favourite && c.priority === 20).map((c) => c.name);
    expect(names.indexOf('Čína')).toBeGreaterThan(names.indexOf('Curaçao'));
    expect(names.indexOf('Čína')).toBeLessThan(names.indexOf('Dominika'));
    expect(names.indexOf('Chile')).toBeGreaterThan(names.indexOf('Honduras'));
  });

  it('names countries by the language header, then Accept-Language, defaulting to Czech', async () => {
    const nameOfDe = async (headers?: Record<string, string>) =>
      (await getData<Country[]>('/country/all', headers)).find((c) => c.code === 'de')!.name;
    expect(await nameOfDe()).toBe('Německo');
    expect(await nameOfDe({ language: 'en' })).toBe('Germany');
    expect(await nameOfDe({ language: 'es', 'accept-language': 'en' })).toBe('Alemania');
    expect(await nameOfDe({ 'accept-language': 'de-DE,de;q=0.9,sk;q=0.8,en;q=0.7' })).toBe('Nemecko');
    expect(await nameOfDe({ language: 'fr', 'accept-language': 'fr-FR' })).toBe('Německo');
  });

  it('flags banned countries (priority below 1) and closes them for import and export', async () => {
    const countries = await getData<Country[]>('/country/all');
    const banned = countries.filter((c) => c.banned).map((c) => c.code).sort();
    expect(banned).toEqual([...BANNED_CODES].sort());
    for (const code of ['kp', 'ru', 'ir']) {
      expect(countries.find((c) => c.code === code)).toMatchObject({ priority: 0, banned: true, import: false, export: false });
    }
    expect(countries.filter((c) => !c.banned).every((c) => c.priority >= 1 && c.import && c.export)).toBe(true);
  });

  it('marks exactly the 27 EU members', async () => {
    const countries = await getData<Country[]>('/country/all');
    expect(countries.filter((c) => c.eu).map((c) => c.code).sort()).toEqual([...EU_CODES].sort());
    expect(EU_CODES).toHaveLength(27);
    expect(countries.find((c) => c.code === 'gr')!.eu).toBe(true);
    expect(countries.find((c) => c.code === 'gb')!.eu).toBe(false);
  });
});

describe('GET v1/header-bar/detail', () => {
  it('answers the cz bar in Czech by default', async () => {
    const bar = await getData<Record<string, unknown>>('/header-bar/detail');
    const cz = HEADER_BARS.find((b) => b.territory === 'cz')!;
    expect(bar).toEqual({
      id: cz.id,
      message: cz.message_cs,
      popup_content: cz.popup_content_cs,
      button_text: cz.button_text_cs,
      instant: true,
      postpone_days: 3,
    });
  });

  it('answers the bar of the x-territory header in the request language', async () => {
    const sk = HEADER_BARS.find((b) => b.territory === 'sk')!;
    const bar = await getData<Record<string, unknown>>('/header-bar/detail', { 'x-territory': 'sk', language: 'en' });
    expect(bar).toMatchObject({ id: sk.id, message: sk.message_en, button_text: 'Got it' });
    const unknownTerritory = await getData<{ id: number }>('/header-bar/detail', { 'x-territory': 'xx' });
    expect(unknownTerritory.id).toBe(HEADER_BARS.find((b) => b.territory === 'cz')!.id);
  });

  it('answers null when the territory has no active bar', async () => {
    await env.DB.prepare("UPDATE header_bar SET active = 0 WHERE territory = 'sk'").run();
    try {
      expect(await getData('/header-bar/detail', { 'x-territory': 'sk' })).toBeNull();
    } finally {
      await env.DB.prepare("UPDATE header_bar SET active = 1 WHERE territory = 'sk'").run();
    }
  });
});

describe('ratings', () => {
  const scores = async (where = '', ...binds: string[]) =>
    (await env.DB.prepare(`SELECT score FROM ratings ${where}`).bind(...binds).all<{ score: number }>()).results.map(
      (r) => r.score,
    );

  it('GET v1/app/aggregate-rating averages every rating', async () => {
    const all = await scores();
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(await getData('/app/aggregate-rating')).toEqual({ avg: average(all), total: all.length });
  });

  it('GET v1/app/pricelist-rating averages the ratings of one country', async () => {
    const cz = await scores('WHERE country = ?', 'cz');
    expect(cz.length).toBeGreaterThan(5);
    expect(await getData('/app/pricelist-rating?country=cz')).toEqual({ avg: average(cz), total: cz.length });
    expect(await getData('/app/pricelist-rating?country=CZ')).toEqual({ avg: average(cz), total: cz.length });
    expect(await getData('/app/pricelist-rating?country=fi')).toEqual({ avg: 0, total: 0 });
  });

  it('GET v1/app/pricelist-rating refuses a missing or malformed country and 404s an unknown one', async () => {
    for (const query of ['', '?country=', '?country=cze', '?country=1a']) {
      const res = await call(`/app/pricelist-rating${query}`);
      expect(res.status, query).toBe(400);
      const body = await errorOf(res);
      expect(body.type).toBe('FORM_VALIDATION_ERROR');
      expect(fieldsOf(body)).toEqual(['country']);
    }
    const res = await call('/app/pricelist-rating?country=zz');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).type).toBe('API_NOT_FOUND_ERROR');
  });

  it('GET v1/app/ratings pages 10 at a time, newest first by default', async () => {
    const total = (await scores()).length;
    const pages = Math.ceil(total / 10);
    const first = await getData<RatingsPage>('/app/ratings');
    expect(first).toMatchObject({ page: 1, pages, total });
    expect(first.items).toHaveLength(10);
    expect(Object.keys(first.items[0]).sort()).toEqual(['author', 'carrier', 'comment', 'country', 'created_at', 'id', 'language', 'score']);
    const seen: Rating[] = [];
    for (let page = 1; page <= pages; page++) seen.push(...(await getData<RatingsPage>(`/app/ratings?page=${page}`)).items);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const dates = seen.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await getData<RatingsPage>(`/app/ratings?page=${pages + 1}`)).items).toEqual([]);
  });

  it('GET v1/app/ratings sorts oldest, best and worst', async () => {
    const collect = async (sort: string) => {
      const { pages } = await getData<RatingsPage>(`/app/ratings?sort=${sort}`);
      const items: Rating[] = [];
      for (let page = 1; page <= pages; page++) items.push(...(await getData<RatingsPage>(`/app/ratings?sort=${sort}&page=${page}`)).items);
      return items;
    };
    const oldest = (await collect('oldest')).map((r) => r.created_at);
    expect(oldest).toEqual([...oldest].sort());
    const best = (await collect('best')).map((r) => r.score);
    expect(best).toEqual([...best].sort((a, b) => b - a));
    expect(best[0]).toBe(5);
    const worst = (await collect('worst')).map((r) => r.score);
    expect(worst).toEqual([...worst].sort((a, b) => a - b));
    expect(worst[0]).toBeLessThan(2);
    expect(best).toContain(4.5);
  });

  it('GET v1/app/ratings refuses a bad page or sort', async () => {
    for (const [query, field] of [['page=0', 'page'], ['page=-1', 'page'], ['page=abc', 'page'], ['sort=random', 'sort']]) {
      const res = await call(`/app/ratings?${query}`);
      expect(res.status, query).toBe(400);
      expect(fieldsOf(await errorOf(res))).toEqual([field]);
    }
  });
});

describe('GET v1/benefit-stats/info', () => {
  it('answers the four current figures; the rating is the customers’ aggregate, not a figure of its own', async () => {
    const aggregate = await getData<{ avg: number; total: number }>('/app/aggregate-rating');
    expect(aggregate.avg).not.toBe(BENEFIT_STATS.happy_user_rating_current);
    expect(await getData('/benefit-stats/info')).toEqual({
      happyUserRatingCurrent: aggregate.avg,
      shipmentsLastYearCurrent: BENEFIT_STATS.shipments_last_year_current,
      usersCurrent: BENEFIT_STATS.users_current,
      yearsOfExperienceCurrent: BENEFIT_STATS.years_of_experience_current,
    });
  });
});

describe('GET v1/app/currency-exchange-rates', () => {
  type Rate = { currency: string; rate_czk: number; amount: number; valid_on: string };

  it('lists every rate by currency code', async () => {
    const rates = await getData<Rate[]>('/app/currency-exchange-rates');
    expect(rates.map((r) => r.currency)).toEqual(EXCHANGE_RATES.map((r) => r.currency).sort());
    expect(rates.find((r) => r.currency === 'EUR')).toEqual(EXCHANGE_RATES.find((r) => r.currency === 'EUR'));
  });

  it('filters by a comma-separated currency list in any case', async () => {
    const rates = await getData<Rate[]>('/app/currency-exchange-rates?currencies=usd, EUR,XXX');
    expect(rates.map((r) => r.currency)).toEqual(['EUR', 'USD']);
  });

  it('refuses malformed currency codes', async () => {
    const res = await call('/app/currency-exchange-rates?currencies=EURO');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).type).toBe('FORM_VALIDATION_ERROR');
  });
});

describe('POST v1/app/handshake', () => {
  it('stores the handshake', async () => {
    const anonymousId = crypto.randomUUID();
    const res = await post('/app/handshake', {
      url: 'https://zasilkovac.test/cenik',
      referrer: 'https://www.google.com/',
      userAgent: 'Mozilla/5.0',
      anonymousId,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
    const row = await env.DB.prepare('SELECT * FROM handshakes WHERE anonymous_id = ?').bind(anonymousId).first();
    expect(row).toMatchObject({ url: 'https://zasilkovac.test/cenik', referrer: 'https://www.google.com/', user_agent: 'Mozilla/5.0' });
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses wrong types and missing fields with the field list', async () => {
    const res = await post('/app/handshake', { url: 42, referrer: ['x'], userAgent: 'ua' });
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body).toMatchObject({ type: 'FORM_VALIDATION_ERROR', status: 400 });
    expect(fieldsOf(body)).toEqual(['anonymousId', 'referrer', 'url']);
    expect(body.errors!.find((e) => e.field === 'anonymousId')!.code).toBe('validation.required');
  });

  it('refuses malformed JSON and non-object bodies with 400', async () => {
    const malformed = await post('/app/handshake', '{"url": "x",');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).type).toBe('API_BAD_REQUEST_ERROR');
    const array = await post('/app/handshake', []);
    expect(array.status).toBe(400);
    expect((await errorOf(array)).type).toBe('FORM_VALIDATION_ERROR');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post('/app/handshake', { url: 'x'.repeat(MAX_JSON_BYTES + 1), anonymousId: 'a' });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ type: 'API_PAYLOAD_TOO_LARGE_ERROR', status: 413 });
  });
});

describe('POST v1/app/error', () => {
  const storedReport = async (note: string) =>
    (await env.DB.prepare('SELECT * FROM app_errors WHERE note = ?').bind(note).first<Record<string, string | null>>())!;

  it('stores the report with pass, password and secret fields masked at any depth', async () => {
    const note = `report ${crypto.randomUUID()}`;
    const res = await post('/app/error', {
      url: 'https://zasilkovac.test/kosik',
      build: 'cz-production-1.2.3',
      error: { message: 'Request failed with status code 500', stack: 'Error: at x' },
      xhr: {
        url: '/api/v1/user/login',
        headers: { 'X-Client-Secret': 'h3ad3r', accept: 'application/json' },
        data: '{"email":"jana@example.cz","password":"hunter2"}',
      },
      store: { user: { email: 'jana@example.cz', password: 'p1', passwordConfirm: 'p2' }, cart: [{ id: 1, secretNote: 's1' }] },
      context: { level: [[{ PASS: 'p3', keep: 'kept' }]] },
      note,
      debug: { apiSecret: { nested: 'p4' } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });

    const row = await storedReport(note);
    for (const secret of ['h3ad3r', 'hunter2', 'p1', 'p2', 's1', 'p3', 'p4']) {
      expect(JSON.stringify(row), secret).not.toContain(`"${secret}`);
      expect(JSON.stringify(row), secret).not.toContain(`\\"${secret}`);
    }
    expect(row).toMatchObject({ url: 'https://zasilkovac.test/kosik', build: 'cz-production-1.2.3' });
    expect(JSON.parse(row.error!)).toEqual({ message: 'Request failed with status code 500', stack: 'Error: at x' });
    const xhr = JSON.parse(row.xhr!);
    expect(xhr.headers).toEqual({ 'X-Client-Secret': '***', accept: 'application/json' });
    expect(JSON.parse(xhr.data)).toEqual({ email: 'jana@example.cz', password: '***' });
    expect(JSON.parse(row.store!)).toEqual({
      user: { email: 'jana@example.cz', password: '***', passwordConfirm: '***' },
      cart: [{ id: 1, secretNote: '***' }],
    });
    expect(JSON.parse(row.context!)).toEqual({ level: [[{ PASS: '***', keep: 'kept' }]] });
    expect(JSON.parse(row.debug!)).toEqual({ apiSecret: '***' });
  });

  it('stores a plain-text error and leaves absent parts empty', async () => {
    const note = `report ${crypto.randomUUID()}`;
    expect((await post('/app/error', { error: 'ChunkLoadError', note })).status).toBe(200);
    expect(await storedReport(note)).toMatchObject({ error: '"ChunkLoadError"', xhr: null, store: null, url: null });
  });

  it('survives absurdly deep nesting without a server error', async () => {
    const note = `report ${crypto.randomUUID()}`;
    const depth = 20_000;
    const body = `{"error":"deep","note":"${note}","debug":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await post('/app/error', body);
    expect(res.status).toBe(200);
    expect((await storedReport(note)).debug).toContain('[too deep]');
  });

  it('refuses a report without an error or with wrong types', async () => {
    const res = await post('/app/error', { url: 5, note: { text: 'x' } });
    expect(res.status).toBe(400);
    expect(fieldsOf(await errorOf(res))).toEqual(['error', 'note', 'url']);
  });
});

it('answers unknown routes with API_NOT_FOUND_ERROR', async () => {
  const res = await call('/country/none');
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toMatchObject({ type: 'API_NOT_FOUND_ERROR', status: 404 });
});

it('reseeding an already seeded database changes nothing', async () => {
  const tables = ['countries', 'header_bar', 'ratings', 'benefit_stats', 'exchange_rates'];
  const counts = () =>
    Promise.all(tables.map(async (t) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`).first<{ n: number }>())!.n));
  const before = await counts();
  expect(before.every((n) => n > 0)).toBe(true);
  await env.DB.batch(referenceSeedStatements().map((sql) => env.DB.prepare(sql)));
  expect(await counts()).toEqual(before);
});
