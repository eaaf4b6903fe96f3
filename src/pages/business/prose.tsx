import type { ReactNode } from 'react';
import { Link } from 'waku';
import { ContractTiers, INTEGRATIONS, IntegrationList, LinkCards, OfferCta, type IntegrationRouteId } from '../../components/business-pages/parts';
import { ProseArticle } from '../../components/content/prose-article';
import { linkLocale } from '../../components/layout/layouts';
import { translator, type MessageId, type Translate } from '../../i18n';
import type { ContractTier } from '../../lib/schemas/business';
import { MANAGER_APP_URL } from '../../lib/manager-app';
import { href, type PageLocale, type RouteId } from '../../routes';
import type { PageProps } from '../types';

/**
 * The business pages that are prose (spec §2.6): `src/content/pages/<name>.<locale>.md` under the
 * route's title, with the blocks the page needs (the contract tiers of an audience, the
 * platforms of an integration) and the offer request as the call to action of every one.
 */
type Options = {
  /** pages above this one in the breadcrumb, after the home page */
  ancestors?: readonly RouteId[];
  /** audience pages show the tiers; this one is marked as the usual fit */
  tier?: ContractTier;
  /** the platform list under an integration how-to (the current one marked) */
  platforms?: boolean;
  /** a block between the prose and the tiers */
  extra?: (locale: PageLocale, t: Translate) => ReactNode;
  cta?: MessageId;
};

export const businessProsePage = (name: string, options: Options = {}) =>
  function BusinessProsePage({ id, locale }: PageProps) {
    const lang = linkLocale(locale);
    const t = translator(lang);
    return (
      <ProseArticle id={id} locale={lang} name={name} className="bp-page" above={options.ancestors ?? ['business']}>
        {options.extra?.(lang, t)}
        {options.platforms && (
          <section className="bp-section" aria-labelledby="bp-platforms">
            <h2 id="bp-platforms">{t('bizpages.integrations.others')}</h2>
            <IntegrationList locale={lang} t={t} current={id as IntegrationRouteId} />
          </section>
        )}
        {options.tier && <ContractTiers t={t} highlight={options.tier} />}
        <OfferCta locale={lang} t={t} text={options.cta} />
      </ProseArticle>
    );
  };

/** the shipment-manager landing: where the app is, and who can use it */
const managerApp = (locale: PageLocale, t: Translate) => (
  <section className="bp-section bp-manager" aria-labelledby="bp-manager" data-testid="bp-manager-app">
    <h2 id="bp-manager">{t('bizpages.manager.title')}</h2>
    <p>{t('bizpages.manager.text')}</p>
    <p className="bp-actions">
      <a className="button" href={MANAGER_APP_URL} rel="noopener" title={t('user.externalApp')}>
        {t('bizpages.manager.open')} <span aria-hidden="true">↗</span>
      </a>
      <Link className="button" to={href('klient-smlouvy', locale)}>
        {t('route.klient-smlouvy')}
      </Link>
    </p>
  </section>
);

/** the pickup-points page: on to the map of points */
const pointsLink = (locale: PageLocale, t: Translate) => (
  <p className="bp-actions bp-aside">
    <Link className="button" to={href('drop-off-points', locale)}>
      {t('bizpages.points.find')}
    </Link>
  </p>
);

/** the integrations overview: a card per platform */
const platformCards = (locale: PageLocale, t: Translate) => (
  <section className="bp-section" aria-labelledby="bp-platform-cards">
    <h2 id="bp-platform-cards">{t('bizpages.integrations.platforms')}</h2>
    <LinkCards locale={locale} t={t} items={INTEGRATIONS.map((i) => ({ id: i.id, text: `bizpages.platform.${i.id.slice('business-integration-'.length)}` as MessageId }))} columns={4} />
  </section>
);

const integration = (slug: string) => businessProsePage(`business-integration-${slug}`, { ancestors: ['business', 'business-integrations'], platforms: true, cta: 'bizpages.cta.integration' });

export const BusinessIntegrationsPage = businessProsePage('business-integrations', { extra: platformCards, cta: 'bizpages.cta.integration' });
/** /integrace: the same overview outside the business section */
export const IntegrationsPage = businessProsePage('business-integrations', { ancestors: [], extra: platformCards, cta: 'bizpages.cta.integration' });
export const BusinessDomesticPage = businessProsePage('business-domestic');
export const BusinessInternationalPage = businessProsePage('business-international');
export const BusinessCarriersPage = businessProsePage('business-carriers');
export const BusinessShipmentManagerPage = businessProsePage('business-shipment-manager', { extra: managerApp });
export const BusinessAboutPage = businessProsePage('business-about');
export const BusinessAgenciesPage = businessProsePage('business-agencies', { tier: 'Profi' });
export const BusinessEshopsPage = businessProsePage('business-eshops', { tier: 'Flexi' });
export const BusinessSmallPage = businessProsePage('business-small', { tier: 'Profi' });
export const BusinessSelfEmployedPage = businessProsePage('business-self-employed', { tier: 'Easy' });
export const BusinessParcelPointsPage = businessProsePage('business-parcel-points', { extra: pointsLink });

export const IntegrationBaseComPage = integration('base-com');
export const IntegrationEshopRychlePage = integration('eshop-rychle');
export const IntegrationPrestashopPage = integration('prestashop');
export const IntegrationShopifyPage = integration('shopify');
export const IntegrationShoptetPage = integration('shoptet');
export const IntegrationUpgatesPage = integration('upgates');
export const IntegrationWebarealPage = integration('webareal');
export const IntegrationWoocommercePage = integration('woocommerce');
/** /integrace/shoptet: the Shoptet how-to, under the general integrations page */
export const IntegrationsShoptetPage = businessProsePage('business-integration-shoptet', { ancestors: ['integrations'], platforms: true, cta: 'bizpages.cta.integration' });
