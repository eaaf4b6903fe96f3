import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Mail = { to: string; subject: string; text: string; html: string; sent_at: string };

/** the local mailbox (LOCAL_DEV), newest first */
const mailbox = async (): Promise<Mail[]> => ((await (await fetch(`${BASE()}/_dev/mailbox.json`)).json()) as { data: Mail[] }).data;

/** the first link to `path` in the newest message to `to` */
async function linkFromMail(to: string, path: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const text = (await mailbox()).find((m) => m.to === to && path.test(m.text))?.text;
      found = text?.match(new RegExp(`https?://\\S*${path.source}\\S*`))?.[0];
      return found;
    })
    .toBeDefined();
  return found!;
}

let sequence = 0;
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${++sequence}@example.cz`;

type Texts = { register: string; contact: string; home: string; login: string; forgotten: string; required: string; badCredentials: string; wrongIco: string };
const TEXTS: Record<'cs' | 'en', Texts> = {
  cs: {
    register: '/registrace',
    contact: '/kontakt',
    home: '/',
    login: '/prihlaseni',
    forgotten: '/zapomenute-heslo',
    required: 'Povinný údaj',
    badCredentials: 'Nesprávný e-mail nebo heslo',
    wrongIco: 'Neplatné IČO',
  },
  en: {
    register: '/en/create-account',
    contact: '/en/contact',
    home: '/en',
    login: '/en/login',
    forgotten: '/en/forgotten-password',
    required: 'This field is required',
    badCredentials: 'Wrong e-mail or password',
    wrongIco: 'Invalid company ID (IČO)',
  },
};
const browserLocale = { cs: 'cs-CZ', en: 'en-US' } as const;

async function registerPersonal(page: Page, t: Texts, email: string, password: string) {
  await page.goto(t.register);
  await hydrated(page);
  await page.fill('#reg-firstname', 'Jana');
  await page.fill('#reg-surname', 'Nováková');
  await page.fill('#reg-email', email);
  await page.fill('#reg-phone', '777 123 456');
  await page.fill('#reg-password', password);
  await page.check('#reg-terms');
  await page.click('[data-testid=register-submit]');
  await page.waitForSelector('[data-testid=user-menu]');
  await hydrated(page);
}

async function signOut(page: Page) {
  await page.click('.navbar [data-testid=user-menu] summary');
  await page.click('.navbar [data-testid=user-menu] [data-testid=logout]');
  await page.waitForSelector('.navbar [data-testid=login-dropdown]');
  await hydrated(page);
}

async function signInFromDropdown(page: Page, email: string, password: string) {
  const dropdown = page.locator('.navbar [data-testid=login-dropdown]');
  if (!(await dropdown.evaluate((d) => (d as HTMLDetailsElement).open))) await dropdown.locator('summary').click();
  await page.waitForSelector('#login-dd-email');
  await page.fill('#login-dd-email', email);
  await page.fill('#login-dd-password', password);
  await page.click('[data-testid=login-dd-submit]');
}

describe.each(['cs', 'en'] as const)('accounts of a new user (%s)', (locale) => {
  const t = TEXTS[locale];

  it('registers a personal account, signs out, and signs in from the dropdown back on the page it was on', async () => {
    const { context, page, errors } = await visitor(browser, browserLocale[locale]);
    const email = uniqueEmail(`personal-${locale}`);
    const password = 'Modry-balik-42';

    // nothing filled: every error next to its field, translated
    await page.goto(t.register);
    await hydrated(page);
    await page.click('[data-testid=register-submit]');
    await expect.poll(() => page.textContent('#reg-email-error')).toBe(t.required);
    expect(await page.textContent('#reg-password-error')).toBe(t.required);
    expect(await page.isVisible('#reg-terms-error')).toBe(true);

    await registerPersonal(page, t, email, password);
    expect(new URL(page.url()).pathname).toBe(t.home);
    expect(await page.textContent('[data-testid=user-name]')).toBe('Jana Nováková');
    expect(await page.isVisible('[data-testid=support-chat]')).toBe(false);
    expect((await context.cookies()).find((c) => c.name === 'zslt_auth_key')?.httpOnly).toBe(true);

    await signOut(page);
    expect((await context.cookies()).some((c) => c.name === 'zslt_auth_key')).toBe(false);

    await page.goto(t.contact);
    await hydrated(page);
    // a wrong password: translated, on the password field, which alone is emptied
    await signInFromDropdown(page, email, 'not-the-password');
    await expect.poll(() => page.textContent('#login-dd-password-error')).toBe(t.badCredentials);
    expect(await page.inputValue('#login-dd-email')).toBe(email);
    expect(await page.inputValue('#login-dd-password')).toBe('');

    await signInFromDropdown(page, ` ${email.toUpperCase()} `, password);
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    expect(new URL(page.url()).pathname).toBe(t.contact);
    expect(await page.textContent('[data-testid=user-name]')).toBe('Jana Nováková');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a business registration with a wrong IČO, in the user’s language', async () => {
    const { context, page } = await visitor(browser, browserLocale[locale]);
    await page.goto(t.register);
    await hydrated(page);
    await page.check('[data-testid=segment-B]');
    await page.fill('#reg-ico', '12345678');
    await page.click('[data-testid=ico-lookup]');
    await expect.poll(() => page.textContent('#reg-ico-error')).toBe(t.wrongIco);

    await page.fill('#reg-company', 'Zkušební firma s.r.o.');
    await page.fill('#reg-street', 'Hlavní 1');
    await page.fill('#reg-city', 'Praha');
    await page.fill('#reg-zip', '11000');
    await page.fill('#reg-firstname', 'Petr');
    await page.fill('#reg-surname', 'Svoboda');
    await page.fill('#reg-email', uniqueEmail(`business-${locale}`));
    await page.fill('#reg-phone', '603987654');
    await page.fill('#reg-password', 'Firemni-heslo-7');
    await page.check('#reg-terms');
    await page.click('[data-testid=register-submit]');
    await expect.poll(() => page.textContent('#reg-ico-error')).toBe(t.wrongIco);
    expect(new URL(page.url()).pathname).toBe(t.register);
    expect(await page.inputValue('#reg-company')).toBe('Zkušební firma s.r.o.');
    await context.close();
  });
});

describe('accounts: recovering and other ways in', () => {
  it('sets a new password from the e-mailed link, then signs in with it (en)', async () => {
    const { context, page, errors } = await visitor(browser, 'en-US');
    const t = TEXTS.en;
    const email = uniqueEmail('forgotten');
    await registerPersonal(page, t, email, 'Old-password-1');
    await signOut(page);

    await page.goto(t.forgotten);
    await hydrated(page);
    await page.fill('#forgotten-email', email);
    await page.click('[data-testid=forgotten-submit]');
    await expect.poll(() => page.textContent('[data-testid=forgotten-sent]')).toContain(email);

    const link = await linkFromMail(email, /\/en\/set-password\//);
    await page.goto(link);
    await hydrated(page);
    await page.fill('#set-password', 'New-password-2');
    await page.fill('#set-password-confirmation', 'New-password-3');
    await page.click('[data-testid=set-password-submit]');
    await expect.poll(() => page.textContent('#set-password-confirmation-error')).toBe('The passwords do not match');
    await page.fill('#set-password', 'New-password-2');
    await page.fill('#set-password-confirmation', 'New-password-2');
    await page.click('[data-testid=set-password-submit]');
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    await hydrated(page);
    await signOut(page);

    // the link is spent
    await page.goto(link);
    await hydrated(page);
    await page.fill('#set-password', 'Third-password-4');
    await page.fill('#set-password-confirmation', 'Third-password-4');
    await page.click('[data-testid=set-password-submit]');
    await page.waitForSelector('[data-testid=set-password-token-invalid]');

    await page.goto(t.login);
    await hydrated(page);
    await page.fill('#login-email', email);
    await page.fill('#login-password', 'Old-password-1');
    await page.click('[data-testid=login-submit]');
    await expect.poll(() => page.textContent('#login-password-error')).toBe(t.badCredentials);
    await page.fill('#login-password', 'New-password-2');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    expect(new URL(page.url()).pathname).toBe(t.home);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the one-time link from the e-mail (cs)', async () => {
    const { context, page } = await visitor(browser);
    const email = uniqueEmail('link');
    await registerPersonal(page, TEXTS.cs, email, 'Odkaz-heslo-5');
    await signOut(page);

    await page.goto('/prihlaseni');
    await hydrated(page);
    await page.fill('#login-email', email);
    await page.click('[data-testid=login-send-link]');
    await expect.poll(() => page.textContent('[data-testid=login-message]')).toContain(email);

    const link = await linkFromMail(email, /\/prihlaseni\/[^\s/]+/);
    await page.goto(link);
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    expect(new URL(page.url()).pathname).toBe('/');
    await signOut(page);

    await page.goto(link);
    await page.waitForSelector('[data-testid=token-login-failed]');
    expect(new URL(page.url()).pathname).toBe('/prihlaseni');
    await context.close();
  });

  it('signs in with a clientAuthToken on any page and takes it out of the address (spec §2.9)', async () => {
    const { context, page } = await visitor(browser);
    const email = uniqueEmail('client-token');
    await registerPersonal(page, TEXTS.cs, email, 'Token-heslo-9');
    await signOut(page);
    await page.request.post('/api/v1/user/login-link', { data: { email, language: 'cs' }, headers: { origin: BASE() } });
    const token = (await linkFromMail(email, /\/prihlaseni\/[^\s/]+/)).split('/').pop()!;

    await page.goto(`/kontakt?clientAuthToken=${encodeURIComponent(token)}&utm=x`);
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/kontakt?utm=x');
    await signOut(page);

    // spent: the page stays signed out and says so
    await page.goto(`/kontakt?clientAuthToken=${encodeURIComponent(token)}`);
    await page.waitForSelector('[data-testid=token-login-failed]');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it.each([
    ['google', 'cs', '/klient/v2/faktury', '/prihlaseni?from=klient-v2-faktury'],
    ['facebook', 'en', '/en/klient/v2/faktury', '/en/login?from=klient-v2-faktury'],
  ] as const)('signs in through the %s sandbox provider and returns to the client section (%s)', async (provider, locale, target, loginPath) => {
    const { context, page, errors } = await visitor(browser, browserLocale[locale]);
    // the client section sends an anonymous visitor to sign in with `from`
    await page.goto(target);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(loginPath);
    await hydrated(page);
    expect(await page.isVisible(`[data-testid=social-${provider}] .sandbox-tag`)).toBe(true);
    await page.click(`[data-testid=social-${provider}]`);
    await page.waitForURL(new RegExp(`/_sandbox/idp/${provider}/authorize`));
    await page.fill('#email', uniqueEmail(provider));
    await page.fill('#firstname', 'Eva');
    await page.fill('#surname', 'Sociální');
    await page.click('button[value=allow]');
    await page.waitForURL(`${BASE()}${target}`);
    await page.waitForSelector('.navbar [data-testid=user-menu]');
    expect(await page.textContent('[data-testid=user-name]')).toBe('Eva Sociální');
    expect(new URL(page.url()).hash).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before signing out with a draft in progress, then forgets it', async () => {
    const { context, page } = await visitor(browser);
    await registerPersonal(page, TEXTS.cs, uniqueEmail('draft'), 'Koncept-heslo-6');
    await page.evaluate(() => localStorage.setItem('zslt_state', JSON.stringify({ version: '1.0.11', savedAt: Date.now(), state: { draft: { content: [] }, cart: { items: [] } } })));

    await page.click('.navbar [data-testid=user-menu] summary');
    await page.click('.navbar [data-testid=user-menu] [data-testid=logout]');
    const dialog = page.locator('.navbar [data-testid=logout-confirm]').first();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => getComputedStyle(d).width)).toBe('500px');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.isVisible('.navbar [data-testid=user-menu]')).toBe(true);

    await page.click('.navbar [data-testid=user-menu] [data-testid=logout]');
    await page.click('.navbar [data-testid=logout-confirm-confirm]');
    await page.waitForSelector('.navbar [data-testid=login-dropdown]');
    expect(await page.evaluate(() => localStorage.getItem('zslt_state'))).toBeNull();
    await context.close();
  });

  it('follows the session cookie when another tab signs out (spec §4 cookie auth)', async () => {
    const { context, page } = await visitor(browser);
    await registerPersonal(page, TEXTS.cs, uniqueEmail('tabs'), 'Dve-karty-8');
    await page.goto('/kontakt');
    await hydrated(page);

    const other = await context.newPage();
    await other.goto('/');
    await hydrated(other);
    await signOut(other);

    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForSelector('.navbar [data-testid=login-dropdown]');
    expect(new URL(page.url()).pathname).toBe('/kontakt');
    await context.close();
  });
});
