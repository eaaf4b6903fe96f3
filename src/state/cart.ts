import { isUsableRefresh } from '../lib/configurator-rules';
import type { Quote } from '../lib/types/quote';
import { emptyCart, type Cart, type CartItem } from './persisted-state';

/** Cart operations of spec §4 as pure reducers; the atoms in ./configurator apply them. */

export const CART_ITEM_NOT_FOUND = 'cart item id not found';

export type AddResult = { cart: Cart; cartId: string | null; warning: typeof CART_ITEM_NOT_FOUND | null };

/**
 * Without `cartId` the item is new and gets a fresh id; with one it replaces that item.
 * An id that is not in the cart changes nothing and reports the warning.
 */
export function addCartItem(cart: Cart, item: Omit<CartItem, 'cartId'>, cartId: string | null, newId: () => string): AddResult {
  if (cartId === null) {
    const id = newId();
    return { cart: { ...cart, items: [...cart.items, withId(item, id)] }, cartId: id, warning: null };
  }
  if (!cart.items.some((existing) => existing.cartId === cartId)) {
    return { cart, cartId: null, warning: CART_ITEM_NOT_FOUND };
  }
  const items = cart.items.map((existing) => (existing.cartId === cartId ? withId(item, cartId) : existing));
  return { cart: { ...cart, items }, cartId, warning: null };
}

/** The stored shipment remembers its cart item, so editing it again replaces instead of duplicating. */
const withId = (item: Omit<CartItem, 'cartId'>, cartId: string): CartItem => ({
  ...item,
  cartId,
  shipment: { ...item.shipment, cartId },
});

export function removeCartItem(cart: Cart, cartId: string): Cart {
  return { ...cart, items: cart.items.filter((item) => item.cartId !== cartId) };
}

/** Spec §4 clear: items, payer, order token, discount and payment method. */
export function clearCart(): Cart {
  return emptyCart();
}

/** Replaces the item's quote only with a usable refresh (priced, no errors, no restrictions). */
export function refreshCartItemQuote(cart: Cart, cartId: string, quote: Quote | null): Cart {
  if (!isUsableRefresh(quote)) return cart;
  return { ...cart, items: cart.items.map((item) => (item.cartId === cartId ? { ...item, quote } : item)) };
}

/** The selected quote follows the same rule. */
export function refreshedSelectedQuote(current: Quote | null, refreshed: Quote | null): Quote | null {
  return isUsableRefresh(refreshed) ? refreshed : current;
}

export type CartGuardResult = { redirectToOrder: string } | null;

/**
 * Spec §4 cart guard: a cart holding the token of an order not paid yet may not be shown;
 * the user goes to that order and the cart is cleared. (The token is set when the order is
 * created and the cart is cleared when it is paid, so a token present means unpaid.)
 */
export function cartGuard(cart: Cart): { result: CartGuardResult; cart: Cart } {
  if (!cart.orderToken) return { result: null, cart };
  return { result: { redirectToOrder: cart.orderToken }, cart: clearCart() };
}
