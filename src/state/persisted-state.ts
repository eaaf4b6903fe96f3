import * as v from 'valibot';
import { object } from '../lib/schemas/object';
import { STEP_IDS, type Discount, type StepId } from '../lib/configurator-rules';
import { fillPlaceholderLocation } from '../lib/quote-defaults';
import { ShipmentDraftSchema, storedOrNull, StoredParcelPointSchema, StoredQuoteSchema } from '../lib/schemas/draft';
import { storedBoolean, storedNullableString } from '../lib/schemas/fields';
import type { StateCookie } from '../lib/state-cookie';
import { FIRST_STATE_VERSION, migrateState, STATE_VERSION } from './migrations';

/**
 * Everything the configurator persists (spec §4: all its state except the quotes list
 * and the fetch counter), the storage envelope and the cookie copy.
 */

import { NEVER_EXPIRES, STATE_LIFETIME_MS } from './storage-key';

export { NEVER_EXPIRES, STATE_LIFETIME_MS, STORAGE_KEY } from './storage-key';

/** Keeps the elements that pass `schema`, drops the others (one bad cart item must not empty the cart). */
const validItems = <T>(schema: v.GenericSchema<unknown, T>) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.array(v.unknown()),
        v.transform((items) =>
          items.flatMap((item) => {
            const result = v.safeParse(schema, item);
            return result.success ? [result.output] : [];
          }),
        ),
      ),
      () => [],
    ),
    () => [],
  );

const CartItemSchema = object({
  cartId: v.pipe(v.string(), v.minLength(1)),
  shipment: ShipmentDraftSchema,
  quote: StoredQuoteSchema,
  collectionPoint: storedOrNull(StoredParcelPointSchema),
  deliveryPoint: storedOrNull(StoredParcelPointSchema),
});
export type CartItem = v.InferOutput<typeof CartItemSchema>;

const DiscountSchema: v.GenericSchema<unknown, Discount> = object({
  amount: v.nullable(v.number()),
  percent: v.nullable(v.number()),
});

const PayerSchema = object({ type: v.string(), id: v.nullable(v.union([v.string(), v.number()])) });
export type Payer = v.InferOutput<typeof PayerSchema>;

const CartSchema = object({
  /** token of the order created from this cart and not paid yet */
  orderToken: storedNullableString(),
  items: validItems(CartItemSchema),
  discount: v.fallback(v.nullish(DiscountSchema, null), null),
  paymentMethod: storedNullableString(),
  payer: v.fallback(v.nullish(PayerSchema, null), null),
});
export type Cart = v.InferOutput<typeof CartSchema>;

export const emptyCart = (): Cart => ({ orderToken: null, items: [], discount: null, paymentMethod: null, payer: null });

const stepSet = v.fallback(
  v.optional(
    v.pipe(
      v.array(v.unknown()),
      v.transform((steps) => STEP_IDS.filter((step) => steps.includes(step))),
    ),
    () => [],
  ),
  () => [],
);

export const PersistedStateSchema = object({
  draft: v.fallback(v.nullish(ShipmentDraftSchema, null), null),
  selectedQuote: storedOrNull(StoredQuoteSchema),
  collectionPoint: storedOrNull(StoredParcelPointSchema),
  deliveryPoint: storedOrNull(StoredParcelPointSchema),
  completedSteps: stepSet,
  cart: v.fallback(v.optional(CartSchema, emptyCart), emptyCart),
  /** the profile's has_contract, mirrored for the cookie copy */
  hasContract: storedBoolean(),
});
export type PersistedState = v.InferOutput<typeof PersistedStateSchema>;

export const defaultPersistedState = (): PersistedState => ({
  draft: null,
  selectedQuote: null,
  collectionPoint: null,
  deliveryPoint: null,
  completedSteps: [] as StepId[],
  cart: emptyCart(),
  hasContract: false,
});

const EnvelopeSchema = object({
  version: v.optional(v.string(), FIRST_STATE_VERSION),
  savedAt: v.number(),
  state: v.unknown(),
});

/**
 * The state stored under STORAGE_KEY, migrated and validated; defaults when missing,
 * older than 60 days (unless flagged NEVER_EXPIRES), of an unknown version or unreadable.
 */
export function restorePersistedState(raw: string | null, now: number): PersistedState {
  if (!raw) return defaultPersistedState();
  try {
    const envelope = v.safeParse(EnvelopeSchema, JSON.parse(raw));
    if (!envelope.success) return defaultPersistedState();
    const { version, savedAt, state } = envelope.output;
    if (savedAt !== NEVER_EXPIRES && now - savedAt >= STATE_LIFETIME_MS) return defaultPersistedState();
    const migrated = migrateState(state, version);
    if (!migrated) return defaultPersistedState();
    const result = v.safeParse(PersistedStateSchema, migrated);
    return result.success ? result.output : defaultPersistedState();
  } catch {
    return defaultPersistedState();
  }
}

export function serializePersistedState(state: PersistedState, now: number): string {
  return JSON.stringify({ version: STATE_VERSION, savedAt: now, state });
}

/** The minimal copy for the server (spec §4). */
export function toStateCookie(state: PersistedState): StateCookie {
  const place = (address: { country: string; zip: string; city: string }, role: 'from' | 'to') => {
    const filled = fillPlaceholderLocation({ country: address.country, zip: address.zip.trim(), city: address.city.trim() }, role);
    return { country: filled.country, zip: filled.zip, city: filled.city };
  };
  return {
    has_contract: state.hasContract,
    placeholders: state.draft ? { from: place(state.draft.sender, 'from'), to: place(state.draft.recipient, 'to') } : null,
    quote_attributes: state.selectedQuote?.attributes ?? null,
    completed_steps: state.completedSteps,
    order_token: state.cart.orderToken,
  };
}
