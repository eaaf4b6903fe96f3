import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, fillAddress, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('a Liftago window whose price changed at Liftago (issue 24)', () => {
  it('the checkout shows the new price and orders only once the customer confirms it', async () => {
    const { context, page, errors } = await visitor(browser);
    const headers = { origin: BASE(), 'content-type': 'application/json' };
    try {
      await page.goto('/');
      await hydrated(page);
      // Liftago rides inside one city: Prague to Prague
      await page.fill('#qf-sender-zip', '12000');
      await page.fill('#qf-sender-city', 'Praha');
      await page.fill('#qf-recipient-zip', '17000');
      await page.fill('#qf-recipient-city', 'Praha');
      await page.fill('#qf-content-0-weight', '2');
      await page.click('[data-testid=quote-submit]');
      await page.waitForFunction(() => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('[data-testid=quote]').length > 0);
      await page.locator('[data-carrier=liftago] [data-testid=select-quote]').first().click();
      await page.waitForURL(/\/konfigurator\/odesilatel$/);
      await fillAddress(page, 'sender', { first: 'Jana', last: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' });
      // the courier's pickup window: the first one offered
      await page.locator('[data-testid=pickup] select').nth(1).selectOption({ index: 1 });
      await page.click('[data-testid=step-submit]');
      await page.waitForURL(/\/konfigurator\/prijemce$/);
      await fillAddress(page, 'recipient', { first: 'Petr', last: 'Svoboda', street: 'Milady Horákové 5', city: 'Praha', zip: '17000', phone: '603987654', email: 'petr@example.cz' });
      await page.click('[data-testid=step-submit]');
      await page.waitForURL(/\/konfigurator\/shrnuti$/);
      await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
      await page.waitForURL(/\/kosik$/);
      await page.waitForSelector('[data-testid=cart-item]');

      // Liftago now asks 999 CZK for every window
      const set = await context.request.put('/_sandbox/carriers/liftago/_prices', { data: { window: '*', amount: 999 }, headers });
      expect(set.status()).toBe(204);
      await page.click('[data-testid=cart-checkout]');
      await page.waitForSelector('[data-testid=checkout-total]');
      await page.check('[data-testid=checkout-method-bank_transfer]');
      await page.check('[data-testid=checkout-terms]');
      const notice = page.getByText(/Cena se od zobrazení změnila/);
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/1\s?208,79/);
      await page.click('[data-testid=checkout-submit]');
      await page.waitForURL(/\/objednavka\/[\w-]{43}$/);
      const token = page.url().split('/').pop()!;
      const order = ((await (await context.request.get(`/api/v1/orders/${token}`)).json()) as { data: { total_vat: number } }).data;
      expect(order.total_vat).toBeCloseTo(1208.79, 2);
      expect(errors).toEqual([]);
    } finally {
      await context.request.put('/_sandbox/carriers/liftago/_prices', { data: { window: '*', amount: null }, headers });
      await context.close();
    }
  });
});
