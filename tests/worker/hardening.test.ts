import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRICE_LIST_WEIGHT_VALUES } from '../../src/lib/price-list-weights';
import { MAX_RATE_ROUTES } from '../../src/lib/schemas/quote';
import { MAX_CSP_REPORT_BYTES, MAX_ERROR_REPORT_BYTES } from '../../src/server/api/app';
import { createOriginApp } from '../../src/server/app';
import { ApiError } from '../../src/server/http/errors';
import { withBoundedReads } from '../../src/server/http/timeout';
import { MAX_STORED_FIELD_CHARS, pruneAppEvents, RETENTION_DAYS } from '../../src/server/services/app-events';
import { forgetExchangeRates, loadExchangeRates } from '../../src/server/services/exchange-rate-repo';
import { getParcelPoint, searchParcelPointsInBox } from '../../src/server/services/parcel-points';
import type { RateMatrix } from '../../src/server/services/rates';

const app = createOriginApp();
/** through fetch with an execution context, so work kept alive with waitUntil has finished */
async function call(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://origin/api${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const post = (path: string, body: unknown, contentType: string | null = 'application/json') =>
  call(path, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: typeof body === 'string' ? body : JSON.stringify(body) });
type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string }[] };
const errorOf = async (res: Response, status: number) => {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorJson;
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  return body;
};
const fields = (e: ErrorJson) => Object.fromEntries((e.errors ?? []).map((f) => [f.field, f.code]));
const quote = { from: { country: 'cz', zip: '11000' }, to: { country: 'cz', zip: '60200' }, packages: [{ weight: 2 }] };

afterEach(() => vi.restoreAllMocks());

describe('bodies are JSON', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', null])(
    'refuses a %s body with 415 in the §8 shape',
    async (type) => {
      const body = await errorOf(await post('/v2/quote/find', quote, type), 415);
      expect(body.type).toBe('API_UNSUPPORTED_MEDIA_TYPE_ERROR');
      expect((await post('/v1/app/handshake', { url: '/', anonymousId: 'a' }, type)).status).toBe(415);
    },
  );

  it('applies to PUT, PATCH and a DELETE with a body, not to a DELETE without one', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await call('/v1/app/handshake', { method, headers: { 'content-type': 'text/plain' }, body: 'x' });
      expect((await errorOf(res, 415)).type, method).toBe('API_UNSUPPORTED_MEDIA_TYPE_ERROR');
    }
    expect((await call('/v1/app/handshake', { method: 'DELETE' })).status).toBe(404);
  });

  it('takes application/json with a charset, and +json types', async () => {
    expect((await post('/v2/quote/find', quote, 'application/json; charset=UTF-8')).status).toBe(200);
    expect((await post('/v2/quote/find', quote, 'application/vnd.api+json')).status).toBe(200);
  });
});

describe('no wrong answer with 200', () => {
  it('refuses arrays where objects belong instead of pricing a default parcel', async () => {
    expect(fields(await errorOf(await post('/v2/quote/find', { ...quote, packages: [[1, 2]] }), 400))).toMatchObject({ 'packages.0': 'validation.object' });
    expect(fields(await errorOf(await post('/v2/quote/find', { ...quote, customs: [] }), 400))).toHaveProperty('customs');
    expect(fields(await errorOf(await post('/v2/quote/find', [quote]), 400))).toHaveProperty('_');
  });

  it('refuses a pickup date a year away on its field instead of every carrier reporting itself unavailable', async () => {
    const body = await errorOf(await post('/v2/quote/find', { ...quote, pickup_date: '9999-12-31' }), 400);
    expect(fields(body)).toEqual({ pickup_date: 'validation.date_range' });
  });
});

