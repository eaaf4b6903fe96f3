import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../src/routes';
import { hydrated, launch, visitor } from './browser';

/**
 * Issue 14: the home quote form readies the carrier step before the click (the first price
 * comes from the stream, not from loading the page), and item 5 of the form: a country change
 * clears the postcode and town of the country before; an error under one field moves no other.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.y;

describe('the first price after "Compare prices"', () => {
  it('is prefetched on the first focus (not before it on a first visit): after the click only the quote stream loads before the first price', async () => {
    const { context, page, errors } = await visitor(browser);
    await context.addInitScript(() => {
      document.addEventListener('click', (e) => {
        if (e.target instanceof Element && e.target.closest('[data-testid=quote-submit]')) (window as unknown as { __click: number }).__click = performance.now();
      }, true);
      new MutationObserver(() => {
        const w = window as unknown as { __price?: number; __priceWhere?: string };
        const price = document.querySelector('[data-testid=comparison] [data-testid=price-vat]');
        if (w.__price == null && price) {
          w.__price = performance.now();
          w.__priceWhere = `${location.pathname} ${price.closest('[data-testid=inline-comparison]') ? 'inline' : 'step'}`;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const requests: { path: string; type: string }[] = [];
    page.on('request', (r) => requests.push({ path: new URL(r.url()).pathname, type: r.resourceType() }));
    await page.goto('/');
    await hydrated(page);
    expect(requests.some((r) => r.path.startsWith('/RSC/'))).toBe(false);

    // the first focus prefetches the carrier step's payload and loads its client code
    const payload = page.waitForResponse((r) => new URL(r.url()).pathname === '/RSC/R/konfigurator/vyber-dopravce.txt');
    // the browser's files are named by hash alone: the comparison's chunk is the one that renders it
    let focused = false;
    const comparisonCode = page
      .waitForResponse(async (r) => r.url().endsWith('.js') && (await r.text().catch(() => '')).includes('"data-testid":"comparison"'))
      .then(() => focused);
    // issue 29: a first visit (nothing stored, not signed in) loads none of it while idle after
    // the page (those were long tasks Lighthouse counted on every load): the form's first focus does.
    // The idle load this replaced ran within the idle callback's 2 s timeout.
    await page.waitForTimeout(2500);
    focused = true;
    await page.fill('#qf-content-0-weight', '2');
    const [, loadedAfterFocus] = await Promise.all([payload, comparisonCode]);
    expect(loadedAfterFocus).toBe(true);
    // and whatever that code imports: nothing in flight for 300 ms
    let pending = 0;
    let last = Date.now();
    page.on('request', () => ((pending += 1), (last = Date.now())));
    const settled = () => ((pending -= 1), (last = Date.now()));
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await expect.poll(() => pending <= 0 && Date.now() - last > 300, { timeout: 10_000 }).toBe(true);
    const before = requests.length;

    await page.click('[data-testid=quote-submit]');
    await page.waitForFunction(() => (window as unknown as { __price?: number }).__price != null);
    // the first price shows in the form's place, on the page of the click (inline-comparison.tsx):
    // it does not wait for the carrier step's route, which comes after it
    expect(await page.evaluate(() => (window as unknown as { __priceWhere: string }).__priceWhere)).toBe('/ inline');
    await page.waitForURL(/\/konfigurator\/vyber-dopravce$/);
    await page.waitForSelector('[data-testid=comparison] [data-testid=price-vat]');
    expect(await page.textContent('h1')).toBe('Výběr dopravce');
    expect(await page.locator('[data-testid=inline-comparison]').count()).toBe(0);
    const after = requests.slice(before);
    // the navigation took the prefetched payload: no route payload is fetched after the click
    expect(after.filter((r) => r.path.startsWith('/RSC/'))).toEqual([]);
    // the stream starts first, before any code
    expect(after[0]!.path).toBe('/api/v2/quote/find/stream');
    // issue 29: between the click and the first price only the stream: no code (the client
    // reference groups of the step's payload were loaded with the comparison's code) and no
    // quote/detail call (incomplete quotes are completed after they are shown); a timing entry
    // is there once its resource has finished, so after the network is quiet
    await expect.poll(() => requests.slice(before).some((r) => r.path === '/api/v2/quote/detail')).toBe(true);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __price: number; __click: number };
      const resources = performance.getEntriesByType('resource').filter((e) => e.startTime >= w.__click);
      return {
        ms: w.__price - w.__click,
        // code and calls (a card's images may start in the same task as its price)
        beforePrice: resources
          .filter((e) => e.startTime <= w.__price)
          .map((e) => new URL(e.name).pathname)
          .filter((path) => path.endsWith('.js') || path.startsWith('/api/') || path.startsWith('/RSC/')),
      };
    });
    expect(timing.beforePrice).toEqual(['/api/v2/quote/find/stream']);
    // the incomplete quotes still got their detail (above), after the price was shown
    expect(requests.slice(before).filter((r) => r.path.endsWith('.js'))).toEqual([]);
    const ms = timing.ms;
    console.log(`[figures] first price ${ms.toFixed(0)} ms after the click (prefetched on focus)`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the home quote form (item 5)', () => {
  it('clears the postcode and town of the previous country, keeps a postcode of the new one', async () => {
    const { context, page, errors } = await visitor(browser);
    await page.goto('/');
    await hydrated(page);
    await page.fill('#qf-recipient-zip', '602 00');
    await page.fill('#qf-recipient-city', 'Brno');
    await page.selectOption('#qf-recipient-country', 'de');
    await expect.poll(() => page.inputValue('#qf-recipient-zip')).toBe('');
    expect(await page.inputValue('#qf-recipient-city')).toBe('');
    expect(await page.inputValue('#qf-recipient-country')).toBe('de');

    // a Slovak postcode typed before Slovakia was chosen stays with its town
    await page.selectOption('#qf-recipient-country', 'cz');
    await page.fill('#qf-recipient-zip', '811 04');
    await page.fill('#qf-recipient-city', 'Bratislava');
    await page.selectOption('#qf-recipient-country', 'sk');
    await page.waitForTimeout(300);
    expect(await page.inputValue('#qf-recipient-zip')).toBe('811 04');
    expect(await page.inputValue('#qf-recipient-city')).toBe('Bratislava');
    // and the sender side is left alone
    expect(await page.inputValue('#qf-sender-country')).toBe('cz');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the country selects' content width from being asked for (issue 29: Chromium measures all ~240 options for it)", async () => {
    // A grid's auto track asks its items for their max-content width; a select answers it by
    // measuring every option's text (~15 ms of the home page's first layout unthrottled). The
    // widths on screen do not show it (a select with a percentage width is compressible), so the
    // rule itself is checked: each country select sits in a wrapper with inline-size containment.
    const { context, page, errors } = await visitor(browser);
    await page.goto('/');
    await hydrated(page);
    const contained = await page.$$eval('#qf-sender-country, #qf-recipient-country', (selects) => selects.map((s) => getComputedStyle(s.parentElement!).contain));
    expect(contained).toEqual(['inline-size', 'inline-size']);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    it(`keeps the fields in line when one shows an error (${name})`, async () => {
      const { context, page, errors } = await visitor(browser);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await hydrated(page);
      // the fields that share a line: all five on a desktop, two by two on a phone
      const lines =
        name === 'desktop'
          ? [['#qf-content-0-type', '#qf-content-0-weight', '#qf-content-0-length', '#qf-content-0-width', '#qf-content-0-height']]
          : [['#qf-content-0-type', '#qf-content-0-weight'], ['#qf-content-0-length', '#qf-content-0-width']];
      await page.fill('#qf-content-0-weight', 'abc');
      await page.fill('#qf-content-0-length', '-5');
      await page.fill('#qf-sender-zip', '99');
      await page.click('[data-testid=quote-submit]');
      await page.waitForSelector('#qf-content-0-weight-error');
      await page.waitForSelector('#qf-content-0-length-error');
      await page.waitForSelector('#qf-sender-zip-error');
      // an error takes space below its own field: the inputs beside it stay in line
      for (const line of lines) {
        const tops = await Promise.all(line.map((s) => top(page, s)));
        expect(tops, line.join(' ')).toEqual(tops.map(() => tops[0]));
      }
      // the sender's postcode error moves neither the town beside it nor the recipient's fields
      expect(await top(page, '#qf-sender-city')).toBe(await top(page, '#qf-sender-zip'));
      if (name === 'desktop') expect(await top(page, '#qf-recipient-zip')).toBe(await top(page, '#qf-sender-zip'));
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the cart page while it reads the stored cart', () => {
  // issue 29: the skeleton and the empty cart differ in height; with the footer on the first
  // screen the swap moved it (Lighthouse: a layout shift of 0.066 on a phone). The footer starts
  // below the first screen in both states, so the swap moves nothing the visitor sees.
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    for (const locale of ['cs-CZ', 'en-GB']) {
      it(`keeps the footer below the first screen, skeleton and empty cart alike (${name}, ${locale})`, async () => {
        const path = href('cart', locale === 'cs-CZ' ? 'cs' : 'en');
        const footerTop = async (page: Page) => (await page.locator('footer.footer').boundingBox())!.y;

        const before = await visitor(browser, locale);
        await before.page.setViewportSize(viewport);
        await before.page.route('**/*.js', (route) => route.abort()); // the page as painted before its code runs
        await before.page.goto(path);
        await before.page.getByTestId('cart-loading').waitFor();
        expect(await footerTop(before.page)).toBeGreaterThanOrEqual(viewport.height);
        await before.context.close();

        const after = await visitor(browser, locale);
        await after.page.setViewportSize(viewport);
        await after.page.goto(path);
        await hydrated(after.page);
        await after.page.getByTestId('cart-empty').waitFor();
        expect(await footerTop(after.page)).toBeGreaterThanOrEqual(viewport.height);
        expect(after.errors).toEqual([]);
        await after.context.close();
      });
    }
  }
});
