'use client';

import { atom, type SetStateAction } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import {
  canAddToCart,
  cartTotals,
  completeStep,
  isCustomsStepVisible,
  STEP_IDS,
  type ConfiguratorState,
  type StepId,
} from '../lib/configurator-rules';
import { apiFailureOf, type ApiFailure } from '../lib/api-failure';
import type { ShipmentDraft } from '../lib/schemas/draft';
import type { Quote } from '../lib/types/quote';
import {
  addCartItem,
  cartGuard,
  clearCart,
  refreshCartItemQuote,
  refreshedSelectedQuote,
  removeCartItem,
  type CartGuardResult,
} from './cart';
import { defaultPersistedState, STORAGE_KEY, type Cart, type CartItem, type PersistedState } from './persisted-state';
import { createQuoteFetcher, type FetchOutcome } from './quote-fetcher';
import { createPersistedStorage } from './storage';

/**
 * Configurator and cart state (spec §4). One persisted root atom holds everything that
 * survives a reload; it reads localStorage after hydration (server and first client
 * render see the defaults). Quotes and the fetch counter live in memory only.
 */

const persistedAtom = atomWithStorage<PersistedState>(STORAGE_KEY, defaultPersistedState(), createPersistedStorage());
const quotesBaseAtom = atom<Quote[]>([]);
const fetchCounterBaseAtom = atom(0);
/** how often the quotes were cleared by a new or restored draft (not by a fetch): a stream of the same request must then run again */
const quotesClearedBaseAtom = atom(0);
export const quotesClearedAtom = atom((get) => get(quotesClearedBaseAtom));
const clearQuotesAtom = atom(null, (_get, set) => {
  set(quotesBaseAtom, []);
  set(quotesClearedBaseAtom, (n) => n + 1);
});

const resolve = <T>(action: SetStateAction<T>, previous: T): T =>
  typeof action === 'function' ? (action as (previous: T) => T)(previous) : action;

/** A read/write view of one field of the persisted state. */
function persistedField<K extends keyof PersistedState>(key: K) {
  return atom(
    (get) => get(persistedAtom)[key],
    (get, set, action: SetStateAction<PersistedState[K]>) => {
      const state = get(persistedAtom);
      set(persistedAtom, { ...state, [key]: resolve(action, state[key]) });
    },
  );
}

function cartField<K extends keyof Cart>(key: K) {
  return atom(
    (get) => get(persistedAtom).cart[key],
    (get, set, value: Cart[K]) => {
      const state = get(persistedAtom);
      set(persistedAtom, { ...state, cart: { ...state.cart, [key]: value } });
    },
  );
}

// ── draft, quotes, selection ────────────────────────────────────────────────

export const draftAtom = persistedField('draft');
export const collectionPointAtom = persistedField('collectionPoint');
export const deliveryPointAtom = persistedField('deliveryPoint');
/** the profile's has_contract, set by the session code; only feeds the cookie copy */
export const hasContractAtom = persistedField('hasContract');

export const quotesAtom = atom(
  (get) => get(quotesBaseAtom),
  (_get, set, quotes: Quote[]) => set(quotesBaseAtom, quotes),
);

/**
 * Clearing the selection clears both parcel points (spec §4); so does choosing a quote of
 * another carrier, whose network the points do not belong to.
 */
export const selectedQuoteAtom = atom(
  (get) => get(persistedAtom).selectedQuote,
  (get, set, quote: Quote | null) => {
    const state = get(persistedAtom);
    const keepPoints = quote !== null && state.selectedQuote?.carrier.code === quote.carrier.code;
    set(persistedAtom, {
      ...state,
      selectedQuote: quote,
      collectionPoint: keepPoints ? state.collectionPoint : null,
      deliveryPoint: keepPoints ? state.deliveryPoint : null,
    });
  },
);

/** Replaces the selected quote with a refreshed one only when it is usable (spec §4). */
export const refreshSelectedQuoteAtom = atom(null, (get, set, refreshed: Quote | null) => {
  const state = get(persistedAtom);
  set(persistedAtom, { ...state, selectedQuote: refreshedSelectedQuote(state.selectedQuote, refreshed) });
});

// ── steps ───────────────────────────────────────────────────────────────────

