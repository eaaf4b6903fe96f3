'use client';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useRouter } from 'waku';
import { apiPost } from '../../api/client';
import type { Quote } from '../../lib/types/quote';
import { href, type PageLocale } from '../../routes';
import { checkoutEvent, pushAnalytics, removeFromCartEvent } from '../../state/analytics';
import {
  cartAtom,
  cartGuardAtom,
  cartTotalsAtom,
  refreshCartItemQuoteAtom,
  removeFromCartAtom,
  restoreDraftFromCartAtom,
} from '../../state/configurator';
import type { CartItem } from '../../state/persisted-state';
import { useT } from '../i18n/client';
import { refreshCartQuotes } from './cart-lines';
import { CartItemCard } from './cart-item';
import { CartSummary } from './cart-summary';
import type { ShownSums } from './price-sums';
import './cart.css';

// the checkout form loads with items in the cart: an empty cart (and the first paint) runs none of it
const loadCheckout = () => import('./checkout');
const Checkout = lazy(() => loadCheckout().then((m) => ({ default: m.Checkout })));

/** 'loading' until the stored cart is read (and the server HTML hydrated); 'leaving' while the guard redirects. */
type Phase = 'loading' | 'ready' | 'leaving';

/**
 * The cart page (spec §3, §4): on load the cart guard runs, then every item's quote is
 * refreshed; items can be edited in the configurator or removed.
 */
export function CartView({ locale }: { locale: PageLocale }) {
  const t = useT();
  const router = useRouter();
  const store = useStore();
  const cart = useAtomValue(cartAtom);
  const totals = useAtomValue(cartTotalsAtom);
  const runCartGuard = useSetAtom(cartGuardAtom);
  const refreshItemQuote = useSetAtom(refreshCartItemQuoteAtom);
  const removeFromCart = useSetAtom(removeFromCartAtom);
  const restoreDraft = useSetAtom(restoreDraftFromCartAtom);
  const [phase, setPhase] = useState<Phase>('loading');
  const [refreshing, setRefreshing] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  // the server's pricing at checkout (its discount included): the panel shows the checkout's total
  const [priced, setPriced] = useState<ShownSums | null>(null);

  // runs after the persisted state was mounted (and so read from storage) by the hooks above
  useEffect(() => {
    const guard = runCartGuard();
    if (guard) {
      setPhase('leaving');
      void router.replace(href('order', locale, { token: guard.redirectToOrder }));
      return;
    }
    setPhase('ready');
    const items = store.get(cartAtom).items;
    if (items.length === 0) return;
    void loadCheckout();
    const controller = new AbortController();
    setRefreshing(true);
    void refreshCartQuotes(
      items,
      (body) => apiPost<Quote>('/v2/quote/detail', body, { signal: controller.signal, language: locale }),
      refreshItemQuote,
    ).finally(() => {
      if (!controller.signal.aborted) setRefreshing(false);
    });
    return () => controller.abort();
    // once per visit: the guard and the refresh are load-time rules (spec §4)
  }, []);

  if (phase !== 'ready') {
    return (
      <>
        {/* the cart lives in the browser's storage: without JavaScript it cannot show (the skeleton is hidden by cart.css then) */}
        <noscript>
          <p className="notice noscript-notice" data-testid="noscript-notice">
            {t('cart.noscript')}{' '}
            <a href={href('home', locale)}>{t('cart.emptyCta')}</a>
          </p>
        </noscript>
        <div className="cart-skeleton" aria-busy="true" data-testid="cart-loading">
          <span className="cart-sr-only">{t('cart.loading')}</span>
          <div className="cart-skeleton-block" />
          <div className="cart-skeleton-block short" />
        </div>
      </>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="cart-empty" data-testid="cart-empty">
        <p className="cart-empty-title">{t('cart.empty')}</p>
        <p className="muted">{t('cart.emptyText')}</p>
        <Link to={href('home', locale)} className="button primary">
          {t('cart.emptyCta')}
        </Link>
      </div>
    );
  }

  const remove = (item: CartItem) => {
    pushAnalytics(removeFromCartEvent(item.shipment, item.quote));
    removeFromCart(item.cartId);
  };
  const edit = (item: CartItem) => {
    if (restoreDraft(item.cartId)) void router.push(href('configurator-summary', locale));
  };
  const checkout = () => {
    pushAnalytics(checkoutEvent(cart.items, 1));
    setCheckoutOpen(true);
  };

  return (
    <div className="cart-layout" data-testid="cart">
      <section className="cart-items" aria-labelledby="cart-items-title">
        <h2 id="cart-items-title">{t('cart.itemsHeading', { count: cart.items.length })}</h2>
        <p className="cart-refreshing muted" aria-live="polite">
          {refreshing ? t('cart.refreshing') : ''}
        </p>
        <ol className="cart-item-list">
          {cart.items.map((item, index) => (
            <CartItemCard key={item.cartId} item={item} index={index + 1} locale={locale} onEdit={() => edit(item)} onRemove={() => remove(item)} />
          ))}
        </ol>
      </section>
      <CartSummary locale={locale} totals={totals} priced={checkoutOpen ? priced : null} checkoutOpen={checkoutOpen} onCheckout={checkout} />
      {checkoutOpen && (
        <Suspense fallback={null}>
          <Checkout
            locale={locale}
            items={cart.items}
            cartTotalVat={totals.priceVat?.value ?? 0}
            onPriced={setPriced}
            onClose={() => {
              setPriced(null);
              setCheckoutOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
