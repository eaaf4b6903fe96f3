import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, fillAddress, fillCustomsItem, hydrated, launch, visitor } from './browser';

/**
 * Issue 14 items 1 and 7 with JavaScript on: the carrier step's recap and disabled step links,
 * the no-usable-offer notice of the streamed list, the street-number rule on the address
 * step, the customs invoice uploaded to R2 (listed, removed) and the assumed dimensions.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());



const PDF = Buffer.from('%PDF-1.4\n%invoice\n1 0 obj <<>> endobj\n%%EOF\n');

describe('the path with JavaScript', () => {
  it('1,000 kg: the streamed comparison says no offer is usable, what to change, and counts 0 usable', async () => {
    const { context, page } = await visitor(browser, 'en-US');
    await compare(page, '/en', (p) => p.fill('#qf-content-0-weight', '1000'));
    const banner = page.locator('[data-testid=comparison] [data-testid=no-usable]');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('None of the offers can be ordered');
    expect(await banner.innerText()).toContain('Lower the weight');
    expect(await page.locator('[data-testid=comparison] [role=status]').last().innerText()).toBe('Offers you can order: 0');
    expect(await page.locator('[data-testid=select-quote]').count()).toBe(0);
    await context.close();
  });

  it('CZ → US (en): recap and step links, a street without a number refused, the invoice uploaded and removed, assumed dimensions in the summary', async () => {
    const { context, page, errors } = await visitor(browser, 'en-US');
    await compare(page, '/en', async (p) => {
      await p.fill('#qf-sender-zip', '11000');
      await p.fill('#qf-sender-city', 'Praha');
      await p.selectOption('#qf-recipient-country', 'us');
      await p.fill('#qf-content-0-weight', '1');
    });
    const recap = page.locator('[data-testid=shipment-recap]');
    expect(await recap.locator('[data-testid=recap-route]').innerText()).toMatch(/^110 00 Praha, Czech.* → United States/);
    expect(await recap.locator('[data-testid=recap-packages]').innerText()).toBe('Parcel · 1 kg · 10 × 10 × 10 cm (assumed)');
    expect(await recap.locator('[data-testid=recap-change]').getAttribute('href')).toMatch(/^\/en\?fc=cz&fz=11000&fcity=Praha&tc=us/);
    // nothing completed yet: sender and recipient cannot be followed (no link), the summary can
    const steps = page.locator('[data-testid=configurator-steps]');
    expect(await steps.locator('[data-step=sender] a').count()).toBe(0);
    expect(await steps.locator('[data-step=sender] [aria-disabled=true]').count()).toBe(1);
    expect(await steps.locator('[data-step=summary] a').count()).toBe(1);

    // a carrier that takes the shipper's own invoice
    await page.locator('[data-carrier=ups] [data-testid=select-quote], [data-carrier=fedex] [data-testid=select-quote]').first().click();
    await page.waitForURL(/\/en\/configurator\/sender$/);
    await hydrated(page);
    // the URL changes before the header re-renders for the new step
    await expect.poll(() => steps.locator('[data-step=carrier]').getAttribute('class')).toContain('is-done');
    await fillAddress(page, 'sender', { first: 'Jana', last: 'Nováková', street: 'Vinohradská', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' });
    await page.click('[data-testid=step-submit]');
    await page.waitForSelector('#f-sender-street[aria-invalid=true]');
    expect(await page.locator('.field-error').allInnerTexts()).toContain('Enter the street with the house number, e.g. Vinohradská 12');
    expect(new URL(page.url()).pathname).toBe('/en/configurator/sender');
    await page.fill('#f-sender-street', 'Vinohradská 12');
    await page.click('[data-testid=step-submit]');
    await page.waitForURL(/\/en\/configurator\/recipients$/);
    await fillAddress(page, 'recipient', { first: 'John', last: 'Smith', street: '350 5th Ave', city: 'New York', zip: '10118', phone: '2125550100', email: 'john@example.com' });
    await page.click('[data-testid=step-submit]');
    await page.waitForURL(/\/en\/configurator\/customs$/);

    const upload = page.locator('[data-testid=invoice-upload]');
    await upload.waitFor();
    await page.setInputFiles('#cfg-invoice-files', [{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.locator('[data-testid=invoice-file]').waitFor();
    expect(await page.locator('[data-testid=invoice-file]').innerText()).toContain('invoice.pdf');
    // a file that only claims to be a PDF is refused by the server, in English
    await page.setInputFiles('#cfg-invoice-files', [{ name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00not a pdf') }]);
    await page.locator('[data-testid=invoice-errors]').waitFor();
    expect(await page.locator('[data-testid=invoice-errors]').innerText()).toBe('virus.pdf: Upload a PDF, JPEG or PNG file');
    expect(await page.locator('[data-testid=invoice-file]').count()).toBe(1);
    // removed: gone from the list (and from R2: its DELETE answered)
    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v1/shipments/customs-invoice/'));
    await page.getByRole('button', { name: 'Remove invoice.pdf' }).click();
    expect((await removed).status()).toBe(200);
    await page.locator('[data-testid=invoice-file]').waitFor({ state: 'detached' });
    // uploaded again, it goes on with the shipment
    await page.setInputFiles('#cfg-invoice-files', [{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await page.locator('[data-testid=invoice-file]').waitFor();

    await fillCustomsItem(page);
    await page.click('[data-testid=step-submit]');
    await page.waitForURL(/\/en\/configurator\/summary$/);
    await page.locator('.cfg-packages li').first().waitFor();
    expect(await page.locator('.cfg-packages li').first().innerText()).toContain('1 kg · 10 × 10 × 10 cm (assumed)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
