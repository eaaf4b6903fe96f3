import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8799';

export const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });

/** a fresh visitor; Czech browser unless told otherwise; the instant header-bar popup postponed unless asked for */
export async function visitor(
  browser: Browser,
  locale = 'cs-CZ',
  { headerBarPopup = false } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, baseURL: BASE() });
  if (!headerBarPopup) {
    const bar = (await (await fetch(`${BASE()}/api/v1/header-bar/detail`)).json()) as { data: { id: number } | null };
    if (bar.data) await context.addCookies([{ name: `popup_${bar.data.id}_postpone`, value: '1', url: BASE() }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** client components answer clicks only after hydration */
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement?.dataset.hydrated === 'true');

export type Person = { first: string; last: string; street: string; city: string; zip: string; phone: string; email: string };

/** fills one side's address step of the configurator (sender or recipient) */
export async function fillAddress(page: Page, side: 'sender' | 'recipient', p: Person) {
  await page.waitForSelector(`#f-${side}-firstName`);
  await page.fill(`#f-${side}-firstName`, p.first);
  await page.fill(`#f-${side}-lastName`, p.last);
  await page.fill(`#f-${side}-street`, p.street);
  await page.fill(`#f-${side}-city`, p.city);
  await page.fill(`#f-${side}-zip`, p.zip);
  await page.fill(`#f-${side}-phoneNumber-number`, p.phone);
  await page.fill(`#f-${side}-email`, p.email);
}

/** picks the nearest parcel point of a picker on the page, if the step has one */
export async function pickParcelPoint(page: Page): Promise<boolean> {
  const picker = page.locator('[data-testid^=picker-]');
  if ((await picker.count()) === 0) return false;
  const choose = picker.first().locator('li button').first();
  await choose.waitFor({ timeout: 10_000 });
  await choose.click();
  return true;
}

/** home (or a price page) → the form set up by `setup` → "Compare prices" → the streamed comparison complete */
export async function compare(page: Page, path: string, setup: (page: Page) => Promise<void>) {
  await page.goto(path);
  await hydrated(page);
  await setup(page);
  await page.click('[data-testid=quote-submit]');
  await page.waitForFunction(() => document.querySelector('[data-testid=comparison]')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('[data-testid=quote]').length > 0);
}

/** the customs step's first item: two books worth 40, made in Czechia */
export async function fillCustomsItem(page: Page) {
  const item = page.locator('[data-testid=customs-item]').first();
  await item.locator('input[id$="-name"]').fill('Books');
  await item.locator('input[id$="-quantity"]').fill('2');
  await item.locator('input[id$="-value"]').fill('40');
  const origin = item.locator('select[id$="-country"]');
  if (await origin.count()) await origin.selectOption('cz');
}
