import { formatDay, formatMoney } from '../../../lib/format';
import type { InvoiceStatus } from '../../../lib/schemas/billing';
import type { PageLocale } from '../../../routes';
import type { BankInstructionsData } from './types';
import './billing.css';

/**
 * Pieces of the invoices, credit and top-up screens, rendered by the server pages and by the
 * client islands alike (no hooks here: each passes its own translator).
 */
export type T = (id: string, values?: Record<string, string | number>) => string;

export const money = (amount: number, currency: string, locale: PageLocale) => formatMoney(amount, currency, locale);
export const dayText = (iso: string, locale: PageLocale) => formatDay(iso, locale);
/** 'YYYY-MM' as the month of the page's language: '10/2026' */
export const monthText = (period: string) => `${Number(period.slice(5, 7))}/${period.slice(0, 4)}`;

export function StatusBadge({ status, t }: { status: InvoiceStatus; t: T }) {
  return (
    <span className={`bl-status bl-status-${status}`} data-status={status}>
      {t(`billing.status.${status}`)}
    </span>
  );
}

/** the account, variable symbol and amount of a transfer, with its payment QR */
export function BankInstructions({ bank, locale, t }: { bank: BankInstructionsData; locale: PageLocale; t: T }) {
  const amount = money(bank.amount, bank.currency, locale);
  return (
    <section className="bl-bank" data-testid="bank-instructions" aria-label={t('billing.bank.title', { amount })}>
      <h3>{t('billing.bank.title', { amount })}</h3>
      <div className="bl-bank-body">
        <dl className="bl-bank-fields">
          {bank.currency === 'CZK' && (
            <div>
              <dt>{t('billing.bank.account')}</dt>
              <dd data-testid="bank-account">{bank.account}</dd>
            </div>
          )}
          <div>
            <dt>{t('billing.bank.iban')}</dt>
            <dd>{bank.iban}</dd>
          </div>
          <div>
            <dt>{t('billing.bank.bic')}</dt>
            <dd>{bank.bic}</dd>
          </div>
          <div>
            <dt>{t('billing.bank.vs')}</dt>
            <dd className="bl-strong" data-testid="bank-vs">
              {bank.variable_symbol}
            </dd>
          </div>
          <div>
            <dt>{t('billing.bank.amount')}</dt>
            <dd className="bl-strong" data-testid="bank-amount">
              {amount}
            </dd>
          </div>
          <div>
            <dt>{t('billing.bank.holder')}</dt>
            <dd>{bank.holder}</dd>
          </div>
        </dl>
        {bank.qr_svg && (
          <figure className="bl-qr" data-testid="bank-qr">
            <div className="bl-qr-code" dangerouslySetInnerHTML={{ __html: bank.qr_svg }} />
            <figcaption className="muted">{t('billing.bank.qr')}</figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}

/** a path with the non-empty parameters (page 1 left out) */
export const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** Previous · page n of m · Next, as links */
export function Pager({ page, pages, hrefOf, t }: { page: number; pages: number; hrefOf: (page: number) => string; t: T }) {
  if (pages <= 1) return null;
  const step = (target: number, label: string, rel: 'prev' | 'next') =>
    target < 1 || target > pages ? (
      <span aria-disabled="true">{label}</span>
    ) : (
      <a href={hrefOf(target)} rel={rel}>
        {label}
      </a>
    );
  return (
    <nav className="bl-pager" aria-label={t('billing.pager.label')} data-testid="pager">
      {step(page - 1, `‹ ${t('billing.pager.prev')}`, 'prev')}
      <span>{t('billing.pager.page', { page: Math.min(page, pages), pages })}</span>
      {step(page + 1, `${t('billing.pager.next')} ›`, 'next')}
    </nav>
  );
}
