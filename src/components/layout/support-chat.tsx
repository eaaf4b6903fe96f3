import type { Translate } from '../../i18n';
import { CUSTOMER_CARE } from '../../lib/contacts';
import type { Territory } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';

/**
 * The support chat's place (spec §2.9: only for users with a contract). No chat service is
 * connected yet; until then it offers the customer-care contacts.
 */
export function SupportChat({ locale, territory, t }: { locale: PageLocale; territory: Territory; t: Translate }) {
  const care = CUSTOMER_CARE[territory];
  return (
    <details className="support-chat" data-testid="support-chat">
      <summary>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
          <path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" />
        </svg>
        {t('user.chat')}
      </summary>
      <div className="support-chat-panel">
        <p>{t('user.chatPlaceholder')}</p>
        <p>
          <a href={`tel:${care.phone.replace(/\s/g, '')}`}>{care.phone}</a>
          <br />
          <a href={`mailto:${care.email}`}>{care.email}</a>
        </p>
        <a href={href('contact', locale)}>{t('route.contact')}</a>
      </div>
    </details>
  );
}
