'use client';
import { formatMoney } from '../../lib/format';
import { recapOfTotal } from '../../lib/invoice-sums';
import { useT } from '../i18n/client';

/** a priced order as printed (major units): list prices − discount = total = base + VAT (+ rounding) */
export type ShownSums = { currency: string; list: number; discount: number; code: string | null; total: number; base: number; vat: number; rounding: number };

/** the checkout's answer of POST v1/orders/price as ShownSums */
export const pricedSums = (p: { currency: string; list_total_vat: number; discount: number; discount_code: string | null; total_vat: number; total: number; vat: number; rounding: number }): ShownSums => ({
  currency: p.currency,
  list: p.list_total_vat,
  discount: p.discount,
  code: p.discount_code,
  total: p.total_vat,
  base: p.total,
  vat: p.vat,
  rounding: p.rounding,
});

/** the order's VAT rate by its currency (a territory's: CZK in Czechia 21 %, EUR in Slovakia 23 %) */
const rateOf = (currency: string) => (currency === 'EUR' ? 23 : 21);

/**
 * Undiscounted list prices with VAT, before the server priced them: their base and VAT as the
 * invoice will state them. With the items' own base (`net`, the quotes' prices without VAT) the
 * split is theirs: the VAT depends on the route (docs/vat.md: CZ→SK at 21 % on the Slovak site).
 */
export function listSums(listVat: number, currency: string, net?: number): ShownSums {
  if (net !== undefined && net > 0 && net <= listVat) {
    const vat = Math.round((listVat - net) * 100) / 100;
    return { currency, list: listVat, discount: 0, code: null, total: listVat, base: net, vat, rounding: 0 };
  }
  const recap = recapOfTotal(Math.round(listVat * 100), rateOf(currency));
  return { currency, list: listVat, discount: 0, code: null, total: listVat, base: recap.baseMinor / 100, vat: recap.vatMinor / 100, rounding: recap.roundingMinor / 100 };
}

type TestIds = { list: string; discount: string; total: string; base: string };

/**
 * The sums of the cart's panel and the checkout, one block that adds up: the list prices, the
 * discount as a line of its own (negative, with its code), the total with VAT, and of it the
 * base and the VAT.
 */
export function PriceSums({ sums, locale, ids, className = '' }: { sums: ShownSums; locale: string; ids: TestIds; className?: string }) {
  const t = useT();
  const money = (value: number) => formatMoney(value, sums.currency, locale);
  return (
    <dl className={`cart-totals ${className}`.trim()}>
      {sums.discount > 0 && (
        <>
          <div>
            <dt>{t('cart.subtotalVat')}</dt>
            <dd data-testid={ids.list}>{money(sums.list)}</dd>
          </div>
          <div className="cart-discount">
            <dt>{sums.code ? t('cart.discountCode', { code: sums.code }) : t('cart.discount')}</dt>
            <dd data-testid={ids.discount}>{money(-sums.discount)}</dd>
          </div>
        </>
      )}
      <div className="cart-total">
        <dt>{t('cart.totalVat')}</dt>
        <dd data-testid={ids.total}>{money(sums.total)}</dd>
      </div>
      <div className="cart-of-which">
        <dt>{t('cart.ofWhichNoVat')}</dt>
        <dd data-testid={ids.base}>{money(sums.base)}</dd>
      </div>
      <div className="cart-of-which">
        <dt>{t('cart.ofWhichVat')}</dt>
        <dd>{money(sums.vat)}</dd>
      </div>
      {sums.rounding !== 0 && (
        <div className="cart-of-which">
          <dt>{t('cart.rounding')}</dt>
          <dd>{money(sums.rounding)}</dd>
        </div>
      )}
    </dl>
  );
}
