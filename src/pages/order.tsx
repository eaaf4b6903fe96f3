import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { CancelOrderButton, CopyButton, OrderCartGuard, PayByTransferButton, RetryPaymentButton, SandboxPayButton } from '../components/order/order-actions';
import { loadOrder } from '../components/order/load';
import { invoiceHref, MissingDocument, OrderItems, orderMoney, OrderShipments, OrderTotals, StatusBadge, InvoiceLinkItems } from '../components/order/order-parts';
import type { OrderData } from '../components/order/types';
import { OrderRefunds } from '../components/order/refunds';
import { pickMessages, translator, type Translate } from '../i18n';
import { formatDayTime, formatNumber } from '../lib/format';
import { CARD_GATEWAY_UNAVAILABLE } from '../lib/schemas/order';
import { roundMoney } from '../lib/money';
import type { PageLocale } from '../routes';
import type { PageProps } from './types';

/** amount the customer still owes on a bank transfer (underpayment: less than the total) */
const leftToPay = (payment: NonNullable<OrderData['payment']>) => roundMoney(Math.max(0, payment.amount - payment.received));

/**
 * Order detail (spec §2.2): status, payment instructions or the card payment, items,
 * shipments with labels, documents and totals. Readable without JavaScript; the buttons
 * are client islands.
 */
export async function OrderPage({ locale, params, query }: PageProps<'order'>) {
  const t = translator(locale);
  const l = linkLocale(locale);
  const order = await loadOrder(params.token);
  if (!order) return <MissingDocument title={t('order.notFound.title')} text={t('order.notFound.text')} locale={l} t={t} />;

  const unpaid = order.status === 'unpaid';
  const paymentFailed = unpaid && new URLSearchParams(query).get('payment') === 'failed';
  const invoice = invoiceHref(order, l);
  return (
    <article className="page order-page" data-route="order" data-order-status={order.status}>
      <title>{`${t('order.title', { number: order.number })} | ${t('app.name')}`}</title>
      <meta name="robots" content="noindex" />
      <MessagesProvider messages={pickMessages(locale, ['order.'])}>
        <OrderCartGuard token={order.token} unpaid={unpaid} />
        <header className="order-head">
          <h1>{t('order.title', { number: order.number })}</h1>
          <StatusBadge order={order} t={t} />
          <p className="muted order-meta">
            {t('order.createdAt', { date: formatDayTime(order.created_at, l) })} · {t('order.email', { email: order.email })}
          </p>
        </header>

        {paymentFailed && order.payment?.method === 'card' && (
          <div className="notice notice-error order-alert" role="alert" data-testid="order-payment-failed">
            <p className="order-alert-title">{t('order.paymentFailed.title')}</p>
            <p>{t('order.paymentFailed.text')}</p>
            {order.can_retry_payment ? (
              <>
                <RetryPaymentButton token={order.token} locale={l} />
                <PayByTransferButton token={order.token} locale={l} />
              </>
            ) : (
              order.payment.redirect_url && (
                <a className="button primary" href={order.payment.redirect_url} data-testid="order-pay-card">
                  {t('order.payByCard')}
                </a>
              )
            )}
          </div>
        )}

        {order.owed_back > 0 && (
          <div className="notice notice-warning order-alert" role="status" data-testid="order-owed-back-notice">
            <p className="order-alert-title">{t('order.owedBack.title', { amount: orderMoney(order, order.owed_back, l) })}</p>
            <p>{t('order.owedBack.text')}</p>
          </div>
        )}

        <div className="order-layout">
          <div className="order-main">
            <PaymentSection order={order} locale={l} t={t} alertShown={paymentFailed} />
            <OrderItems order={order} locale={l} t={t} />
            <OrderShipments order={order} locale={l} t={t} actions />
            <OrderRefunds order={order} locale={l} t={t} />
          </div>

          <aside className="order-side">
            <section className="order-summary" aria-labelledby="order-totals-title">
              <h2 id="order-totals-title">{t('order.totals.title')}</h2>
              <OrderTotals order={order} locale={l} t={t} />
            </section>
            {order.payer.name && (
              <section className="order-summary" aria-labelledby="order-payer-title">
                <h2 id="order-payer-title">{t('order.payer.title')}</h2>
                <p className="order-payer">
                  <strong>{order.payer.name}</strong>
                  {order.payer.ico && <span>{`${t('order.payer.ico')}: ${order.payer.ico}`}</span>}
                  {order.payer.dic && <span>{`${t('order.payer.dic')}: ${order.payer.dic}`}</span>}
                </p>
              </section>
            )}
            {(invoice || order.invoice_pdf_url) && (
              <section className="order-summary" aria-labelledby="order-documents-title">
                <h2 id="order-documents-title">{t('order.documents.title')}</h2>
                <ul className="link-list">
                  <InvoiceLinkItems invoice={invoice} pdf={order.invoice_pdf_url} t={t} />
                </ul>
              </section>
            )}
            {unpaid && !order.payment?.received && <CancelOrderButton token={order.token} number={order.number} locale={l} />}
          </aside>
        </div>
      </MessagesProvider>
    </article>
  );
}

