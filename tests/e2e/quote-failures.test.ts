import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, visitor } from './browser';

/**
 * Issue 30 item 4 (spec §8): a comparison that fails says so. Field errors of quote/find are
 * the field-error dialog; a 500, a 404 or no answer is the 7-second toast with a retry; neither
 * says "no offer".
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const NONE = 'Pro tuto zásilku jsme nenašli žádnou nabídku';
const STREAM = '**/api/v2/quote/find/stream';
const bodyText = (page: Page) => page.locator('body').innerText();

describe('a failed comparison on the carrier step', () => {
  it('shows the server’s field errors in the error dialog (cs)', async () => {
    const { context, page, errors } = await visitor(browser);
    await page.goto('/konfigurator/vyber-dopravce?fc=cz&tc=zz&w=2');
    await hydrated(page);
    const dialog = page.locator('[data-testid=quote-field-errors]');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('Kam – Země: Neplatný kód země');
    expect(await bodyText(page)).not.toContain(NONE);
    // the retry asks again (and fails the same way); closing leaves the errors on the page
    await page.click('[data-testid=quote-field-errors] [data-testid=quote-retry]');
    await dialog.waitFor({ state: 'visible' });
    await page.click('[data-testid=quote-field-errors] .modal-close');
    expect(await page.locator('[data-testid=quote-failed]').textContent()).toContain('Neplatný kód země');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 500 is the 7-second toast with a retry, and the retry compares (cs)', async () => {
    const { context, page, errors } = await visitor(browser);
    let fail = true;
    await context.route(STREAM, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ type: 'API_ERROR', status: 500, message: 'Internal error' }) }) : route.continue(),
    );
    await page.goto('/konfigurator/vyber-dopravce?fc=cz&tc=cz&w=2');
    await hydrated(page);
    const toast = page.locator('[data-testid=quote-error-toast]');
    await toast.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    expect(await toast.textContent()).toContain('Při načítání cen došlo k chybě');
    expect(await bodyText(page)).not.toContain(NONE);
    await toast.waitFor({ state: 'hidden', timeout: 9000 });
    expect(Date.now() - shownAt).toBeGreaterThan(6000);
    fail = false;
    await page.click('[data-testid=quote-failed] [data-testid=quote-retry]');
    await page.waitForSelector('[data-testid=comparison] [data-testid=quote]');
    expect(await page.locator('[data-testid=quote-failed]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 404 and no answer are toasts in the page’s language (en), closed with their button', async () => {
    const { context, page } = await visitor(browser, 'en-US');
    await context.route(STREAM, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ type: 'API_NOT_FOUND_ERROR', status: 404, message: 'No endpoint' }) }));
    await page.goto('/en/configurator/pick-a-carrier?fc=cz&tc=cz&w=2');
    await hydrated(page);
    const toast = page.locator('[data-testid=quote-error-toast]');
    await toast.waitFor({ state: 'visible' });
    expect(await toast.textContent()).toContain('Price comparison is not available right now.');
    await context.unroute(STREAM);
    await context.route(STREAM, (route) => route.abort('failed'));
    await page.click('[data-testid=quote-error-toast-action]');
    await page.waitForFunction(() => document.querySelector('[data-testid=quote-error-toast]')?.textContent?.includes('could not reach the server'));
    await page.click('[data-testid=quote-error-toast-close]');
    await toast.waitFor({ state: 'hidden' });
    expect(await bodyText(page)).not.toContain('We found no offer');
    await context.close();
  });
});
