import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIndexable } from '../../src/lib/seo';
import { routeEntries, type RouteId } from '../../src/routes';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { BASE, hydrated, launch, visitor } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** the placeholder every unfinished page used to show, in each language */
const PLACEHOLDER = /připravujeme|We are preparing the content|pripravujeme|Estamos preparando/;

const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${BASE()}/api${path}`)).json()) as { data: T }).data;

async function signedInCookie(): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.email.startsWith('firma'))!;
  const res = await fetch(`${BASE()}/api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE() }, body: JSON.stringify({ email: account.email, password: account.password }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe('content pages', () => {
  it('no page of the route table shows the placeholder text (every route, every language; anonymous and signed in)', { timeout: 240_000 }, async () => {
    // real ids where a page needs one to show content; anything else gets a made-up id (its not-found answer counts too)
    const faq = await api<{ categories: { id: number | string }[] } | { id: number | string }[]>('/v1/page/faq?get_all=true');
    const categories = Array.isArray(faq) ? faq : faq.categories;
    const news = await api<{ items?: { token: string }[] } | { token: string }[]>('/v1/page/news');
    const newsItems = Array.isArray(news) ? news : (news.items ?? []);
    const careers = await api<{ items?: { id: number | string }[] } | { id: number | string }[]>('/v1/page/careers');
    const careerItems = Array.isArray(careers) ? careers : (careers.items ?? []);
    const sample: Partial<Record<RouteId, Record<string, Record<string, string>>>> = {
      'price-list-country': { cs: { slug: 'balik-do-nemecka' }, en: { slug: 'package-to-germany' }, sk: { slug: 'balik-do-nemecka' } },
      'price-list-route': { any: { from: 'cz', to: 'de' } },
      'price-list-route-carrier': { any: { from: 'cz', to: 'de', carrier: 'dpd' } },
      'faq-category': { any: { id: String(categories[0]!.id) } },
      'news-detail': { any: { token: newsItems[0]!.token } },
      'career-detail': { any: { id: String(careerItems[0]!.id) } },
    };
    const pathOf = (id: RouteId, locale: string, pattern: string) => {
      const values = sample[id]?.[locale] ?? sample[id]?.any ?? {};
      return pattern.replace(/\[(\w+)\]/g, (_, k: string) => encodeURIComponent(values[k] ?? 'x1'));
    };
    const cookie = await signedInCookie();
    const failures: string[] = [];
    let pages = 0;
    for (const { id, locale, pattern } of routeEntries) {
      for (const who of id.startsWith('klient') ? [cookie] : ['', cookie]) {
        const path = pathOf(id, locale, pattern);
        const res = await fetch(BASE() + path, { headers: { cookie: `locale=${locale === 'en' ? 'en' : 'cs'}${who ? `; ${who}` : ''}`, 'accept-encoding': 'identity' }, redirect: 'manual' });
        const html = await res.text();
        pages += 1;
        if (res.status >= 500) failures.push(`${path}: ${res.status}`);
        else if (PLACEHOLDER.test(html)) failures.push(`${path}${who ? ' (signed in)' : ''}: placeholder text`);
        // what search engines read: one title, a description, the canonical address
        if (!who && res.status === 200 && isIndexable(id)) {
          const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
          if ((html.match(/<title>/g) ?? []).length !== 1) failures.push(`${path}: not one <title>`);
          if (!description) failures.push(`${path}: no description`);
          if (!html.includes('<link rel="canonical"')) failures.push(`${path}: no canonical link`);
        }
      }
    }
    console.log(`[figures] route walk: ${pages} page loads over ${routeEntries.length} route patterns, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('answers unknown countries, carriers, FAQ categories, news and careers with the 404 page', async () => {
    for (const path of ['/ceniky/balik-do-atlantidy', '/en/services/package-to-atlantis', '/ceniky/cz/xx', '/ceniky/cz/de/posta-bohemia', '/casto-kladene-otazky/kategorie/999999', '/novinky/neni-takova', '/kariera/999999', '/en/career/999999']) {
      const res = await fetch(BASE() + path, { headers: { cookie: 'locale=cs' } });
      expect(res.status, path).toBe(404);
    }
  });

  for (const [lang, locale] of [['cs', 'cs-CZ'], ['en', 'en-US']] as const) {
    it(`a visitor opens "${lang === 'cs' ? 'balík do Německa' : 'package to Germany'}" from the sitemap, reads the table, sends the prefilled form and sees quotes (${lang})`, { timeout: 120_000 }, async () => {
      const sitemap = await (await fetch(`${BASE()}/sitemap.xml`)).text();
      const want = lang === 'cs' ? '/ceniky/balik-do-nemecka' : '/en/services/package-to-germany';
      const loc = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((u) => u.endsWith(want));
      expect(loc, `sitemap lists ${want}`).toBeTruthy();

      const { context, page, errors } = await visitor(browser, locale);
      await page.goto(new URL(loc!).pathname);
      await hydrated(page);
      expect(await page.textContent('h1')).toMatch(lang === 'cs' ? /Německ/ : /Germany/);
      const table = page.locator('table').first();
      await table.waitFor();
      const cells = await table.locator('td').allTextContents();
      expect(cells.some((c) => (lang === 'cs' ? /\d\s?Kč/ : /(CZK|Kč)/).test(c)), cells.slice(0, 10).join(' | ')).toBe(true);
      // the cheapest price of each weight is marked
      expect(await table.locator('[data-cheapest], .cheapest').count()).toBeGreaterThan(0);
      // the quote form is prefilled with the route
      expect(await page.inputValue('#qf-recipient-country')).toBe('de');
      expect(await page.inputValue('#qf-sender-country')).toBe('cz');
      await page.fill('#qf-content-0-weight', '2');
      await page.click('[data-testid=quote-submit]');
      await page.waitForSelector('[data-testid=comparison] [data-testid=quote]', { timeout: 60_000 });
      expect(await page.locator('[data-testid=comparison] [data-testid=quote]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`FAQ search finds "dobírka" typed without diacritics (${lang})`, async () => {
      const { context, page, errors } = await visitor(browser, locale);
      await page.goto(lang === 'cs' ? '/casto-kladene-otazky' : '/en/faq');
      await page.fill('input[name=q]', lang === 'cs' ? 'dobirka' : 'cash on DELIVERY');
      await page.press('input[name=q]', 'Enter');
      await page.waitForURL(/q=/);
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toMatch(lang === 'cs' ? /[Dd]obírk/ : /[Cc]ash on delivery/);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
