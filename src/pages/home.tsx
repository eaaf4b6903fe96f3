import { apiGetOptional } from '../api/server';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm } from '../components/quote/quote-form';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import { formatNumber } from '../lib/format';
import { MAX_PACKAGES } from '../lib/quote-defaults';
import { requestInfo } from '../request';
import type { PageProps } from './types';
import { PageMeta } from '../components/content/page-meta';

type BenefitStats = { happyUserRatingCurrent: number; shipmentsLastYearCurrent: number; usersCurrent: number; yearsOfExperienceCurrent: number };

const CARRIERS = ['Balíkovna', 'DPD', 'FedEx', 'GLS', 'PPL', 'TOPTRANS', 'UPS', 'One by Allegro', 'Liftago'];

export async function HomePage({ locale }: PageProps<'home'>) {
  const t = translator(locale);
  const { territory } = requestInfo();
  const [stats, countries] = await Promise.all([apiGetOptional<BenefitStats>('/v1/benefit-stats/info'), quoteCountries()]);
  const n = (v: number) => formatNumber(v, locale);
  return (
    <article className="page home">
      <PageMeta locale={locale} title={t('route.home')} description={t('seo.home')} />
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p>{t('home.heroText', { count: CARRIERS.length })}</p>
        <QuoteForm locale={linkLocale(locale)} territory={territory} countries={countries} maxPackages={MAX_PACKAGES} />
      </section>
      {stats && (
        <section className="benefits" aria-label={t('home.benefits')}>
          <h2>{t('home.benefits')}</h2>
          <ul>
            <li>{t('home.benefit.users', { value: n(stats.usersCurrent) })}</li>
            <li>{t('home.benefit.shipments', { value: n(stats.shipmentsLastYearCurrent) })}</li>
            <li>{t('home.benefit.rating', { value: n(stats.happyUserRatingCurrent) })}</li>
            <li>{t('home.benefit.years', { value: n(stats.yearsOfExperienceCurrent) })}</li>
          </ul>
        </section>
      )}
      <section className="carriers">
        <h2>{t('home.carriers')}</h2>
        <ul className="carrier-list">
          {CARRIERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
