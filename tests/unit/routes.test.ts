import { describe, expect, it } from 'vitest';
import { href, localeOfPath, matchRoute, paramNames, patternOf, routeEntries, routeIds, routes, switchLocale } from '../../src/routes';

const shape = (pattern: string) => pattern.replace(/\[\w+\]/g, '*');

describe('route table', () => {
  it('gives every id a Czech and an English path, English under /en', () => {
    for (const id of routeIds) {
      expect(routes[id].cs, id).toMatch(/^\//);
      expect(routes[id].en === '/en' || routes[id].en.startsWith('/en/'), id).toBe(true);
      expect(routes[id].cs.startsWith('/en'), id).toBe(false);
    }
  });

  it('uses the same parameters in every language of a route', () => {
    for (const { id, pattern } of routeEntries) {
      expect(paramNames(pattern).sort(), `${id} ${pattern}`).toEqual(paramNames(routes[id].cs).sort());
    }
  });

  it('has no two paths that match the same URLs', () => {
    const seen = new Map<string, string>();
    for (const { id, locale, pattern } of routeEntries) {
      const key = shape(pattern);
      const other = seen.get(key);
      // the same id may share a path between languages (e.g. /klient/v2 slugs are Czech in both)
      if (other && !other.startsWith(`${id}:`)) throw new Error(`${id}:${locale} ${pattern} collides with ${other}`);
      seen.set(key, `${id}:${locale}`);
    }
  });

  it('covers the spec routes with their spec names', () => {
    for (const id of ['klient-v2-prehled', 'klient-v2-adresar', 'klient-v2-faktury', 'klient-v2-objednavky', 'klient-v2-nastaveni'] as const) {
      expect(routes[id].layout).toBe('client');
    }
    expect(routes['configurator-carrier'].en).toBe('/en/configurator/pick-a-carrier');
    expect(routes['price-list-country'].sk).toBe('/cenniky/[slug]');
  });

  it('builds links with encoded parameters', () => {
    expect(href('tracking-result', 'en', { id: 'IZ 12/3' })).toBe('/en/tracking/IZ%2012%2F3');
    expect(href('price-list-route-carrier', 'cs', { from: 'cz', to: 'sk', carrier: 'dpd' })).toBe('/ceniky/cz/sk/dpd');
    expect(href('home', 'cs')).toBe('/');
  });

  it('matches literal paths before parameter paths of the same length', () => {
    expect(matchRoute('/ceniky/evropa')?.id).toBe('price-list-europe');
    expect(matchRoute('/ceniky/balik-do-nemecka')).toEqual({ id: 'price-list-country', locale: 'cs', params: { slug: 'balik-do-nemecka' } });
    expect(matchRoute('/cenniky/europa')?.locale).toBe('sk');
    expect(matchRoute('/en/tracking/IZ%201')).toEqual({ id: 'tracking-result', locale: 'en', params: { id: 'IZ 1' } });
    expect(matchRoute('/does/not/exist/at/all')).toBeNull();
  });

  it('switches a URL to the same route in the other language', () => {
    expect(switchLocale('/kontakt', 'en')).toBe('/en/contact');
    expect(switchLocale('/en/tracking/IZ1234567890', 'cs')).toBe('/sledovani-zasilek/IZ1234567890');
    expect(switchLocale('/cenniky/europa', 'en')).toBe('/en/services/europe');
    expect(switchLocale('/unknown', 'en')).toBe('/en');
  });

  it('reads the locale from the path prefix', () => {
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/contact')).toBe('en');
    expect(localeOfPath('/english')).toBe('cs');
    expect(localeOfPath('/cenniky/europa')).toBe('sk');
    expect(patternOf('contact', 'sk')).toBe('/kontakt');
  });
});
