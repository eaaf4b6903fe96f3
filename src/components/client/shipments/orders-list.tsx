import { Link } from 'waku';
import type { Translate } from '../../../i18n';
import { formatMoney } from '../../../lib/format';
import { href, type PageLocale } from '../../../routes';
import { StatusBadge } from '../../order/order-parts';
import type { ClientVersion } from '../section';
import { dayText, ShipmentStatus } from './parts';
import { RepeatOrder } from './repeat-order';
import type { OrderShipmentSummary, OrderSummary } from './types';
import { carrierDisplayName } from '../../../server/carriers/names';

/** The orders screen (v1 and v2): tiles (the default) or a list; each order with its shipments, total and "Repeat order". */

const TILE_SHIPMENTS = 3;

/** the owner is known by the session: the tracking link carries no token (the order token is not for tracking URLs) */
function shipmentHref(s: OrderShipmentSummary, version: ClientVersion, locale: PageLocale) {
  if (s.id === null || s.tracking_number === null) return null;
  return version === 'v2' ? href('klient-v2-zasilka', locale, { id: String(s.id) }) : href('tracking-result', locale, { id: s.tracking_number });
}

const total = (o: OrderSummary, locale: PageLocale) => formatMoney(o.total_vat, o.currency, locale);
/** an unpaid order is paid, not repeated */
const canRepeat = (o: OrderSummary) => o.shipment_count > 0 && o.status !== 'unpaid';

export function OrderTiles({ orders, version, locale, t }: { orders: OrderSummary[]; version: ClientVersion; locale: PageLocale; t: Translate }) {
  return (
    <ul className="or-tiles" data-testid="orders-tiles">
      {orders.map((o) => {
        const more = o.shipments.length - TILE_SHIPMENTS;
        return (
          <li key={o.token} className="or-tile" data-testid="order-tile">
            <div className="or-tile-head">
              <Link to={href('order', locale, { token: o.token })}>{o.number}</Link>
              <StatusBadge order={o} t={t} />
            </div>
            <span className="muted">
              {dayText(o.created_at, locale)} · {t('shipments.count', { count: o.shipment_count })}
            </span>
            <ul aria-label={t('shipments.orders.shipments')}>
              {o.shipments.slice(0, TILE_SHIPMENTS).map((s, i) => {
                const link = shipmentHref(s, version, locale);
                return (
                  <li key={s.id ?? `item-${i}`}>
                    <span>
                      {s.from.city} → {s.to.city} <span className="muted">· {carrierDisplayName(s.carrier, undefined, locale)}</span>
                    </span>
                    <span>
                      {link ? <Link to={link}>{s.tracking_number}</Link> : <span className="muted">{t('shipments.orders.awaiting')}</span>} {s.status ? <ShipmentStatus status={s.status} t={t} /> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
            {more > 0 ? <span className="muted">{t('shipments.orders.more', { count: more })}</span> : null}
            <span className="or-tile-total" data-testid="order-total">
              {total(o, locale)}
            </span>
            <div className="or-actions">
              <Link to={href('order', locale, { token: o.token })} className="button">
                {t('shipments.orders.detail')}
              </Link>
              {canRepeat(o) ? <RepeatOrder token={o.token} locale={locale} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function OrderList({ orders, locale, t }: { orders: OrderSummary[]; locale: PageLocale; t: Translate }) {
  const label = { number: t('shipments.orders.number'), date: t('shipments.orders.date'), status: t('shipments.orders.status'), shipments: t('shipments.orders.shipments'), total: t('shipments.orders.total'), actions: t('shipments.orders.actions') };
  return (
    <table className="sh-table or-table" data-testid="orders-list">
      <caption className="visually-hidden">{t('shipments.orders.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{label.number}</th>
          <th scope="col">{label.date}</th>
          <th scope="col">{label.status}</th>
          <th scope="col">{label.shipments}</th>
          <th scope="col" className="sh-num">
            {label.total}
          </th>
          <th scope="col">
            <span className="visually-hidden">{label.actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.token} data-testid="order-row">
            <td className="sh-number" data-label={label.number}>
              <Link to={href('order', locale, { token: o.token })}>{o.number}</Link>
            </td>
            <td data-label={label.date}>{dayText(o.created_at, locale)}</td>
            <td data-label={label.status}>
              <span>
                <StatusBadge order={o} t={t} />
              </span>
            </td>
            <td data-label={label.shipments}>
              <span>
                {t('shipments.count', { count: o.shipment_count })}
                {o.route ? (
                  <small>
                    {o.route.from.city} → {o.route.to.city}
                    {o.shipment_count > 1 ? ` ${t('shipments.orders.more', { count: o.shipment_count - 1 })}` : ''}
                  </small>
                ) : null}
              </span>
            </td>
            <td className="sh-num" data-label={label.total} data-testid="order-total">
              {total(o, locale)}
            </td>
            <td data-label={label.actions}>{canRepeat(o) ? <RepeatOrder token={o.token} locale={locale} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
