import { describe, expect, it } from 'vitest';
import { detectRedirect, fromAcceptLanguage, pageLocale, ROOT_LANGUAGES, switchTarget } from '../../src/edge/locale';
import { patternOf } from '../../src/routes';

/** territory × locale cookie × Accept-Language × path → the language the page renders in (spec §1) */
const cases: [territory: 'cz' | 'sk', cookie: string | null, acceptLanguage: string | null, path: string, expected: string][] = [
  // the Slovak site: Slovak unless the visitor chose (cookie) or prefers (browser) Czech or Spanish
  ['sk', null, null, '/', 'sk'],
  ['sk', null, 'sk-SK,sk;q=0.9,en;q=0.8', '/', 'sk'],
  ['sk', null, 'en-US,en;q=0.9', '/kontakt', 'sk'],
  ['sk', null, 'de-DE', '/o-nas', 'sk'],
  ['sk', null, 'cs-CZ,cs;q=0.9', '/', 'cs'],
  ['sk', null, 'en-US,en;q=0.9,cs;q=0.8', '/', 'cs'],
  ['sk', null, 'es-ES', '/konfigurator/vyber-dopravce', 'es'],
  ['sk', 'cs', 'sk-SK', '/', 'cs'],
  ['sk', 'es', 'sk-SK', '/', 'es'],
  ['sk', 'sk', 'cs-CZ', '/', 'sk'],
  ['sk', 'en', 'sk-SK', '/', 'sk'], // English has paths of its own: the cookie does not turn root paths English
  ['sk', 'xx', null, '/', 'sk'],
  ['sk', 'cs', null, '/ceniky/evropa', 'cs'],
  ['sk', null, null, '/ceniky/evropa', 'sk'],
  // the Czech site: Czech unless chosen or preferred otherwise
  ['cz', null, null, '/', 'cs'],
  ['cz', null, 'en-US,en;q=0.9', '/kontakt', 'cs'],
  ['cz', null, 'de-DE,de', '/kontakt', 'cs'],
  ['cz', null, 'sk-SK,sk', '/kontakt', 'sk'],
  ['cz', 'sk', 'cs-CZ', '/kontakt', 'sk'],
  ['cz', 'es', null, '/', 'es'],
  ['cz', 'cs', 'sk-SK', '/', 'cs'],
  // a language prefix in the path decides, whatever the cookie or browser
  ['cz', 'sk', 'sk-SK', '/en/contact', 'en'],
  ['sk', 'cs', 'cs-CZ', '/cenniky/europa', 'sk'],
  ['cz', 'cs', 'cs-CZ', '/cenniky', 'sk'],
  ['cz', 'es', 'es', '/en', 'en'],
];

describe('the language of a page (territory × cookie × Accept-Language × path)', () => {
  it.each(cases)('%s host, cookie %s, browser %s, %s → %s', (territory, cookie, acceptLanguage, path, expected) => {
    expect(pageLocale(path, { territory, cookie, acceptLanguage })).toBe(expected);
  });

  it('without a request context root paths are Czech (tools, tests)', () => {
    expect(pageLocale('/kontakt')).toBe('cs');
    expect(pageLocale('/en/contact')).toBe('en');
    expect(pageLocale('/cenniky/europa')).toBe('sk');
  });

  it('browser detection among the root languages skips English and unknown ones', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9,sk;q=0.5', ROOT_LANGUAGES)).toBe('sk');
    expect(fromAcceptLanguage('en-US,de;q=0.9', ROOT_LANGUAGES)).toBeNull();
    expect(fromAcceptLanguage('es-MX,es;q=0.9,cs;q=0.8', ROOT_LANGUAGES)).toBe('es');
  });

  it('sends an English browser from the Czech home to /en, never from the Slovak one (English is the Czech site\'s)', () => {
    expect(detectRedirect('/', null, 'en-US,en', 'cz')).toBe('/en');
    expect(detectRedirect('/', null, 'en-US,en', 'sk')).toBeNull();
  });
});

describe('the locale switcher target', () => {
  it('is the same route in the chosen language; slugs are translated; unknown paths go home', () => {
    expect(switchTarget('/kontakt', 'en')).toBe('/en/contact');
    expect(switchTarget('/en/contact', 'cs')).toBe('/kontakt');
    expect(switchTarget('/en/contact', 'sk')).toBe('/kontakt');
    expect(switchTarget('/en/contact', 'es')).toBe('/kontakt');
    expect(switchTarget('/ceniky/evropa', 'sk')).toBe('/cenniky/europa');
    expect(switchTarget('/cenniky/europa', 'cs')).toBe('/ceniky/evropa');
    expect(switchTarget('/ceniky/balik-ze-slovenska', 'sk')).toBe('/cenniky/balik-zo-slovenska');
    expect(switchTarget('/en/services/package-from-slovakia', 'cs')).toBe('/ceniky/balik-ze-slovenska');
    expect(switchTarget('/sledovani-zasilek/IZ1234567890', 'en')).toBe('/en/tracking/IZ1234567890');
    expect(switchTarget('/no/such/page', 'sk')).toBe(patternOf('home', 'sk'));
    expect(switchTarget('/no/such/page', 'en')).toBe('/en');
    expect(switchTarget('/kontakt', 'de')).toBeNull();
  });
});
