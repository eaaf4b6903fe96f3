import { Link } from 'waku';
import { apiGetOptional } from '../../api/server';
import { href, type PageLocale } from '../../routes';
import type { Translate } from '../../i18n';
import type { Territory } from '../../lib/types/quote';
import { sanitizeHtml } from '../../lib/safe-html';
import { openPopupScript, postponeCookie } from '../../lib/header-bar-popup';
import { requestData } from '../../request';
import { HeaderBarPostpone, type HeaderBarData } from './header-bar-popup';

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
      {bar && <HeaderBarMessage bar={bar} t={t} />}
    </div>
  );
}

const POPUP_ID = 'header-bar-popup';

/**
 * The header-bar message; a click opens the 760 px popup, a modal dialog. Opening and closing
 * are HTML (invoker commands: `commandfor` and `command`; `closedby="any"` closes it on a click
 * outside and on Escape), so they need no JavaScript of the page's; only postponing does.
 */
function HeaderBarMessage({ bar, t }: { bar: HeaderBarData; t: Translate }) {
  return (
    <>
      <button type="button" className="header-bar-message" commandfor={POPUP_ID} command="show-modal" data-testid="header-bar-message">
        {bar.message}
      </button>
      <dialog id={POPUP_ID} className="modal" style={{ width: 760 }} closedby="any" data-testid="header-bar-popup">
        <button type="button" className="modal-close" aria-label={t('modal.close')} commandfor={POPUP_ID} command="close">
          ×
        </button>
        {/* sanitized here (lib/safe-html) */}
        <div className="modal-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(bar.popup_content) }} />
        <HeaderBarPostpone id={bar.id} days={bar.postpone_days} label={bar.button_text} />
      </dialog>
      {/* an instant popup opens unless postponed as soon as the parser has read it: with the page's first paint (lib/header-bar-popup.ts) */}
      {bar.instant && <script nonce={requestData().cspNonce} dangerouslySetInnerHTML={{ __html: openPopupScript(POPUP_ID, postponeCookie(bar.id)) }} />}
    </>
  );
}