describe('v1/rates/list bounded work', () => {
  const combinations = (n: number) => ['de', 'at', 'pl', 'sk', 'hu', 'fr', 'it', 'es'].slice(0, n).map((to) => ({ from: 'cz', to }));

  it(`refuses more than ${MAX_RATE_ROUTES} routes, weights outside the §9 list and repeated weights`, async () => {
    expect(fields(await errorOf(await post('/v1/rates/list', { combinations: combinations(MAX_RATE_ROUTES + 1) }), 400))).toEqual({ combinations: 'validation.too_many_routes' });
    expect(fields(await errorOf(await post('/v1/rates/list', { combinations: combinations(1), weights: [7] }), 400))).toEqual({ 'weights.0': 'validation.price_list_weight' });
    expect(fields(await errorOf(await post('/v1/rates/list', { combinations: combinations(1), weights: [1, 1] }), 400))).toEqual({ weights: 'validation.duplicate' });
    const all = await post('/v1/rates/list', { combinations: combinations(MAX_RATE_ROUTES), weights: PRICE_LIST_WEIGHT_VALUES });
    expect(all.status).toBe(200);
  });

  it('keeps computed rows in KV: the second call answers the same from the cache, reloadCache computes afresh', async () => {
    const request = { carrier: 'dpd', combinations: combinations(2) };
    const first = await (await post('/v1/rates/list', request)).text();
    const keys = (await env.CACHE.list({ prefix: 'rates:v1:' })).keys.map((k) => k.name).filter((k) => k.includes(':dpd:'));
    expect(keys).toHaveLength(2);
    expect(await (await post('/v1/rates/list', request)).text()).toBe(first);

    // a row changed in KV is what a cached answer shows, and what reloadCache replaces
    const key = keys.find((k) => k.includes('cz-de'))!;
    const row = JSON.parse((await env.CACHE.get(key))!);
    await env.CACHE.put(key, JSON.stringify({ ...row, prices: row.prices.map(() => null) }));
    const cached = (await (await post('/v1/rates/list', request)).json()) as { data: RateMatrix };
    expect(cached.data.rows.find((r) => r.to === 'de')!.prices.every((p) => p === null)).toBe(true);
    const fresh = (await (await post('/v1/rates/list', { ...request, reloadCache: true })).json()) as { data: RateMatrix };
    expect(JSON.stringify(fresh)).toBe(first);
    expect(JSON.parse((await env.CACHE.get(key))!).prices.some((p: unknown) => p !== null)).toBe(true);
  });

  it('still answers when KV is down', async () => {
    const broken = { get: () => Promise.reject(new Error('down')), put: () => Promise.reject(new Error('down')) } as unknown as KVNamespace;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://origin/api/v1/rates/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ combinations: combinations(1) }) }), { ...env, CACHE: broken }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
  });
});

describe('reports', () => {
  const rows = (build: string) => env.DB.prepare('SELECT * FROM app_errors WHERE build = ? ORDER BY id').bind(build).all<Record<string, string>>();

  it('stores CSP violations of both report formats and answers 204', async () => {
    const legacy = { 'csp-report': { 'document-uri': 'http://x/kontakt', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline', 'original-policy': '…' } };
    expect((await post('/v1/app/csp-report', legacy, 'application/csp-report')).status).toBe(204);
    const api = [{ type: 'csp-violation', url: 'http://x/', body: { documentURL: 'http://x/', effectiveDirective: 'img-src', blockedURL: 'http://evil/x.png' } }];
    expect((await post('/v1/app/csp-report', api, 'application/reports+json')).status).toBe(204);
    const stored = (await rows('csp')).results;
    expect(stored.map((r) => [r.url, JSON.parse(r.error!)])).toEqual([
      ['http://x/kontakt', 'script-src-elem blocked inline'],
      ['http://x/', 'img-src blocked http://evil/x.png'],
    ]);
  });

  it('refuses a malformed, oversized or wrongly typed CSP report', async () => {
    expect((await errorOf(await post('/v1/app/csp-report', '{', 'application/csp-report'), 400)).type).toBe('API_BAD_REQUEST_ERROR');
    await errorOf(await post('/v1/app/csp-report', 'x'.repeat(MAX_CSP_REPORT_BYTES + 1), 'application/csp-report'), 413);
    await errorOf(await post('/v1/app/csp-report', '{}', 'text/plain'), 415);
  });

  it('caps an error report: the body at MAX_ERROR_REPORT_BYTES, each stored field at MAX_STORED_FIELD_CHARS', async () => {
    await errorOf(await post('/v1/app/error', { error: 'x', note: 'y', debug: 'z'.repeat(MAX_ERROR_REPORT_BYTES) }), 413);
    const res = await post('/v1/app/error', { url: '/capped', error: 'boom', debug: { big: 'd'.repeat(MAX_STORED_FIELD_CHARS * 2) } });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("SELECT debug FROM app_errors WHERE url = '/capped'").first<{ debug: string }>();
    expect(row!.debug.length).toBeLessThan(MAX_STORED_FIELD_CHARS + 100);
    expect(row!.debug).toMatch(/characters cut\]$/);
  });

  it('prunes error reports and handshakes past their retention, in batches', async () => {
    const now = new Date('2026-11-23T03:17:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const old = Array.from({ length: 1_205 }, () => env.DB.prepare("INSERT INTO app_errors (created_at, url) VALUES (?, 'old')").bind(daysAgo(RETENTION_DAYS.app_errors + 1)));
    for (let i = 0; i < old.length; i += 100) await env.DB.batch(old.slice(i, i + 100));
    await env.DB.prepare("INSERT INTO app_errors (created_at, url) VALUES (?, 'recent')").bind(daysAgo(RETENTION_DAYS.app_errors - 1)).run();
    await env.DB.prepare("INSERT INTO handshakes (created_at, url, anonymous_id) VALUES (?, 'old', 'a'), (?, 'recent', 'b')")
      .bind(daysAgo(RETENTION_DAYS.handshakes + 1), daysAgo(RETENTION_DAYS.handshakes - 1))
      .run();
    const deleted = await pruneAppEvents(env.DB, now);
    expect(deleted.app_errors).toBeGreaterThanOrEqual(1_205);
    expect(deleted.handshakes).toBeGreaterThanOrEqual(1);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM app_errors WHERE url = 'old'").first<{ n: number }>())!.n).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM app_errors WHERE url = 'recent'").first<{ n: number }>())!.n).toBe(1);
    expect((await env.DB.prepare("SELECT url FROM handshakes WHERE url IN ('old', 'recent')").all()).results).toEqual([{ url: 'recent' }]);
  });
});

