import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, fillAddress, fillCustomsItem, hydrated, launch, pickParcelPoint, visitor } from './browser';

/**
 * Accessibility of the main path (issue 14 item 6): axe-core on every screen a new user
 * walks (home, carrier choice, sender, recipient, customs, summary, cart), in cs and en, at
 * 1280 and 390 px: no serious or critical violation. Then the same path by keyboard only.
 * One browser; each walk reuses its page and checks both widths on it.
 */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

type AxeRun = (context: Document | { include: string[][] }, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;

/** axe-core's violations on the page, or inside `within` (a selector) only */
async function axe(page: Page, within?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (selector) => {
    const run = (window as unknown as { axe: { run: AxeRun } }).axe.run;
    // preload: false — the style-sheet fetch it would do serves one orientation rule and doubles the time on this machine
    const { violations } = await run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'], preload: false });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, within ?? null);
}

/** serious and critical violations of the page at both widths, and sideways scrolling, as readable lines (empty when clean) */
async function audit(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    // nothing wider than the phone: a page that scrolls sideways hides its right edge (WCAG 1.4.10)
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > size.width) found.push(`${screen} @${name}: the page is ${width} px wide`);
    for (const v of await axe(page)) {
      if (v.impact === 'serious' || v.impact === 'critical') found.push(`${screen} @${name}: ${v.impact} ${v.id} (${v.help}) ${v.nodes.join(', ')}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

/**
 * Carrier and service names and marks on the comparison at both widths (issue 27 item 9): a
 * name overflowing its box, a line broken inside a word, or a mark whose text is clipped.
 */
async function brokenNames(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [name, size] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    await page.setViewportSize(size);
    const here = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid=quote] .qc-carrier strong, [data-testid=quote] .qc-carrier .muted, [data-testid=quote] .carrier-mark')) {
        const text = el.textContent ?? '';
        if (el.scrollWidth > el.clientWidth + 1) out.push(`"${text}" is ${el.scrollWidth} px in a ${el.clientWidth} px box`);
        if (el.classList.contains('carrier-mark')) continue;
        // every line break falls at a space
        const node = el.firstChild;
        if (!(node instanceof Text)) continue;
        const range = document.createRange();
        let top: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (r.width === 0) continue;
          if (top !== null && r.top > top + 2 && !/\s/.test(text[i - 1]!) && !/\s/.test(text[i]!)) out.push(`"${text}" broken at "${text.slice(0, i)}·${text.slice(i)}"`);
          top = r.top;
        }
      }
      return out;
    });
    found.push(...here.map((h) => `@${name}: ${h}`));
  }
  await page.setViewportSize(DESKTOP);
  return found;
}

const SENDER = { first: 'Jana', last: 'Nováková', street: 'Vinohradská 12', city: 'Praha', zip: '12000', phone: '777123456', email: 'jana@example.cz' };
const RECIPIENT_CZ = { first: 'Petr', last: 'Svoboda', street: 'Kounicova 5', city: 'Brno', zip: '60200', phone: '603987654', email: 'petr@example.cz' };
const RECIPIENT_US = { first: 'John', last: 'Smith', street: '350 5th Ave', city: 'New York', zip: '10118', phone: '2125550100', email: 'john@example.com' };



const comparisonDone = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('[data-testid=quote]').length > 0);

async function next(page: Page, url: RegExp) {
  await page.click('[data-testid=step-submit]');
  await page.waitForURL(url, { timeout: 15_000 });
  await page.waitForSelector('[data-testid=step-submit], [data-testid=add-to-cart]');
}

const openMobileMenu = async (page: Page) => {
  if ((await page.locator('[data-testid=mobile-menu]').count()) === 0) return;
  await page.locator('[data-testid=mobile-menu-toggle]').click();
  await page.locator('.mobile-menu-panel').waitFor();
};

describe('axe: no serious or critical violations on the path', () => {
  it('cs, CZ → CZ with parcel points: home (and its mobile menu), carrier choice, sender (with errors), recipient, summary, cart', async () => {
    const { context, page, errors } = await visitor(browser, 'cs-CZ');
    const found: string[] = [];
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await hydrated(page);
    found.push(...(await audit(page, 'home')));
    await page.setViewportSize(MOBILE);
    await openMobileMenu(page);
    found.push(...(await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `home mobile menu: ${v.id} ${v.nodes.join(', ')}`));
    await page.setViewportSize(DESKTOP);

    await page.fill('#qf-content-0-weight', '2');
    await page.click('[data-testid=quote-submit]');
    await comparisonDone(page);
    found.push(...(await audit(page, 'carrier choice')));
    found.push(...(await brokenNames(page)));

    await page.locator('.quote-card.cheapest [data-testid=select-quote]').click();
    await page.waitForURL(/\/konfigurator\/odesilatel$/);
    await page.waitForSelector('#f-sender-firstName');
    // the step with its errors shown (invalid-form flash, field errors, the picker's error)
    await page.click('[data-testid=step-submit]');
    await page.waitForSelector('.field-error');
    found.push(...(await audit(page, 'sender with errors')));
    // the invalid-form flash covers no field in error (nor its label), at either width, and goes once all are fixed
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.click('[data-testid=step-submit]');
      await page.locator('[data-testid=invalid-form-flash]').waitFor();
      await page.waitForTimeout(900); // the smooth scroll to the first error
      const covered = await page.evaluate(() => {
        const flash = document.querySelector('[data-testid=invalid-form-flash]')!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].flatMap((el) => {
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
          return [el, label].filter((x): x is HTMLElement => x instanceof HTMLElement && x.offsetParent !== null).filter((x) => {
            const r = x.getBoundingClientRect();
            return r.bottom > flash.top && r.top < flash.bottom && r.right > flash.left && r.left < flash.right;
          }).map((x) => x.id || x.textContent);
        });
      });
      expect(covered, `the flash covers ${covered.join(', ')} at ${size.width} px`).toEqual([]);
    }
    const flashShown = Date.now();
    await fillAddress(page, 'sender', SENDER);
    await pickParcelPoint(page);
    // before its 5 s are up, the flash has gone with the last error
    if (Date.now() - flashShown < 4000) expect(await page.locator('[data-testid=invalid-form-flash]').count()).toBe(0);
    found.push(...(await audit(page, 'sender')));
    await next(page, /\/konfigurator\/prijemce$/);
    await fillAddress(page, 'recipient', RECIPIENT_CZ);
    found.push(...(await audit(page, 'recipient')));
    await pickParcelPoint(page);
    await next(page, /\/konfigurator\/shrnuti$/);
    await page.waitForSelector('[data-testid=price-breakdown]');
    found.push(...(await audit(page, 'summary')));
    await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
    await page.waitForURL(/\/kosik$/);
    await page.waitForSelector('[data-testid=cart-item]');
    found.push(...(await audit(page, 'cart')));
    // the checkout with its sandbox payment methods tagged
    await page.click('[data-testid=cart-checkout]');
    await page.waitForSelector('[data-testid=checkout-method-bank_transfer]');
    found.push(...(await audit(page, 'checkout')));

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('en, CZ → US through customs (and the Czech customs page of the same draft)', async () => {
    const { context, page, errors } = await visitor(browser, 'en-US');
    const found: string[] = [];
    await page.setViewportSize(DESKTOP);
    await page.goto('/en');
    await hydrated(page);
    found.push(...(await audit(page, 'home')));
    await page.selectOption('#qf-recipient-country', 'us');
    await page.fill('#qf-content-0-weight', '1');
    await page.click('[data-testid=quote-submit]');
    await comparisonDone(page);
    found.push(...(await audit(page, 'carrier choice')));
    found.push(...(await brokenNames(page)));

    await page.locator('.quote-card.cheapest [data-testid=select-quote]').click();
    await page.waitForURL(/\/en\/configurator\/sender$/);
    await fillAddress(page, 'sender', SENDER);
    await pickParcelPoint(page);
    found.push(...(await audit(page, 'sender')));
    await next(page, /\/en\/configurator\/recipients$/);
    await fillAddress(page, 'recipient', RECIPIENT_US);
    found.push(...(await audit(page, 'recipient')));
    await next(page, /\/en\/configurator\/customs$/);
    await page.waitForSelector('[data-testid=customs-item]');
    found.push(...(await audit(page, 'customs')));

    await fillCustomsItem(page);
    // the same draft's customs step in Czech (the state is the browser's, not the language's)
    await page.goto('/konfigurator/celni-rizeni');
    await hydrated(page);
    await page.waitForSelector('[data-testid=customs-item]');
    found.push(...(await audit(page, 'customs (cs)')));
    await page.goto('/en/configurator/customs');
    await hydrated(page);
    await next(page, /\/en\/configurator\/summary$/);
    await page.waitForSelector('[data-testid=price-breakdown]');
    found.push(...(await audit(page, 'summary')));
    await page.locator('[data-testid=add-to-cart]:not([disabled])').click();
    await page.waitForURL(/\/en\/cart$/);
    await page.waitForSelector('[data-testid=cart-item]');
    found.push(...(await audit(page, 'cart')));

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('axe: reviews, sign-in and the invoice (issue 27 item 15)', () => {
  it('reviews with their stars, the sign-in page with its sandbox tag, and a paid order\'s invoice in cs and en', async () => {
    const { context, page, errors } = await visitor(browser, 'en-US');
    const found: string[] = [];
    await page.setViewportSize(DESKTOP);
    await page.goto('/en/reviews');
    await page.locator('.review-stars').first().waitFor();
    found.push(...(await audit(page, 'reviews')));
    await page.goto('/en/login');
    await hydrated(page);
    found.push(...(await audit(page, 'sign-in')));

    // an order paid by the sandbox bank: its invoice page
    const party = (city: string, zip: string, first: string) => ({ firstname: first, surname: 'Malá', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: `${first.toLowerCase()}@example.cz` });
    const created = await context.request.post('/api/v1/orders', {
      headers: { origin: BASE(), 'idempotency-key': `e2e-a11y-${crypto.randomUUID()}` },
      data: { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'jana@example.cz', terms: true, language: 'en' },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()).data as { token: string; total_vat: number; currency: string; payment: { variable_symbol: string } };
    await context.request.post('/api/v1/sandbox/bank/statement', { headers: { origin: BASE() }, data: { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency } });
    const paid = (await (await context.request.get(`/api/v1/orders/${order.token}`)).json()).data as { invoice_url: string };
    for (const url of [paid.invoice_url, paid.invoice_url.replace('/faktura/', '/en/invoice/')]) {
      await page.goto(url);
      await page.waitForSelector('[data-testid=invoice-lines]');
      found.push(...(await audit(page, url)));
      // each fact (the bank account, the IBAN) within its column, at both widths
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll('.invoice-facts dd')].filter((dd) => dd.getBoundingClientRect().right > dd.parentElement!.getBoundingClientRect().right + 0.5 || dd.scrollWidth > dd.clientWidth + 1).map((dd) => dd.textContent),
        );
        expect(outside, `${url} at ${size.width} px`).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** the focused element's description and whether its focus can be seen (an outline or a box shadow) */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return { tag: el.tagName.toLowerCase(), id: el.id, testid: el.dataset.testid ?? '', text: (el.textContent ?? '').trim().slice(0, 40), inMain: Boolean(el.closest('main')), inDialog: Boolean(el.closest('dialog')), visible };
  });

/** presses Tab until the focus is on an element that matches, checking every stop shows its focus */
async function tabTo(page: Page, match: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit = 80) {
  const hidden: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) continue;
    if (!f.visible) hidden.push(`${f.tag}#${f.id}[${f.testid}] ${f.text}`);
    if (match(f)) return { stops: i + 1, hidden };
  }
  throw new Error(`not reached in ${limit} Tab presses`);
}

describe('keyboard only', () => {
  it('home → compare → choose a carrier, with a skip link, visible focus and a dialog that holds and returns the focus', async () => {
    const { context, page } = await visitor(browser, 'cs-CZ');
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await hydrated(page);

    // the first stop is the skip link, shown when focused; it leads into <main>
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testid: 'skip-link', visible: true });
    expect(await page.locator('[data-testid=skip-link]').evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.inMain).toBe(true);

    // the header message opens its dialog from the keyboard: the focus stays inside and comes back on Escape
    const message = page.locator('.header-bar-message');
    if (await message.count()) {
      await message.focus();
      await page.keyboard.press('Enter');
      await page.locator('dialog[open]').waitFor();
      expect((await axe(page, 'dialog[open]')).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      // a modal dialog: Tab moves within it (or out to the browser's own controls), never to the page behind
      let inside = 0;
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        const f = await focused(page);
        if (f) expect(f.inDialog, `Tab ${i + 1} reached ${f.tag} ${f.text} behind the dialog`).toBe(true);
        if (f?.inDialog) inside++;
      }
      expect(inside).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
      expect(await message.evaluate((el) => el === document.activeElement)).toBe(true);
    }

    // the form by keyboard: weight, then submit with Enter
    await page.locator('[data-testid=skip-link]').focus();
    const toWeight = await tabTo(page, (f) => f.id === 'qf-content-0-weight');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2');
    const toSubmit = await tabTo(page, (f) => f.testid === 'quote-submit');
    await page.keyboard.press('Enter');
    await comparisonDone(page);

    // from the top of the comparison to the first offer's button, then Enter chooses it
    const toChoice = await tabTo(page, (f) => f.testid === 'select-quote', 120);
    const chosen = await page.evaluate(() => document.activeElement?.closest('[data-testid=quote]')?.getAttribute('data-carrier'));
    expect(chosen).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/konfigurator\/odesilatel$/);
    expect([...toWeight.hidden, ...toSubmit.hidden, ...toChoice.hidden]).toEqual([]);

    // the step's first field is reachable, and the step links work from the keyboard
    await page.waitForSelector('#f-sender-firstName');
    await page.locator('[data-testid=skip-link]').focus();
    await page.keyboard.press('Enter');
    const toFirstField = await tabTo(page, (f) => f.tag === 'select' || f.tag === 'input', 30);
    expect(toFirstField.hidden).toEqual([]);
    await context.close();
  });

  it('the mobile menu opens with Enter, lists sign-in once, and closes on Escape back to its toggle', async () => {
    const { context, page } = await visitor(browser, 'en-US');
    await page.setViewportSize(MOBILE);
    await page.goto('/en');
    await hydrated(page);
    const toggle = page.locator('[data-testid=mobile-menu-toggle]');
    expect(await toggle.isVisible()).toBe(true);
    // one sign-in entry on the screen: the menu's, not the login dropdown's beside it
    expect(await page.locator('.navbar [data-testid=login-dropdown]').isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('.mobile-menu-panel').waitFor({ state: 'visible' });
    const signIns = await page.getByText('Sign in', { exact: true }).evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    expect(signIns).toBe(1);
    expect(await page.locator('[data-testid=mobile-register]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=mobile-tracking]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=mobile-cart]').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.mobile-menu-panel')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.mobile-menu-panel').waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // sign-in from the menu returns to the page the visitor is on, also after a client-side navigation
    await page.locator('a[href="/en/faq"]').first().evaluate((a) => (a as HTMLAnchorElement).click());
    await page.waitForURL('**/en/faq');
    await page.locator('h1').filter({ hasText: /question/i }).waitFor();
    await toggle.click();
    await page.locator('.mobile-menu-panel').waitFor({ state: 'visible' });
    await page.locator('[data-testid=mobile-login]').click();
    await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('from') === 'faq');
    await page.goBack();
    await page.waitForURL('**/en/faq');
    await hydrated(page);

    // signed in (spec §2.9): the account in the menu instead of sign-in and registration, and no axe findings
    const res = await context.request.post('/api/v1/user/login', { data: { email: 'demo@zasilkovac.test', password: 'Demo-heslo-2026' }, headers: { origin: BASE() } });
    expect(res.status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await toggle.click();
    await page.locator('.mobile-menu-panel').waitFor({ state: 'visible' });
    expect(await page.locator('[data-testid=mobile-account]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=mobile-login]').count()).toBe(0);
    expect(await page.locator('[data-testid=mobile-account-link]').isVisible()).toBe(true);
    expect(await page.locator('.mobile-menu-panel [data-testid=logout]').isVisible()).toBe(true);
    expect(await page.locator('.navbar-right [data-testid=user-menu]').isVisible()).toBe(false);
    const serious = (await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);
    await context.close();
  });
});
