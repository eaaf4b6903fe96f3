import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launch, visitor } from './browser';

// Issue 30 items 3, 7, 8 and 9: what the app does at start and when the network fails it.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** the app has started (its island's code loads after the page hydrates) */
const started = (page: Page) => page.waitForFunction(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'pageLoad'));
const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as { event?: string; path?: string; from?: string }[]);

describe('the start of the app', () => {
  it('sends the handshake with the anonymous id generated once, and pushes pageLoad and navigation (spec §3, §7)', async () => {
    const { context, page, errors } = await visitor(browser);
    const handshakes: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/app/handshake') && r.method() === 'POST') handshakes.push(JSON.parse(r.postData() ?? '{}') as Record<string, string>);
    });
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => handshakes.length).toBe(1);
    const id = (await context.cookies()).find((c) => c.name === 'zslt_anonymous_id')?.value;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(handshakes[0]).toMatchObject({ url: expect.stringMatching(/\/$/), referrer: '', anonymousId: id });
    expect(handshakes[0]!.userAgent).toContain('Mozilla');
    expect((await dataLayer(page)).filter((e) => e.event === 'pageLoad')).toEqual([{ event: 'pageLoad', path: '/', language: 'cs', referrer: '' }]);

    // a client navigation: the navigation event, no new handshake
    await page.click('.footer a[href="/o-nas"]');
    await page.waitForURL(/\/o-nas$/);
    await expect.poll(async () => (await dataLayer(page)).filter((e) => e.event === 'navigation')).toEqual([{ event: 'navigation', path: '/o-nas', from: '/' }]);
    // a full load in the same tab: the same id, and the handshake was this tab's start
    await page.goto('/kontakt');
    await hydrated(page);
    expect((await dataLayer(page)).some((e) => e.event === 'pageLoad')).toBe(true);
    await page.waitForTimeout(300);
    expect(handshakes).toHaveLength(1);
    expect((await context.cookies()).find((c) => c.name === 'zslt_anonymous_id')?.value).toBe(id);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the lead event (spec §3)', () => {
  it('is pushed when the contact form is sent', async () => {
    const { context, page } = await visitor(browser);
    await page.goto('/kontaktni-formular');
    await hydrated(page);
    await page.check('[data-testid=topic-sales]');
    await page.fill('#name', 'Jana Nováková');
    await page.fill('#email', `lead-${crypto.randomUUID().slice(0, 6)}@example.cz`);
    await page.fill('#message', 'Posíláme 300 balíků měsíčně, máte pro nás nabídku?');
    await page.waitForTimeout(3100); // the spam timer
    await page.click('[data-testid=contact-submit]');
    await page.waitForSelector('[data-testid=contact-success]');
    expect((await dataLayer(page)).filter((e) => e.event === 'lead')).toEqual([{ event: 'lead', form: 'contact', topic: 'sales' }]);
    await context.close();
  });
});

describe('a chunk that fails to load (spec §4)', () => {
  it('reloads the page once, and not again within the minute', async () => {
    const { context, page } = await visitor(browser);
    const loaded = new Set<string>();
    page.on('response', (r) => void loaded.add(r.url()));
    await page.goto('/');
    await hydrated(page);
    await started(page);
    // a deploy took the chunks the page has not loaded yet
    await page.route(/\/assets\/[^/]+\.js$/, (route) => (loaded.has(route.request().url()) ? route.continue() : route.abort()));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.hover('.navbar [data-testid=login-dropdown] summary');
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
    await hydrated(page);
    expect(await page.evaluate(() => sessionStorage.getItem('zslt_chunk_reload'))).toMatch(/^\d+$/);

    // failing again within the minute: no second reload (it cannot loop)
    await page.locator('.navbar [data-testid=login-dropdown] summary').click();
    await page.waitForTimeout(2000);
    expect(loads).toBe(1);
    await context.close();
  });
});

describe('offline (spec §4)', () => {
  it('shows that it is offline, and recovers when back online: a navigation that failed loads its page', async () => {
    const { context, page } = await visitor(browser);
    await page.goto('/');
    await hydrated(page);
    await started(page);
    // (the page's code that loads when idle is there: a chunk that fails offline reloads the page once back online):
    // the form's idle work runs first (idle callbacks run in order), then its chunks' requests settle
    await page.evaluate(() => new Promise<void>((resolve) => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(() => resolve(), { timeout: 3000 })));
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __entries?: number; __stableSince?: number };
        const n = performance.getEntriesByType('resource').length;
        if (w.__entries !== n) [w.__entries, w.__stableSince] = [n, performance.now()];
        return performance.now() - w.__stableSince! > 700;
      },
      null,
      { polling: 100 },
    );
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const notice = page.locator('[data-testid=connection-notice]');
    await notice.waitFor();
    expect(await notice.getAttribute('data-state')).toBe('offline');
    expect(await notice.textContent()).toBe('Jste offline. Jakmile se připojení obnoví, stránka bude pokračovat.');
    await context.setOffline(false);
    await page.waitForSelector('[data-testid=connection-notice][data-state=online]');
    expect(await notice.textContent()).toBe('Jste opět online.');
    await notice.waitFor({ state: 'detached', timeout: 5000 });

    // a page asked for while offline: shown once the connection is back
    await context.setOffline(true);
    await notice.waitFor();
    await page.click('.footer a[href="/o-nas"]');
    await page.waitForURL(/\/o-nas$/);
    await page.waitForTimeout(500);
    await context.setOffline(false);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('O nás') && document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
    expect(await page.locator('[data-testid=connection-notice]').count()).toBe(0);
    await context.close();
  });
});
