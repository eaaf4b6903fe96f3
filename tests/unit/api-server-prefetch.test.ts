import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonTextOf, rememberJsonText, withJsonText } from '../../src/server/http/json-text';

// the request's context (Waku's request data, Hono's context) and the gateway, as a page render sees them
const data: { info: object; prefetched?: Map<string, Promise<unknown>> } = { info: { locale: 'cs', territory: 'cz', apiKey: null, session: null, anonymousId: null } };
vi.mock('../../src/request', () => ({
  requestData: () => data,
  requestInfo: () => data.info,
  honoContext: () => ({ env: {}, executionCtx: undefined, set: () => undefined }),
}));
const callApi = vi.fn<(request: Request) => Promise<Response>>();
vi.mock('../../src/edge/gateway', () => ({ callApi: (request: Request) => callApi(request) }));
const { apiCall, prefetchGet } = await import('../../src/api/server');

/** an answer whose body must not be read: its text is known (as the origin's c.json answers are) */
const unreadable = (text: string) =>
  withJsonText(new Response(new ReadableStream({ pull: () => Promise.reject(new Error('the body was read')) }), { headers: { 'content-type': 'application/json' } }), text);

beforeEach(() => {
  delete data.prefetched;
  callApi.mockReset();
});

describe('apiCall', () => {
  it('parses the text an answer was made from without reading its body', async () => {
    callApi.mockResolvedValue(unreadable('{"data":{"n":1},"meta":{"total":1}}'));
    expect(await apiCall('GET', '/v1/x')).toEqual({ ok: true, data: { n: 1 }, meta: { total: 1 } });
  });

  it('reads the body of an answer made anew (its text unknown)', async () => {
    callApi.mockResolvedValue(new Response('{"data":[2]}', { headers: { 'content-type': 'application/json' } }));
    expect(await apiCall('GET', '/v1/x')).toEqual({ ok: true, data: [2] });
  });

  it('takes the GET started for the page before its render, once', async () => {
    callApi.mockImplementation(async (request) => unreadable(JSON.stringify({ data: new URL(request.url).pathname })));
    prefetchGet('/v1/client/overview');
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(await apiCall('GET', '/v1/client/overview')).toEqual({ ok: true, data: '/api/v1/client/overview' });
    expect(callApi, 'the page took the started call').toHaveBeenCalledTimes(1);
    // taken: a second call of the page asks again
    await apiCall('GET', '/v1/client/overview');
    expect(callApi).toHaveBeenCalledTimes(2);
    // another path, or a POST of it, is not the started call
    prefetchGet('/v1/client/overview');
    await apiCall('GET', '/v1/client/other');
    await apiCall('POST', '/v1/client/overview', {});
    expect(callApi).toHaveBeenCalledTimes(5);
  });
});

describe('rememberJsonText', () => {
  it('answers as c.json does, with the text remembered', async () => {
    const route = (app: Hono) => app.get('/x', (c) => c.json({ a: 'ž', n: [1] }, 201, { 'x-extra': '1' }));
    const plain = await route(new Hono()).request('/x');
    const remembered = await route(new Hono().use(rememberJsonText())).request('/x');
    expect(jsonTextOf(plain)).toBeUndefined();
    expect(jsonTextOf(remembered)).toBe('{"a":"ž","n":[1]}');
    expect(remembered.status).toBe(plain.status);
    expect([...remembered.headers]).toEqual([...plain.headers]);
    expect(await remembered.text()).toBe(await plain.text());
  });
});
