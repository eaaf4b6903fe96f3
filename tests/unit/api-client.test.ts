import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiPost, apiStream } from '../../src/api/client';

afterEach(() => vi.restoreAllMocks());

const ndjson = (...lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { headers: { 'content-type': 'application/x-ndjson' } });

describe('apiStream', () => {
  it('hands over every line and resolves with all of them', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(ndjson({ id: 1 }, { id: 2 }));
    const seen: unknown[] = [];
    expect(await apiStream('/v2/quote/find/stream', {}, (item) => seen.push(item))).toEqual([{ id: 1 }, { id: 2 }]);
    expect(seen).toHaveLength(2);
  });

  it('fails with the §8 error of a stream that ended with an error line, after handing over what came before', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(ndjson({ id: 1 }, { error: { type: 'API_ERROR', status: 500, message: 'stopped' } }));
    const seen: unknown[] = [];
    const failure = await apiStream('/v2/quote/find/stream', {}, (item) => seen.push(item)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiClientError);
    expect(failure).toMatchObject({ status: 500, type: 'API_ERROR', message: 'stopped' });
    expect(seen).toEqual([{ id: 1 }]);
  });
});

describe('apiPost', () => {
  it('throws the §8 error with its field errors and a 429’s Retry-After', async () => {
    const body = { type: 'API_TOO_MANY_REQUESTS_ERROR', status: 429, message: 'locked', errors: [{ field: 'email', code: 'auth.locked', message: 'auth.locked' }] };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '840' } }));
    const failure = await apiPost('/v1/user/login', { email: 'a@b.cz', password: 'x' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, type: 'API_TOO_MANY_REQUESTS_ERROR', retryAfter: 840, errors: body.errors });
  });

  it('has no Retry-After when the answer does not give one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 401 }));
    expect(await apiPost('/v1/user/login', {}).catch((e: unknown) => e)).toMatchObject({ status: 401, retryAfter: null });
  });
});

describe('the language header (spec §7: every call carries the language)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the page’s language unless the call names one: the locale cookie is the visitor’s choice, not the page’s', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"data":1}'));
    await apiPost('/v1/app/settings', {});
    await apiPost('/v1/app/settings', {}, { language: 'cs' });
    expect(fetch.mock.calls.map(([, init]) => (init!.headers as Record<string, string>).language)).toEqual(['en', 'cs']);
  });
});
