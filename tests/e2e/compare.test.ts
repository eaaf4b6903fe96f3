import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const prices = (page: import('playwright-core').Page) =>
  page.$$eval('[data-testid=comparison] [data-testid=quote]', (cards) => cards.map((c) => Number((c as HTMLElement).dataset.price || 'NaN')));

describe('compare carriers', () => {
  for (const [locale, lang, heading] of [['cs-CZ', 'cs', 'Výběr dopravce'], ['en-US', 'en', 'Pick a carrier']] as const) {
    it(`streams every carrier's quote for CZ → CZ 2 kg (${lang})`, async () => {
      const { context, page, errors } = await visitor(browser, locale);
      await page.goto(lang === 'en' ? '/en' : '/');
      await hydrated(page);
      await page.fill('#qf-content-0-weight', '2');
      const t0 = Date.now();
      await page.click('[data-testid=quote-submit]');
      await page.waitForSelector('[data-testid=comparison] [data-testid=quote]');
      const first = Date.now() - t0;
      await page.waitForFunction(() => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false');
      const all = Date.now() - t0;
      console.log(`[figures] ${lang}: first quote visible ${first} ms, all quotes ${all} ms after submitting`);
      expect(await page.textContent('h1')).toBe(heading);

      const carriers = await page.$$eval('[data-testid=comparison] [data-testid=quote]', (cards) => cards.map((c) => (c as HTMLElement).dataset.carrier));
      expect(new Set(carriers)).toEqual(new Set(['balikovna', 'dpd', 'fedex', 'gls', 'ppl', 'toptrans', 'ups', 'wedo', 'liftago']));
      // sorted by price: the priced quotes ascend, the unavailable ones come last
      const byPrice = (await prices(page)).filter((p) => !Number.isNaN(p));
      expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
      const cheapest = page.locator('.quote-card.cheapest');
      expect(await cheapest.count()).toBe(1);
      expect(Number(await cheapest.getAttribute('data-price'))).toBe(byPrice[0]);
      // a carrier that cannot serve the route says so in words
      expect(await page.locator('[data-carrier=fedex] .qc-problems').textContent()).toBeTruthy();

      await page.selectOption('[data-testid=sort]', 'rating');
      const ratings = await page.$$eval('[data-testid=comparison] .quote-card:not(.unavailable) .qc-rating', (r) => r.map((e) => Number(e.textContent!.replace(/[^\d,.]/g, '').replace(',', '.').split(/\s/)[0]!.slice(0, 3))));
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

      await page.locator('.quote-card.cheapest [data-testid=select-quote]').click();
      await page.waitForURL(`${BASE()}${lang === 'en' ? '/en/configurator/sender' : '/konfigurator/odesilatel'}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows a comparison with JavaScript disabled', async () => {
    const context = await browser.newContext({ locale: 'cs-CZ', baseURL: BASE(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.fill('#qf-content-0-weight', '3');
    await page.click('[data-testid=quote-submit]');
    await page.waitForURL(/\/konfigurator\/vyber-dopravce\?/);
    await page.waitForSelector('[data-testid=ssr-comparison] [data-testid=quote]');
    expect(await page.locator('[data-testid=ssr-comparison] [data-testid=quote]').count()).toBeGreaterThanOrEqual(9);
    expect(await page.locator('[data-testid=ssr-comparison] .quote-card.cheapest').count()).toBe(1);
    await context.close();
  });

  it('keeps what was typed in the form across a reload', async () => {
    const { context, page } = await visitor(browser);
    await page.goto('/');
    await hydrated(page);
    await page.selectOption('#qf-recipient-country', 'sk');
    await page.fill('#qf-content-0-weight', '4,5');
    await page.click('[data-testid=quote-submit]');
    await page.waitForSelector('[data-testid=comparison] [data-testid=quote]');
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => page.inputValue('#qf-content-0-weight')).toBe('4,5');
    expect(await page.inputValue('#qf-recipient-country')).toBe('sk');
    await context.close();
  });

  it('shows a translated error for a wrong PSČ without losing the rest', async () => {
    const { context, page } = await visitor(browser, 'en-US');
    await page.goto('/en');
    await hydrated(page);
    await page.fill('#qf-sender-zip', '9999');
    await page.fill('#qf-content-0-weight', '2');
    await page.click('[data-testid=quote-submit]');
    expect(await page.textContent('#qf-sender-zip-error')).toBe('Invalid postcode');
    expect(await page.inputValue('#qf-content-0-weight')).toBe('2');
    expect(new URL(page.url()).pathname).toBe('/en');
    await context.close();
  });
});
