import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, fillAddress, hydrated, launch, pickParcelPoint, type Person, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Locale = 'cs' | 'en';
const PATHS = {
  cs: { home: '/', sender: /\/konfigurator\/odesilatel$/, recipient: /\/konfigurator\/prijemce$/, summary: /\/konfigurator\/shrnuti$/, cart: /\/kosik$/, order: /\/objednavka\/[\w-]{43}$/, done: /\/objednavka\/hotovo\/[\w-]{43}$/, failed: /\/objednavka\/[\w-]{43}\?payment=failed$/ },
  en: { home: '/en', sender: /\/en\/configurator\/sender$/, recipient: /\/en\/configurator\/recipients$/, summary: /\/en\/configurator\/summary$/, cart: /\/en\/cart$/, order: /\/en\/order\/[\w-]{43}$/, done: /\/en\/order\/done\/[\w-]{43}$/, failed: /\/en\/order\/[\w-]{43}\?payment=failed$/ },
} as const;

async function fill(page: Page, side: 'sender' | 'recipient', p: Person) {
  await fillAddress(page, side, p);
  await pickParcelPoint(page);
}

/** compare → DPD → both sides → summary → cart, as a new visitor would */
async function cartWithOneParcel(page: Page, locale: Locale) {
  const paths = PATHS[locale];
  await page.goto(paths.home);
  await hydrated(page);
  await page.fill('#qf-content-0-weight', '2');
  await page.click('[data-testid=quote-submit]');
  await page.waitForFunction(() => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('[data-testid=quote]').length > 0);
  await page.locator('[data-carrier=dpd] [data-testid=select-quote]').first().click();
  await page.waitForURL(paths.sender);
  await fill(page, 'sender', { first: 'Jana', last: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' });
  await page.click('[data-testid=step-submit]');
  await page.waitForURL(paths.recipient);
  await fill(page, 'recipient', { first: 'Petr', last: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', phone: '603987654', email: 'petr@example.cz' });
  await page.click('[data-testid=step-submit]');
  await page.waitForURL(paths.summary);
  await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
  await page.waitForURL(paths.cart);
  await page.waitForSelector('[data-testid=cart-item]');
}

async function checkout(page: Page, method: 'bank_transfer' | 'card') {
  await page.click('[data-testid=cart-checkout]');
  await page.waitForSelector('[data-testid=checkout-total]');
  await page.waitForSelector(`[data-testid=checkout-method-${method}]`);
  await page.check(`[data-testid=checkout-method-${method}]`);
  await page.check('[data-testid=checkout-terms]');
  await page.click('[data-testid=checkout-submit]');
}

const signIn = async (context: BrowserContext, email: string, password: string) => {
  const res = await context.request.post('/api/v1/user/login', { data: { email, password }, headers: { origin: BASE() } });
  expect(res.status()).toBe(200);
};

describe.each(['cs', 'en'] as const)('ordering (%s)', (locale) => {
  const paths = PATHS[locale];

  it('a guest pays by bank transfer with the QR code; the sandbox bank pays it; the label downloads', async () => {
    const { context, page, errors } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    await cartWithOneParcel(page, locale);
    // without the terms the order is refused with a translated message and nothing is lost
    await page.click('[data-testid=cart-checkout]');
    await page.waitForSelector('[data-testid=checkout-total]');
    await page.click('[data-testid=checkout-submit]');
    await page.waitForSelector('#co-terms-error');
    expect(await page.textContent('#co-terms-error')).toBe(locale === 'en' ? 'We cannot take the order without your agreement to the terms.' : 'Bez souhlasu s obchodními podmínkami objednávku nepřijmeme.');
    expect(await page.inputValue('[data-testid=checkout-email]')).toBe('jana@example.cz');
    await page.check('[data-testid=checkout-terms]');
    await page.click('[data-testid=checkout-submit]');
    await page.waitForURL(paths.order);
    await page.waitForSelector('[data-testid=order-payment-qr] svg');
    const vs = (await page.textContent('[data-testid=order-vs]'))!.replace(/\D/g, '');
    expect(vs).toMatch(/^\d{10}$/);

    // the cart guard: back to the cart, an unpaid order sends the visitor to it
    await page.goto(locale === 'en' ? '/en/cart' : '/kosik');
    await page.waitForURL(paths.order);

    const token = new URL(page.url()).pathname.split('/').pop()!;
    const order = (await (await context.request.get(`/api/v1/orders/${token}`)).json()) as { data: { total_vat: number; currency: string } };
    const paid = await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: vs, amount: order.data.total_vat, currency: order.data.currency }, headers: { origin: BASE() } });
    expect(paid.status()).toBe(200);
    await page.reload();
    await page.waitForSelector('[data-testid=shipment-tracking-number]');
    expect(await page.textContent('[data-testid=shipment-tracking-number]')).toMatch(/IZ\d{10}/);
    const href = await page.getAttribute('[data-testid=shipment-label-a6]', 'href');
    const label = await context.request.get(href!);
    expect(label.status()).toBe(200);
    expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in customer pays by card through the sandbox gateway and lands on the thank-you page; a declined card offers a retry', async () => {
    const { context, page } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    await signIn(context, 'demo@zasilkovac.test', 'Demo-heslo-2026');
    await cartWithOneParcel(page, locale);
    await checkout(page, 'card');
    await page.waitForURL(/\/_sandbox\/gateway\/pay\/SBX-/);
    expect(await page.textContent('body')).toContain('SANDBOX');
    await page.click('button[value=declined]');
    await page.waitForURL(paths.failed);
    await page.waitForSelector('[data-testid=order-retry-payment]');
    await hydrated(page);
    await page.click('[data-testid=order-retry-payment]');
    await page.waitForURL(/\/_sandbox\/gateway\/pay\/SBX-/);
    await page.click('button[value=paid]');
    await page.waitForURL(paths.done);
    await page.waitForSelector('[data-testid=shipment-tracking-number]');
    expect(await page.textContent('main')).toMatch(/IZ\d{10}/);
    await context.close();
  });
});
