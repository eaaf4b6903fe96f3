import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format';
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
    // VITEJTE10 (once per e-mail): the panel and the checkout show one total, the list prices less the discount line
    await page.fill('[data-testid=checkout-email]', `jana-${locale}-${crypto.randomUUID().slice(0, 8)}@example.cz`);
    await page.fill('[data-testid=checkout-discount]', 'VITEJTE10');
    await page.click('[data-testid=checkout-apply]');
    await page.waitForSelector('[data-testid=checkout-discount-line]');
    await page.waitForSelector('[data-testid=cart-discount]');
    const amount = async (selector: string) => {
      const text = (await page.locator(selector).first().textContent())!.replace(/[\u2212–]/g, '-');
      return Math.round(Number(locale === 'en' ? text.replace(/[^\d.-]/g, '') : text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
    };
    const amounts = async (selector: string) => Promise.all(Array.from({ length: await page.locator(selector).count() }, (_, i) => amount(`${selector} >> nth=${i}`)));
    const items = (await amounts('[data-testid=checkout-item-price]')).reduce((a, b) => a + b, 0);
    const discount = await amount('[data-testid=checkout-discount-line]');
    const total = await amount('[data-testid=checkout-total]');
    expect(discount).toBeLessThan(0);
    expect(await amount('[data-testid=checkout-subtotal-vat]')).toBe(items);
    expect(items + discount).toBe(total);
    expect(await page.textContent('.checkout-totals .cart-discount dt')).toBe(locale === 'en' ? 'Discount VITEJTE10' : 'Sleva VITEJTE10');
    // the cart's panel: the same lines and the same total
    expect([await amount('[data-testid=cart-subtotal-vat]'), await amount('[data-testid=cart-discount]'), await amount('[data-testid=cart-total-vat]')]).toEqual([items, discount, total]);
    await page.check('[data-testid=checkout-terms]');
    await page.click('[data-testid=checkout-submit]');
    await page.waitForURL(paths.order);
    // the order page: the same total, its items at list price less the discount
    expect(await amount('[data-testid=order-total]')).toBe(total);
    expect((await amounts('[data-testid=order-item-price]')).reduce((a, b) => a + b, 0) + (await amount('[data-testid=order-discount]'))).toBe(total);
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

  it('a signed-in customer pays by card through the GoPay sandbox and lands on the thank-you page; a declined card offers a retry or a transfer', async () => {
    const { context, page } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    await signIn(context, 'demo@zasilkovac.test', 'Demo-heslo-2026');
    await cartWithOneParcel(page, locale);
    await checkout(page, 'card');
    const gopayPage = /\/_sandbox\/gopay\/gw\/v3\/\d{10}$/;
    await page.waitForURL(gopayPage);
    // GoPay's page as the sandbox draws it: marked SANDBOX, in the order's language
    expect(await page.textContent('h1')).toBe(locale === 'en' ? 'GoPay payment gateway (SANDBOX)' : 'Platební brána GoPay (SANDBOX)');
    expect(await page.textContent('.badge')).toContain('SANDBOX');
    await page.click('button[value=DECLINED]');
    await page.waitForURL(paths.failed);
    await page.waitForSelector('[data-testid=order-retry-payment]');
    expect(await page.locator('[data-testid=order-pay-by-transfer]').count()).toBe(1);
    await hydrated(page);
    await page.click('[data-testid=order-retry-payment]');
    await page.waitForURL(gopayPage);
    await page.click('button[value=PAID]');
    await page.waitForURL(paths.done);
    await page.waitForSelector('[data-testid=shipment-tracking-number]');
    expect(await page.textContent('main')).toMatch(/IZ\d{10}/);
    await context.close();
  });
});

