import { describe, expect, it } from 'vitest';
import { parseCountrySlug } from '../../src/lib/country-slugs';
import { alternatesOf, isIndexable, robotsTxt, seoOf, sitemapUrls, sitemapXml } from '../../src/lib/seo';
import { countryPages, SEO_SLUGS } from '../../src/lib/seo-slugs';
import { matchRoute, patternOf, routeIds, routes } from '../../src/routes';

const hosts = { scheme: 'https', czHost: 'www.example.cz', skHost: 'www.example.sk' };
const paramless = routeIds.filter((id) => !patternOf(id, 'cs').includes('['));

describe('sitemap', () => {
  const urls = sitemapUrls(hosts);
  const locs = new Set(urls.map((u) => u.loc));

  it('lists every indexable route without parameters in Czech and English on the Czech host, in Slovak on the Slovak host', () => {
    const skLocs = new Set(sitemapUrls(hosts, [], {}, 'www.example.sk').map((u) => u.loc));
    for (const id of paramless.filter(isIndexable)) {
      expect(locs.has(`https://www.example.cz${patternOf(id, 'cs')}`), id).toBe(true);
      expect(locs.has(`https://www.example.cz${patternOf(id, 'en')}`), id).toBe(true);
      // the /cenniky path where the route has one, else its root path (Slovak on the Slovak host)
      expect(skLocs.has(`https://www.example.sk${patternOf(id, 'sk')}`), id).toBe(true);
      if ('sk' in routes[id]) expect(skLocs.has(`https://www.example.sk${patternOf(id, 'cs')}`), id).toBe(false);
    }
  });

  it('lists no private page (client section, configurator steps, cart, tokens)', () => {
    for (const u of urls) {
      const m = matchRoute(new URL(u.loc).pathname);
      expect(m, u.loc).not.toBeNull();
      expect(isIndexable(m!.id), u.loc).toBe(true);
    }
    expect([...locs].some((l) => l.includes('/klient/') || l.includes('/konfigurator/') || l.endsWith('/kosik'))).toBe(false);
  });

  it('has each address once, and pages with parameters when given', () => {
    expect(locs.size).toBe(urls.length);
    const more = sitemapUrls(hosts, [{ id: 'news-detail', params: { token: 'vanoce-2026' } }]);
    expect(more.map((u) => u.loc)).toContain('https://www.example.cz/novinky/vanoce-2026');
    expect(more.map((u) => u.loc)).toContain('https://www.example.cz/en/news/vanoce-2026');
  });

  it('is well-formed XML with escaped addresses', () => {
    const xml = sitemapXml([{ loc: 'https://x.cz/a?b=1&c=2', alternates: [{ hreflang: 'cs', href: 'https://x.cz/a?b=1&c=2' }] }]);
    expect(xml).toContain('<loc>https://x.cz/a?b=1&amp;c=2</loc>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
  });
});

describe('hreflang alternates', () => {
  it('pair every page with itself: each alternate names the same route, and the set is the same from every language', () => {
    for (const id of paramless.filter(isIndexable)) {
      const alts = alternatesOf(id, {}, hosts);
      expect(alts.map((a) => a.hreflang).sort(), id).toEqual(['cs', 'en', 'sk', 'x-default']);
      for (const a of alts) expect(matchRoute(new URL(a.href).pathname)?.id, a.href).toBe(id);
      for (const a of alts.filter((x) => x.hreflang !== 'x-default')) {
        const back = seoOf(new URL(a.href).pathname, new URL(a.href).host, hosts)!;
        expect(back.alternates, a.href).toEqual(alts);
      }
    }
  });

  it('x-default is the Czech page; Czech and English are the Czech host\'s, Slovak the Slovak host\'s (its root paths speak Slovak)', () => {
    const europe = ['https://www.example.cz/ceniky/evropa', 'https://www.example.cz/en/services/europe', 'https://www.example.sk/cenniky/europa', 'https://www.example.cz/ceniky/evropa'];
    expect(alternatesOf('price-list-europe', {}, hosts).map((a) => a.href)).toEqual(europe);
    expect(alternatesOf('price-list-europe', {}, hosts, undefined, 'www.example.sk').map((a) => a.href)).toEqual(europe);
    expect(alternatesOf('contact', {}, hosts).map((a) => `${a.hreflang} ${a.href}`)).toEqual([
      'cs https://www.example.cz/kontakt',
      'en https://www.example.cz/en/contact',
      'sk https://www.example.sk/kontakt',
      'x-default https://www.example.cz/kontakt',
    ]);
  });

  it('the canonical address is the version the address speaks by default: one address per page and language', () => {
    expect(seoOf('/kontakt', 'www.example.cz', hosts)).toMatchObject({ locale: 'cs', canonical: 'https://www.example.cz/kontakt' });
    expect(seoOf('/kontakt', 'www.example.sk', hosts)).toMatchObject({ locale: 'sk', canonical: 'https://www.example.sk/kontakt' });
    // the Slovak host's Czech price-list path speaks Slovak: a duplicate of its /cenniky page
    expect(seoOf('/ceniky/evropa', 'www.example.sk', hosts)).toMatchObject({ locale: 'sk', canonical: 'https://www.example.sk/cenniky/europa' });
    expect(seoOf('/cenniky/europa', 'www.example.cz', hosts)).toMatchObject({ locale: 'sk', canonical: 'https://www.example.sk/cenniky/europa' });
    expect(seoOf('/en/contact', 'www.example.cz', hosts)).toMatchObject({ locale: 'en', canonical: 'https://www.example.cz/en/contact' });
  });

  it('the Slovak host\'s sitemap lists its own addresses only', () => {
    const urls = sitemapUrls(hosts, [], {}, 'www.example.sk');
    expect(urls.every((u) => u.loc.startsWith('https://www.example.sk/'))).toBe(true);
    expect(urls.map((u) => u.loc)).toContain('https://www.example.sk/cenniky/europa');
  });

  it('private pages get a canonical address but no alternates; unknown paths nothing', () => {
    expect(seoOf('/klient/prehled', 'www.example.cz', hosts)).toMatchObject({ canonical: 'https://www.example.cz/klient/prehled', alternates: [] });
    expect(seoOf('/no/such/page/here', 'www.example.cz', hosts)).toBeNull();
  });
});

describe('country price pages', () => {
  it('are all in the sitemap, each language with its own slug for the same country and direction', () => {
    const pages = countryPages();
    const urls = [...sitemapUrls(hosts, pages, SEO_SLUGS), ...sitemapUrls(hosts, pages, SEO_SLUGS, 'www.example.sk')];
    expect(urls.length).toBeGreaterThanOrEqual(pages.length * 3);
    const de = alternatesOf('price-list-country', { slug: 'balik-do-nemecka' }, hosts, SEO_SLUGS['price-list-country']);
    expect(de.map((a) => new URL(a.href).pathname)).toEqual(['/ceniky/balik-do-nemecka', '/en/services/package-to-germany', '/cenniky/balik-do-nemecka', '/ceniky/balik-do-nemecka']);
    for (const { params } of pages) {
      const cs = parseCountrySlug(params.slug!, 'cs')!;
      for (const a of alternatesOf('price-list-country', params, hosts, SEO_SLUGS['price-list-country'])) {
        const m = matchRoute(new URL(a.href).pathname)!;
        expect(parseCountrySlug(m.params.slug!, m.locale), a.href).toEqual(cs);
      }
    }
  });
});

it('robots.txt keeps crawlers out of the API and private sections and names the sitemap', () => {
  const txt = robotsTxt(hosts, 'www.example.cz');
  expect(txt).toContain('Disallow: /api/');
  expect(txt).toContain('Disallow: /klient/');
  expect(txt).toContain('Sitemap: https://www.example.cz/sitemap.xml');
});
