import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternOf, type RouteId } from '../../src/routes';
import { BASE } from './browser';

/**
 * The Nu HTML checker (vnu-jar, the W3C validator's engine; Java from the machine) over one
 * page of each kind, signed out and signed in: no errors.
 */
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

const SIGNED_OUT: RouteId[] = ['home', 'faq', 'reviews', 'contact-form', 'claim', 'tracking', 'change-request', 'login', 'register', 'cart', 'configurator-sender', 'configurator-carrier', 'carrier-dpd', 'business', 'news', 'terms'];
const SIGNED_IN: RouteId[] = ['klient-prehled', 'klient-zasilky', 'klient-adresar', 'klient-faktury', 'klient-nastaveni', 'klient-kredit', 'klient-import', 'klient-v2-prehled', 'klient-v2-zasilky'];

async function save(dir: string, name: string, url: string, cookie = '') {
  const res = await fetch(new URL(url, BASE()), { headers: { cookie, 'accept-language': 'cs' }, redirect: 'manual' });
  expect(res.status, url).toBe(200);
  const file = path.join(dir, `${name}.html`);
  writeFileSync(file, await res.text());
  return file;
}

describe('valid HTML', () => {
  it('one page of each kind, in cs and en, signed out and in, has no error in the Nu HTML checker', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
    const files: string[] = [];
    for (const id of SIGNED_OUT) for (const lang of ['cs', 'en'] as const) files.push(await save(dir, `${id}-${lang}`, patternOf(id, lang)));
    const login = await fetch(new URL('/api/v1/user/login', BASE()), { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE() }, body: JSON.stringify({ email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    for (const id of SIGNED_IN) for (const lang of ['cs', 'en'] as const) files.push(await save(dir, `${id}-${lang}`, patternOf(id, lang), cookie));

    let out = '';
    try {
      execFileSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      out = (error as { stderr?: string }).stderr ?? String(error);
    }
    const messages = out ? (JSON.parse(out) as { messages: { url: string; message: string; extract?: string }[] }).messages : [];
    const report = messages.map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract?.slice(0, 120) ?? ''}`);
    expect(report).toEqual([]);
  });
});
