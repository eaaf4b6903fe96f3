import { allowedBy, type BasicProfile, type NavRestriction } from '../../lib/types/user';
import type { RouteId } from '../../routes';
import type { ClientVersion } from '../client/section';

/**
 * The client section's navigation (spec §2.7) as data: v2 has overview, shipments/orders,
 * address book, invoices, settings and, last, the manager app (with a contract) or the
 * business offer (without); v1 lists every old client page. Restrictions of spec §6: pickups
 * and pickup places need a contract, the business offer shows only without one.
 */
export type ClientMenuItem = {
  key: string;
  /** a route of ours, or the manager app */
  to: RouteId | 'manager-app';
  restrictions?: readonly NavRestriction[];
  /** the contracts entry warns about an unsigned contract */
  warn?: boolean;
};

const V2: readonly ClientMenuItem[] = [
  { key: 'overview', to: 'klient-v2-prehled' },
  { key: 'shipments', to: 'klient-v2-zasilky' },
  { key: 'orders', to: 'klient-v2-objednavky' },
  { key: 'addressBook', to: 'klient-v2-adresar' },
  { key: 'invoices', to: 'klient-v2-faktury' },
  { key: 'settings', to: 'klient-v2-nastaveni' },
  { key: 'managerApp', to: 'manager-app', restrictions: ['userHasContract'] },
  { key: 'forBusiness', to: 'klient-v2-pro-firmy', restrictions: ['!userHasContract'] },
];

const V1: readonly ClientMenuItem[] = [
  { key: 'overview', to: 'klient-prehled' },
  { key: 'shipments', to: 'klient-zasilky' },
  { key: 'orders', to: 'klient-objednavky' },
  { key: 'import', to: 'klient-import' },
  { key: 'addressBook', to: 'klient-adresar' },
  { key: 'invoices', to: 'klient-faktury' },
  { key: 'credit', to: 'klient-kredit' },
  { key: 'claims', to: 'klient-reklamace' },
  { key: 'pickups', to: 'klient-svozy', restrictions: ['userHasContract'] },
  { key: 'pickupPlaces', to: 'klient-svozova-mista', restrictions: ['userHasContract'] },
  { key: 'contracts', to: 'klient-smlouvy' },
  { key: 'settings', to: 'klient-nastaveni' },
  { key: 'password', to: 'klient-heslo' },
  { key: 'managerApp', to: 'manager-app', restrictions: ['userHasContract'] },
  { key: 'forBusiness', to: 'klient-v2-pro-firmy', restrictions: ['!userHasContract'] },
  { key: 'logout', to: 'klient-odhlaseni' },
];

/** the items this user sees; the contracts entry (v1) only for business accounts or contract holders */
export function clientMenu(version: ClientVersion, profile: Pick<BasicProfile, 'has_contract' | 'is_admin' | 'segment'>, { unsignedContract = false } = {}): ClientMenuItem[] {
  return (version === 'v2' ? V2 : V1)
    .filter((item) => allowedBy(item.restrictions, profile))
    .filter((item) => item.key !== 'contracts' || profile.has_contract || profile.segment === 'B' || unsignedContract)
    .map((item) => (item.key === 'contracts' && unsignedContract ? { ...item, warn: true } : item));
}
