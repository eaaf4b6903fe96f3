import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { patternOf, routeIds, routes, type RouteId } from '../../src/routes';
import { CZECH_PROPER_NAMES, czechOnly } from '../czech-only';
import { BASE } from './browser';

/**
 * The Slovak site, whole (issue 26 item 5): every page of the Slovak host's sitemap, every other
 * route without parameters (signed out, and the client section signed in as the demo business
 * customer) is read as the server sends it, and its visible text, title and description hold
 * no Czech-only word. Plain HTTP (the server renders every page): a few hundred pages in
 * seconds, no browser.
 */

const base = () => new URL(BASE());
const SK_HOST = () => `sk.localhost:${base().port}`;

type Answer = { status: number; location: string | null; cookies: string[]; body: string };

/** a request to the Slovak host (127.0.0.1 with its Host header, as a browser resolving sk.localhost sends it) */
function sk(method: 'GET' | 'POST', path: string, opts: { cookie?: string; form?: Record<string, string> } = {}): Promise<Answer> {
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(base().port),
        method,
        path,
        headers: {
          host: SK_HOST(),
          'accept-language': 'sk-SK,sk;q=0.9',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${SK_HOST()}`, 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, cookies: setCookie.map((c) => c.split(';')[0]!), body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', '#x27': "'" };
const decode = (s: string) => s.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? (name.startsWith('#') ? String.fromCodePoint(Number(name.startsWith('#x') ? `0${name.slice(1)}` : name.slice(1))) : whole));

/**
 * What a reader sees of a page: its title, its description and its body's text without scripts,
 * styles and the RSC payload, and without what it marks (`lang`) as written in another language. Data is not page text: addresses (`<address>`) and the options
 * of a select (the user's own data and the country list, checked by name elsewhere).
 */
function readable(html: string): { title: string; description: string; text: string } {
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
  const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<(script|style|template|address|select|noscript)\b[\s\S]*?<\/\1>/g, '\n')
    // text the page marks as written in another language (a customer's review in Czech): the page says so, as HTML asks
    .replace(/<(\w+)\b[^>]*\slang="(?!sk")[^"]*"[^>]*>[\s\S]*?<\/\1>/g, '\n')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((l) => decode(l).trim())
    .filter(Boolean)
    .join('\n');
  return { title, description, text };
}

function problemsOf(path: string, html: string): string[] {
  const { title, description, text } = readable(html);
  const out: string[] = [];
  if (!/<html[^>]* lang="sk"/.test(html)) out.push(`${path}: <html lang> is not sk`);
  for (const [what, value] of [['title', title], ['description', description], ['text', text]] as const) {
    for (const hit of czechOnly(value, CZECH_PROPER_NAMES)) out.push(`${path} (${what}) ${hit}`);
  }
  return out;
}

/** the routes a walk cannot read as a page: sign-out acts, external layouts, sandbox pages */
const SKIP = new Set<RouteId>(['logout', 'klient-odhlaseni'] as RouteId[]);

const paramless = routeIds.filter((id) => !patternOf(id, 'sk').includes('[') && !SKIP.has(id));

describe('the Slovak host, every page', () => {
  it('the sitemap’s pages and every route without parameters read Slovak: text, title and description', { timeout: 240_000 }, async () => {
    const sitemap = await sk('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const fromSitemap = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => p !== '/en' && !p.startsWith('/en/'));
    expect(fromSitemap.length).toBeGreaterThan(100);
    // the oldest reviews are the seeded Czech ones whatever other tests rated before this walk
    const paths = [...new Set([...fromSitemap, ...paramless.map((id) => patternOf(id, 'sk')), `${patternOf('reviews', 'sk')}?sort=oldest`])];

    const problems: string[] = [];
    const signedIn: string[] = [];
    let read = 0;
    // a few at a time: the local server has two cores
    for (let i = 0; i < paths.length; i += 4) {
      await Promise.all(
        paths.slice(i, i + 4).map(async (path) => {
          const res = await sk('GET', path);
          if (res.status >= 300 && res.status < 400) {
            // the client section sends a signed-out visitor to the login page: read it signed in below
            if (res.location?.includes('from=')) signedIn.push(path);
            return;
          }
          expect(res.status, path).toBeLessThan(500);
          read++;
          problems.push(...problemsOf(path, res.body));
        }),
      );
    }

    // signed in as the demo business customer (its data is Czech: the client section's own texts must not be)
    const login = await sk('POST', patternOf('login', 'sk'), { form: { email: 'firma@zasilkovac.test', password: 'Firma-heslo-2026' } });
    const cookie = login.cookies.join('; ');
    expect(cookie, 'signed in').toContain('zslt_auth_key');
    for (const path of signedIn) {
      const res = await sk('GET', path, { cookie });
      if (res.status >= 300 && res.status < 400) continue;
      expect(res.status, path).toBeLessThan(500);
      read++;
      problems.push(...problemsOf(path, res.body));
    }
    expect(read).toBeGreaterThan(150);
    expect(signedIn.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});

// the route table is the source of the walk: a route added later is walked without touching this file
void routes;
