import { describe, expect, it } from 'vitest';
import { redirectFor } from '../../src/edge/redirects';

const hosts = { czHost: 'www.zasilkovac.cz', skHost: 'www.zasilkovac.sk' };
const on = (url: string) => redirectFor(new URL(url), hosts);

describe('redirect rules of §2.8', () => {
  it.each([
    ['/manazer-zasilek', '/business/manazer-zasilek'],
    ['/pro-podnikatele', '/business/kontakt'],
    ['/sluzby-pro-obchodniky', '/business/kontakt'],
    ['/business/kontakt', '/business/ziskat-nabidku'],
    ['/dopravce/grid-online', '/'],
    ['/dopravce/wedo', '/dopravce/one-by-allegro'],
    ['/klient/v2', '/klient/v2/prehled'],
    ['/en/klient/v2', '/en/klient/v2/prehled'],
  ])('sends %s to %s', (from, to) => {
    expect(on(`https://www.zasilkovac.cz${from}`)).toEqual({ location: to, status: 301 });
  });

  it('keeps the query string', () => {
    expect(on('https://www.zasilkovac.cz/dopravce/wedo?utm=x')?.location).toBe('/dopravce/one-by-allegro?utm=x');
  });

  it('sends /en/* on the Slovak host to the Czech host with the same path', () => {
    expect(on('https://www.zasilkovac.sk/en/contact?a=1')).toEqual({ location: 'https://www.zasilkovac.cz/en/contact?a=1', status: 301 });
    expect(on('https://www.zasilkovac.sk/en')?.location).toBe('https://www.zasilkovac.cz/en');
    expect(on('https://www.zasilkovac.cz/en/contact')).toBeNull();
  });

  it('sends /sk/* to the Slovak host without the prefix', () => {
    expect(on('https://www.zasilkovac.cz/sk/cenniky/europa?x=2')).toEqual({ location: 'https://www.zasilkovac.sk/cenniky/europa?x=2', status: 301 });
    expect(on('https://www.zasilkovac.cz/sk')?.location).toBe('https://www.zasilkovac.sk/');
    expect(on('https://www.zasilkovac.cz/skoda')).toBeNull();
  });

  it('leaves ordinary pages alone', () => {
    expect(on('https://www.zasilkovac.cz/kontakt')).toBeNull();
    expect(on('https://www.zasilkovac.sk/kontakt')).toBeNull();
  });
});
