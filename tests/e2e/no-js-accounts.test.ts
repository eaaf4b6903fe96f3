import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch } from './browser';

/**
 * Issue 22 item 2: with JavaScript off (as before hydration), the account forms post to the
 * edge: registration, sign-in (page and navbar dropdown), the forgotten password and sign-out
 * work, show the same translated messages, and no password ever appears in an address the
 * browser asked for, nor in the server's log.
 */

const root = path.resolve(import.meta.dirname, '../..');
const texts = (locale: 'cs' | 'en') => JSON.parse(readFileSync(path.join(root, `translations/${locale}.json`), 'utf8')) as Record<string, string>;
const cs = texts('cs');
const en = texts('en');

type Mail = { to: string; subject: string; text: string };
const mailbox = async (): Promise<Mail[]> => ((await (await fetch(`${BASE()}/_dev/mailbox.json`)).json()) as { data: Mail[] }).data;

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** every address the browser asked for */
const requested: string[] = [];
const PASSWORD = 'Bez-skriptu-Heslo-77';
const WRONG = 'Spatne-Heslo-Bez-JS-13';
const email = `e2e-nojs-${Date.now()}@example.cz`;

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE(), locale: 'cs-CZ' });
  context.on('request', (r) => requested.push(r.url()));
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const signedIn = async (p: Page) => (await p.locator('.navbar [data-testid=user-menu]').count()) > 0;

describe('account forms with JavaScript off', () => {
  it('registers: the new account is signed in on the page it came for', async () => {
    await page.goto('/registrace?from=contact');
    await page.fill('#reg-firstname', 'Bedřich');
    await page.fill('#reg-surname', 'Beznoha');
    await page.fill('#reg-email', email);
    await page.fill('#reg-phone', '777 123 456');
    await page.fill('#reg-password', 'x');
    await page.click('[data-testid=register-submit]');
    // too short, terms missing: the same messages as with JavaScript, what was typed kept but the password
    expect(new URL(page.url()).pathname).toBe('/registrace');
    expect(await page.inputValue('#reg-email')).toBe(email);
    expect(await page.inputValue('#reg-password')).toBe('');
    expect(await page.textContent('#reg-terms-error')).toBe(cs['validation.terms']);
    expect(await page.locator('#reg-password-error').count()).toBe(1);

    await page.fill('#reg-password', PASSWORD);
    await page.check('#reg-terms');
    await page.click('[data-testid=register-submit]');
    expect(new URL(page.url()).pathname).toBe('/kontakt');
    expect(await signedIn(page)).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'zslt_auth_key')?.httpOnly).toBe(true);
  });

  it('opening the sign-out page asks; its button signs out', async () => {
    await page.goto('/klient/odhlaseni');
    expect(await page.textContent('[data-testid=logout-form]')).toContain(cs['user.logoutQuestion']);
    await page.goto('/kontakt');
    expect(await signedIn(page)).toBe(true);
    await page.goto('/klient/odhlaseni');
    await page.click('[data-testid=logout-submit]');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await signedIn(page)).toBe(false);
  });

  it('signs in on the login page: a wrong password is said in the page’s language, the e-mail kept; then back to `from`', async () => {
    await page.goto('/en/login?from=contact');
    await page.fill('#login-email', email);
    await page.fill('#login-password', WRONG);
    await page.press('#login-password', 'Enter');
    expect(new URL(page.url()).pathname).toBe('/en/login');
    expect(await page.textContent('#login-password-error')).toBe(en['validation.bad_credentials']);
    expect(await page.inputValue('#login-email')).toBe(email);
    expect(await page.inputValue('#login-password')).toBe('');

    await page.fill('#login-password', PASSWORD);
    await page.click('[data-testid=login-submit]');
    expect(new URL(page.url()).pathname).toBe('/en/contact');
    expect(await signedIn(page)).toBe(true);
    await page.goto('/klient/odhlaseni');
    await page.click('[data-testid=logout-submit]');
    expect(await signedIn(page)).toBe(false);
  });

  it('signs in from the navbar dropdown and returns to the page it was on', async () => {
    await page.goto('/kontakt');
    await page.click('[data-testid=login-dropdown] summary');
    expect(await page.isVisible('[data-testid=login-dd-fallback]')).toBe(true);
    await page.fill('#login-dd-email', email);
    await page.fill('#login-dd-password', PASSWORD);
    await page.click('[data-testid=login-dd-fallback-submit]');
    expect(new URL(page.url()).pathname).toBe('/kontakt');
    expect(await signedIn(page)).toBe(true);
    await page.goto('/klient/odhlaseni');
    await page.click('[data-testid=logout-submit]');
  });

  it('sends the forgotten-password link and says so', async () => {
    await page.goto('/zapomenute-heslo');
    await page.fill('#forgotten-email', email);
    await page.click('[data-testid=forgotten-submit]');
    expect(await page.textContent('[data-testid=forgotten-sent]')).toBe(cs['password.forgottenSent']!.replace('{email}', email));
    await expect.poll(async () => (await mailbox()).some((m) => m.to === email && /nastavit-heslo/.test(m.text))).toBe(true);
  });

  it('never put a password into an address, nor into the server log', () => {
    expect(requested.length).toBeGreaterThan(10);
    for (const url of requested) {
      expect(url).not.toContain(PASSWORD);
      expect(url).not.toContain(WRONG);
      expect(url).not.toMatch(/password=/i);
    }
    const log = process.env.E2E_SERVER_LOG;
    if (log && existsSync(log)) {
      const text = readFileSync(log, 'utf8');
      expect(text).toContain('/prihlaseni');
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(WRONG);
    }
  });
});
