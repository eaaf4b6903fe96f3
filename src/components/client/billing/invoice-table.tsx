import { href, type PageLocale } from '../../../routes';
import { InvoicePay } from './invoice-pay';
import { dayText, money, monthText, StatusBadge, type T } from './parts';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../lib/schemas/billing';
import type { InvoiceItem, InvoicePaymentState } from './types';
import './billing.css';

/**
 * The invoices with number, issue and due dates, amount, status, PDF and the pay action (a
 * table; cards on a phone). `balanceIn`: the account's credit in a currency.
 */
export function InvoiceTable({ invoices, balanceIn, locale: l, version, path, t }: { invoices: InvoiceItem[]; balanceIn: (currency: string) => number; locale: PageLocale; version: 'v1' | 'v2'; path: string; t: T }) {
  return (
    <table className="bl-table" data-testid="invoice-list">
      <thead>
        <tr>
          <th scope="col">{t('billing.invoices.col.number')}</th>
          <th scope="col">{t('billing.invoices.col.issued')}</th>
          <th scope="col">{t('billing.invoices.col.due')}</th>
          <th scope="col" className="bl-num">
            {t('billing.invoices.col.amount')}
          </th>
          <th scope="col">{t('billing.invoices.col.status')}</th>
          <th scope="col" className="bl-num">
            {t('billing.invoices.col.actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.token} data-testid="invoice-row" data-number={invoice.number} data-status={invoice.status}>
            <td className="bl-number" data-label={t('billing.invoices.col.number')}>
              <span>
                <a href={href('invoice', l, { token: invoice.token })}>{invoice.number}</a>
                <small>{invoice.kind === 'monthly' && invoice.period ? t('billing.invoices.monthly', { month: monthText(invoice.period) }) : t('billing.invoices.order')}</small>
              </span>
            </td>
            <td data-label={t('billing.invoices.col.issued')}>{dayText(invoice.issued_on, l)}</td>
            <td data-label={t('billing.invoices.col.due')}>{dayText(invoice.due_on, l)}</td>
            <td className="bl-num" data-label={t('billing.invoices.col.amount')}>
              {money(invoice.total, invoice.currency, l)}
            </td>
            <td data-label={t('billing.invoices.col.status')}>
              <span>
                <StatusBadge status={invoice.status} t={t} />
              </span>
            </td>
            <td data-label={t('billing.invoices.col.actions')}>
              <div className="bl-actions">
                <a href={invoice.pdf_url} target="_blank" rel="noopener" data-testid="invoice-pdf">
                  {t('billing.invoices.pdf')}
                </a>
                {invoice.status !== 'paid' && (
                  <InvoicePay
                    token={invoice.token}
                    number={invoice.number}
                    total={invoice.total}
                    currency={invoice.currency}
                    balance={balanceIn(invoice.currency)}
                    overdue={invoice.status === 'afterDueDate'}
                    locale={l}
                    version={version}
                    returnPath={path}
                  />
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** the status filter (a GET form: works without JavaScript) */
export function InvoiceFilter({ action, status, t }: { action: string; status: InvoiceStatus | undefined; t: T }) {
  return (
    <form className="bl-filter" method="get" action={action} data-testid="invoice-filter">
      <label>
        {t('billing.invoices.filter')}
        <select name="status" defaultValue={status ?? ''}>
          <option value="">{t('billing.invoices.filter.all')}</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`billing.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        {t('billing.invoices.filter.submit')}
      </button>
    </form>
  );
}

/** the outcome of a payment the user comes back from (?invoice=…) */
export function PaymentOutcome({ state, t }: { state: InvoicePaymentState; t: T }) {
  const kind = state.state === 'paid' ? 'bl-ok' : state.state === 'failed' ? 'bl-error' : 'bl-info';
  return (
    <div className={`bl-message ${kind}`} role={state.state === 'failed' ? 'alert' : 'status'} data-testid="payment-outcome" data-state={state.state}>
      {t(`billing.pay.${state.state}`, { number: state.invoice.number })}
    </div>
  );
}
