import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from '../../src/lib/schemas/draft';
import {
  addToCartAtom,
  canAddToCartAtom,
  cartAtom,
  cartCarriersAtom,
  cartGuardAtom,
  cartTotalsAtom,
  clearCartAtom,
  collectionPointAtom,
  completedStepsAtom,
  completeStepAtom,
  customsStepVisibleAtom,
  deliveryPointAtom,
  discountAtom,
  draftAtom,
  fetchCounterAtom,
  fetchQuotesAtom,
  orderTokenAtom,
  payerAtom,
  paymentMethodAtom,
  quotesAtom,
  refreshCartItemQuoteAtom,
  refreshSelectedQuoteAtom,
  removeFromCartAtom,
  resetDraftAtom,
  restoreDraftFromCartAtom,
  selectedQuoteAtom,
  startDraftAtom,
} from '../../src/state/configurator';
import { serializePersistedState, STORAGE_KEY, defaultPersistedState } from '../../src/state/persisted-state';
import { sampleParcelPoint, sampleQuote } from './configurator-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A store with a draft, a DPD quote, parcel points and the steps up to the recipient completed. */
function configuredStore() {
  const store = createStore();
  store.set(startDraftAtom, emptyDraft('cz'));
  store.set(selectedQuoteAtom, sampleQuote());
  store.set(collectionPointAtom, sampleParcelPoint({ id: 'from' }));
  store.set(deliveryPointAtom, sampleParcelPoint({ id: 'to' }));
  for (const step of ['carrier', 'sender', 'recipient'] as const) store.set(completeStepAtom, step);
  return store;
}

describe('selection', () => {
  it('clears both parcel points when the selected quote is cleared', () => {
    const store = configuredStore();
    store.set(selectedQuoteAtom, null);
    expect(store.get(collectionPointAtom)).toBeNull();
    expect(store.get(deliveryPointAtom)).toBeNull();
  });

  it('keeps the points for a quote of the same carrier, not of another one', () => {
    const store = configuredStore();
    store.set(selectedQuoteAtom, sampleQuote({ id: 'dpd-2' }));
    expect(store.get(collectionPointAtom)?.id).toBe('from');
    store.set(selectedQuoteAtom, sampleQuote({ id: 'gls', carrier: { code: 'gls', name: 'GLS' } }));
    expect(store.get(collectionPointAtom)).toBeNull();
  });

  it('refreshes the selected quote only with a usable result', () => {
    const store = configuredStore();
    store.set(refreshSelectedQuoteAtom, sampleQuote({ id: 'bad', price: null }));
    expect(store.get(selectedQuoteAtom)?.id).toBe('q-dpd-classic');
    store.set(refreshSelectedQuoteAtom, sampleQuote({ id: 'fresh' }));
    expect(store.get(selectedQuoteAtom)?.id).toBe('fresh');
  });

  it('keeps completed steps unique', () => {
    const store = configuredStore();
    store.set(completeStepAtom, 'sender');
    expect(store.get(completedStepsAtom)).toEqual(['carrier', 'sender', 'recipient']);
  });

  it('derives canAddToCart and the customs step visibility', () => {
    const store = configuredStore();
    expect(store.get(canAddToCartAtom)).toBe(true);
    expect(store.get(customsStepVisibleAtom)).toBe(false);
    store.set(selectedQuoteAtom, sampleQuote({ attributes: { ...sampleQuote().attributes, customsClearanceRequired: true } }));
    expect(store.get(customsStepVisibleAtom)).toBe(true);
    expect(store.get(canAddToCartAtom)).toBe(false);
  });
});

