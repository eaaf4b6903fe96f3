import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const party = (city: string, zip: string, first: string, email = `${first.toLowerCase()}@example.cz`) => ({ firstname: first, surname: 'Malá', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });

/** an order paid through the sandbox bank: its token, its one shipment and the recipient's e-mail */
async function paidParcel(request: APIRequestContext, language: 'cs' | 'en') {
  const recipient = `petr-${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const created = await request.post('/api/v1/orders', {
    headers: { origin: BASE(), 'idempotency-key': `e2e-trk-${crypto.randomUUID()}` },
    data: { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr', recipient), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'jana@example.cz', terms: true, language },
  });
  const order = (await created.json()).data;
  await request.post('/api/v1/sandbox/bank/statement', { headers: { origin: BASE() }, data: { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency } });
  const paid = (await (await request.get(`/api/v1/orders/${order.token}`)).json()).data;
  return { token: order.token as string, shipment: paid.shipments[0] as { id: number; tracking_number: string; carrier_ref: string }, recipient };
}

/** the link of the recipient's last tracking mail in the local mailbox (LOCAL_DEV) */
async function recipientLink(request: APIRequestContext, to: string) {
  const mails = (await (await request.get('/_dev/mailbox.json')).json()).data as { to: string; template: string; text: string }[];
  const text = mails.find((m) => m.to === to && m.template.startsWith('tracking_'))?.text ?? '';
  const link = /https?:\/\/\S+\/(?:sledovani-zasilek|en\/tracking)\/IZ\d{10}\/[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeDefined();
  return new URL(link!).pathname;
}

const TEXT = {
  cs: { base: '/sledovani-zasilek', pickedUp: 'Převzato dopravcem', delivered: 'Doručeno', notFound: 'neznáme', op: 'číslo objednávky' },
  en: { base: '/en/tracking', pickedUp: 'Picked up by the carrier', delivered: 'Delivered', notFound: 'We do not know', op: 'order number' },
} as const;

describe.each(['cs', 'en'] as const)('tracking a parcel (%s)', (locale) => {
  const t = TEXT[locale];

  it('follows the parcel publicly, without JavaScript too, and in full with the recipient token', async () => {
    const { context, page, errors } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    const { token, shipment, recipient } = await paidParcel(context.request, locale);
    const advance = async () => (await (await context.request.post(`/api/v1/sandbox/shipments/${shipment.id}/advance`, { headers: { origin: BASE() }, data: {} })).json()).data.status as string;

    expect(await advance()).toBe('picked_up');
    // typed into the form: the result page after the 100 ms auto-submit
    await page.goto(t.base);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.fill('#tracking-page-number', shipment.tracking_number.toLowerCase());
    await page.waitForURL(new RegExp(`${t.base}/${shipment.tracking_number}$`));
    await expect.poll(() => page.textContent('[data-testid=tracking-status]')).toContain(t.pickedUp);
    expect(await page.textContent('main')).not.toContain('Dlouhá');

    let status = 'picked_up';
    while (status !== 'delivered') status = await advance();
    await page.reload();
    expect(await page.textContent('[data-testid=tracking-status]')).toContain(t.delivered);
    expect(await page.locator('[data-testid=tracking-timeline] li').count()).toBeGreaterThanOrEqual(4);

    // the recipient's e-mail link: the parcel with its addresses, nothing that opens the order
    const link = await recipientLink(context.request, recipient);
    expect(link).not.toContain(token);
    await page.goto(link);
    expect(await page.textContent('[data-testid=tracking-people]')).toContain('Dlouhá 12');
    // one format for each value (issue 27 item 7): PSČ '110 00', phone '+420 777 123 456'
    const people = (await page.textContent('[data-testid=tracking-people]'))!.replace(/\u00a0/g, ' ');
    expect(people).toContain('110 00 Praha');
    expect(people).toContain('+420 777 123 456');
    expect(people).not.toContain('11000');
    expect(await page.locator(`a[href*="${token}"], [data-testid=tracking-rate], .tracking-links`).count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    // an order token in a tracking URL (older recipient e-mails) no longer offers the order
    await page.goto(`${t.base}/${shipment.tracking_number}/${token}`);
    expect(await page.textContent('[data-testid=tracking-people]')).toContain('Dlouhá 12');
    expect(await page.locator('main a[href*="/objednavka/"], main a[href*="/en/order/"], [data-testid=tracking-rate], .tracking-links').count()).toBe(0);

    // the orderer rates the delivered parcel in half stars with the order token
    await page.goto(`${locale === 'en' ? '/en/rate-shipment' : '/hodnoceni'}/${token}/${shipment.id}`);
    await page.waitForSelector('[data-testid=rating-form]');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.check('[data-testid="star-4.5"]', { force: true });
    await page.fill('#rating-comment', locale === 'en' ? 'Quick and friendly.' : 'Rychlé a milé.');
    await page.click('[data-testid=rating-submit]');
    await page.waitForSelector('[data-testid=rating-saved]');
    const rated = (await (await context.request.get(`/api/v1/shipments/rating?token=${token}&id=${shipment.id}`)).json()).data;
    expect(rated.rating.score).toBe(4.5);

    // the orderer files a claim with a photo, then sees it on its page
    await page.goto(`${locale === 'en' ? '/en/claim' : '/reklamace'}?id=${shipment.tracking_number}&token=${encodeURIComponent(token)}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('[data-testid=claims-find]');
    await page.waitForSelector('[data-testid=claims-form]');
    await page.check('[data-testid=reason-damaged]', { force: true });
    await page.fill('#description', locale === 'en' ? 'The box arrived crushed and the mug inside is broken.' : 'Krabice dorazila zmáčknutá a hrnek uvnitř je rozbitý.');
    // a tiny real JPEG (SOI, APP0 JFIF, EOI)
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    await page.setInputFiles('[data-testid=files-input]', { name: 'krabice.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.fill('#bank_account', '19-2000145399/0800');
    await page.fill('#contact_email', 'jana@example.cz');
    await page.click('[data-testid=claims-submit]');
    try {
      await page.waitForSelector('[data-testid=claims-success]', { timeout: 15_000 });
    } catch (error) {
      const shown = await page.$$eval('.field-error, [data-testid=claims-message]', (els) => els.map((e) => `${e.id}: ${e.textContent}`));
      throw new Error(`claim not sent: ${shown.join(' | ')}`, { cause: error });
    }
    await page.click('[data-testid=claims-open]');
    await page.waitForSelector('[data-testid=claim-status]', { timeout: 10_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/claim-fail.png', fullPage: true });
      throw new Error(`claim page at ${page.url()}`, { cause: error });
    });
    expect(await page.getAttribute('[data-testid=claim-status]', 'data-status')).toBe('received');
    expect(await page.textContent('[data-testid=claim-timeline]')).toContain('krabice.jpg');

    await page.goto(`${t.base}/IZ0000000000`);
    expect(await page.textContent('[data-testid=tracking-error]')).toContain(t.notFound);
    expect(errors).toEqual([]);
    await context.close();

    // without JavaScript: the form is a GET form the server answers
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE(), locale: locale === 'en' ? 'en-US' : 'cs-CZ' });
    const plain = await noJs.newPage();
    await plain.goto(t.base);
    await plain.fill('#tracking-page-number', shipment.tracking_number);
    await plain.click('[data-testid=tracking-form] button[type=submit]');
    await plain.waitForSelector('[data-testid=tracking-status]');
    expect(await plain.textContent('[data-testid=tracking-status]')).toContain(t.delivered);
    await plain.goto(`${t.base}?id=OP2600000001`);
    expect(await plain.textContent('[data-testid=tracking-form-error]')).toContain(t.op);
    await noJs.close();
  });
});

