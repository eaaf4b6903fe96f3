import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { edgeMiddleware, type Bindings, type Env } from '../../src/edge';
import { forgetRememberedApiResponses } from '../../src/edge/gateway';
import { createOriginApp } from '../../src/server/app';

/**
 * Property tests: random bodies, content types, queries and paths at every endpoint of the
 * origin, through the edge. Whatever arrives, nothing answers 5xx and every error has the
 * §8 shape. Fixed seed and bounded runs in `npm test` (FUZZ_RUNS, default 150 per
 * property); `npm run fuzz` runs many more.
 */
const SEED = Number(env.FUZZ_SEED ?? 20261123);
const RUNS = Number(env.FUZZ_RUNS ?? 150);

const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.html('<p>page</p>'));

// no rate limits here: the fuzzer is one client sending thousands of requests
const bindings = { ...(env as unknown as Bindings), RATE_LIMIT_EXPENSIVE: undefined, RATE_LIMIT_WRITES: undefined };
const base = `http://${bindings.CZ_HOST}`;

/** every endpoint the origin declares (middleware entries are method ALL) */
const endpoints = createOriginApp()
  .routes.filter((r) => r.method !== 'ALL')
  .map((r) => ({ method: r.method, path: r.path }));

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/csp-report',
  'application/reports+json',
  null,
];

/** a valid quote request, mutated at random below */
const QUOTE = {
  from: { country: 'cz', zip: '11000', city: 'Praha' },
  to: { country: 'sk', zip: '81104', city: 'Bratislava' },
  packages: [{ type: 0, weight: '2', width: '10', height: '10', length: '10' }],
  services: [{ code: 'cod', data: { value: { value: 100, currency: 'CZK' }, bank_account: '19-2000145399', bank_code: '0800' } }],
  customs: { reason: 'commercial', items: [{ name: 'x', country: 'cz', quantity: 1, value: 1 }] },
  pickup_date: null,
  complete: true,
  service_group_id: 'dpd-classic',
  carrier: 'dpd',
  combinations: [{ from: 'cz', to: 'sk' }],
  weights: [1, 2],
  url: '/',
  anonymousId: 'a',
  error: 'x',
  date: null,
};

type Json = unknown;
const pathsOf = (value: Json, prefix: (string | number)[] = []): (string | number)[][] => {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string | number, Json>)[k], [...prefix, k]))];
};
const QUOTE_PATHS = pathsOf(QUOTE).filter((p) => p.length > 0);

function replaceAt(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[path[0]!] = replaceAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

const hostile = fc.oneof(
  fc.anything(),
  fc.constantFrom([], [[1, 2]], {}, null, 0, -1, 1e308, Number.MAX_SAFE_INTEGER, '', '9999-12-31', '0000-00-00', 'a'.repeat(5000), '%ZZ', '<script>', "' OR 1=1 --", '\u0000'),
);
const mutatedQuote = fc.tuple(fc.constantFrom(...QUOTE_PATHS), hostile).map(([path, value]) => JSON.stringify(replaceAt(QUOTE, path, value)));
const body = fc.oneof(
  mutatedQuote,
  fc.json(),
  fc.string(),
  fc.constantFrom('', '{', '[]', 'null', '{"a":', '\u0000', '<?xml version="1.0"?><a/>', 'a=1&b=2'),
);
const queryValue = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('cz', 'CZ', '1', '-1', '0', '1e9', 'NaN', '%', '50.08,14.42,50.1,14.5', ''));
const query = fc.dictionary(fc.constantFrom('country', 'page', 'sort', 'id', 'query', 'limit', 'lat', 'lng', 'zip', 'city', 'bbox', 'currencies', 'carrier', 'type', 'tracking', 'cb'), queryValue, { maxKeys: 4 });
const segment = fc.oneof(fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.constantFrom('%ZZ', '%E0%A4%A', '..', '', 'x'.repeat(300)));

async function call(method: string, url: string, init: { body?: string; contentType?: string | null } = {}): Promise<Response> {
  forgetRememberedApiResponses();
  const headers: Record<string, string> = { origin: base };
  if (init.contentType) headers['content-type'] = init.contentType;
  const ctx = createExecutionContext();
  const hasBody = !['GET', 'HEAD'].includes(method);
  const res = await app.fetch(new Request(url, { method, headers, body: hasBody ? init.body : undefined }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** no 5xx; an error is JSON `{ type, status (= the HTTP status), message }` */
async function expectHeld(res: Response, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400) {
    await res.arrayBuffer();
    return;
  }
  const text = await res.text();
  let json: { type?: unknown; status?: unknown; message?: unknown };
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${what}: ${res.status} is not JSON: ${text.slice(0, 200)}`);
  }
  expect(typeof json.type, what).toBe('string');
  expect(json.status, what).toBe(res.status);
  expect(typeof json.message, what).toBe('string');
}

const fill = (path: string, param: string) => path.replace(/:[a-zA-Z]+/g, param);
const params = { seed: SEED, numRuns: RUNS, endOnFailure: true };

describe(`fuzzing every origin endpoint through the edge (${endpoints.length} endpoints)`, () => {
  it('finds the endpoints to fuzz', () => {
    expect(endpoints.length).toBeGreaterThan(10);
  });

  it(`holds for random bodies and content types (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, fc.constantFrom(...CONTENT_TYPES), query, segment, async (endpoint, payload, contentType, q, param) => {
        const url = `${base}${fill(endpoint.path, param)}?${new URLSearchParams(q)}`;
        await expectHeld(await call(endpoint.method, url, { body: payload, contentType }), `${endpoint.method} ${url} ${contentType} ${payload.slice(0, 120)}`);
      }),
      params,
    );
    console.log(`[figures] fuzz: ${RUNS} random requests over ${endpoints.length} endpoints, seed ${SEED}`);
  });

  it(`holds for random paths and methods under /api (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
        fc.array(segment, { minLength: 0, maxLength: 5 }),
        fc.constantFrom('/api', '/api/v1', '/api/v2', '/API/v1', '/api/v1/app', '/api/v2/quote'),
        fc.boolean(),
        async (method, segments, prefix, slash) => {
          const url = `${base}${prefix}/${segments.join('/')}${slash ? '/' : ''}`;
          const res = await call(method, url, { body: '{}', contentType: 'application/json' });
          // '..' segments can take the URL out of /api: then it is a page (the stand-in here)
          const stillApi = /^\/api(\/|$)/i.test(new URL(url).pathname);
          if (method === 'HEAD' || !stillApi) expect(res.status, url).toBeLessThan(500);
          else await expectHeld(res, `${method} ${url}`);
        },
      ),
      params,
    );
  });
});
