'use client';
import { Link } from 'waku';
import type { CartTotals, Discount } from '../../lib/configurator-rules';
import { href, type PageLocale } from '../../routes';
import { useT } from '../i18n/client';
import { discountRow, moneyText } from './cart-lines';

type Props = {
  locale: PageLocale;
  totals: CartTotals;
  discount: Discount | null;
  checkoutOpen: boolean;
  onCheckout: () => void;
};

export function CartSummary({ locale, totals, discount, checkoutOpen, onCheckout }: Props) {
  const t = useT();
  const discountLine = discountRow(discount, totals, locale);
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title">{t('cart.summary')}</h2>
      <dl className="cart-totals">
        <div>
          <dt>{t('cart.totalNoVat')}</dt>
          <dd data-testid="cart-total-no-vat">{moneyText(totals.price, locale)}</dd>
        </div>
        {discountLine && (
          <>
            <div>
              <dt>{t('cart.subtotalVat')}</dt>
              <dd>{moneyText(totals.priceVat, locale)}</dd>
            </div>
            <div className="cart-discount">
              <dt>{discountLine.percent ? t('cart.discountPercent', { percent: discountLine.percent }) : t('cart.discount')}</dt>
              <dd data-testid="cart-discount">{discountLine.amount}</dd>
            </div>
          </>
        )}
        <div className="cart-total">
          <dt>{t('cart.totalVat')}</dt>
          <dd data-testid="cart-total-vat">{moneyText(totals.discountedPriceVat, locale)}</dd>
        </div>
      </dl>
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
