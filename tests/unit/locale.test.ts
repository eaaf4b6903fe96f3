import { describe, expect, it } from 'vitest';
import { detectRedirect, fromAcceptLanguage, preferredLocale, territoryOfHost } from '../../src/edge/locale';

describe('locale detection', () => {
  it('picks the best supported language by q-value', () => {
    expect(fromAcceptLanguage('en-US,en;q=0.9,cs;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('de-DE,de;q=0.9,cs;q=0.5,en;q=0.4')).toBe('cs');
    expect(fromAcceptLanguage('sk-SK')).toBe('sk');
    expect(fromAcceptLanguage('de,fr')).toBeNull();
    expect(fromAcceptLanguage('en;q=0,cs')).toBe('cs');
    expect(fromAcceptLanguage(undefined)).toBeNull();
  });

  it('prefers an explicit language header, then the cookie, then the browser', () => {
    expect(preferredLocale({ header: 'en', cookie: 'cs', acceptLanguage: 'sk' })).toBe('en');
    expect(preferredLocale({ header: 'xx', cookie: 'cs', acceptLanguage: 'en' })).toBe('cs');
    expect(preferredLocale({ acceptLanguage: 'en-GB' })).toBe('en');
    expect(preferredLocale({})).toBe('cs');
  });

  it('sends a first visit to the Czech home with an English browser to /en, once', () => {
    expect(detectRedirect('/', null, 'en-US,en')).toBe('/en');
    expect(detectRedirect('/', 'cs', 'en-US,en')).toBeNull();
    expect(detectRedirect('/', null, 'cs-CZ,en')).toBeNull();
    expect(detectRedirect('/kontakt', null, 'en')).toBeNull();
  });

  it('derives the territory from the host', () => {
    expect(territoryOfHost('sk.localhost:8787', 'sk.localhost:8787')).toBe('sk');
    expect(territoryOfHost('127.0.0.1:8787', 'sk.localhost:8787')).toBe('cz');
  });
});
