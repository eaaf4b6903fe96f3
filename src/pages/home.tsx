import { apiGetOptional } from '../api/server';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm } from '../components/quote/quote-form';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import { formatNumber } from '../lib/format';
import { MAX_PACKAGES } from '../lib/quote-defaults';
import { requestInfo } from '../request';
import type { PageProps } from './types';
import { JsonLd, PageMeta } from '../components/content/page-meta';
import { siteHosts } from '../components/layout/seo-links';
import { OPERATOR } from '../lib/company';
import { CUSTOMER_CARE } from '../lib/contacts';

type BenefitStats = { happyUserRatingCurrent: number; shipmentsLastYearCurrent: number; usersCurrent: number; yearsOfExperienceCurrent: number };

const CARRIERS = ['Balíkovna', 'DPD', 'FedEx', 'GLS', 'PPL', 'TOPTRANS', 'UPS', 'One by Allegro', 'Liftago'];

export async function HomePage({ locale }: PageProps<'home'>) {
  const t = translator(locale);
  const { territory } = requestInfo();
  const [stats, countries, rating] = await Promise.all([
    apiGetOptional<BenefitStats>('/v1/benefit-stats/info'),
    quoteCountries(),
    apiGetOptional<{ avg: number; total: number }>('/v1/app/aggregate-rating'),
  ]);
  const hosts = siteHosts();
  const site = `${hosts.scheme}://${territory === 'sk' ? hosts.skHost : hosts.czHost}`;
  const care = CUSTOMER_CARE[territory];
  const n = (v: number) => formatNumber(v, locale);
  return (
    <article className="page home">
      <PageMeta locale={locale} title={t('route.home')} description={t('seo.home')} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: t('app.name'),
          legalName: OPERATOR.name,
          url: site,
          taxID: OPERATOR.ico,
          vatID: OPERATOR.dic,
          address: { '@type': 'PostalAddress', streetAddress: OPERATOR.street, addressLocality: OPERATOR.city, postalCode: OPERATOR.zip, addressCountry: OPERATOR.country },
          contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer service', telephone: care.phone, email: care.email, availableLanguage: ['cs', 'en', 'sk'] }],
          ...(rating && rating.total > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.avg, ratingCount: rating.total, bestRating: 5, worstRating: 1 } } : {}),
        }}
      />
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
