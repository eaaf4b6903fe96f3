import { apiCall } from '../api/server';
import { ChangeLinkForm, ChangeRequestForm, type ChangeState } from '../components/change-request/change-forms';
import '../components/change-request/change.css';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';
import { PageMeta } from '../components/content/page-meta';

/** /zadost-o-zmenu: ask for the link (tracking number + the order's e-mail) */
export function ChangeRequestPage({ locale }: PageProps<'change-request'>) {
  const t = translator(locale);
  return (
    <article className="page change-page" data-route="change-request">
      <PageMeta locale={locale} title={t('change.title')} description={t('seo.change-request')} />
      <h1>{t('change.title')}</h1>
      <p>{t('change.intro')}</p>
      <MessagesProvider messages={pickMessages(locale, ['change.'])}>
        <ChangeLinkForm locale={linkLocale(locale)} />
      </MessagesProvider>
    </article>
  );
}

/** /zadost-o-zmenu/:trackingNumber/:token: the parcel's change requests */
export async function ChangeRequestDetailPage({ locale, params }: PageProps<'change-request-detail'>) {
  const t = translator(locale);
  const res = await apiCall<ChangeState>('GET', `/v1/change-request/find?id=${encodeURIComponent(params.trackingNumber)}&token=${encodeURIComponent(params.token)}`);
  return (
    <article className="page change-page" data-route="change-request-detail">
      <title>{`${t('change.title')} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t('change.title')}</h1>
      {res.ok ? (
        <>
          <p>
            {t('change.parcel', { number: res.data.tracking_number })} · <strong>{t(`tracking.status.${res.data.status}` as never)}</strong>
          </p>
          <MessagesProvider messages={pickMessages(locale, ['change.'])}>
            <ChangeRequestForm token={params.token} initial={res.data} locale={linkLocale(locale)} />
          </MessagesProvider>
        </>
      ) : (
        <p className="notice notice-error" data-testid="change-missing">
          {t('change.missing')}
        </p>
      )}
    </article>
  );
}
