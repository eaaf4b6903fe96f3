import { CartView } from '../components/cart/cart-view';
import { MessagesProvider } from '../components/i18n/client';
import { linkLocale } from '../components/layout/layouts';
import { pickMessages, translator } from '../i18n';
import type { PageProps } from './types';

/** The cart lives in the browser's storage: the server renders the frame, the island the items and the checkout. */
export function CartPage({ locale }: PageProps<'cart'>) {
  const t = translator(locale);
  return (
    <article className="page cart-page" data-route="cart">
      <title>{`${t('route.cart')} | ${t('app.name')}`}</title>
      <h1>{t('route.cart')}</h1>
      <MessagesProvider messages={pickMessages(locale, ['checkout.'])}>
        <CartView locale={linkLocale(locale)} />
      </MessagesProvider>
    </article>
  );
}
