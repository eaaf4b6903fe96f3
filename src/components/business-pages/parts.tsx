import type { ReactNode } from 'react';
import { Link } from 'waku';
import type { MessageId, Translate } from '../../i18n';
import { formatDayTime, formatNumber } from '../../lib/format';
import { CONTRACT_TIERS, type ContractTier } from '../../lib/schemas/business';
import { honoContext, requestInfo } from '../../request';
import { href, type PageLocale, type RouteId } from '../../routes';
import { teamAddresses } from '../../server/contact/routing';
import type { RecentSale, WeightBand } from '../../server/services/recent-sales';
import { countryName } from '../cart/cart-lines';
import { timeAgo } from './relative-time';
import './business-pages.css';
import { carrierDisplayName } from '../../server/carriers/names';

/** Blocks shared by the business pages (spec §2.6): breadcrumb, tiers, the offer CTA, recent sales, direct contact. */

export const INTEGRATIONS = [
  { id: 'business-integration-shoptet', name: 'Shoptet' },
  { id: 'business-integration-woocommerce', name: 'WooCommerce' },
  { id: 'business-integration-prestashop', name: 'PrestaShop' },
  { id: 'business-integration-shopify', name: 'Shopify' },
  { id: 'business-integration-upgates', name: 'Upgates' },
  { id: 'business-integration-eshop-rychle', name: 'Eshop-rychle' },
  { id: 'business-integration-webareal', name: 'Webareal' },
  { id: 'business-integration-base-com', name: 'Base.com' },
] as const satisfies readonly { id: RouteId; name: string }[];
export type IntegrationRouteId = (typeof INTEGRATIONS)[number]['id'];


/** the main call to action of every business page: the offer request */
export function OfferCta({ locale, t, text = 'bizpages.cta.text' }: { locale: PageLocale; t: Translate; text?: MessageId }) {
  return (
    <section className="bp-cta" aria-labelledby="bp-cta-title" data-testid="bp-offer-cta">
      <div>
        <h2 id="bp-cta-title">{t('bizpages.cta.title')}</h2>
        <p>{t(text)}</p>
      </div>
      <Link className="button primary bp-big" to={href('business-get-offer', locale)}>
        {t('bizpages.cta.button')}
      </Link>
    </section>
  );
}

/** the contract tiers, with the same facts as the client section's for-business page */
export function ContractTiers({ t, highlight }: { t: Translate; highlight?: ContractTier }) {
  return (
    <section className="bp-section" aria-labelledby="bp-tiers">
      <h2 id="bp-tiers">{t('business.offer.tiersTitle')}</h2>
      <ul className="bp-tiers">
        {CONTRACT_TIERS.map((tier) => (
          <li key={tier} className={tier === highlight ? 'is-highlight' : undefined} data-testid={`bp-tier-${tier}`}>
            <h3>
              {tier}
              {tier === highlight && <span className="bp-badge">{t('bizpages.tiers.recommended')}</span>}
            </h3>
            <p className="bp-for">{t(`business.tier.${tier}.for` as MessageId)}</p>
            <p>{t(`business.tier.${tier}.text` as MessageId)}</p>
          </li>
        ))}
      </ul>
      <p className="muted bp-small">{t('business.offer.tiersNote')}</p>
    </section>
  );
}

