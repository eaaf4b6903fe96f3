import { describe, expect, it } from 'vitest';
import { leavingNeedsFullLoad, newClientSectionTarget, OLD_CLIENT_EXCEPTIONS, prefersNewClientSection } from '../../src/lib/client-section';
import { routeIds } from '../../src/routes';

describe('spec §2.8 new-client-section redirects', () => {
  it('maps every old client route: contacts, invoices, orders, password and settings to their v2 screens, the rest to the overview', () => {
    const mapped = Object.fromEntries(routeIds.filter((id) => id.startsWith('klient-') && !id.startsWith('klient-v2')).map((id) => [id, newClientSectionTarget(id)]));
    expect(mapped).toEqual({
      'klient-prehled': { kind: 'route', id: 'klient-v2-prehled' },
      'klient-adresar': { kind: 'route', id: 'klient-v2-adresar' },
      'klient-adresar-pridat': { kind: 'route', id: 'klient-v2-adresar' },
      'klient-adresar-smazat': { kind: 'route', id: 'klient-v2-adresar' },
      'klient-adresar-upravit': { kind: 'route', id: 'klient-v2-adresar' },
      'klient-adresar-hledat': { kind: 'route', id: 'klient-v2-adresar' },
      'klient-clear': null,
      'klient-faktury': { kind: 'route', id: 'klient-v2-faktury' },
      'klient-heslo': { kind: 'route', id: 'klient-v2-nastaveni' },
      'klient-import': null,
      'klient-kredit': { kind: 'external', path: '/settings/credit' },
      'klient-kredit-dobit': { kind: 'external', path: '/settings/credit' },
      'klient-nastaveni': { kind: 'route', id: 'klient-v2-nastaveni' },
      'klient-objednavky': { kind: 'route', id: 'klient-v2-objednavky' },
      'klient-odhlaseni': null,
      'klient-reklamace': { kind: 'external', path: '/claims' },
      'klient-smlouvy': null,
      'klient-svozova-mista': { kind: 'external', path: '/pickups/addresses' },
      'klient-svozy': { kind: 'external', path: '/pickups/plan' },
      'klient-zasilky': { kind: 'route', id: 'klient-v2-prehled' },
    });
    expect(OLD_CLIENT_EXCEPTIONS).toHaveLength(4);
  });

  it('leaves v2 and every other route alone', () => {
    for (const id of routeIds.filter((r) => !r.startsWith('klient-') || r.startsWith('klient-v2'))) expect(newClientSectionTarget(id), id).toBeNull();
  });

  it('the preference is the profile field or the forced flag', () => {
    expect(prefersNewClientSection(null)).toBe(false);
    expect(prefersNewClientSection({ client_section_preference_new_client_section: false, client_section_force_new_client_section: false })).toBe(false);
    expect(prefersNewClientSection({ client_section_preference_new_client_section: true })).toBe(true);
    expect(prefersNewClientSection({ client_section_force_new_client_section: true })).toBe(true);
  });

  it('a full page load when leaving an old client page for a non-client page, unless the page before was v2 or it is the logout page', () => {
    expect(leavingNeedsFullLoad('klient-adresar', 'home', null)).toBe(true);
    expect(leavingNeedsFullLoad('klient-adresar', 'home', 'klient-prehled')).toBe(true);
    expect(leavingNeedsFullLoad('klient-adresar', 'home', 'klient-v2-prehled')).toBe(false);
    expect(leavingNeedsFullLoad('klient-adresar', 'klient-faktury', null)).toBe(false);
    expect(leavingNeedsFullLoad('klient-adresar', 'klient-v2-faktury', null)).toBe(false);
    expect(leavingNeedsFullLoad('klient-odhlaseni', 'home', null)).toBe(false);
    expect(leavingNeedsFullLoad('klient-v2-adresar', 'home', null)).toBe(false);
    expect(leavingNeedsFullLoad('home', 'cart', null)).toBe(false);
  });
});

describe('the overview month', () => {
  it('starts at midnight in Prague, winter and summer', async () => {
    const { monthStart } = await import('../../src/server/services/client-overview');
    expect(monthStart(new Date('2026-11-23T10:00:00Z'))).toBe('2026-10-31T23:00:00.000Z');
    expect(monthStart(new Date('2026-07-01T00:30:00Z'))).toBe('2026-06-30T22:00:00.000Z');
    expect(monthStart(new Date('2026-06-30T22:30:00Z'))).toBe('2026-06-30T22:00:00.000Z');
  });
});
