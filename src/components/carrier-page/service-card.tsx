import type { Translate, MessageId } from '../../i18n';
import { formatMoney, formatNumber } from '../../lib/format';
import { MAX_PACKAGES } from '../../lib/quote-defaults';
import type { PageLocale } from '../../routes';
import type { CarrierServiceFacts } from './types';

type Props = { service: CarrierServiceFacts; carrierName: string; t: Translate; locale: PageLocale };

/** One service of a carrier: how it is sent and delivered, where to and how fast, and its limits. */
export function ServiceCard({ service: s, carrierName, t, locale }: Props) {
  const money = (m: { value: number; currency: string }) => formatMoney(m.value, m.currency, locale);
  const num = (n: number) => formatNumber(n, locale);
  const packages = s.maxPackages ?? MAX_PACKAGES;
  return (
    <section className="cp-service" aria-labelledby={`svc-${s.id}`}>
      <h3 id={`svc-${s.id}`}>
        {carrierName} {s.name} <span className="tag">{t(`carriers.svc.type.${s.type}` as MessageId)}</span>
      </h3>
      <dl>
        <dt>{t('carriers.svc.collection')}</dt>
        <dd>
          {s.type === 'DROPOFF'
            ? t('carriers.svc.dropoff')
            : s.pickupWindow
              ? t('carriers.svc.courier', { from: s.pickupWindow.from, to: s.pickupWindow.to })
              : t('carriers.svc.courierNoWindow')}{' '}
          {t('carriers.svc.orderBy', { time: s.orderTimeLimit })}
        </dd>
        <dt>{t('carriers.svc.delivery')}</dt>
        <dd>
          {t(`carriers.svc.delivery.${s.deliveryBranch}` as MessageId)}
          {s.expressDelivery && s.deliveryWindow && <> {t('carriers.svc.express', { from: s.deliveryWindow.from, to: s.deliveryWindow.to })}</>}
          {s.hdf && <> {t('carriers.svc.hdf')}</>}
        </dd>
        <dt>{t('carriers.svc.destinations')}</dt>
        <dd>
          <ul>
            {s.zones.map((z) => (
              <li key={z.zone}>{t('carriers.svc.transit', { zone: t(`carriers.zone.${z.zone}` as MessageId), days: z.transitDays })}</li>
            ))}
          </ul>
        </dd>
        <dt>{t('carriers.svc.parcels')}</dt>
        <dd>
          {s.packageTypes.map((type) => t(`carriers.type.${type}` as MessageId)).join(', ')}; {t('carriers.svc.packagesText', { count: packages })}
        </dd>
        <dt>{t('carriers.svc.weight')}</dt>
        <dd>
          {t('carriers.svc.weightText', { kg: num(s.maxWeight) })}
          {s.volumetricDivisor !== null && <> {t('carriers.svc.volumetric', { divisor: num(s.volumetricDivisor) })}</>}
        </dd>
        <dt>{t('carriers.svc.size')}</dt>
        <dd>
          {t('carriers.svc.lengthText', { length: num(s.maxLength) })}
          {s.maxGirth !== null && <>; {t('carriers.svc.girthText', { girth: num(s.maxGirth) })}</>}
        </dd>
        <dt>{t('carriers.svc.cod')}</dt>
        <dd>{s.cod ? t('carriers.svc.codText', { max: money(s.cod.max) }) : t('carriers.svc.noCod')}</dd>
        <dt>{t('carriers.svc.insurance')}</dt>
        <dd>{t('carriers.svc.insuranceText', { included: money(s.insurance.included), max: money(s.insurance.max) })}</dd>
        <dt>{t('carriers.svc.label')}</dt>
        <dd>{s.labelPrintingRequired ? t('carriers.svc.labelPrint') : t('carriers.svc.labelNoPrint')}</dd>
      </dl>
    </section>
  );
}
