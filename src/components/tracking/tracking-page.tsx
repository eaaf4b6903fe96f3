import { translator } from '../../i18n';
import type { Locale } from '../../routes';
import { linkLocale } from '../layout/layouts';
import { loadTracking } from './load';
import { TrackingForm } from './tracking-form';
import { TrackingResult } from './tracking-result';
import { PageMeta } from '../content/page-meta';

/**
 * The three tracking pages (spec §2.1): the form alone, the public result (number only) and
 * the full one (number and the recipient's token: addresses, no order links; the signed-in owner
 * also gets the order's links). A failure is shown in words beside the form.
 */
export async function TrackingPage({ locale, id, token }: { locale: Locale; id?: string; token?: string }) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const result = id ? await loadTracking(id, token) : null;
  const error = result && 'error' in result ? result.error : null;
  const title = id && result && 'data' in result ? `${t('tracking.parcel')} ${result.data.tracking_number}` : t('route.tracking');
  return (
    <article className="page tracking-page" data-route="tracking">
      <PageMeta locale={locale} title={title} description={t('seo.tracking')} />
      {token ? <meta name="robots" content="noindex" /> : null}
      <h1>{t('route.tracking')}</h1>
      <p className="muted">{t('tracking.intro')}</p>
      {/* the tracking texts reach the form through the layout's island messages */}
      <TrackingForm locale={l} initial={id ?? ''} initialError={error && error !== 'tracking.not_found' && error !== 'tracking.unavailable' ? error : null} />
      {error === 'tracking.not_found' || error === 'tracking.unavailable' ? (
        <p className="tracking-error" role="alert" data-testid="tracking-error">
          {t(error as never, { id: id ?? '' })}
        </p>
      ) : null}
      {result && 'data' in result ? <TrackingResult data={result.data} locale={l} t={t} /> : null}
      <section id="help" className="tracking-help">
        <h2>{t('tracking.helpTitle')}</h2>
        <p>{t('tracking.helpText')}</p>
        <p>{t('tracking.helpOrder')}</p>
      </section>
    </article>
  );
}
