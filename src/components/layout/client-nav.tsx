import { Link } from 'waku';
import type { Translate } from '../../i18n';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { href, type PageLocale } from '../../routes';

/** Client-section navigation; the last item depends on the contract (spec §2.7). */
export function ClientNav({ locale, t, hasContract }: { locale: PageLocale; t: Translate; hasContract: boolean }) {
  return (
    <nav className="client-nav" aria-label={t('nav.account')}>
      <ul>
        <li><Link to={href('klient-v2-prehled', locale)}>{t('client.nav.overview')}</Link></li>
        <li><Link to={href('klient-v2-objednavky', locale)}>{t('client.nav.shipments')}</Link></li>
        <li><Link to={href('klient-v2-adresar', locale)}>{t('client.nav.addressBook')}</Link></li>
        <li><Link to={href('klient-v2-faktury', locale)}>{t('client.nav.invoices')}</Link></li>
        <li><Link to={href('klient-v2-nastaveni', locale)}>{t('client.nav.settings')}</Link></li>
        <li>
          {hasContract ? (
            <a href={MANAGER_APP_URL} rel="noopener">{t('client.nav.managerApp')}</a>
          ) : (
            <Link to={href('klient-v2-pro-firmy', locale)}>{t('client.nav.forBusiness')}</Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
