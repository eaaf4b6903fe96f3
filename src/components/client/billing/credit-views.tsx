import { href, type PageLocale } from '../../../routes';
import { dayText, money } from './parts';
import type { Balance, LedgerEntry } from './types';
import './billing.css';

/** The credit screen's balances and history (server-rendered). */
type T = (id: string, values?: Record<string, string | number>) => string;

export function Balances({ balances, locale, t }: { balances: Balance[]; locale: PageLocale; t: T }) {
  return (
    <ul className="bl-balances" aria-label={t('billing.credit.balances')} data-testid="credit-balances">
      {balances.map((b) => (
        <li key={b.currency} className="bl-balance" data-currency={b.currency}>
          <span>
            {t('billing.credit.balances')} · {b.currency}
          </span>
          <strong>{money(b.amount, b.currency, locale)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** the ledger, newest first: what moved, for which order or invoice, and the balance after it */
export function LedgerTable({ entries, locale, t }: { entries: LedgerEntry[]; locale: PageLocale; t: T }) {
  if (entries.length === 0) return <p className="bl-empty muted">{t('billing.credit.empty')}</p>;
  return (
    <table className="bl-table" data-testid="credit-ledger">
      <thead>
        <tr>
          <th scope="col">{t('billing.credit.col.date')}</th>
          <th scope="col">{t('billing.credit.col.reason')}</th>
          <th scope="col">{t('billing.credit.col.reference')}</th>
          <th scope="col" className="bl-num">
            {t('billing.credit.col.amount')}
          </th>
          <th scope="col" className="bl-num">
            {t('billing.credit.col.balance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} data-testid="ledger-row" data-reason={e.reason}>
            <td data-label={t('billing.credit.col.date')}>{dayText(e.created_at, locale)}</td>
            <td data-label={t('billing.credit.col.reason')}>{t(`billing.reason.${e.reason}`)}</td>
            <td data-label={t('billing.credit.col.reference')}>
              {e.order ? (
                <a href={href('order', locale, { token: e.order.token })}>{t('billing.credit.order', { number: e.order.number })}</a>
              ) : e.invoice ? (
                <a href={href('invoice', locale, { token: e.invoice.token })}>{t('billing.credit.invoice', { number: e.invoice.number })}</a>
              ) : (
                <span className="muted">–</span>
              )}
            </td>
            <td className={`bl-num ${e.amount < 0 ? 'bl-minus' : 'bl-plus'}`} data-label={t('billing.credit.col.amount')}>
              {e.amount > 0 ? '+' : ''}
              {money(e.amount, e.currency, locale)}
            </td>
            <td className="bl-num" data-label={t('billing.credit.col.balance')}>
              {money(e.balance_after, e.currency, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
