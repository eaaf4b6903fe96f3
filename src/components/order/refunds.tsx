import type { Translate } from '../../i18n';
import type { PageLocale } from '../../routes';
import { orderMoney } from './order-parts';
import { RefundAccountForm } from './refund-account-form';
import type { OrderData } from './types';

/** The order's refunds (issue 25): amount, way and state of each; the account form while a bank refund waits for it. */
export function OrderRefunds({ order, locale, t }: { order: OrderData; locale: PageLocale; t: Translate }) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="order-section order-refunds" aria-labelledby="order-refunds-title" data-testid="order-refunds">
      <h2 id="order-refunds-title">{t('order.refunds.title')}</h2>
      <table className="order-refund-table">
        <thead>
          <tr>
            <th scope="col">{t('order.refunds.amount')}</th>
            <th scope="col">{t('order.refunds.way')}</th>
            <th scope="col">{t('order.refunds.stateLabel')}</th>
          </tr>
        </thead>
        <tbody>
          {order.refunds.map((r) => (
            <tr key={r.id} data-testid="order-refund" data-state={r.state} data-method={r.method}>
              <td data-testid="order-refund-amount">{orderMoney(order, r.amount, locale)}</td>
              <td>{t(`order.refunds.way.${r.method}`)}</td>
              <td data-testid="order-refund-state">{t(`order.refunds.state.${r.state}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.refund_account.needed && <RefundAccountForm token={order.token} ibanOnly={order.refund_account.iban_only} locale={locale} />}
    </section>
  );
}
