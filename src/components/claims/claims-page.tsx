import { pickMessages, translator } from '../../i18n';
import { href, type Locale } from '../../routes';
import { MessagesProvider } from '../i18n/client';
import { linkLocale } from '../layout/layouts';
import { ClaimForm } from './claim-form';
import { PageMeta } from '../content/page-meta';

/** /reklamace = /en/claim (spec §2.1, issue 11): find the parcel, then file the claim */
export function ClaimsPage({ locale, query }: { locale: Locale; query: string }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const params = new URLSearchParams(query);
  const title = t('route.claim');
  return (
    <article className="page claims-page" data-route="claim">
      <PageMeta locale={locale} title={title} description={t('seo.claim')} />
      <h1>{title}</h1>
      <p className="muted">{t('claims.intro')}</p>
      <noscript>
        <div className="acc-message acc-info" data-testid="claims-noscript">
          <p>{t('claims.noscript')}</p>
        </div>
      </noscript>
      <MessagesProvider messages={pickMessages(locale, ['claims.', 'tracking.status.', 'tracking.invalid_number', 'validation.'])}>
        <ClaimForm
          locale={l}
          initial={{ tracking_number: (params.get('id') ?? '').trim().slice(0, 20), token: (params.get('token') ?? '').trim().slice(0, 200), email: '' }}
        />
      </MessagesProvider>
    </article>
  );
}