describe('an order on the contract (issue 27)', () => {
  it('the contract customer is asked for no payment: billed on the monthly invoice, the order booked at once', async () => {
    const { context, page, errors } = await visitor(browser, 'cs-CZ');
    await signIn(context, 'firma@zasilkovac.test', 'Firma-heslo-2026');
    await cartWithOneParcel(page, 'cs');
    await page.click('[data-testid=cart-checkout]');
    await page.waitForSelector('[data-testid=checkout-total]');
    // the contract is the payer once the profile is known: no transfer, card or credit
    await page.waitForSelector('[data-testid=checkout-contract]');
    expect(await page.isChecked('input[name=payer][value=account]')).toBe(true);
    expect(await page.locator('[data-testid=checkout-methods], input[name=method]').count()).toBe(0);
    expect(await page.textContent('[data-testid=checkout-contract] .notice')).toBe('Objednávku vyúčtujeme v měsíční faktuře ke smlouvě. Teď nic neplatíte a zásilky objednáme u dopravce hned.');
    // another payer pays as anyone does
    await page.check('input[name=payer][value=company]');
    await page.waitForSelector('[data-testid=checkout-method-bank_transfer]');
    await page.check('input[name=payer][value=account]');
    await page.waitForSelector('[data-testid=checkout-contract]');
    await page.check('[data-testid=checkout-terms]');
    await page.click('[data-testid=checkout-submit]');
    await page.waitForURL(PATHS.cs.order);
    expect(await page.textContent('[data-testid=order-payment-method]')).toBe('Na fakturu');
    expect(await page.textContent('[data-testid=order-monthly-invoice]')).toContain('vyúčtujeme v měsíční faktuře ke smlouvě');
    expect(await page.locator('[data-testid=order-payment-instructions], [data-testid=order-pay-card]').count()).toBe(0);
    await page.waitForSelector('[data-testid=shipment-tracking-number]');
    expect(await page.textContent('[data-testid=shipment-tracking-number]')).toMatch(/IZ\d{10}/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('storno and money on the order page (issue 22)', () => {
  const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
  const body = { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'host@example.cz', terms: true };
  type Order = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { id: number }[] };

  async function guestOrder(context: BrowserContext, paid: boolean): Promise<Order> {
    const headers = { origin: BASE() };
    const created = ((await (await context.request.post('/api/v1/orders', { data: body, headers: { ...headers, 'idempotency-key': `e2e-${crypto.randomUUID()}` } })).json()) as { data: Order }).data;
    if (!paid) return created;
    await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: created.payment.variable_symbol, amount: created.total_vat, currency: created.currency }, headers });
    return ((await (await context.request.get(`/api/v1/orders/${created.token}`)).json()) as { data: Order }).data;
  }
  /** a card order paid on the GoPay sandbox's page (Pay), back through the return URL */
  async function cardOrder(context: BrowserContext, items: number): Promise<Order> {
    const headers = { origin: BASE() };
    const data = { ...body, items: Array.from({ length: items }, () => body.items[0]), payment_method: 'card' };
    const created = ((await (await context.request.post('/api/v1/orders', { data, headers: { ...headers, 'idempotency-key': `e2e-${crypto.randomUUID()}` } })).json()) as { data: Order & { payment: { redirect_url: string } } }).data;
    const paid = await context.request.post(created.payment.redirect_url, { form: { action: 'PAID' }, headers, maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await context.request.get(paid.headers().location!, { maxRedirects: 0 });
    return ((await (await context.request.get(`/api/v1/orders/${created.token}`)).json()) as { data: Order }).data;
  }
  const advance = (context: BrowserContext, id: number) => context.request.post(`/api/v1/sandbox/shipments/${id}/advance`, { data: {}, headers: { origin: BASE() } });

  it('a parcel the carrier has: no storno, the reason with a change request and a claim; a storno refused meanwhile says so', async () => {
    const { context, page, errors } = await visitor(browser);
    const picked = await guestOrder(context, true);
    await advance(context, picked.shipments[0]!.id);
    await page.goto(`/objednavka/${picked.token}`);
    await page.waitForSelector('[data-testid=shipment-storno-refused][data-refusal=with_carrier]');
    expect(await page.locator('[data-testid=shipment-cancel]').count()).toBe(0);
    expect(await page.getAttribute('[data-testid=shipment-claim]', 'href')).toContain('/reklamace?id=IZ');
    expect(await page.getAttribute('[data-testid=shipment-change-request]', 'href')).toMatch(/^\/zadost-o-zmenu\/IZ\d{10}\//);
    expect(await page.locator('[data-testid=shipment-rate]').count()).toBe(0);

    // delivered: the orderer rates it from the order page (the recipient's link does not open the rating)
    for (let i = 0; i < 8; i++) if (!((await (await advance(context, picked.shipments[0]!.id)).json()) as { data: { advanced: boolean } }).data.advanced) break;
    await page.goto(`/objednavka/${picked.token}`);
    expect(await page.getAttribute('[data-testid=shipment-rate]', 'href')).toBe(`/hodnoceni/${picked.token}/${picked.shipments[0]!.id}`);

    // the page still offered storno when the carrier picked the parcel up
    const racing = await guestOrder(context, true);
    await page.goto(`/objednavka/${racing.token}`);
    await hydrated(page);
    await advance(context, racing.shipments[0]!.id);
    await page.click('[data-testid=shipment-cancel]');
    await page.click('[data-testid=shipment-cancel-dialog-confirm]');
    await page.waitForSelector('[data-testid=shipment-storno-refused]');
    expect(await page.textContent('[data-testid=shipment-storno-refused]')).toContain('Zásilku už převzal dopravce');
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it.each(['cs', 'en'] as const)('cancelling one shipment of two of a card-paid order shows its partial refund to the card (%s)', async (locale) => {
    const { context, page, errors } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    const order = await cardOrder(context, 2);
    expect(order.shipments).toHaveLength(2);
    await page.goto(locale === 'en' ? `/en/order/${order.token}` : `/objednavka/${order.token}`);
    await hydrated(page);
    expect(await page.locator('[data-testid=order-refunds]').count()).toBe(0);
    await page.locator('[data-testid=shipment-cancel]').first().click();
    await page.click('[data-testid=shipment-cancel-dialog-confirm]');
    await page.waitForSelector('[data-testid=order-refund][data-method=card][data-state=settled]');
    expect(await page.locator('[data-testid=order-refund]').count()).toBe(1);
    const half = ((await (await context.request.get(`/api/v1/orders/${order.token}`)).json()) as { data: { refunds: { amount: number }[] } }).data.refunds[0]!.amount;
    expect(half).toBeLessThan(order.total_vat);
    const amount = (await page.textContent('[data-testid=order-refund-amount]'))!.replace(/\s/g, '');
    expect(amount).toBe(formatMoney(half, 'CZK', locale).replace(/\s/g, ''));
    expect(await page.textContent('[data-testid=order-refunds]')).toContain(locale === 'en' ? 'To the card' : 'Na kartu');
    expect(await page.textContent('[data-testid=order-refund-state]')).toBe(locale === 'en' ? 'Refunded' : 'Vráceno');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest’s cancelled transfer asks for the account on the order page: a bad one refused with the reason, a good one taken', async () => {
    const { context, page } = await visitor(browser);
    const order = await guestOrder(context, true);
    expect((await context.request.post('/api/v1/shipments/storno', { data: { shipments: [{ id: order.shipments[0]!.id }], token: order.token }, headers: { origin: BASE() } })).status()).toBe(200);
    await page.goto(`/objednavka/${order.token}#refund-account`);
    await hydrated(page);
    await page.waitForSelector('[data-testid=order-refund][data-state=waiting_for_account]');
    await page.fill('[data-testid=refund-account-input]', '19-2000145398/0800');
    await page.click('[data-testid=refund-account-submit]');
    await page.waitForSelector('[data-testid=refund-account-error]');
    expect(await page.textContent('[data-testid=refund-account-error]')).toBe('Zadejte platné číslo účtu (předčíslí-číslo/kód banky) nebo IBAN.');
    await page.fill('[data-testid=refund-account-input]', '19-2000145399/0800');
    await page.click('[data-testid=refund-account-submit]');
    await page.waitForSelector('[data-testid=order-refund][data-state=requested]');
    expect(await page.locator('[data-testid=refund-account-form]').count()).toBe(0);
    await context.close();
  });

  it('a guest’s transfer for a cancelled order shows as owed back; an order with money arrived offers no cancel', async () => {
    const { context, page } = await visitor(browser);
    const order = await guestOrder(context, false);
    expect((await context.request.post(`/api/v1/orders/${order.token}/cancel`, { data: {}, headers: { origin: BASE() } })).status()).toBe(200);
    await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency }, headers: { origin: BASE() } });
    await page.goto(`/objednavka/${order.token}`);
    await page.waitForSelector('[data-testid=order-owed-back-notice]');
    expect((await page.textContent('[data-testid=order-owed-back]'))!.replace(/\s/g, '')).toBe(`${order.total_vat.toFixed(2).replace('.', ',')}Kč`);
    // what arrived is shown, and no promise of booking on a cancelled order
    expect((await page.textContent('[data-testid=order-payment-received]'))!.replace(/\s/g, '')).toContain(`${order.total_vat.toFixed(2).replace('.', ',')}Kč`);
    expect(await page.textContent('#order-shipments-title + p')).toContain('Objednávka je zrušená');

    const part = await guestOrder(context, false);
    await context.request.post('/api/v1/sandbox/bank/statement', { data: { variable_symbol: part.payment.variable_symbol, amount: 10, currency: part.currency }, headers: { origin: BASE() } });
    await page.goto(`/objednavka/${part.token}`);
    await page.waitForSelector('[data-testid=order-underpaid]');
    expect(await page.locator('[data-testid=order-cancel]').count()).toBe(0);
    await context.close();
  });
});
