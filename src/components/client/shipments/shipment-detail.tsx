import { Link } from 'waku';
import type { Translate } from '../../../i18n';
import { formatDayTime } from '../../../lib/format';
import { href, type PageLocale } from '../../../routes';
import { TrackingResult } from '../../tracking/tracking-result';
import { clientHref } from '../section';
import { dayText } from './parts';
import type { ShipmentDetailData } from './types';

/**
 * One shipment of the signed-in user (v2 zasilky/:id): Step 6's tracking view in full (status,
 * timeline, both sides, the parcel point, cash on delivery, the order, rating, change and
 * claim links) beside the label reprint and the shipment's facts.
 */
export function ShipmentDetail({ data, locale, t }: { data: ShipmentDetailData; locale: PageLocale; t: Translate }) {
  const cancelled = data.status === 'cancelled';
  return (
    <div className="sd-layout" data-testid="shipment-detail">
      <TrackingResult data={data} locale={locale} t={t} />
      <aside className="sd-side">
        <section className="sd-box" aria-labelledby="sd-labels">
          <h2 id="sd-labels">{t('shipments.detail.labels')}</h2>
          {data.label_urls && !cancelled ? (
            <ul className="link-list">
              <li>
                <a href={data.label_urls.a6} target="_blank" rel="noopener" data-testid="label-a6">
                  {t('shipments.detail.labelA6')}
                </a>
              </li>
              <li>
                <a href={data.label_urls.a4} target="_blank" rel="noopener" data-testid="label-a4">
                  {t('shipments.detail.labelA4')}
                </a>
              </li>
            </ul>
          ) : (
            <p className="muted">{t(cancelled ? 'shipments.detail.labelCancelled' : 'shipments.detail.labelWaiting')}</p>
          )}
        </section>
        <section className="sd-box" aria-labelledby="sd-facts">
          <h2 id="sd-facts">{t('shipments.detail.facts')}</h2>
          <dl>
            <div>
              <dt>{t('shipments.detail.order')}</dt>
              <dd>
                <Link to={href('order', locale, { token: data.order.token })} data-testid="detail-order">
                  {data.order.number}
                </Link>
              </dd>
            </div>
            <div>
              <dt>{t('shipments.detail.created')}</dt>
              <dd>{formatDayTime(data.created_at, locale)}</dd>
            </div>
            {data.pickup_date ? (
              <div>
                <dt>{t(data.handover === 'handIn' ? 'shipments.detail.handIn' : 'shipments.detail.pickup')}</dt>
                <dd>{dayText(data.pickup_date, locale)}</dd>
              </div>
            ) : null}
            {data.packages ? (
              <div>
                <dt>{t('shipments.detail.packages')}</dt>
                <dd>{data.packages}</dd>
              </div>
            ) : null}
            {data.carrier_parcel_numbers.length > 0 ? (
              <div>
                <dt>{t('shipments.detail.carrierParcelNumbers')}</dt>
                <dd data-testid="detail-carrier-numbers">{data.carrier_parcel_numbers.join(', ')}</dd>
              </div>
            ) : data.carrier_ref ? (
              <div>
                <dt>{t('shipments.detail.carrierRef')}</dt>
                <dd>{data.carrier_ref}</dd>
              </div>
            ) : null}
            {data.reference ? (
              <div>
                <dt>{t('shipments.detail.reference')}</dt>
                <dd>{data.reference}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <p>
          <Link to={clientHref('shipments', 'v2', locale)}>← {t('shipments.detail.back')}</Link>
        </p>
      </aside>
    </div>
  );
}
