import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, compare, fillAddress, fillCustomsItem, hydrated, launch, pickParcelPoint, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Person = { first: string; last: string; street: string; city: string; zip: string; phone: string; email: string };
const SENDER: Person = { first: 'Jana', last: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' };
const RECIPIENT: Person = { first: 'Petr', last: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', phone: '603987654', email: 'petr@example.cz' };




const next = async (page: Page, url: RegExp) => {
  await page.click('[data-testid=step-submit]');
  try {
    await page.waitForURL(url, { timeout: 15_000 });
  } catch (error) {
    const errors = await page.$$eval('.field-error, [data-testid=server-errors], [data-testid=quote-problems]', (els) => els.map((e) => `${e.id}: ${e.textContent}`));
    throw new Error(`still on ${page.url()}: ${errors.join(' | ')}`, { cause: error });
  }
};

describe('a new user ships a parcel', () => {
  it('CZ → CZ 2 kg with parcel points: pick the cheapest, fill both sides, add to cart, reload, remove', async () => {
    const { context, page, errors } = await visitor(browser);
    await compare(page, '/', (p) => p.fill('#qf-content-0-weight', '2'));
    await page.locator('.quote-card.cheapest [data-testid=select-quote]').click();
    await page.waitForURL(/\/konfigurator\/odesilatel$/);

    await fillAddress(page, 'sender', SENDER);
    const senderPoint = await pickParcelPoint(page);
    await next(page, /\/konfigurator\/prijemce$/);
    await fillAddress(page, 'recipient', RECIPIENT);
    const recipientPoint = await pickParcelPoint(page);
    expect(senderPoint || recipientPoint).toBe(true);
    await next(page, /\/konfigurator\/shrnuti$/);

    expect(await page.textContent('[data-testid=summary-sender]')).toContain('Nováková');
    expect(await page.textContent('[data-testid=summary-recipient]')).toContain('Svoboda');
    await page.waitForSelector('[data-testid=price-breakdown]');
    const total = await page.textContent('[data-testid=total-vat]');
    expect(total).toMatch(/Kč/);
    await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
    await page.waitForURL(/\/kosik$/);
    await expect.poll(() => page.locator('[data-testid=cart-link]').getAttribute('data-count')).toBe('1');

    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('[data-testid=cart-item]').count()).toBe(1);
    expect(await page.textContent('main')).toContain('Svoboda');

    await page.locator('[data-testid=cart-remove], .cart-item button:has-text("Odebrat")').first().click();
    await expect.poll(() => page.locator('[data-testid=cart-item]').count()).toBe(0);
    expect(await page.textContent('main')).toContain('Košík je prázdný.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('CZ → US goes through the customs step (en)', async () => {
    const { context, page } = await visitor(browser, 'en-US');
    await compare(page, '/en', async (p) => {
      await p.selectOption('#qf-recipient-country', 'us');
      await p.fill('#qf-content-0-weight', '1');
    });
    await page.locator('.quote-card.cheapest [data-testid=select-quote]').click();
    await page.waitForURL(/\/en\/configurator\/sender$/);
    await fillAddress(page, 'sender', SENDER);
    await pickParcelPoint(page);
    await next(page, /\/en\/configurator\/recipients$/);
    await fillAddress(page, 'recipient', { first: 'John', last: 'Smith', street: '350 5th Ave', city: 'New York', zip: '10118', phone: '2125550100', email: 'john@example.com' });
    await next(page, /\/en\/configurator\/customs$/);

    await page.waitForSelector('[data-testid=customs-item]');
    // nothing filled: translated errors, the step stays
    await page.click('[data-testid=step-submit]');
    await page.waitForSelector('[data-testid=customs-item] .field-error, .field-error');
    expect(new URL(page.url()).pathname).toBe('/en/configurator/customs');
    await fillCustomsItem(page);
    await next(page, /\/en\/configurator\/summary$/);
    expect(await page.textContent('[data-testid=summary-customs]')).toContain('Books');
    await context.close();
  });

  it('shows a translated error for a wrong account number and keeps what was typed', async () => {
    const { context, page } = await visitor(browser);
    await compare(page, '/', (p) => p.fill('#qf-content-0-weight', '2'));
    await page.locator('[data-carrier=dpd] [data-testid=select-quote]').first().click();
    await page.waitForURL(/\/konfigurator\/odesilatel$/);
    await fillAddress(page, 'sender', SENDER);
    await pickParcelPoint(page);
    await next(page, /\/konfigurator\/prijemce$/);
    await fillAddress(page, 'recipient', RECIPIENT);
    await pickParcelPoint(page);
    await page.check('#f-services-cod');
    await page.fill('#f-services-cod-value', '1500');
    await page.fill('#f-services-cod-bankAccount-accountNumber', '1234567891');
    await page.fill('#f-services-cod-bankAccount-bankCode', '0100');
    await page.click('[data-testid=step-submit]');
    await expect.poll(() => page.textContent('#f-services-cod-bankAccount-accountNumber-error')).toBe('Neplatné číslo účtu');
    expect(new URL(page.url()).pathname).toBe('/konfigurator/prijemce');
    expect(await page.inputValue('#f-recipient-street')).toBe(RECIPIENT.street);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.inputValue('#f-services-cod-bankAccount-accountNumber')).toBe('1234567891');
    await context.close();
  });
});
