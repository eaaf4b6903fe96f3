import { apiCall } from '../../../api/server';
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
  const res = await apiCall<InvoiceList>('POST', '/v2/user/invoice/list?limit=1', { status: 'afterDueDate' }).catch((error: unknown) => {
    console.warn('unpaid-invoice bar: the invoice list failed', error);
    return null;
  });
  const invoice = res?.ok ? res.data.invoices[0] : undefined;
  if (!invoice) return null;
  const t = translator(locale);
  const l = locale === 'en' ? 'en' : 'cs';
  return (
    <div className="unpaid-invoice-bar" role="status" data-testid="unpaid-invoice-bar">
      <span>{t('billing.bar.text', { number: invoice.number })}</span>
      <a className="button" href={href('invoice', l, { token: invoice.token })}>
        {t('billing.bar.pay')}
      </a>
    </div>
  );
}
