import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../src/routes';
import { BASE, launch } from './browser';

/**
 * Issue 14 item 1: with JavaScript off every screen of the path either works or says, in
 * the page's language, that ordering needs JavaScript; nothing waits for ever ("Loading…",
 * a spinner, "Getting the price…"). The comparison itself works: the form is a GET form and
 * the server prices every offer.
 */

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = (locale: 'cs' | 'en') => JSON.parse(readFileSync(path.join(root, `translations/${locale}.json`), 'utf8')) as Record<string, string>;
const LOCALES = ['cs', 'en'] as const;
const texts = { cs: catalogue('cs'), en: catalogue('en') };
/** everything that only makes sense while a script is working */
const waitingTexts = (locale: 'cs' | 'en') =>
  ['configurator.loading', 'cart.loading', 'quote.loadingDetail', 'checkout.loading'].map((key) => texts[locale][key]).filter((s): s is string => Boolean(s)).concat(texts[locale]['quote.loading']!.split('…')[0]!);

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE(), locale: 'cs-CZ' });
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const visibleText = (p: Page) => p.locator('body').innerText();

async function expectNothingWaiting(p: Page, locale: 'cs' | 'en') {
  const text = await visibleText(p);
  for (const waiting of waitingTexts(locale)) expect(text, `"${waiting}" on ${p.url()}`).not.toContain(waiting);
  expect(await p.locator('.cfg-spinner:visible, .cfg-skeleton:visible, .cart-skeleton:visible').count(), `a spinner on ${p.url()}`).toBe(0);
}

const query = (weight: string, extra: [string, string][] = []) =>
  new URLSearchParams([['fc', 'cz'], ['fz', '11000'], ['fcity', 'Praha'], ['tc', 'cz'], ['tz', '60200'], ['tcity', 'Brno'], ['pt', 'package'], ['w', weight], ['l', ''], ['wi', ''], ['h', ''], ...extra]).toString();

describe('JavaScript off', () => {
  it.each(LOCALES)('%s: the home form compares on the server; the comparison shows prices, a recap and says choosing needs JavaScript', async (locale) => {
    const t = texts[locale];
    await page.goto(href('home', locale));
    await page.fill('#qf-sender-zip', '110 00');
    await page.fill('#qf-sender-city', 'Praha');
    await page.fill('#qf-recipient-zip', '602 00');
    await page.fill('#qf-recipient-city', 'Brno');
    await page.fill('#qf-content-0-weight', '2');
    await page.fill('#qf-content-0-length', '30');
    await Promise.all([page.waitForURL(/[?&]w=2/), page.click('[data-testid=quote-submit]')]);
    expect(new URL(page.url()).pathname).toBe(href('configurator-carrier', locale));

    const cards = page.locator('[data-testid=ssr-comparison] [data-testid=quote]');
    expect(await cards.count()).toBeGreaterThan(3);
    const priced = await page.locator('[data-testid=ssr-comparison] [data-testid=quote][data-price]:not([data-price=""])').count();
    expect(priced).toBeGreaterThan(0);
    // every card has a price or a reason
    for (const card of await cards.all()) {
      const hasPrice = (await card.getAttribute('data-price')) !== '';
      const reasons = await card.locator('.qc-problems li, [data-testid=no-price]').count();
      expect(hasPrice || reasons > 0, await card.innerText()).toBe(true);
    }
    await expect.poll(() => page.locator('[data-testid=noscript-notice]').innerText()).toContain(t['quote.noscript']!);
    const recap = page.locator('[data-testid=shipment-recap]');
    expect(await recap.locator('[data-testid=recap-route]').innerText()).toMatch(locale === 'cs' ? /110 00 Praha, Česk.*→.*Brno/ : /110 00 Praha, Czech.*→.*Brno/);
    expect(await recap.locator('[data-testid=recap-packages]').innerText()).toContain(`${t['quote.type.package']} · 2 kg · 30 × 10 × 10 cm (${t['quote.assumed']})`);
    await expectNothingWaiting(page, locale);

    // "change" opens the home form prefilled with this shipment
    await page.click('[data-testid=recap-change]');
    await page.waitForURL((url) => url.pathname === href('home', locale));
    expect(await page.inputValue('#qf-content-0-weight')).toBe('2');
    expect(await page.inputValue('#qf-sender-zip')).toMatch(/^110 ?00$/);
    expect(await page.inputValue('#qf-recipient-city')).toBe('Brno');
  });

  it.each(LOCALES)('%s: no usable offer for 1,000 kg: the notice on top says what to change, the count counts usable offers', async (locale) => {
    const t = texts[locale];
    await page.goto(`${href('configurator-carrier', locale)}?${query('1000')}`);
    const banner = page.locator('[data-testid=ssr-comparison] [data-testid=no-usable]');
    expect(await banner.innerText()).toContain(t['quote.noneUsable.title']!);
    expect(await banner.innerText()).toContain(t['quote.advice.weight']!);
    // it comes before the cards
    expect(await page.locator('[data-testid=ssr-comparison] > :first-child').getAttribute('data-testid')).toBe('no-usable');
    expect(await page.locator('[data-testid=ssr-comparison] [data-testid=quote]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=ssr-comparison]').innerText()).not.toMatch(/\b[1-9]\d* (nabíd|offers)/);
    await expectNothingWaiting(page, locale);
  });

  it('a pallet sent with a parcel: the notice says to send the pallet on its own', async () => {
    await page.goto(`${href('configurator-carrier', 'en')}?${query('5', [['pt', 'pallet'], ['w', '200'], ['l', '120'], ['wi', '80'], ['h', '100']])}`);
    const banner = page.locator('[data-testid=ssr-comparison] [data-testid=no-usable]');
    expect(await banner.innerText()).toContain(texts.en['quote.advice.mixed']!);
  });

  const STEPS = ['configurator-sender', 'configurator-recipient', 'configurator-customs', 'configurator-summary', 'cart'] as const;
  for (const locale of LOCALES) {
    it.each(STEPS)(`${locale}: %s says ordering needs JavaScript and shows no endless loading`, async (route) => {
      const t = texts[locale];
      await page.goto(href(route, locale));
      const notice = await page.locator('[data-testid=noscript-notice]').innerText();
      expect(notice).toContain(route === 'cart' ? t['cart.noscript']! : t['configurator.noscript']!);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      await expectNothingWaiting(page, locale);
      // the way on without JavaScript: the comparison (a plain link to the home form)
      expect(await page.locator('[data-testid=noscript-notice] a').getAttribute('href')).toBe(href('home', locale));
    });
  }

  it.each(LOCALES)('%s: the carrier step without a shipment says what to do', async (locale) => {
    await page.goto(href('configurator-carrier', locale));
    expect(await page.locator('[data-testid=noscript-notice]').innerText()).toContain(texts[locale]['configurator.noscript']!);
    await expectNothingWaiting(page, locale);
  });
});
