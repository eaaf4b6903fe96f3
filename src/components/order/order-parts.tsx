import { Link } from 'waku';
import { markNotFound } from '../../request';
import type { Translate } from '../../i18n';
import { formatDay, formatMoney } from '../../lib/format';
import { href, type PageLocale } from '../../routes';
import { CancelShipmentButton } from './order-actions';
import { StornoRefusal } from './storno-refusal';
import type { OrderData, OrderItemView, OrderShipmentView } from './types';
import './order.css';

/** Server-rendered parts the order detail and the thank-you page share. */

import { countryName } from '../cart/cart-lines';

export { countryName };

export const orderMoney = (order: Pick<OrderData, 'currency'>, value: number, locale: PageLocale) => formatMoney(value, order.currency, locale);

/** '/faktura/:token' of the API → the invoice page in the page's language */
export function invoiceHref(order: Pick<OrderData, 'invoice_url'>, locale: PageLocale): string | null {
  const token = order.invoice_url?.split('/').pop();
  return token ? href('invoice', locale, { token }) : null;
}

export function StatusBadge({ order, t }: { order: Pick<OrderData, 'status'>; t: Translate }) {
  return (
    <span className={`order-badge order-badge-${order.status}`} data-testid="order-status" data-status={order.status}>
      <span className="order-sr-only">{t('order.statusLabel')}: </span>
      {t(`order.status.${order.status}`)}
    </span>
  );
}

