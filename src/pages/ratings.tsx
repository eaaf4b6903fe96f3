import { apiCall } from '../api/server';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { NpsForm } from '../components/ratings/nps-form';
import { RatingForm } from '../components/ratings/rating-form';
import '../components/ratings/ratings.css';
import { pickMessages, translator } from '../i18n';
import { formatDay } from '../lib/format';
import { RATING_SORTS, type RatingSort } from '../lib/schemas/app';
import { href } from '../routes';
import type { RatingsPage } from '../server/services/ratings';
import type { PageProps } from './types';
import { PageMeta } from '../components/content/page-meta';

type Rated = {
  shipment: { id: number; tracking_number: string; carrier: string; status: string; delivered_at: string | null; to_city: string; from_city: string };
  rating: { score: number; comment: string; created_at: string; editable_until: string } | null;
  can_rate: boolean;
};

/** /hodnoceni/:token/:id: rate a delivered shipment (the link of the delivered e-mail and the tracking page) */
export async function RateShipmentPage({ locale, params }: PageProps<'rate-shipment'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const res = /^\d{1,12}$/.test(params.id) ? await apiCall<Rated>('GET', `/v1/shipments/rating?token=${encodeURIComponent(params.token)}&id=${params.id}`) : null;
  return (
    <article className="page rating-page" data-route="rate-shipment">
      <title>{`${t('rating.title')} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t('rating.title')}</h1>
      {res?.ok ? (
        <>
          <p>
            {t('rating.intro', { number: res.data.shipment.tracking_number, from: res.data.shipment.from_city, to: res.data.shipment.to_city })}
          </p>
          <MessagesProvider messages={pickMessages(locale, ['rating.'])}>
            <RatingForm token={params.token} id={res.data.shipment.id} initial={res.data} locale={l} />
          </MessagesProvider>
        </>
      ) : (
        <p className="notice notice-error" data-testid="rating-missing">
          {t('rating.missing')}
        </p>
      )}
    </article>
  );
}

/** /nps/:token: the satisfaction survey */
export async function NpsPage({ locale, params }: PageProps<'nps'>) {
  const t = translator(locale);
  const res = await apiCall<{ answered: boolean }>('GET', `/v1/nps/${encodeURIComponent(params.token)}`);
  return (
    <article className="page rating-page" data-route="nps">
      <title>{`${t('nps.title')} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t('nps.title')}</h1>
      <MessagesProvider messages={pickMessages(locale, ['nps.'])}>
        <NpsForm token={params.token} answered={res.ok && res.data.answered} locale={linkLocale(locale)} />
      </MessagesProvider>
    </article>
  );
}

const stars = (score: number) => '★'.repeat(Math.floor(score)) + (score % 1 ? '½' : '');

/** /hodnoceni-zakazniku: every rating, newest first or by score, ten a page (v1/app/ratings) */
export async function ReviewsPage({ locale, query }: PageProps<'reviews'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const q = new URLSearchParams(query);
  const sort: RatingSort = (RATING_SORTS as readonly string[]).includes(q.get('sort') ?? '') ? (q.get('sort') as RatingSort) : 'newest';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q.get('page') ?? '1', 10) || 1));
  const [list, aggregate] = await Promise.all([
    apiCall<RatingsPage>('GET', `/v1/app/ratings?page=${page}&sort=${sort}`),
    apiCall<{ avg: number; total: number }>('GET', '/v1/app/aggregate-rating'),
  ]);
  const link = (p: number, s: RatingSort = sort) => `${href('reviews', l)}?sort=${s}&page=${p}`;
  return (
    <article className="page rating-page reviews-page" data-route="reviews">
      <PageMeta locale={locale} title={t('route.reviews')} description={t('seo.reviews')} />
      <h1>{t('route.reviews')}</h1>
      {aggregate.ok && aggregate.data.total > 0 ? (
        <p className="lead" data-testid="reviews-aggregate">
          {t('reviews.aggregate', { avg: aggregate.data.avg.toLocaleString(l === 'en' ? 'en-GB' : 'cs-CZ', { maximumFractionDigits: 1 }), total: aggregate.data.total })}
        </p>
      ) : null}
      <nav className="reviews-tools" aria-label={t('reviews.sort')}>
        <span>{t('reviews.sort')}:</span>
        {RATING_SORTS.map((s) =>
          s === sort ? (
            <strong key={s}>{t(`reviews.sort.${s}` as never)}</strong>
          ) : (
            <a key={s} href={link(1, s)}>
              {t(`reviews.sort.${s}` as never)}
            </a>
          ),
        )}
      </nav>
      {list.ok ? (
        <>
          <ol className="reviews-list" data-testid="reviews-list">
            {list.data.items.map((r) => (
              <li key={r.id}>
                <span className="review-stars" role="img" aria-label={t('reviews.score', { score: r.score })}>
                  {stars(r.score)}
                </span>
                {/* a review keeps the language it was written in; a page in another language says so (lang), for readers and screen readers */}
                {r.author ? <strong lang={r.language === locale ? undefined : r.language}>{r.author}</strong> : <strong>{t('reviews.anonymous')}</strong>}
                {r.comment ? <p lang={r.language === locale ? undefined : r.language}>{r.comment}</p> : null}
                <span className="muted small">{formatDay(r.created_at, l)}</span>
              </li>
            ))}
          </ol>
          <nav className="reviews-pages" aria-label={t('reviews.pages')}>
            {page > 1 ? <a href={link(page - 1)}>← {t('reviews.previous')}</a> : null}
            <span>{t('reviews.page', { page, pages: Math.max(1, list.data.pages) })}</span>
            {page < list.data.pages ? <a href={link(page + 1)}>{t('reviews.next')} →</a> : null}
          </nav>
        </>
      ) : (
        <p className="notice notice-error">{t('reviews.unavailable')}</p>
      )}
    </article>
  );
}