/** what a contract brings (the client section's list) */
export function ContractBenefits({ t }: { t: Translate }) {
  const benefits = ['pickups', 'invoicing', 'managerApp', 'import'] as const;
  return (
    <section className="bp-section" aria-labelledby="bp-benefits">
      <h2 id="bp-benefits">{t('business.offer.benefitsTitle')}</h2>
      <ul className="bp-cards bp-cards-4">
        {benefits.map((b) => (
          <li key={b}>
            <h3>{t(`business.offer.${b}.title` as MessageId)}</h3>
            <p>{t(`business.offer.${b}.text` as MessageId)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** cards that link to other pages: a title (the route's) and a sentence */
export function LinkCards({ locale, t, items, columns = 3 }: { locale: PageLocale; t: Translate; items: readonly { id: RouteId; text: MessageId }[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`bp-cards bp-cards-${columns}`}>
      {items.map(({ id, text }) => (
        <li key={id}>
          <h3>
            <Link to={href(id as 'business', locale)}>{t(`route.${id}` as MessageId)}</Link>
          </h3>
          <p>{t(text)}</p>
        </li>
      ))}
    </ul>
  );
}

/** the platforms, each linking to its how-to */
export function IntegrationList({ locale, t, current }: { locale: PageLocale; t: Translate; current?: RouteId }) {
  return (
    <ul className="bp-platforms" aria-label={t('bizpages.integrations.platforms')}>
      {INTEGRATIONS.map((i) => (
        <li key={i.id}>
          {i.id === current ? (
            <span aria-current="page">{i.name}</span>
          ) : (
            <Link to={href(i.id, locale)}>{i.name}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function weightText(band: WeightBand, locale: PageLocale, t: Translate): string {
  const n = (v: number) => formatNumber(v, locale);
  if (band.max === null) return t('bizpages.sales.weightOver', { min: n(band.min) });
  if (band.min === 0) return t('bizpages.sales.weightUpTo', { max: n(band.max) });
  return t('bizpages.sales.weightRange', { min: n(band.min), max: n(band.max) });
}

const exactTime = (instant: string, locale: PageLocale) => formatDayTime(instant, locale);

const placeText = (p: RecentSale['from'], locale: PageLocale) => [p.city, p.country ? countryName(p.country, locale) : ''].filter(Boolean).join(', ');

/** the latest paid shipments of all customers, anonymised (v2/recent-sales) */
export function RecentSales({ sales, locale, t, now }: { sales: RecentSale[] | null; locale: PageLocale; t: Translate; now: Date }) {
  if (sales === null) return null;
  return (
    <section className="bp-section" aria-labelledby="bp-sales" data-testid="bp-recent-sales">
      <h2 id="bp-sales">{t('bizpages.sales.title')}</h2>
      <p className="muted">{t('bizpages.sales.intro')}</p>
      {sales.length === 0 ? (
        <p data-testid="bp-sales-empty">{t('bizpages.sales.empty')}</p>
      ) : (
        <ol className="bp-sales">
          {sales.map((s, i) => (
            <li key={`${s.paid_at}-${i}`}>
              <span className="bp-sale-carrier">{carrierDisplayName(s.carrier, undefined, locale)}</span>
              <span className="bp-sale-route">
                {placeText(s.from, locale)} <span aria-hidden="true">→</span>
                <span className="visually-hidden">{t('bizpages.sales.to')}</span> {placeText(s.to, locale)}
              </span>
              <span className="bp-sale-weight">
                {weightText(s.weight_band, locale, t)}
                {s.packages > 1 && ` · ${t('bizpages.sales.packages', { count: s.packages })}`}
              </span>
              <time className="bp-sale-when" dateTime={s.paid_at} title={exactTime(s.paid_at, locale)}>
                {timeAgo(s.paid_at, now, locale === 'en' ? 'en-US' : locale === 'sk' ? 'sk-SK' : 'cs-CZ')}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function teams() {
  const { territory } = requestInfo();
  let env: Parameters<typeof teamAddresses>[0] = {};
  try {
    env = honoContext().env;
  } catch {
    // rendered outside a request: the defaults
  }
  return teamAddresses(env, territory);
}

/** spec §2.9 direct contact: companies and sales first, then customer care and PR */
export function DirectContact({ locale, t }: { locale: PageLocale; t: Translate }) {
  const to = teams();
  const rows: [MessageId, string][] = [
    ['contact.direct.sales', to.sales],
    ['contact.direct.customerCare', to.customer_care],
    ['contact.direct.pr', to.pr_marketing],
  ];
  return (
    <section className="bp-section bp-contact" aria-labelledby="bp-contact" data-testid="bp-direct-contact">
      <h2 id="bp-contact">{t('contact.direct.title')}</h2>
      <dl>
        {rows.map(([label, email]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
        ))}
      </dl>
      <p className="bp-small">
        <Link to={href('contact', locale)}>{t('bizpages.contact.more')}</Link>
      </p>
    </section>
  );
}

export function Lead({ children }: { children: ReactNode }) {
  return <p className="bp-lead">{children}</p>;
}