describe('parcel-point search', () => {
  // the sample set has several hundred points around Prague
  const prague = { minLat: 49.9, maxLat: 50.2, minLng: 14.2, maxLng: 14.7 };
  const centre = { lat: 50.0875, lng: 14.4213 };

  it('applies its limit in SQL: the nearest points of a box with more than the limit', async () => {
    const statements: string[] = [];
    // parcel points are read through the replica session (src/server/db/replica.ts): its statements are recorded too
    const recording = <T extends Pick<D1Database, 'prepare'>>(target: T): T =>
      new Proxy(target, {
        get: (t, prop) => (prop === 'prepare' ? (sql: string) => (statements.push(sql), t.prepare(sql)) : prop === 'withSession' ? (c: D1SessionConstraint) => recording(env.DB.withSession(c)) : Reflect.get(t, prop, t)),
      });
    const db = recording(env.DB);
    const all = await searchParcelPointsInBox(env.DB, prague, centre, { limit: 1_000 });
    expect(all.length).toBeGreaterThan(10);
    const five = await searchParcelPointsInBox(db, prague, centre, { limit: 5 });
    expect(five.map((p) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id));
    expect(statements.at(-1)).toMatch(/limit \?/i);
  });

  it('skips a corrupt row and logs it instead of failing the search', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [nearest] = await searchParcelPointsInBox(env.DB, prague, centre, { limit: 1 });
    await env.DB.prepare("UPDATE parcel_points SET opening_hours = '{not json' WHERE id = ?").bind(nearest!.id).run();
    const points = await searchParcelPointsInBox(env.DB, prague, centre, { limit: 5 });
    expect(points).toHaveLength(4);
    expect(points.map((p) => p.id)).not.toContain(nearest!.id);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(nearest!.id), expect.anything());
    expect(await getParcelPoint(env.DB, nearest!.id)).toBeNull();
  });
});

describe('timeouts', () => {
  const hanging = {
    prepare: () => {
      const statement = { bind: () => statement, all: () => new Promise(() => {}), first: () => new Promise(() => {}), raw: () => new Promise(() => {}) };
      return statement;
    },
    batch: () => new Promise(() => {}),
  } as unknown as D1Database;

  it.each(['/v1/country/all', '/v1/header-bar/detail', '/v1/app/ratings', '/v1/app/aggregate-rating', '/v1/benefit-stats/info', '/v1/app/currency-exchange-rates', '/v1/parcelpoints/detail?id=x', '/v1/parcelpoints/search?lat=50&lng=14'])(
    'answers %s with 503 API_UNAVAILABLE_ERROR when D1 does not answer in time',
    async (path) => {
      const res = await createOriginApp({ d1TimeoutMs: 30 }).request(`/api${path}`, {}, { ...env, DB: hanging });
      expect(await errorOf(res, 503)).toMatchObject({ type: 'API_UNAVAILABLE_ERROR' });
    },
  );

  it('fails a D1 read that does not answer in time with the 503 the origin answers (drizzle carries it as the cause)', async () => {
    const failure = (await getParcelPoint(withBoundedReads(hanging, 30), 'x').catch((e: unknown) => e)) as Error;
    expect(failure.cause).toBeInstanceOf(ApiError);
    expect(failure.cause).toMatchObject({ status: 503, type: 'API_UNAVAILABLE_ERROR' });
  });

  it('gives the shared exchange-rate read its own timeout, and does not keep a late read', async () => {
    forgetExchangeRates();
    await expect(loadExchangeRates(hanging, Date.now(), 30)).rejects.toMatchObject({ status: 503 });
    const rates = await loadExchangeRates(env.DB);
    expect(rates.CZK).toBe(1);
  });
});
