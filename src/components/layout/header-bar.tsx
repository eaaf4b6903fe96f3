import { Link } from 'waku';
import { apiGetOptional } from '../../api/server';
import { href, type PageLocale } from '../../routes';
import type { Translate } from '../../i18n';
import type { Territory } from '../../lib/types/quote';
import { sanitizeHtml } from '../../lib/safe-html';
import { HeaderBarMessage, type HeaderBarData } from './header-bar-popup';

/** Above the navbar: personal/business switch (not in sk) and the header message with its popup. */
export async function HeaderBar({ locale, territory, business, t }: { locale: PageLocale; territory: Territory; business: boolean; t: Translate }) {
  const bar = await apiGetOptional<HeaderBarData | null>('/v1/header-bar/detail');
  return (
    <div className="header-bar">
      {territory !== 'sk' && (
        <nav className="segment-switch" aria-label={t('nav.business')}>
          <Link to={href('home', locale)} aria-current={!business ? 'page' : undefined}>
            {t('nav.personal')}
          </Link>
          <Link to={href('business', locale)} aria-current={business ? 'page' : undefined}>
            {t('nav.business')}
          </Link>
        </nav>
      )}
      {bar && <HeaderBarMessage bar={{ ...bar, popup_content: sanitizeHtml(bar.popup_content) }} />}
    </div>
  );
}
