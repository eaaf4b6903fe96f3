import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** CSP violations as the page itself sees them, plus the console's CSP messages */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { console, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

/** inline scripts the browser would run without a nonce (structured data blocks are data, not scripts) */
const inlineScriptsWithoutNonce = (page: Page) =>
  page.$$eval('script:not([src]):not([type="application/ld+json"])', (scripts) => scripts.filter((s) => !(s as HTMLScriptElement).nonce).length);

describe('Content-Security-Policy with a per-response nonce', () => {
  it.each([
    ['the home page', '/'],
    ['the comparison', '/konfigurator/vyber-dopravce?from=cz&to=cz&weight=2'],
    ['the configurator', '/en/configurator/sender'],
  ])('holds on %s: scripts run, all inline ones carry the nonce, nothing is reported', async (_, path) => {
    const { context, page, errors } = await visitor(browser);
    const csp = await watchCsp(page);
    const res = await page.goto(path);
    const policy = res!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    await hydrated(page); // the nonced bootstrap ran and loaded the module chunks
    expect(await page.$$eval('script:not([src])', (s) => s.length)).toBeGreaterThan(0);
    expect(await inlineScriptsWithoutNonce(page)).toBe(0);
    expect(await csp.violations()).toEqual([]);
    expect(csp.console).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks an inline script that has no nonce, and reports it', async () => {
    const { context, page } = await visitor(browser);
    const csp = await watchCsp(page);
    // an injected script, as an XSS would put it into the HTML, with the page's real headers
    await page.route('**/kontakt', async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response: res, body: html });
    });
    const reported = page.waitForRequest((r) => r.url().includes('/api/v1/app/csp-report') && r.method() === 'POST');
    await page.goto('/kontakt');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect((await csp.violations()).some((v) => v.startsWith('script-src'))).toBe(true);
    const report = await reported;
    expect((await report.response())?.status()).toBe(204);
    await context.close();
  });
});