it('takes a carrier\'s signed events at once (202) and the tracking queue stores them a moment later', async () => {
  const { context } = await visitor(browser);
  const { shipment } = await paidParcel(context.request, 'cs');
  // the local sandbox carriers sign with a secret derived from SESSION_SECRET (src/server/api/tracking.ts)
  const sessionSecret = /^SESSION_SECRET=(.*)$/m.exec(readFileSync('.dev.vars', 'utf8'))![1]!;
  const body = JSON.stringify({ events: [{ parcel: shipment.carrier_ref, event_id: 'e2e-queue-1', status: '1', time: new Date().toISOString() }] });
  const signature = `sha256=${createHmac('sha256', `${sessionSecret}:carrier-sandbox:gls`).update(body).digest('hex')}`;
  const res = await context.request.post('/api/v1/carriers/gls/events', { headers: { 'content-type': 'application/json', 'x-carrier-signature': signature }, data: body });
  expect(res.status()).toBe(202);
  expect((await res.json()).data).toEqual({ queued: 1 });
  const status = async () => (await (await context.request.get(`/api/v1/orders/${shipment.tracking_number}?tracking=1`)).json()).data.status;
  await expect.poll(status, { timeout: 30_000, interval: 250 }).toBe('picked_up');
  await context.close();
});
