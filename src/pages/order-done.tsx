import { Link } from 'waku';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { OrderCartGuard } from '../components/order/order-actions';
import { loadOrder } from '../components/order/load';
import { doneNextText, invoiceHref, MissingDocument, OrderShipments, OrderTotals, StatusBadge, InvoiceLinkItems } from '../components/order/order-parts';
import { pickMessages, translator } from '../i18n';
import { href } from '../routes';
import type { PageProps } from './types';

/**
 * Thank-you page after an order (spec §2.2): paid, or still waiting for the payment with a
 * way back to the payment instructions; shipments with their labels, links to the order
 * detail and the invoice, and the address the confirmation went to.
 */
export async function OrderDonePage({ locale, params }: PageProps<'order-done'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const order = await loadOrder(params.token);
  if (!order) return <MissingDocument title={t('order.notFound.title')} text={t('order.notFound.text')} locale={l} t={t} />;

  const detail = href('order', l, { token: order.token });
  const invoice = invoiceHref(order, l);
  const unpaid = order.status === 'unpaid';
  const cancelled = order.status === 'cancelled';
  const heading = unpaid ? t('order.done.waiting', { number: order.number }) : cancelled ? t('order.done.cancelled', { number: order.number }) : t('order.done.paid', { number: order.number });
  return (
    <article className="page order-page order-done" data-route="order-done" data-order-status={order.status}>
      <title>{`${t('route.order-done')} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <MessagesProvider messages={pickMessages(locale, ['order.'])}>
        <OrderCartGuard token={order.token} unpaid={unpaid} />
        <header className={`order-done-head${unpaid ? ' is-waiting' : cancelled ? ' is-cancelled' : ''}`}>
          <span className="order-done-icon" aria-hidden="true">
            {unpaid ? '⏳' : cancelled ? '✕' : '✓'}
          </span>
          <div>
            <h1 data-testid="order-done-title">{heading}</h1>
            <StatusBadge order={order} t={t} />
            <p data-testid="order-done-email">{t('order.done.email', { email: order.email })}</p>
          </div>
        </header>

        {unpaid && (
          <div className="notice order-alert" data-testid="order-done-waiting">
            <p>{t('order.done.waitingText')}</p>
            <Link to={detail} className="button primary">
              {t('order.done.payLink')}
            </Link>
          </div>
        )}
        {!unpaid && !cancelled && order.shipments.some((s) => s.label_url) && <p className="order-done-next" data-testid="order-done-next">{t(doneNextText(order))}</p>}

        <div className="order-layout">
          <div className="order-main">
            <OrderShipments order={order} locale={l} t={t} actions={false} />
          </div>
          <aside className="order-side">
            <section className="order-summary" aria-labelledby="order-totals-title">
              <h2 id="order-totals-title">{t('order.totals.title')}</h2>
              <OrderTotals order={order} locale={l} t={t} />
            </section>
            <ul className="link-list order-done-links">
              <li>
                <Link to={detail} data-testid="order-detail-link">
                  {t('order.detailLink')}
                </Link>
              </li>
              <InvoiceLinkItems invoice={invoice} pdf={order.invoice_pdf_url} t={t} />
            </ul>
          </aside>
        </div>
      </MessagesProvider>
    </article>
  );
}
