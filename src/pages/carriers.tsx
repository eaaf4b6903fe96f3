import type { CSSProperties } from 'react';
import { Link } from 'waku';
import { apiCall } from '../api/server';
import { Breadcrumb } from '../components/content/breadcrumb';
import { CARRIER_PAGES, carrierPage, priceTableCombinations } from '../components/carrier-page/carrier-facts';
import '../components/carrier-page/carrier-page.css';
import { CarrierPriceTable } from '../components/carrier-page/price-table';
import { ServiceCard } from '../components/carrier-page/service-card';
import type { CarrierFacts, RateMatrix } from '../components/carrier-page/types';
import { JsonLd, PageMeta } from '../components/content/page-meta';
import { linkLocale } from '../components/layout/layouts';
import { quoteCountries } from '../components/quote/countries';
import { QuoteForm } from '../components/quote/quote-form';
import { CarrierMark } from '../components/ui/carrier-mark';
import { translator, type MessageId } from '../i18n';
import { formatNumber } from '../lib/format';
import { MAX_PACKAGES } from '../lib/quote-defaults';
import { requestInfo } from '../request';
import { href } from '../routes';
import type { PageProps } from './types';

/** a secondary call of the page: null instead of an error, so it can never fail the page */
async function optional<T>(call: Promise<{ ok: true; data: T } | { ok: false }>): Promise<T | null> {
  try {
    const res = await call;
    return res.ok ? res.data : null;
  } catch (error) {
    console.warn('carrier page call failed', error);
    return null;
  }
}

/**
 * /dopravce/:carrier (spec §2.4): what the carrier is good for, its services and limits (from
 * its rate sheet through v1/carriers/:code), its price table (v1/rates/list), rating, parcel
 * points and the quote form. One module for the eight carrier routes.
 */
export async function CarrierPage({ id, locale }: PageProps) {
  const page = carrierPage(id)!;
  const l = linkLocale(locale);
  const t = translator(l);
  const { territory } = requestInfo();
  const home = territory === 'sk' ? 'sk' : 'cz';
  const name = t(`route.${page.id}` as MessageId);
  const key = (suffix: string) => `carriers.${page.code}.${suffix}` as MessageId;

  const [facts, matrix, countries] = await Promise.all([
    optional(apiCall<CarrierFacts>('GET', `/v1/carriers/${page.code}`)),
    optional(apiCall<RateMatrix>('POST', '/v1/rates/list', { carrier: page.code, combinations: priceTableCombinations(page, home) })),
    quoteCountries(),
  ]);
  const names = new Map(countries.map((c) => [c.code, c.name]));
  const countryName = (code: string) => names.get(code) ?? code.toUpperCase();
  const offered = facts !== null;
  const title = t('carriers.title', { carrier: name });

  return (
    <article className="page carrier-page" data-route={id}>
      <PageMeta locale={l} title={title} description={t(key('description'))} />
      {facts && facts.rating.count > 0 && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: facts.name,
            aggregateRating: { '@type': 'AggregateRating', ratingValue: facts.rating.score, ratingCount: facts.rating.count, bestRating: 5 },
          }}
        />
      )}
      <Breadcrumb locale={l} title={name} />
      <h1>
        <CarrierMark code={page.code} />
        {title}
      </h1>
      <p className="cp-lead">{t(key('lead'))}</p>
      {facts && facts.rating.count > 0 && (
        <p className="cp-rating" data-testid="carrier-rating">
          <span className="stars" style={{ '--rating': facts.rating.score } as CSSProperties} aria-hidden="true" />
          <span>
            <strong>{t('carriers.rating')}:</strong> {t('carriers.ratingText', { score: formatNumber(facts.rating.score, l), count: formatNumber(facts.rating.count, l) })}
          </span>
        </p>
      )}
      {!offered && territory === 'sk' && <p className="notice">{t('carriers.notInTerritory', { carrier: name })}</p>}

      <section aria-labelledby="cp-good">
        <h2 id="cp-good">{t('carriers.goodFor', { carrier: name })}</h2>
        <ul className="cp-good">
          {(['good1', 'good2', 'good3'] as const).map((k) => (
            <li key={k}>{t(key(k))}</li>
          ))}
        </ul>
      </section>

      {facts && (
        <section aria-labelledby="cp-services">
          <h2 id="cp-services">{t('carriers.services')}</h2>
          <p className="muted">{t('carriers.servicesIntro')}</p>
          <div className="cp-services">
            {facts.services.map((service) => (
              <ServiceCard key={service.id} service={service} carrierName={name} t={t} locale={l} />
            ))}
          </div>
        </section>
      )}

      {offered && (
        <section aria-labelledby="cp-prices">
          <h2 id="cp-prices">{t('carriers.priceTable', { carrier: name })}</h2>
          <p>{t(home === 'sk' ? 'carriers.priceTableIntro.sk' : 'carriers.priceTableIntro.cz')}</p>
          {matrix ? (
            <>
              <CarrierPriceTable matrix={matrix} countryName={countryName} caption={t('carriers.priceTable', { carrier: name })} t={t} locale={l} />
              <p className="muted">{t('carriers.priceTableNote')}</p>
            </>
          ) : (
            <p className="notice" data-testid="carrier-prices-failed">
              {t('carriers.pricesFailed')}
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="cp-network">
        <h2 id="cp-network">{t('carriers.network')}</h2>
        <p>{t(key('network'))}</p>
        {page.network && (
          <p>
            <a href={`${href('drop-off-points', l)}?carrier=${page.network}`}>{t('carriers.networkLink', { carrier: name })}</a>
          </p>
        )}
      </section>

      <section aria-labelledby="cp-quote">
        <h2 id="cp-quote">{t('carriers.quote')}</h2>
        <p>{t('carriers.quoteIntro', { carrier: name })}</p>
        <QuoteForm locale={l} territory={territory} countries={countries} maxPackages={MAX_PACKAGES} from={home} />
      </section>

      <section aria-labelledby="cp-others">
        <h2 id="cp-others">{t('carriers.others')}</h2>
        <ul className="cp-others">
          {CARRIER_PAGES.filter((p) => p.id !== page.id).map((p) => (
            <li key={p.id}>
              <Link to={href(p.id, l)}>{t(`route.${p.id}` as MessageId)}</Link>
            </li>
          ))}
        </ul>
        <p>{t('carriers.liftago')}</p>
      </section>
    </article>
  );
}