describe('cart atoms', () => {
  it('adds the draft as a new item, then replaces that item on the next add', () => {
    const store = configuredStore();
    const cartId = store.set(addToCartAtom);
    expect(cartId).toEqual(expect.any(String));
    expect(store.get(draftAtom)?.cartId).toBe(cartId);
    expect(store.get(cartAtom).items[0]).toMatchObject({ cartId, collectionPoint: { id: 'from' }, deliveryPoint: { id: 'to' } });
    store.set(draftAtom, (draft) => draft && { ...draft, note: 'edited' });
    expect(store.set(addToCartAtom)).toBe(cartId);
    expect(store.get(cartAtom).items.map((item) => item.shipment.note)).toEqual(['edited']);
  });

  it('warns and adds nothing when the draft points at a removed item', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = configuredStore();
    const cartId = store.set(addToCartAtom)!;
    store.set(removeFromCartAtom, cartId);
    expect(store.set(addToCartAtom)).toBeNull();
    expect(store.get(cartAtom).items).toEqual([]);
    expect(warn).toHaveBeenCalledWith('cart item id not found', cartId);
  });

  it('restores a draft from a cart item: all steps complete, quotes cleared', () => {
    const store = configuredStore();
    store.set(draftAtom, (draft) => draft && { ...draft, note: 'in cart' });
    const cartId = store.set(addToCartAtom)!;
    store.set(resetDraftAtom);
    store.set(quotesAtom, [sampleQuote()]);
    expect(store.set(restoreDraftFromCartAtom, cartId)).toBe(true);
    expect(store.get(draftAtom)).toMatchObject({ note: 'in cart', cartId });
    expect(store.get(selectedQuoteAtom)?.id).toBe('q-dpd-classic');
    expect(store.get(collectionPointAtom)?.id).toBe('from');
    expect(store.get(completedStepsAtom)).toEqual(['carrier', 'sender', 'recipient', 'customs', 'summary']);
    expect(store.get(quotesAtom)).toEqual([]);
  });

  it('resets the draft, selection, points, steps and quotes but keeps the cart', () => {
    const store = configuredStore();
    store.set(addToCartAtom);
    store.set(quotesAtom, [sampleQuote()]);
    store.set(resetDraftAtom);
    expect(store.get(draftAtom)).toBeNull();
    expect(store.get(selectedQuoteAtom)).toBeNull();
    expect(store.get(collectionPointAtom)).toBeNull();
    expect(store.get(completedStepsAtom)).toEqual([]);
    expect(store.get(quotesAtom)).toEqual([]);
    expect(store.get(cartAtom).items).toHaveLength(1);
  });

  it('sets payer, discount, payment method and order token, and clears them', () => {
    const store = configuredStore();
    store.set(addToCartAtom);
    store.set(payerAtom, { type: 'company', id: 1 });
    store.set(discountAtom, { amount: null, percent: 10 });
    store.set(paymentMethodAtom, 'card');
    store.set(orderTokenAtom, 'tok');
    expect(store.get(cartAtom)).toMatchObject({ payer: { type: 'company', id: 1 }, paymentMethod: 'card', orderToken: 'tok' });
    expect(store.get(cartTotalsAtom).discountedPriceVat).toEqual({ value: 108.9, currency: 'CZK' });
    store.set(clearCartAtom);
    expect(store.get(cartAtom)).toEqual({ orderToken: null, items: [], discount: null, paymentMethod: null, payer: null });
  });

  it('derives totals and unique carriers', () => {
    const store = configuredStore();
    store.set(addToCartAtom);
    store.set(draftAtom, (draft) => draft && { ...draft, cartId: null });
    store.set(addToCartAtom);
    expect(store.get(cartTotalsAtom).priceVat).toEqual({ value: 242, currency: 'CZK' });
    expect(store.get(cartCarriersAtom)).toEqual(['dpd']);
  });

  it('refreshes a cart item quote only with a usable result', () => {
    const store = configuredStore();
    const cartId = store.set(addToCartAtom)!;
    store.set(refreshCartItemQuoteAtom, cartId, sampleQuote({ id: 'bad', restrictions: [{ code: 'R', message: 'r' }] }));
    expect(store.get(cartAtom).items[0].quote.id).toBe('q-dpd-classic');
    store.set(refreshCartItemQuoteAtom, cartId, sampleQuote({ id: 'fresh' }));
    expect(store.get(cartAtom).items[0].quote.id).toBe('fresh');
  });

  it('guards the cart: an unpaid order token redirects and clears', () => {
    const store = configuredStore();
    store.set(addToCartAtom);
    expect(store.set(cartGuardAtom)).toBeNull();
    store.set(orderTokenAtom, 'tok-9');
    expect(store.set(cartGuardAtom)).toEqual({ redirectToOrder: 'tok-9' });
    expect(store.get(cartAtom).items).toEqual([]);
  });
});

describe('quote fetching', () => {
  it('counts pending fetches and stores the result', async () => {
    const store = createStore();
    let finish!: (quotes: ReturnType<typeof sampleQuote>[]) => void;
    const running = store.set(fetchQuotesAtom, () => new Promise((resolve) => (finish = resolve)));
    expect(store.get(fetchCounterAtom)).toBe(1);
    finish([sampleQuote()]);
    expect(await running).toEqual({ status: 'ok', value: [sampleQuote()] });
    expect(store.get(fetchCounterAtom)).toBe(0);
    expect(store.get(quotesAtom)).toHaveLength(1);
  });

  it('clears the quotes on failure but not on cancel', async () => {
    const store = createStore();
    store.set(quotesAtom, [sampleQuote()]);
    const first = store.set(fetchQuotesAtom, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('', 'AbortError')))));
    const second = store.set(fetchQuotesAtom, () => Promise.reject(new Error('500')));
    expect((await first).status).toBe('cancelled');
    expect((await second).status).toBe('error');
    expect(store.get(quotesAtom)).toEqual([]);
    expect(store.get(fetchCounterAtom)).toBe(0);
  });
});

describe('persistence through the atoms', () => {
  function fakeBrowser(stored: string | null) {
    const items = new Map<string, string>(stored === null ? [] : [[STORAGE_KEY, stored]]);
    const cookies: string[] = [];
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    });
    vi.stubGlobal('document', {
      set cookie(value: string) {
        cookies.push(value);
      },
    });
    return { items, cookies };
  }

  it('reads the stored state when mounted and writes every change with the cookie copy', () => {
    const saved = { ...defaultPersistedState(), draft: { ...emptyDraft('sk'), note: 'saved' } };
    const { items, cookies } = fakeBrowser(serializePersistedState(saved, Date.now()));
    const store = createStore();
    expect(store.get(draftAtom)).toBeNull();
    const unsubscribe = store.sub(draftAtom, () => {});
    expect(store.get(draftAtom)?.note).toBe('saved');
    store.set(orderTokenAtom, 'tok');
    expect(JSON.parse(items.get(STORAGE_KEY)!).state.cart.orderToken).toBe('tok');
    expect(cookies.at(-1)).toMatch(/^zslt_state=.*order_token%22%3A%22tok/);
    unsubscribe();
  });

  it('starts from defaults when the stored state is corrupt', () => {
    fakeBrowser('{"version":"1.0.11","savedAt":1,"state":');
    const store = createStore();
    const unsubscribe = store.sub(cartAtom, () => {});
    expect(store.get(cartAtom).items).toEqual([]);
    unsubscribe();
  });
});
