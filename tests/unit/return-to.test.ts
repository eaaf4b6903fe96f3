import { describe, expect, it } from 'vitest';
import { fromOfQuery, returnPath } from '../../src/components/account/return-to';

describe('the login route’s `from` (spec §2.2)', () => {
  it('returns to the named route in the page’s language', () => {
    expect(returnPath('klient-v2-faktury', 'cs')).toBe('/klient/v2/faktury');
    expect(returnPath('cart', 'en')).toBe('/en/cart');
  });

  it('goes home for unknown names, routes with parameters and the sign-in pages themselves', () => {
    expect(returnPath('no-such-route', 'cs')).toBe('/');
    expect(returnPath('__proto__', 'cs')).toBe('/');
    expect(returnPath('tracking-result', 'en')).toBe('/en');
    expect(returnPath('login', 'cs')).toBe('/');
    expect(returnPath('klient-odhlaseni', 'cs')).toBe('/');
    expect(returnPath(null, 'en')).toBe('/en');
  });

  it('reads `from` from a page’s query string', () => {
    expect(fromOfQuery('?from=klient-v2-faktury')).toBe('klient-v2-faktury');
    expect(fromOfQuery('from=cart&x=1')).toBe('cart');
    expect(fromOfQuery('')).toBeNull();
  });
});
