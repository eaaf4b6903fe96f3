import type { ReactNode } from 'react';
import { Link } from 'waku';
import type { MessageId, Translate } from '../../i18n';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import type { BasicProfile } from '../../lib/types/user';
import { href, type PageLocale } from '../../routes';
import type { ClientVersion } from '../client/section';
import { clientMenu } from './client-menu';

/** Client-section navigation of the version showing (spec §2.7); the current page is marked. */
export function ClientNav({
  locale,
  t,
  version,
  profile,
  current,
  unsignedContract,
  children,
}: {
  locale: PageLocale;
  t: Translate;
  version: ClientVersion;
  profile: BasicProfile;
  current: string | null;
  unsignedContract: boolean;
  /** what docks under the menu (the support chat): beside the content, never over it */
  children?: ReactNode;
}) {
  return (
    <nav className={`client-nav client-nav-${version}`} aria-label={t('nav.account')} data-testid="client-nav">
      <ul>
        {clientMenu(version, profile, { unsignedContract }).map((item) => {
          const label = t(`client.nav.${item.key}` as MessageId);
          if (item.to === 'manager-app') {
            return (
              <li key={item.key}>
                <a href={MANAGER_APP_URL} rel="noopener" data-external="true">
                  {label} <span aria-hidden="true">↗</span>
                </a>
              </li>
            );
          }
          const to = href(item.to as 'klient-prehled', locale);
          const here = current === item.to || (current?.startsWith(`${item.to}-`) ?? false);
          return (
            <li key={item.key}>
              <Link to={to} aria-current={here ? 'page' : undefined} className={item.warn ? 'warn' : undefined}>
                {label}
                {item.warn ? (
                  <span className="client-nav-warn" title={t('client.nav.unsignedContract' as MessageId)}>
                    {' '}⚠<span className="visually-hidden">{t('client.nav.unsignedContract' as MessageId)}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {children}
    </nav>
  );
}