export const completedStepsAtom = atom((get) => get(persistedAtom).completedSteps);

export const completeStepAtom = atom(null, (get, set, step: StepId) => {
  const state = get(persistedAtom);
  set(persistedAtom, { ...state, completedSteps: completeStep(state.completedSteps, step) });
});

/** Inputs of `stepGuard(step, state)`. */
export const configuratorStateAtom = atom<ConfiguratorState>((get) => {
  const { draft, selectedQuote, completedSteps } = get(persistedAtom);
  return { draft, selectedQuote, completedSteps };
});

export const canAddToCartAtom = atom((get) => canAddToCart(get(configuratorStateAtom)));

export const customsStepVisibleAtom = atom((get) => {
  const { selectedQuote, cart } = get(persistedAtom);
  return isCustomsStepVisible(selectedQuote, cart.items.at(-1)?.quote ?? null);
});

// ── cart ────────────────────────────────────────────────────────────────────

export const cartAtom = atom((get) => get(persistedAtom).cart);
export const cartItemCountAtom = atom((get) => get(cartAtom).items.length);
export const cartTotalsAtom = atom((get) => {
  const cart = get(cartAtom);
  return cartTotals(
    cart.items.map((item) => item.quote),
    cart.discount,
  );
});
export const cartCarriersAtom = atom((get) => [...new Set(get(cartAtom).items.map((item) => item.quote.carrier.code))]);

export const payerAtom = cartField('payer');
export const discountAtom = cartField('discount');
export const paymentMethodAtom = cartField('paymentMethod');
export const orderTokenAtom = cartField('orderToken');

const newCartId = () => crypto.randomUUID();

/**
 * Puts the current draft with its quote and parcel points into the cart: a new item, or
 * the item the draft was restored from. Returns the item's cartId, or null when nothing
 * was added (no draft or quote, or the draft's cart item is gone — logged).
 */
export const addToCartAtom = atom(null, (get, set): string | null => {
  const state = get(persistedAtom);
  if (!state.draft || !state.selectedQuote) return null;
  const item = {
    shipment: state.draft,
    quote: state.selectedQuote,
    collectionPoint: state.collectionPoint,
    deliveryPoint: state.deliveryPoint,
  };
  const { cart, cartId, warning } = addCartItem(state.cart, item, state.draft.cartId, newCartId);
  if (warning) {
    console.warn(warning, state.draft.cartId);
    return null;
  }
  set(persistedAtom, { ...state, cart, draft: { ...state.draft, cartId } });
  return cartId;
});

/** Puts several priced shipments into the cart at once (the CSV import), each a new item; the configurator's draft is left alone. */
export const addItemsToCartAtom = atom(null, (get, set, items: readonly Omit<CartItem, 'cartId'>[]) => {
  const state = get(persistedAtom);
  const cart = items.reduce((current, item) => addCartItem(current, item, null, newCartId).cart, state.cart);
  set(persistedAtom, { ...state, cart });
});

export const removeFromCartAtom = atom(null, (get, set, cartId: string) => {
  const state = get(persistedAtom);
  set(persistedAtom, { ...state, cart: removeCartItem(state.cart, cartId) });
});

export const clearCartAtom = atom(null, (get, set) => {
  set(persistedAtom, { ...get(persistedAtom), cart: clearCart() });
});

export const refreshCartItemQuoteAtom = atom(null, (get, set, cartId: string, refreshed: Quote | null) => {
  const state = get(persistedAtom);
  set(persistedAtom, { ...state, cart: refreshCartItemQuote(state.cart, cartId, refreshed) });
});

/** Runs the cart guard; when it redirects, the cart has been cleared already. */
export const cartGuardAtom = atom(null, (get, set): CartGuardResult => {
  const state = get(persistedAtom);
  const { result, cart } = cartGuard(state.cart);
  if (result) set(persistedAtom, { ...state, cart });
  return result;
});

