import { readFileSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORM_ROUTES } from '../../src/edge/forms';
import { matchRoute, routeEntries } from '../../src/routes';
import { BASE } from './browser';

/**
 * Property test of the page router through the edge, on the built worker: random paths
 * (route patterns with random and undecodable params, RSC paths, trailing slashes),
 * methods, bodies and Referers. Nothing answers 5xx. Fixed seed, FUZZ_RUNS runs
 * (default 150; `npm run fuzz` raises it). A run costs what its request costs: the server logs
 * no error line per answer (a logged stack costs `wrangler dev` ~0.4 s of CPU to source-map).
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
    const log = process.env.E2E_SERVER_LOG;
    const logStart = log ? statSync(log).size : 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(request, async ({ path, method, referer, body, contentType }) => {
        const headers: Record<string, string> = { 'accept-encoding': 'identity', cookie: 'locale=cs', 'content-type': contentType };
        if (referer) headers.referer = referer;
        const res = await fetch(BASE() + path, { method, headers, body: method === 'POST' ? body : undefined, redirect: 'manual' });
        const text = await res.text();
        expect(res.status, `${method} ${path} (Referer ${referer}): ${text.slice(0, 200)}`).toBeLessThan(500);
        const { pathname } = new URL(BASE() + path);
        const edgeAnswered = method === 'POST' || path.startsWith('/RSC/F/') || /^\/api(\/|$)/i.test(pathname);
        // the forms that work without JavaScript answer a refused post with their page again (edge/forms.ts)
        const route = method === 'POST' ? matchRoute(pathname) : null;
        const formPage = route !== null && FORM_ROUTES.has(route.id) && (res.headers.get('content-type') ?? '').startsWith('text/html');
        if (method !== 'HEAD' && res.status >= 400 && edgeAnswered && !formPage) {
          expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ status: res.status });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`[figures] page fuzz: ${RUNS} random requests through the built worker, seed ${SEED}: ${seconds.toFixed(1)} s (${((seconds * 1000) / RUNS).toFixed(0)} ms a request)`);
    if (log) {
      // a signed-out visit to the client section redirects: an answer, not a logged error
      const logged = readFileSync(log).subarray(logStart).toString();
      expect(logged.match(/Error during rendering: Error: Redirect/g) ?? []).toEqual([]);
    }
  }, 60_000 + RUNS * 500);
});
