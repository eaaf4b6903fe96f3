import { Link } from 'waku';
import { apiGetOptional } from '../../api/server';
import { ContractBenefits, ContractTiers, DirectContact, IntegrationList, LinkCards, OfferCta, RecentSales } from '../../components/business-pages/parts';
import { JsonLd, PageMeta } from '../../components/content/page-meta';
import { linkLocale } from '../../components/layout/layouts';
import { translator } from '../../i18n';
import { requestInfo } from '../../request';
import { href } from '../../routes';
import type { RecentSale } from '../../server/services/recent-sales';
import type { PageProps } from '../types';

const AUDIENCES = [
  { id: 'business-eshops', text: 'bizpages.audience.eshops' },
  { id: 'business-small', text: 'bizpages.audience.small' },
  { id: 'business-self-employed', text: 'bizpages.audience.selfEmployed' },
  { id: 'business-agencies', text: 'bizpages.audience.agencies' },
] as const;

const SHIPPING = [
  { id: 'business-domestic', text: 'bizpages.shipping.domestic' },
  { id: 'business-international', text: 'bizpages.shipping.international' },
  { id: 'business-parcel-points', text: 'bizpages.shipping.parcelPoints' },
  { id: 'business-carriers', text: 'bizpages.shipping.carriers' },
  { id: 'business-shipment-manager', text: 'bizpages.shipping.manager' },
  { id: 'business-about', text: 'bizpages.shipping.about' },
] as const;

/** /business = /en/business: what a company gets, for whom, the latest shipments, and the offer request */
export async function BusinessLandingPage({ locale }: PageProps<'business'>) {
  const l = linkLocale(locale);
  const t = translator(l);
  const sales = await apiGetOptional<RecentSale[]>('/v2/recent-sales');
  const title = t('route.business');
  return (
    <article className="page bp-page bp-landing" data-route="business">
      <PageMeta locale={l} title={title} description={t('bizpages.landing.description')} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Service',
          name: title,
          serviceType: t('bizpages.landing.serviceType'),
          provider: { '@type': 'Organization', name: t('app.name') },
          areaServed: ['CZ', 'SK'],
          description: t('bizpages.landing.description'),
        }}
      />
      <header className="bp-hero">
        <h1>{t('bizpages.landing.heading')}</h1>
        {/* the Slovak site offers the same carriers without PPL (spec §9) */}
        <p className="bp-lead">{t(requestInfo().territory === 'sk' ? 'bizpages.landing.leadSk' : 'bizpages.landing.lead')}</p>
        <p className="bp-actions">
          <Link className="button primary bp-big" to={href('business-get-offer', l)} data-testid="bp-hero-offer">
            {t('bizpages.cta.button')}
          </Link>
          <Link className="button bp-big" to={href('business-integrations', l)}>
            {t('route.business-integrations')}
          </Link>
        </p>
      </header>

      <section className="bp-section" aria-labelledby="bp-audiences">
        <h2 id="bp-audiences">{t('bizpages.landing.audiences')}</h2>
        <LinkCards locale={l} t={t} items={AUDIENCES} columns={4} />
      </section>

      <ContractBenefits t={t} />
      <ContractTiers t={t} />

      <section className="bp-section" aria-labelledby="bp-integrations">
        <h2 id="bp-integrations">{t('bizpages.landing.integrations')}</h2>
        <p>{t('bizpages.landing.integrationsText')}</p>
        <IntegrationList locale={l} t={t} />
      </section>

      <RecentSales sales={sales} locale={l} t={t} now={new Date()} />

      <section className="bp-section" aria-labelledby="bp-shipping">
        <h2 id="bp-shipping">{t('bizpages.landing.shipping')}</h2>
        <LinkCards locale={l} t={t} items={SHIPPING} />
      </section>

      <OfferCta locale={l} t={t} />
      <DirectContact locale={l} t={t} />
    </article>
  );
}