/** Spec §4: shipment, quote and parcel points from the item, all steps complete, quotes cleared. */
export const restoreDraftFromCartAtom = atom(null, (get, set, cartId: string): boolean => {
  const state = get(persistedAtom);
  const item = state.cart.items.find((candidate) => candidate.cartId === cartId);
  if (!item) {
    console.warn('cart item id not found', cartId);
    return false;
  }
  set(persistedAtom, {
    ...state,
    draft: { ...item.shipment, cartId },
    selectedQuote: item.quote,
    collectionPoint: item.collectionPoint,
    deliveryPoint: item.deliveryPoint,
    completedSteps: [...STEP_IDS],
  });
  set(clearQuotesAtom);
  return true;
});

/** A new draft (from the home or price-list form) starts the configurator over. */
export const startDraftAtom = atom(null, (get, set, draft: ShipmentDraft) => {
  set(persistedAtom, { ...resetConfigurator(get(persistedAtom)), draft });
  set(clearQuotesAtom);
});

/** Spec §4 reset: draft, selection, parcel points, steps and quotes; the cart stays. */
export const resetDraftAtom = atom(null, (get, set) => {
  set(persistedAtom, resetConfigurator(get(persistedAtom)));
  set(clearQuotesAtom);
});

function resetConfigurator(state: PersistedState): PersistedState {
  return { ...state, draft: null, selectedQuote: null, collectionPoint: null, deliveryPoint: null, completedSteps: [] };
}

// ── quote fetching ──────────────────────────────────────────────────────────

/** Requests in flight; the list shows a loader while it is above 0. */
export const fetchCounterAtom = atom((get) => get(fetchCounterBaseAtom));

/** why the last quote-list fetch failed (spec §8: field errors or a toast), never a cancel; null once a fetch starts */
const quoteFailureBaseAtom = atom<ApiFailure | null>(null);
export const quoteFailureAtom = atom((get) => get(quoteFailureBaseAtom));

const quoteFetcher = createQuoteFetcher();

/**
 * Fetches the quote list with `request` (the API call, given the abort signal), cancelling
 * the previous fetch. Success replaces the quotes; a failure other than a cancel clears
 * them (spec §4); a cancel leaves them to the newer fetch.
 */
export const fetchQuotesAtom = atom(
  null,
  async (_get, set, request: (signal: AbortSignal) => Promise<Quote[]>): Promise<FetchOutcome<Quote[]>> => {
    set(fetchCounterBaseAtom, (count) => count + 1);
    set(quoteFailureBaseAtom, null);
    try {
      const outcome = await quoteFetcher.run(request);
      if (outcome.status === 'ok') set(quotesBaseAtom, outcome.value);
      if (outcome.status === 'error') {
        set(quotesBaseAtom, []);
        set(quoteFailureBaseAtom, apiFailureOf(outcome.error));
      }
      return outcome;
    } finally {
      set(fetchCounterBaseAtom, (count) => count - 1);
    }
  },
);

/**
 * Streams the quote list: the list starts empty and each quote appears as its carrier
 * answers (a quote with the id of one already listed replaces it). Cancels a pending
 * fetch like fetchQuotesAtom; a failure other than a cancel clears the list (spec §4).
 */
export const streamQuotesAtom = atom(
  null,
  async (_get, set, request: (signal: AbortSignal, onQuote: (quote: Quote) => void) => Promise<Quote[]>): Promise<FetchOutcome<Quote[]>> => {
    set(fetchCounterBaseAtom, (count) => count + 1);
    set(quotesBaseAtom, []);
    set(quoteFailureBaseAtom, null);
    try {
      const outcome = await quoteFetcher.run((signal) =>
        request(signal, (quote) => {
          if (!signal.aborted) set(quotesBaseAtom, (quotes) => upsertQuote(quotes, quote));
        }),
      );
      if (outcome.status === 'error') {
        set(quotesBaseAtom, []);
        set(quoteFailureBaseAtom, apiFailureOf(outcome.error));
      }
      return outcome;
    } finally {
      set(fetchCounterBaseAtom, (count) => count - 1);
    }
  },
);

/** Puts one quote into the list (after a detail fetch), replacing the one with its id. */
export const updateQuoteAtom = atom(null, (_get, set, quote: Quote) => set(quotesBaseAtom, (quotes) => upsertQuote(quotes, quote)));

const upsertQuote = (quotes: Quote[], quote: Quote) =>
  quotes.some((q) => q.id === quote.id) ? quotes.map((q) => (q.id === quote.id ? quote : q)) : [...quotes, quote];
