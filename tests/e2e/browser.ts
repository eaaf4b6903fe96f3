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
export const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
