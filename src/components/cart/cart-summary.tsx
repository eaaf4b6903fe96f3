'use client';
import { Link } from 'waku';
import type { CartTotals } from '../../lib/configurator-rules';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { listSums, PriceSums, type ShownSums } from './price-sums';

type Props = {
  locale: PageLocale;
  totals: CartTotals;
  /** the checkout's pricing by the server (with its discount code): the panel shows the same total */
  priced: ShownSums | null;
  checkoutOpen: boolean;
  onCheckout: () => void;
};

export function CartSummary({ locale, totals, priced, checkoutOpen, onCheckout }: Props) {
  const t = useT();
  const sums = priced ?? (totals.priceVat ? listSums(totals.priceVat.value, totals.priceVat.currency, totals.price?.value) : null);
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title">{t('cart.summary')}</h2>
      {sums ? (
        <PriceSums sums={sums} locale={locale} ids={{ list: 'cart-subtotal-vat', discount: 'cart-discount', total: 'cart-total-vat', base: 'cart-total-no-vat' }} />
      ) : (
        <dl className="cart-totals">
          <div className="cart-total">
            <dt>{t('cart.totalVat')}</dt>
            <dd data-testid="cart-total-vat">—</dd>
          </div>
        </dl>
      )}
      {!checkoutOpen && (
        <button type="button" className="button primary cart-checkout" onClick={onCheckout} data-testid="cart-checkout">
          {t('cart.checkout')}
        </button>
      )}
      <Link to={href('home', locale)} className="cart-add-another">
        {t('cart.addAnother')}
      </Link>
    </aside>
  );
}
