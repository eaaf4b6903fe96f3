import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const TEXT = {
  cs: { path: '/kontaktni-formular', required: 'Povinný údaj', thanks: 'Děkujeme' },
  en: { path: '/en/contact-form', required: 'This field is required', thanks: 'Thank you' },
} as const;

describe.each(['cs', 'en'] as const)('the contact form (%s)', (locale) => {
  const t = TEXT[locale];
  it('explains missing fields, then reaches the sales team and acknowledges the sender', async () => {
    const { context, page, errors } = await visitor(browser, locale === 'en' ? 'en-US' : 'cs-CZ');
    await page.goto(t.path);
    await hydrated(page);
    await page.click('[data-testid=contact-submit]');
    await expect.poll(() => page.textContent('#email-error')).toBe(t.required);
    const email = `kontakt-${locale}-${crypto.randomUUID().slice(0, 6)}@example.cz`;
    await page.check('[data-testid=topic-sales]');
    await page.fill('#name', 'Jana Nováková');
    await page.fill('#email', email);
    await page.fill('#message', 'Posíláme 300 balíků měsíčně, máte pro nás nabídku?');
    // a person takes longer than the 3 s a bot would
    await page.waitForTimeout(3100);
    await page.click('[data-testid=contact-submit]');
    await page.waitForSelector('[data-testid=contact-success]');
    expect(await page.textContent('[data-testid=contact-success]')).toContain(t.thanks);
    const mails = (await (await context.request.get(`${BASE()}/_dev/mailbox.json`)).json()).data as { to: string; template: string }[];
    expect(mails.filter((m) => m.to === email).map((m) => m.template)).toEqual(['contact_ack']);
    expect(mails.some((m) => m.template === 'contact_team' && m.to === 'obchod@zasilkovac.cz')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
