import type { RouteId } from '../routes';

/**
 * Spec §2.8: with the new-client-section preference (the profile field, which the common
 * setting clientSectionPreferenceNewClientSection also sets, or the forced flag) every old
 * client route is sent to its v2 screen or to the manager app. Pure: route in, target out.
 */
export type ClientSectionTarget = { kind: 'route'; id: RouteId } | { kind: 'external'; path: string };

/** old client routes that stay where they are under the preference */
export const OLD_CLIENT_EXCEPTIONS: readonly RouteId[] = ['klient-clear', 'klient-import', 'klient-odhlaseni', 'klient-smlouvy'];

/** the pages of the manager app that replace old client pages */
export const MANAGER_APP_PATHS = { pickups: '/pickups/plan', pickupPlaces: '/pickups/addresses', claims: '/claims', credit: '/settings/credit' } as const;

export const isOldClientRoute = (id: string) => id.startsWith('klient-') && !id.startsWith('klient-v2');
export const isV2ClientRoute = (id: string) => id.startsWith('klient-v2');

export function prefersNewClientSection(profile: { client_section_preference_new_client_section?: boolean; client_section_force_new_client_section?: boolean } | null): boolean {
  return Boolean(profile?.client_section_preference_new_client_section || profile?.client_section_force_new_client_section);
}

/** where an old client route goes for a user who prefers the new section; null: it stays */
export function newClientSectionTarget(id: RouteId): ClientSectionTarget | null {
  if (!isOldClientRoute(id) || OLD_CLIENT_EXCEPTIONS.includes(id)) return null;
  // the credit pages always go to the manager app
  if (id === 'klient-kredit' || id === 'klient-kredit-dobit') return { kind: 'external', path: MANAGER_APP_PATHS.credit };
  if (id === 'klient-svozy') return { kind: 'external', path: MANAGER_APP_PATHS.pickups };
  if (id === 'klient-svozova-mista') return { kind: 'external', path: MANAGER_APP_PATHS.pickupPlaces };
  if (id === 'klient-reklamace') return { kind: 'external', path: MANAGER_APP_PATHS.claims };
  if (id.startsWith('klient-adresar')) return { kind: 'route', id: 'klient-v2-adresar' };
  if (id === 'klient-faktury') return { kind: 'route', id: 'klient-v2-faktury' };
  if (id === 'klient-objednavky') return { kind: 'route', id: 'klient-v2-objednavky' };
  if (id === 'klient-heslo' || id === 'klient-nastaveni') return { kind: 'route', id: 'klient-v2-nastaveni' };
  return { kind: 'route', id: 'klient-v2-prehled' };
}

/**
 * §2.8 full-load rule: leaving an old client page (not the logout page) for a page outside
 * the client section loads the target in full, unless the page before was a v2 page.
 */
export function leavingNeedsFullLoad(current: string, target: string | null, previous: string | null): boolean {
  if (!isOldClientRoute(current) || current === 'klient-odhlaseni') return false;
  if (previous && isV2ClientRoute(previous)) return false;
  if (target === null) return true; // an address no route knows: let the browser load it
  return !target.startsWith('klient-') && target !== 'client-activate';
}
