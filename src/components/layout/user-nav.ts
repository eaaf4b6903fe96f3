import type { MessageId } from '../../i18n';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { allowedBy, type BasicProfile, type NavRestriction } from '../../lib/types/user';
import type { RouteId } from '../../routes';

/** An entry of the user menu: a route of ours or a page of the manager app, shown when its restrictions (spec §6) hold. */
export type UserNavItem = {
  label: MessageId;
  to: { route: RouteId } | { external: string };
  restrictions?: readonly NavRestriction[];
};

/** The user menu's list (spec §2.9); the client section's own navigation is client-nav.tsx. */
export const USER_MENU: readonly UserNavItem[] = [
  { label: 'client.nav.overview', to: { route: 'klient-v2-prehled' } },
  { label: 'client.nav.shipments', to: { route: 'klient-v2-objednavky' } },
  { label: 'client.nav.addressBook', to: { route: 'klient-v2-adresar' } },
  { label: 'client.nav.invoices', to: { route: 'klient-v2-faktury' } },
  { label: 'route.klient-kredit', to: { route: 'klient-kredit' } },
  { label: 'route.klient-svozy', to: { route: 'klient-svozy' }, restrictions: ['userHasContract'] },
  { label: 'route.klient-svozova-mista', to: { route: 'klient-svozova-mista' }, restrictions: ['userHasContract'] },
  { label: 'client.nav.managerApp', to: { external: MANAGER_APP_URL }, restrictions: ['userHasContract'] },
  { label: 'client.nav.forBusiness', to: { route: 'klient-v2-pro-firmy' }, restrictions: ['!userHasContract'] },
  { label: 'client.nav.settings', to: { route: 'klient-v2-nastaveni' } },
  { label: 'user.admin', to: { external: `${MANAGER_APP_URL}/admin` }, restrictions: ['userIsInternal'] },
];

export const visibleItems = (items: readonly UserNavItem[], user: Pick<BasicProfile, 'has_contract' | 'is_admin'> | null): UserNavItem[] =>
  items.filter((item) => allowedBy(item.restrictions, user));

/** segments B (business) and C (partner) see the business side of the site */
export const isBusinessUser = (user: Pick<BasicProfile, 'user_segment'> | null) => user !== null && user.user_segment !== 'A';