function PaymentSection({ order, locale, t, alertShown }: { order: OrderData; locale: PageLocale; t: Translate; alertShown: boolean }) {
  const payment = order.payment;
  if (!payment) return null;
  const unpaid = order.status === 'unpaid';
  const money = (v: number) => orderMoney(order, v, locale);
  const left = leftToPay(payment);
  const bankTransfer = unpaid && payment.method === 'bank_transfer' && left > 0;
  return (
    <section className="order-section" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">{t('order.payment.title')}</h2>
      <p>
        {t('order.payment.method')}: <strong data-testid="order-payment-method">{t(`order.method.${payment.method}`)}</strong>
        {payment.method === 'invoice' ? (
          <span className="muted" data-testid="order-monthly-invoice"> · {t('order.payment.monthlyInvoice')}</span>
        ) : (
          !unpaid && payment.status === 'paid' && <span className="muted"> · {t('order.payment.paid', { amount: money(payment.received || payment.amount) })}</span>
        )}
        {order.status === 'cancelled' && payment.received > 0 && <span className="muted" data-testid="order-payment-received"> · {t('order.payment.receivedAmount', { amount: money(payment.received) })}</span>}
      </p>

      {bankTransfer && (
        <div className="order-instructions" data-testid="order-payment-instructions">
          <div className="order-instructions-body">
            <h3>{t('order.payment.instructions')}</h3>
            <p className="muted">{t('order.payment.instructionsText')}</p>
            {payment.received > 0 && (
              <p className="notice notice-warning" data-testid="order-underpaid">
                {t('order.payment.underpaid', { received: money(payment.received), left: money(left) })}
              </p>
            )}
            <dl className="order-pay-fields">
              {'account' in payment && payment.account && <PayField label={t('order.payment.account')} value={payment.account} testId="order-account" />}
              {'iban' in payment && payment.iban && <PayField label={t('order.payment.iban')} value={payment.iban} shown={groupIban(payment.iban)} testId="order-iban" />}
              {'bic' in payment && payment.bic && order.currency !== 'CZK' && <PayField label={t('order.payment.bic')} value={payment.bic} testId="order-bic" />}
              <PayField label={t('order.payment.amount')} value={formatNumber(left, locale).replace(/\u00A0/g, '')} shown={money(left)} testId="order-amount" strong />
              {payment.received > 0 && (
                <div>
                  <dt>{t('order.payment.received')}</dt>
                  <dd>{money(payment.received)}</dd>
                </div>
              )}
              <PayField label={t('order.payment.vs')} value={payment.variable_symbol} testId="order-vs" strong />
              {'holder' in payment && payment.holder && (
                <div>
                  <dt>{t('order.payment.holder')}</dt>
                  <dd>{payment.holder}</dd>
                </div>
              )}
            </dl>
          </div>
          {'qr_svg' in payment && payment.qr_svg && (
            <figure className="order-qr" data-testid="order-payment-qr" data-kind={payment.qr_kind}>
              <div className="order-qr-code" dangerouslySetInnerHTML={{ __html: payment.qr_svg }} />
              <figcaption>
                <strong>{payment.qr_kind === 'bysquare' ? 'PAY by square' : 'QR Platba'}</strong>
                <span className="muted">{t('order.payment.qrHint')}</span>
              </figcaption>
            </figure>
          )}
        </div>
      )}

      {bankTransfer && order.sandbox && (
        <div className="order-sandbox" data-testid="order-sandbox">
          <p className="order-sandbox-title">{t('order.sandbox.title')}</p>
          <p>{t('order.sandbox.text')}</p>
          <SandboxPayButton variableSymbol={payment.variable_symbol} amount={left} currency={order.currency} />
        </div>
      )}

      {unpaid && payment.method === 'card' && !alertShown && (
        <div className="order-card-pay">
          {payment.redirect_url ? (
            <>
              <p>{t('order.cardPending')}</p>
              <a className="button primary big" href={payment.redirect_url} data-testid="order-pay-card">
                {t('order.payByCard')}
              </a>
            </>
          ) : payment.failure_reason === CARD_GATEWAY_UNAVAILABLE ? (
            <div className="notice notice-warning order-alert" role="status" data-testid="order-gateway-unavailable">
              <p className="order-alert-title">{t('order.gatewayUnavailable.title')}</p>
              <p>{t('order.gatewayUnavailable.text')}</p>
              <RetryPaymentButton token={order.token} locale={locale} />
              <PayByTransferButton token={order.token} locale={locale} />
            </div>
          ) : (
            order.can_retry_payment && (
              <>
                <p>{t('order.paymentFailed.title')}</p>
                <RetryPaymentButton token={order.token} locale={locale} />
                <PayByTransferButton token={order.token} locale={locale} />
              </>
            )
          )}
        </div>
      )}
    </section>
  );
}

/** 'CZ6508000000192000145399' → 'CZ65 0800 0000 1920 0014 5399' (read aloud and typed in groups) */
const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

function PayField({ label, value, shown, testId, strong }: { label: string; value: string; shown?: string; testId: string; strong?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="order-pay-value">
        <span className={strong ? 'order-pay-strong' : undefined} data-testid={testId}>
          {shown ?? value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}
