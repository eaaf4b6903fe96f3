import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format';
import { shownText } from '../worker/pdf-shown';
import { BASE, compare, fillAddress, hydrated, launch, pickParcelPoint, visitor } from './browser';

/**
 * Issue 30, item 1 (spec §5): cash on delivery with the shipping added. From the recipient step
 * to the label, one amount: 500 Kč plus the shipment's price with VAT, as the server priced it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const NBSP = /[\s\u00a0\u202f]/g;
const amountOf = (text: string | null) => Number(text!.replace(NBSP, '').replace('Kč', '').replace(',', '.'));

describe('cash on delivery with the shipping added (cs)', () => {
  it('one amount on the summary, in the cart, on the order page, on the label and in tracking', async () => {
    const { context, page, errors } = await visitor(browser);
    await compare(page, '/', (p) => p.fill('#qf-content-0-weight', '2'));
    await page.locator('[data-carrier=gls] [data-testid=select-quote]').first().click();
    await page.waitForURL(/\/konfigurator\/odesilatel$/);
    await fillAddress(page, 'sender', { first: 'Jana', last: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' });
    await pickParcelPoint(page);
    await page.click('[data-testid=step-submit]');
    await page.waitForURL(/\/konfigurator\/prijemce$/);
    await fillAddress(page, 'recipient', { first: 'Petr', last: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', phone: '603987654', email: 'petr@example.cz' });
    await pickParcelPoint(page);
    // the chosen service beside the form: the price without extras, then with the COD priced by the server (issue 27)
    const aside = '[data-testid=quote-aside-price]';
    expect(await page.getAttribute(aside, 'data-extras')).toBe('none');
    const basePrice = amountOf((await page.textContent(aside))!.replace(/vč\. DPH.*/, ''));
    await page.check('#f-services-cod');
    await page.fill('#f-services-cod-value', '500');
    const pricedWithCod = page.waitForResponse((r) => r.url().includes('/v2/quote/detail') && (r.request().postDataJSON() as { services?: { code: string; data: { include_shipping_costs?: boolean } }[] }).services?.some((x) => x.code === 'cod' && x.data.include_shipping_costs) === true);
    await page.check('#f-services-cod-includeShipmentCosts');
    await pricedWithCod;
    await expect.poll(() => page.getAttribute(aside, 'data-extras')).toBe('included');
    expect(await page.textContent(aside)).toContain('vč. DPH a příplatků');
    const asidePrice = amountOf((await page.textContent(aside))!.replace(/vč\. DPH.*/, ''));
    expect(asidePrice).toBeGreaterThan(basePrice);
    // the account as an IBAN: the longest value of the summary (issue 27 item 10)
    await page.fill('#f-services-cod-bankAccount-accountNumber', 'CZ6508000000192000145399');
    // the recipient step does not guess the total: the server prices it on the summary
    expect(await page.textContent('#f-services-cod-value-hint')).toContain('cenu přepravy s DPH');
    await page.click('[data-testid=step-submit]');
    await page.waitForURL(/\/konfigurator\/shrnuti$/);
    await expect.poll(() => page.textContent('[data-testid=summary-cod]')).not.toContain('cena přepravy');
    const summary = amountOf(await page.textContent('[data-testid=summary-cod]'));
    const totalVat = amountOf(await page.textContent('[data-testid=total-vat]'));
    expect(summary).toBeCloseTo(500 + totalVat, 2);
    expect(asidePrice).toBe(totalVat);
    // the IBAN keeps the summary within a phone's width
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${size.width} px`).toBeLessThanOrEqual(size.width);
    }

    await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
    await page.waitForURL(/\/kosik$/);
    await page.waitForSelector('[data-testid=cart-item]');
    const cartText = (await page.textContent('[data-testid=cart-item]'))!.replace(NBSP, ' ');
    expect(cartText).toContain(`Dobírka ${formatMoney(summary, 'CZK', 'cs').replace(NBSP, ' ')}`);

    await page.click('[data-testid=cart-checkout]');
    await page.waitForSelector('[data-testid=checkout-method-bank_transfer]');
    await page.check('[data-testid=checkout-method-bank_transfer]');
    await page.check('[data-testid=checkout-terms]');
    await page.click('[data-testid=checkout-submit]');
    await page.waitForURL(/\/objednavka\/[\w-]{43}$/);
    const token = new URL(page.url()).pathname.split('/').pop()!;
    const order = (await (await context.request.get(`/api/v1/orders/${token}`)).json()) as { data: { total_vat: number; currency: string; payment: { variable_symbol: string } } };
    const paid = await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: order.data.payment.variable_symbol, amount: order.data.total_vat, currency: order.data.currency }, headers: { origin: BASE() } });
    expect(paid.status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await page.waitForSelector('[data-testid=shipment-label-a6]');
    expect(amountOf(await page.textContent('[data-testid=order-item-cod]'))).toBe(summary);

    // the label is GLS's own (its MyGLS sandbox's), with the amount GLS collects
    const label = await context.request.get((await page.getAttribute('[data-testid=shipment-label-a6]', 'href'))!);
    expect(await shownText(new Uint8Array(await label.body()))).toContain(`COD ${summary} CZK`);

    const tracking = (await page.textContent('[data-testid=shipment-tracking-number]'))!.trim();
    const parcel = (await (await context.request.get(`/api/v1/orders/${tracking}?tracking=1&token=${token}`)).json()) as { data: { cod: { value: number } } };
    expect(parcel.data.cod.value).toBe(summary);
    expect(errors).toEqual([]);
    await context.close();
  });
});
