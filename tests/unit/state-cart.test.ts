import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../src/lib/schemas/draft';
import {
  addCartItem,
  CART_ITEM_NOT_FOUND,
  cartGuard,
  clearCart,
  refreshCartItemQuote,
  refreshedSelectedQuote,
  removeCartItem,
} from '../../src/state/cart';
import { emptyCart, type Cart } from '../../src/state/persisted-state';
import { sampleQuote } from './configurator-fixtures';

const item = (note = '') => ({
  shipment: { ...emptyDraft('cz'), note },
  quote: sampleQuote(),
  collectionPoint: null,
  deliveryPoint: null,
});

const ids = (...values: string[]) => {
  const queue = [...values];
  return () => queue.shift()!;
};

describe('addCartItem', () => {
  it('gives a new item a fresh id and remembers it on the shipment', () => {
    const { cart, cartId, warning } = addCartItem(emptyCart(), item('first'), null, ids('id-1'));
    expect(cartId).toBe('id-1');
    expect(warning).toBeNull();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].cartId).toBe('id-1');
    expect(cart.items[0].shipment.cartId).toBe('id-1');
  });

  it('appends new items', () => {
    const first = addCartItem(emptyCart(), item('a'), null, ids('id-1')).cart;
    const second = addCartItem(first, item('b'), null, ids('id-2')).cart;
    expect(second.items.map((i) => i.cartId)).toEqual(['id-1', 'id-2']);
  });

  it('replaces the item with an existing id in place', () => {
    const cart = addCartItem(addCartItem(emptyCart(), item('a'), null, ids('id-1')).cart, item('b'), null, ids('id-2')).cart;
    const { cart: replaced, cartId } = addCartItem(cart, item('a2'), 'id-1', ids('unused'));
    expect(cartId).toBe('id-1');
    expect(replaced.items.map((i) => [i.cartId, i.shipment.note])).toEqual([
      ['id-1', 'a2'],
      ['id-2', 'b'],
    ]);
  });

  it('does nothing and warns when the id is missing', () => {
    const cart = addCartItem(emptyCart(), item('a'), null, ids('id-1')).cart;
    const result = addCartItem(cart, item('x'), 'gone', ids('unused'));
    expect(result).toEqual({ cart, cartId: null, warning: CART_ITEM_NOT_FOUND });
    expect(CART_ITEM_NOT_FOUND).toBe('cart item id not found');
  });
});

describe('other cart operations', () => {
  const twoItems = (): Cart =>
    addCartItem(addCartItem(emptyCart(), item('a'), null, ids('id-1')).cart, item('b'), null, ids('id-2')).cart;

  it('removes by cartId', () => {
    expect(removeCartItem(twoItems(), 'id-1').items.map((i) => i.cartId)).toEqual(['id-2']);
    expect(removeCartItem(twoItems(), 'nope').items).toHaveLength(2);
  });

  it('clears items, payer, order token, discount and payment method', () => {
    expect(clearCart()).toEqual({ orderToken: null, items: [], discount: null, paymentMethod: null, payer: null });
  });

  it('replaces an item quote only with a usable refresh', () => {
    const fresh = sampleQuote({ id: 'fresh' });
    expect(refreshCartItemQuote(twoItems(), 'id-2', fresh).items.map((i) => i.quote.id)).toEqual(['q-dpd-classic', 'fresh']);
    const cart = twoItems();
    expect(refreshCartItemQuote(cart, 'id-2', sampleQuote({ id: 'x', price: null }))).toBe(cart);
    expect(refreshCartItemQuote(cart, 'id-2', sampleQuote({ id: 'x', errors: [{ code: 'E', message: 'e' }] }))).toBe(cart);
    expect(refreshCartItemQuote(cart, 'id-2', null)).toBe(cart);
  });

  it('refreshes the selected quote by the same rule', () => {
    const current = sampleQuote();
    expect(refreshedSelectedQuote(current, sampleQuote({ id: 'fresh' }))?.id).toBe('fresh');
    expect(refreshedSelectedQuote(current, sampleQuote({ restrictions: [{ code: 'R', message: 'r' }] }))).toBe(current);
  });
});

describe('cartGuard', () => {
  it('sends a cart with an unpaid order to the order and clears it', () => {
    const cart = { ...addCartItem(emptyCart(), item(), null, ids('id-1')).cart, orderToken: 'tok-1', paymentMethod: 'card' };
    expect(cartGuard(cart)).toEqual({ result: { redirectToOrder: 'tok-1' }, cart: emptyCart() });
  });
  it('lets a cart without an order token through unchanged', () => {
    const cart = addCartItem(emptyCart(), item(), null, ids('id-1')).cart;
    expect(cartGuard(cart)).toEqual({ result: null, cart });
  });
});
