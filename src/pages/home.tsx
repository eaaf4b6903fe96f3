import { apiGetOptional } from '../api/server';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm, type QuoteFormModel } from '../components/quote/quote-form';
import { draftFromQuery } from '../lib/quote-query';
import type { Territory } from '../lib/types/quote';
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
import { carriersFor } from '../server/carriers';
import { carrierDisplayName } from '../server/carriers/names';
import type { Language } from '../lib/language';

type BenefitStats = { happyUserRatingCurrent: number; shipmentsLastYearCurrent: number; usersCurrent: number; yearsOfExperienceCurrent: number };

/**
 * The carriers the territory offers (spec §9: SK without PPL), in display order and by their
 * shown names: the quoting carriers themselves are the one source, so the list and the count
 * of the hero text cannot disagree with the comparison.
 */
const offeredCarriers = (territory: Territory, language: Language) =>
  carriersFor(territory).map((carrier) => ({ code: carrier.code, name: carrierDisplayName(carrier.code, undefined, language) }));

/** the shipment of a "change" link (carrier step recap): the form opens with it */
function quoteFormOfQuery(query: string, territory: Territory): QuoteFormModel | null {
  const draft = query ? draftFromQuery(new URLSearchParams(query), territory) : null;
  if (!draft) return null;
  const place = (p: { country: string; zip: string; city: string }) => ({ country: p.country, zip: p.zip, city: p.city });
  return { sender: place(draft.sender), recipient: place(draft.recipient), content: draft.content.map((p) => ({ ...p })) };
}

export async function HomePage({ locale, query }: PageProps<'home'>) {
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
  const carriers = offeredCarriers(territory, locale);
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
          contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer service', telephone: care.phone, email: care.email, availableLanguage: ['cs', 'en', 'sk', 'es'] }],
          ...(rating && rating.total > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.avg, ratingCount: rating.total, bestRating: 5, worstRating: 1 } } : {}),
        }}
      />
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p>{t('home.heroText', { count: carriers.length })}</p>
        <QuoteForm locale={linkLocale(locale)} territory={territory} countries={countries} maxPackages={MAX_PACKAGES} initial={quoteFormOfQuery(query, territory)} />
      </section>
      {stats && (
        <section className="benefits" aria-label={t('home.benefits')}>
          <h2>{t('home.benefits')}</h2>
          <ul>
            <li>{t('home.benefit.users', { value: n(stats.usersCurrent) })}</li>
            <li>{t('home.benefit.shipments', { value: n(stats.shipmentsLastYearCurrent) })}</li>
            {/* the customers' aggregate (the footer's too): one rating on the page */}
            {rating && rating.total > 0 && <li data-testid="benefit-rating">{t('home.benefit.rating', { value: formatNumber(rating.avg, locale, { maximumFractionDigits: 1 }) })}</li>}
            <li>{t('home.benefit.years', { value: n(stats.yearsOfExperienceCurrent) })}</li>
          </ul>
        </section>
      )}
      <section className="carriers">
        <h2>{t('home.carriers')}</h2>
        <ul className="carrier-list">
          {carriers.map((c) => (
            <li key={c.code} data-carrier={c.code}>
              {c.name}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
