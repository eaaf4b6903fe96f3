import { apiCall } from '../../../api/server';
import { recallOverdue, rememberOverdue } from '../../../profile-memory';
import { requestInfo } from '../../../request';
import { translator } from '../../../i18n';
import { href, type Locale } from '../../../routes';
import type { InvoiceList } from './types';
import './billing.css';

/**
 * Spec §2.7/§2.9: above the client section's content, the first invoice past its due date
 * (POST v2/user/invoice/list?limit=1 with status afterDueDate, §7) with a link to pay it;
 * nothing when there is none or the list cannot be had (it never fails the page).
 */
export async function UnpaidInvoiceBar({ locale }: { locale: Locale }) {
  const key = requestInfo().apiKey;
  let invoice = key ? recallOverdue(key) : undefined;
  if (invoice === undefined) {
    const res = await apiCall<InvoiceList>('POST', '/v2/user/invoice/list?limit=1', { status: 'afterDueDate' }).catch((error: unknown) => {
      console.warn('unpaid-invoice bar: the invoice list failed', error);
      return null;
    });
    const first = res?.ok ? res.data.invoices[0] : undefined;
    invoice = first ? { number: first.number, token: first.token } : null;
    if (key && res?.ok) rememberOverdue(key, invoice);
  }
  if (!invoice) return null;
  const t = translator(locale);
  const l = locale === 'en' || locale === 'sk' ? locale : 'cs';
  return (
    <div className="unpaid-invoice-bar" role="status" data-testid="unpaid-invoice-bar">
      <span>{t('billing.bar.text', { number: invoice.number })}</span>
      <a className="button" href={href('invoice', l, { token: invoice.token })}>
        {t('billing.bar.pay')}
      </a>
    </div>
  );
}
