import { Link } from 'waku';
import type { Translate } from '../../i18n';
import { formatDay, formatDayTime, formatMoney } from '../../lib/format';
import { href, type PageLocale } from '../../routes';
import { countryName } from '../cart/cart-lines';
import type { TrackingData } from './load';
import './tracking.css';
import { displayPhone, displayZip } from '../../lib/validators';

/** The parcel's story, server-rendered (works without JavaScript): status, timeline and, with the token, the people and the place. */
const STEPS = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;
const stepOf = (status: string) => (status === 'ready_for_pickup' ? 2 : status === 'delivery_failed' ? 2 : STEPS.indexOf(status as (typeof STEPS)[number]));

const DAYS = { cs: ['Po', 'Út', 'St', 'Čt', 'Pá', 'So', 'Ne'], sk: ['Po', 'Ut', 'St', 'Št', 'Pi', 'So', 'Ne'], en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] } as const;

export function TrackingResult({ data, locale, t }: { data: TrackingData; locale: PageLocale; t: Translate }) {
  const day = (d: string) => formatDay(d, locale);
  const when = (iso: string) => formatDayTime(iso, locale);
  const status = (s: string) => t(`tracking.status.${s}` as never);
  const reached = stepOf(data.status);
  const events = [...data.events].reverse();
  return (
    <section className="tracking-result" aria-labelledby="tracking-result-title" data-testid="tracking-result">
      <header className="tracking-head">
        <h2 id="tracking-result-title">
          {t('tracking.parcel')} <span className="tracking-number">{data.tracking_number}</span>
        </h2>
        <p className={`tracking-status tracking-status-${data.status}`} data-testid="tracking-status">
          {status(data.status)}
          {data.status_at ? <span className="muted"> · {when(data.status_at)}</span> : null}
        </p>
      </header>
      <ol className="tracking-steps" aria-label={t('tracking.progress')}>
        {STEPS.map((step, i) => (
          <li key={step} className={i <= reached ? 'done' : ''} aria-current={i === reached ? 'step' : undefined}>
            {status(step === 'out_for_delivery' && data.to_parcel_point ? 'ready_for_pickup' : step)}
          </li>
        ))}
      </ol>
      <dl className="tracking-facts">
        <div>
          <dt>{t('tracking.carrier')}</dt>
          <dd>
            {data.carrier.name} {data.service_name}
          </dd>
        </div>
        <div>
          <dt>{t('tracking.route')}</dt>
          <dd>
            {countryName(data.from_country, locale)} → {countryName(data.to_country, locale)}
          </dd>
        </div>
        {data.delivered_at ? (
          <div>
            <dt>{t('tracking.deliveredAt')}</dt>
            <dd>{when(data.delivered_at)}</dd>
          </div>
        ) : data.expected_delivery ? (
          <div>
            <dt>{t('tracking.expected')}</dt>
            <dd data-testid="tracking-expected">{day(data.expected_delivery)}</dd>
          </div>
        ) : null}
        {data.courier_position ? (
          <div data-testid="tracking-courier">
            <dt>{t('tracking.courierPosition')}</dt>
            <dd>
              <a href={`https://www.openstreetmap.org/?mlat=${data.courier_position.lat}&mlon=${data.courier_position.lon}#map=16/${data.courier_position.lat}/${data.courier_position.lon}`} target="_blank" rel="noopener noreferrer">
                {t('tracking.courierPositionMap')}
              </a>{' '}
              <span className="muted">· {when(data.courier_position.at)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <h3>{t('tracking.timeline')}</h3>
      {data.archived ? (
        <p className="muted" data-testid="tracking-archived">
          {t('tracking.archived')}
        </p>
      ) : null}
      {events.length === 0 ? (
        <p className="muted">{t(data.handover === 'handIn' ? 'tracking.noEventsHandIn' : 'tracking.noEvents', { date: data.pickup_date ? day(data.pickup_date) : '—' })}</p>
      ) : (
        <ol className="tracking-timeline" data-testid="tracking-timeline">
          {events.map((e, i) => (
            <li key={`${e.time}-${i}`}>
              <time dateTime={e.time}>{when(e.time)}</time>
              <strong>{status(e.status)}</strong>
              {e.location ? <span className="muted">{e.location}</span> : null}
              {e.description ? <span>{e.description}</span> : null}
            </li>
          ))}
        </ol>
      )}
      {data.full && data.from && data.to ? (
        <div className="tracking-people" data-testid="tracking-people">
          {[
            ['tracking.sender', data.from],
            ['tracking.recipient', data.to],
          ].map(([label, p]) => {
            const party = p as NonNullable<TrackingData['from']>;
            return (
              <section key={label as string}>
                <h3>{t(label as never)}</h3>
                <address>
                  {party.company ? <strong>{party.company}</strong> : null}
                  <span>{party.name}</span>
                  <span>{party.street}</span>
                  <span>
                    {displayZip(party.zip, party.country)} {party.city}, {countryName(party.country, locale)}
                  </span>
                  <span>{displayPhone(party.phone)}</span>
                </address>
              </section>
            );
          })}
          {data.parcel_point ? (
            <section>
              <h3>{t('tracking.parcelPoint')}</h3>
              <address>
                <strong>{data.parcel_point.name}</strong>
                <span>{data.parcel_point.street}</span>
                <span>
                  {displayZip(data.parcel_point.zip, data.to?.country ?? 'cz')} {data.parcel_point.city}
                </span>
              </address>
              <table className="tracking-hours">
                <caption>{t('tracking.openingHours')}</caption>
                <tbody>
                  {data.parcel_point.opening_hours.map((h) => (
                    <tr key={h.day}>
                      <th scope="row">{DAYS[locale][h.day - 1]}</th>
                      <td>{h.hours.length ? h.hours.join(', ') : t('tracking.closed')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {data.cod ? (
            <p className="notice">
              {t('tracking.cod', { amount: formatMoney(data.cod.value, data.cod.currency, locale) })}
            </p>
          ) : null}
          {data.order ? (
            <ul className="link-list tracking-links">
              <li>
                <Link to={href('order', locale, { token: data.order.token })}>{t('tracking.orderLink', { number: data.order.number })}</Link>
              </li>
              {data.status === 'delivered' && data.shipment_id ? (
                <li>
                  <Link to={href('rate-shipment', locale, { token: data.order.token, id: String(data.shipment_id) })} data-testid="tracking-rate">
                    {t('tracking.rate')}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={href('change-request-detail', locale, { trackingNumber: data.tracking_number, token: data.order.token })}>{t('tracking.change')}</Link>
              </li>
              <li>
                <a href={`${href('claim', locale)}?id=${data.tracking_number}&token=${encodeURIComponent(data.order.token)}`}>{t('tracking.claim')}</a>
              </li>
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="muted small">{t('tracking.publicNote')}</p>
      )}
    </section>
  );
}