/** not found: the site's 404 page, worded for the missing order or invoice */
export function MissingDocument({ title, text, locale, t }: { title: string; text: string; locale: PageLocale; t: Translate }) {
  markNotFound();
  return (
    <article className="page not-found order-not-found">
      <title>{`${title} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 data-testid="not-found">{title}</h1>
      <p>{text}</p>
      <ul className="link-list">
        <li><Link to={href('home', locale)}>{t('notFound.home')}</Link></li>
        <li><Link to={href('login', locale)}>{t('notFound.login')}</Link></li>
        <li><Link to={href('contact', locale)}>{t('notFound.contact')}</Link></li>
      </ul>
    </article>
  );
}

const place = (p: OrderItemView['from'], locale: PageLocale) => [p.city, countryName(p.country, locale)].filter(Boolean).join(', ');

export function OrderItems({ order, locale, t }: { order: OrderData; locale: PageLocale; t: Translate }) {
  return (
    <section className="order-section" aria-labelledby="order-items-title">
      <h2 id="order-items-title">{t('order.items.title')}</h2>
      <ol className="order-list">
        {order.items.map((item) => (
          <li key={item.position} className="order-card order-item" data-testid="order-item">
            <div className="order-card-head">
              <div>
                <span className="order-label">{t('order.item.number', { position: item.position + 1 })}</span>
                <h3 className="order-card-title">
                  {item.carrier.name} <span className="order-service">{item.service_name}</span>
                </h3>
              </div>
              {/* the list price: the discount is a line of its own in the totals */}
              <p className="order-price">
                <strong data-testid="order-item-price">{orderMoney(order, item.list_price_vat, locale)}</strong>
                <span className="muted">{t('order.item.priceBase', { price: orderMoney(order, item.list_price, locale) })}</span>
              </p>
            </div>
            <div className="order-route">
              <div className="order-party">
                <span className="order-label">{t('order.item.from')}</span>
                <strong>{place(item.from, locale)}</strong>
                <span className="muted">{item.from.name}</span>
              </div>
              <span className="order-route-arrow" aria-hidden="true">→</span>
              <div className="order-party">
                <span className="order-label">{t('order.item.to')}</span>
                <strong>{place(item.to, locale)}</strong>
                <span className="muted">{item.to.name}</span>
              </div>
            </div>
            <dl className="order-details">
              <div>
                <dt>{t('order.item.carrier')}</dt>
                <dd>{[item.carrier.name, item.service_name].filter(Boolean).join(', ')}</dd>
              </div>
              <div>
                <dt>{t('order.item.packages')}</dt>
                <dd>{item.packages}</dd>
              </div>
              {item.cod && (
                <div>
                  <dt>{t('order.item.cod')}</dt>
                  <dd data-testid="order-item-cod">{formatMoney(item.cod.value, item.cod.currency, locale)}</dd>
                </div>
              )}
              {item.pickup_date && (
                <div>
                  <dt>{t(item.handover === 'handIn' ? 'order.item.handInDate' : 'order.item.pickupDate')}</dt>
                  <dd data-testid="order-item-pickup" data-handover={item.handover}>{formatDay(item.pickup_date, locale)}</dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** the pickup day and window; a hand-in has only its day */
const pickupText = (s: OrderShipmentView, locale: PageLocale) =>
  s.pickup_date ? [formatDay(s.pickup_date, locale), s.handover === 'pickup' && s.pickup_from && s.pickup_to ? `${s.pickup_from}–${s.pickup_to}` : null].filter(Boolean).join(' ') : null;

/** what to do with the printed labels: wait for the courier, hand the parcels in, or both */
export function doneNextText(order: Pick<OrderData, 'shipments'>): 'order.done.next' | 'order.done.nextHandIn' | 'order.done.nextMixed' {
  const handovers = new Set(order.shipments.filter((s) => s.label_url).map((s) => s.handover));
  return handovers.has('handIn') ? (handovers.has('pickup') ? 'order.done.nextMixed' : 'order.done.nextHandIn') : 'order.done.next';
}

export function LabelLinks({ shipment, t }: { shipment: OrderShipmentView; t: Translate }) {
  if (!shipment.label_url) return null;
  return (
    <div className="order-labels" role="group" aria-label={t('order.shipment.labels')}>
      <a className="button primary" href={shipment.label_url} target="_blank" rel="noopener" data-testid="shipment-label-a6">
        {t('order.shipment.labelA6')}
      </a>
      {shipment.label_url_a4 && (
        <a className="button" href={shipment.label_url_a4} target="_blank" rel="noopener" data-testid="shipment-label-a4">
          {t('order.shipment.labelA4')}
        </a>
      )}
    </div>
  );
}

/** the badge's status: a pending shipment its carrier refused is not being handed over */
const shown = (s: OrderShipmentView) => (s.status === 'pending' && s.refusal ? 'refused' : s.status);

export function OrderShipments({ order, locale, t, actions }: { order: OrderData; locale: PageLocale; t: Translate; actions: boolean }) {
  return (
    <section className="order-section" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title">{t('order.shipments.title')}</h2>
      {order.shipments.length === 0 ? (
        <p className="muted">{t(order.status === 'cancelled' ? 'order.shipments.noneCancelled' : 'order.shipments.none')}</p>
      ) : (
        <ul className="order-list">
          {order.shipments.map((s) => {
            const pickup = pickupText(s, locale);
            return (
              <li key={s.id} className={`order-card order-shipment order-shipment-${s.status}`} data-testid="order-shipment" data-status={s.status}>
                <div className="order-card-head">
                  <div>
                    {s.item_position !== null && <span className="order-label">{t('order.item.number', { position: s.item_position + 1 })}</span>}
                    <h3 className="order-card-title">
                      <span className="order-sr-only">{t('order.shipment.tracking')}: </span>
                      <span className="order-tracking" data-testid="shipment-tracking-number">{s.tracking_number}</span>
                    </h3>
                    {s.carrier_parcel_numbers.length > 0 && s.status !== 'cancelled' && (
                      <p className="order-carrier-numbers" data-testid="shipment-carrier-numbers">
                        <span className="order-label">{t('order.shipment.carrierNumbers')}: </span>
                        {s.carrier_parcel_numbers.map((n, i) => (
                          <span key={n} data-testid="shipment-carrier-number">
                            {i > 0 && ', '}
                            {n}
                          </span>
                        ))}
                      </p>
                    )}
                  </div>
                  <span className={`order-badge order-shipment-badge-${shown(s)}`} data-testid="shipment-status">
                    {t(`order.shipment.status.${shown(s)}`)}
                  </span>
                </div>
                {s.status === 'pending' && s.refusal && (
                  <p className="notice order-refused" role="alert" data-testid="shipment-refused" data-refusal={s.refusal}>
                    {`${t(`order.shipment.refused.${s.refusal}`)} ${t('order.shipment.refusedNext')}`}
                  </p>
                )}
                {s.status === 'pending' && s.error && !s.refusal && (
                  <p className="notice order-retrying" data-testid="shipment-retrying">
                    {t('order.shipment.retrying')}
                  </p>
                )}
                <dl className="order-details">
                  <div>
                    <dt>{t('order.item.carrier')}</dt>
                    <dd>{order.items.find((i) => i.position === s.item_position)?.carrier.name ?? s.carrier}</dd>
                  </div>
                  {pickup && s.status !== 'cancelled' && (
                    <div>
                      <dt>{t(s.handover === 'handIn' ? 'order.shipment.handIn' : 'order.shipment.pickup')}</dt>
                      <dd data-testid="shipment-pickup" data-handover={s.handover}>{pickup}</dd>
                    </div>
                  )}
                </dl>
                {actions && s.status === 'created' && s.storno_refusal && <StornoRefusal refusal={s.storno_refusal} tracking={s.tracking_number} token={order.token} locale={locale} t={t} />}
                {actions && s.delivered && (
                  <p>
                    <a href={href('rate-shipment', locale, { token: order.token, id: String(s.id) })} data-testid="shipment-rate">
                      {t('order.shipment.rate')}
                    </a>
                  </p>
                )}
                {(s.label_url || (actions && s.cancellable)) && (
                  <div className="order-card-actions">
                    <LabelLinks shipment={s} t={t} />
                    {actions && s.cancellable && s.status !== 'cancelled' && <CancelShipmentButton id={s.id} token={order.token} tracking={s.tracking_number} locale={locale} />}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function OrderTotals({ order, locale, t }: { order: OrderData; locale: PageLocale; t: Translate }) {
  const money = (v: number) => orderMoney(order, v, locale);
  return (
    <dl className="order-totals">
      {order.discount > 0 && (
        <>
          <div>
            <dt>{t('order.totals.list')}</dt>
            <dd data-testid="order-list-total">{money(order.list_total_vat)}</dd>
          </div>
          <div className="order-discount">
            <dt>{order.discount_code ? t('order.totals.discountCode', { code: order.discount_code }) : t('order.totals.discount')}</dt>
            <dd data-testid="order-discount">{money(-order.discount)}</dd>
          </div>
        </>
      )}
      <div className="order-total">
        <dt>{t('order.totals.total')}</dt>
        <dd data-testid="order-total">{money(order.total_vat)}</dd>
      </div>
      <div className="order-of-which">
        <dt>{t('order.totals.ofWhichBase')}</dt>
        <dd data-testid="order-total-base">{money(order.total)}</dd>
      </div>
      <div className="order-of-which">
        <dt>{t('order.totals.ofWhichVat')}</dt>
        <dd>{money(order.vat)}</dd>
      </div>
      {order.rounding !== 0 && (
        <div className="order-of-which">
          <dt>{t('order.totals.rounding')}</dt>
          <dd>{money(order.rounding)}</dd>
        </div>
      )}
      {order.refunded > 0 && order.owed_back === 0 && (
        <div>
          <dt>{t('order.totals.refunded')}</dt>
          <dd>{money(order.refunded)}</dd>
        </div>
      )}
      {order.credited > 0 && (
        <div>
          <dt>{t('order.totals.credited')}</dt>
          <dd data-testid="order-credited">{money(order.credited)}</dd>
        </div>
      )}
      {order.owed_back > 0 && (
        <div className="order-owed-back">
          <dt>{t('order.totals.owedBack')}</dt>
          <dd data-testid="order-owed-back">{money(order.owed_back)}</dd>
        </div>
      )}
    </dl>
  );
}

/** the invoice page and its PDF as items of a link list (the order page and the thank-you page) */
export function InvoiceLinkItems({ invoice, pdf, t }: { invoice: string | null; pdf: string | null; t: Translate }) {
  return (
    <>
      {invoice && (
        <li>
          <a href={invoice} data-testid="order-invoice">
            {t('order.invoice')}
          </a>
        </li>
      )}
      {pdf && (
        <li>
          <a href={pdf} target="_blank" rel="noopener" data-testid="order-invoice-pdf">
            {t('order.invoicePdf')}
          </a>
        </li>
      )}
    </>
  );
}
