import { apiCall } from '../../api/server';
import { pickMessages, translator, type MessageId } from '../../i18n';
import { formatDayTime } from '../../lib/format';
import { type Locale } from '../../routes';
import type { ClaimView } from '../../server/services/claims/claims';
import { MAX_CLAIM_FILES } from '../../lib/claim-files';
import { MessagesProvider } from '../i18n/client';
import { linkLocale } from '../layout/layouts';
import { MissingDocument } from '../order/order-parts';
import { ClaimReply } from './claim-reply';
import { formatSize } from './upload';
import './claims.css';

/**
 * /reklamace/:token = /en/claim/:token (issue 11): the claim's state with what it means,
 * the messages both ways with their files, and the form to write to the team. Readable
 * without JavaScript; writing needs it.
 */
export async function ClaimDetailPage({ locale, token }: { locale: Locale; token: string }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = await apiCall<ClaimView>('GET', `/v1/claims/${encodeURIComponent(token)}`);
  if (!res.ok) return <MissingDocument title={t('claims.detail.notFound.title')} text={t('claims.detail.notFound.text')} locale={l} t={t} />;
  const claim = res.data;
  const title = t('claims.detail.title', { number: claim.number });
  return (
    <article className="page claim-page" data-route="claim-detail" data-claim-status={claim.status}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <header className="claim-head">
        <h1>{title}</h1>
        <span className={`claim-badge claim-badge-${claim.status}`} data-testid="claim-status" data-status={claim.status}>
          <span className="claims-sr-only">{t('claims.statusLabel')}: </span>
          {t(`claims.status.${claim.status}` as MessageId)}
        </span>
      </header>
      <p data-testid="claim-status-text">{t(`claims.statusText.${claim.status}` as MessageId)}</p>
      <dl className="claim-facts">
        <dt>{t('claims.detail.shipment')}</dt>
        <dd>{claim.tracking_number}</dd>
        <dt>{t('claims.detail.reason')}</dt>
        <dd>{t(`claims.reason.${claim.reason}` as MessageId)}</dd>
        <dt>{t('claims.detail.createdAt')}</dt>
        <dd>{formatDayTime(claim.created_at, l)}</dd>
        {claim.bank_account && (
          <>
            <dt>{t('claims.detail.bankAccount')}</dt>
            <dd>{claim.bank_account}</dd>
          </>
        )}
      </dl>
      <h2>{t('claims.timeline.title')}</h2>
      <ol className="claim-timeline" data-testid="claim-timeline">
        {claim.messages.map((m) => (
          <li key={m.id} className={`claim-message claim-message-${m.author}`} data-author={m.author}>
            <header>
              <strong>{t(`claims.author.${m.author}` as MessageId)}</strong>
              <time dateTime={m.created_at}>{formatDayTime(m.created_at, l)}</time>
            </header>
            <p>{m.body}</p>
            {m.files.length > 0 && (
              <ul>
                {m.files.map((f) => (
                  <li key={f.id}>
                    <a href={f.url} download={f.download_name} aria-label={t('claims.file.download', { name: f.name })}>
                      {f.name}
                    </a>{' '}
                    <small className="muted">({formatSize(f.size)})</small>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <MessagesProvider messages={pickMessages(locale, ['claims.', 'validation.'])}>
        <ClaimReply token={claim.token} locale={l} filesLeft={Math.max(0, MAX_CLAIM_FILES - claim.file_count)} />
      </MessagesProvider>
    </article>
  );
}
