import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeEntries } from '../../src/routes';
import { BASE } from './browser';

/**
 * Property test of the page router through the edge, on the built worker: random paths
 * (route patterns with random and undecodable params, RSC paths, trailing slashes),
 * methods, bodies and Referers. Nothing answers 5xx. Fixed seed, FUZZ_RUNS runs
 * (default 150; `npm run fuzz` raises it).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const param = fc.oneof(
  fc.string({ maxLength: 16 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent),
  fc.constantFrom('%ZZ', '%E0%A4%A', '%C0%AF', '%', '%25', '%2F', '..', 'x'.repeat(400), 'IZ0123456789', 'de', 'balik-do-nemecka'),
);
const fill = (pattern: string, values: string[]) => {
  let i = 0;
  return pattern.replace(/\[\w+\]/g, () => values[i++ % values.length] ?? 'x');
};
const pagePath = fc
  .tuple(fc.constantFrom(...routeEntries.map((e) => e.pattern)), fc.array(param, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '/', '//', '?a=%ZZ', '?from=cz&to=&weight=-1'))
  .map(([pattern, values, tail]) => fill(pattern, values) + tail);
const rscPath = pagePath.map((p) => `/RSC/R${p === '/' ? '/_root' : p.split('?')[0]}.txt`);
const junkPath = fc.array(param, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);

const contentType = fc.constantFrom('text/plain', 'application/json', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded');
const request = fc.record({
  contentType,
  path: fc.oneof(pagePath, rscPath, junkPath, fc.constantFrom('/RSC/F/x/y.txt', '/RSC/R/404.txt', '/API/v1/x', '/api/')),
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST'),
  referer: fc.option(fc.oneof(fc.constant('garbage'), fc.webUrl(), fc.string({ maxLength: 20 })), { nil: undefined }),
  body: fc.oneof(fc.constant('[]'), fc.json(), fc.string({ maxLength: 100 })),
});

describe('fuzzing the page router through the edge (built worker)', () => {
  it(`answers every random request below 500 (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ path, method, referer, body, contentType }) => {
        const headers: Record<string, string> = { 'accept-encoding': 'identity', cookie: 'locale=cs', 'content-type': contentType };
        if (referer) headers.referer = referer;
        const res = await fetch(BASE() + path, { method, headers, body: method === 'POST' ? body : undefined, redirect: 'manual' });
        const text = await res.text();
        expect(res.status, `${method} ${path} (Referer ${referer}): ${text.slice(0, 200)}`).toBeLessThan(500);
        const edgeAnswered = method === 'POST' || path.startsWith('/RSC/F/') || /^\/api(\/|$)/i.test(new URL(BASE() + path).pathname);
        if (method !== 'HEAD' && res.status >= 400 && edgeAnswered) {
          expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ status: res.status });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`[figures] page fuzz: ${RUNS} random requests through the built worker, seed ${SEED}`);
  }, 120_000);
});
