import { CartView } from '../components/cart/cart-view';
import { linkLocale } from '../components/layout/layouts';
import { translator } from '../i18n';
import type { PageProps } from './types';

/** The cart lives in the browser's storage: the server renders the frame, the island the items. */
export function CartPage({ locale }: PageProps<'cart'>) {
  const t = translator(locale);
  return (
    <article className="page cart-page" data-route="cart">
      <title>{`${t('route.cart')} | ${t('app.name')}`}</title>
      <h1>{t('route.cart')}</h1>
      <CartView locale={linkLocale(locale)} />
    </article>
  );
}
