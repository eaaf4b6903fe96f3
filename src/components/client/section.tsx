import type { ReactNode } from 'react';
import { translator, type MessageId } from '../../i18n';
import type { Locale, PageLocale, RouteId } from '../../routes';
import { href } from '../../routes';

/**
 * The client section's two versions share every page (spec §2.7): the route id says which
 * one is showing, and links stay within it where the other version has the same screen.
 */
export type ClientVersion = 'v1' | 'v2';
export const versionOf = (id: string): ClientVersion => (id.startsWith('klient-v2') ? 'v2' : 'v1');

/** the screens both versions have: v1 route id, v2 route id */
const SHARED = {
  overview: ['klient-prehled', 'klient-v2-prehled'],
  shipments: ['klient-zasilky', 'klient-v2-zasilky'],
  orders: ['klient-objednavky', 'klient-v2-objednavky'],
  addressBook: ['klient-adresar', 'klient-v2-adresar'],
  invoices: ['klient-faktury', 'klient-v2-faktury'],
  settings: ['klient-nastaveni', 'klient-v2-nastaveni'],
} as const satisfies Record<string, readonly [RouteId, RouteId]>;
export type ClientArea = keyof typeof SHARED;

/** the route of an area in the given version */
export const clientRoute = (area: ClientArea, version: ClientVersion): RouteId => SHARED[area][version === 'v2' ? 1 : 0];
export const clientHref = (area: ClientArea, version: ClientVersion, locale: PageLocale) => href(clientRoute(area, version) as 'klient-prehled', locale);

/** a client page's frame: the document title, the heading and an optional line of actions */
export function ClientPage({ id, locale, title, actions, children }: { id: RouteId; locale: Locale; title?: string; actions?: ReactNode; children: ReactNode }) {
  const t = translator(locale);
  const heading = title ?? t(`route.${id}` as MessageId);
  return (
    <article className={`page client-page client-${versionOf(id)}`} data-route={id}>
      <title>{`${heading} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <header className="client-page-head">
        <h1>{heading}</h1>
        {actions ? <div className="client-page-actions">{actions}</div> : null}
      </header>
      {children}
    </article>
  );
}
