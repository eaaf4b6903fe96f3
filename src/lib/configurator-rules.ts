import { formatDate } from './format';
import { roundMoney } from './money';
import type { PackageForm } from './schemas/package';
import type { ShipmentDraft } from './schemas/draft';
import type { Money, Quote } from './types/quote';

/** Configurator rules of spec §4 and §5 as pure functions. */

export const STEP_IDS = ['carrier', 'sender', 'recipient', 'customs', 'summary'] as const;
export type StepId = (typeof STEP_IDS)[number];

/** The step that must be completed before each step may be entered. */
const PREREQUISITE: Record<StepId, StepId | null> = {
  carrier: null,
  sender: 'carrier',
  recipient: 'sender',
  customs: 'recipient',
  summary: null,
};

/** Guard warnings of spec §8 (logged, not shown). */
export type GuardWarning = 'no draft' | 'no selected quote' | 'step not completed' | 'customs not required';
export type GuardRedirect = { redirectTo: StepId; warning: GuardWarning };

export type ConfiguratorState = {
  draft: ShipmentDraft | null;
  selectedQuote: Quote | null;
  completedSteps: readonly StepId[];
};

export const requiresCustoms = (quote: Pick<Quote, 'attributes'> | null | undefined) =>
  quote?.attributes.customsClearanceRequired === true;

/**
 * Where a visit to `step` must go instead, or null to stay. The service select needs
 * nothing; every later step needs a draft and a selected quote (both live on the
 * service select), then its previous step completed; customs is skipped to the summary
 * when the quote does not need it.
 */
export function stepGuard(step: StepId, state: ConfiguratorState): GuardRedirect | null {
  if (step === 'carrier') return null;
  if (!state.draft) return { redirectTo: 'carrier', warning: 'no draft' };
  if (!state.selectedQuote) return { redirectTo: 'carrier', warning: 'no selected quote' };
  if (step === 'customs' && !requiresCustoms(state.selectedQuote)) return { redirectTo: 'summary', warning: 'customs not required' };
  const prerequisite = PREREQUISITE[step];
  if (prerequisite && !state.completedSteps.includes(prerequisite)) {
    return { redirectTo: prerequisite, warning: 'step not completed' };
  }
  return null;
}

/** Step navigation (spec §2.9): summary always; everything once the cart has items; else after the previous step. */
export function isStepLinkEnabled(step: StepId, completedSteps: readonly StepId[], cartItemCount: number): boolean {
  if (step === 'summary' || cartItemCount > 0) return true;
  const prerequisite = PREREQUISITE[step];
  return prerequisite === null || completedSteps.includes(prerequisite);
}

/** The customs step shows only when the selected quote, or else the last cart item's quote, needs customs. */
export function isCustomsStepVisible(selectedQuote: Quote | null, lastCartQuote: Quote | null): boolean {
  return requiresCustoms(selectedQuote ?? lastCartQuote);
}

/** Adds a step to the completed set (unique, in step order). */
export function completeStep(completedSteps: readonly StepId[], step: StepId): StepId[] {
  return STEP_IDS.filter((id) => id === step || completedSteps.includes(id));
}

/** Spec §4: a quote is selected, the recipient is completed and, if the quote needs customs, customs too. */
export function canAddToCart(state: Pick<ConfiguratorState, 'selectedQuote' | 'completedSteps'>): boolean {
  if (!state.selectedQuote || !state.completedSteps.includes('recipient')) return false;
  return !requiresCustoms(state.selectedQuote) || state.completedSteps.includes('customs');
}

// ── packages ────────────────────────────────────────────────────────────────

const MEASURES = ['weight', 'width', 'height', 'length'] as const;
const filled = (value: string) => value.trim() !== '';

/** Complete only when weight and all three dimensions are filled. */
export const isPackageComplete = (pkg: PackageForm) => MEASURES.every((key) => filled(pkg[key]));
/** Touched when any measure is filled. */
export const isPackageTouched = (pkg: PackageForm) => MEASURES.some((key) => filled(pkg[key]));

// ── cart ────────────────────────────────────────────────────────────────────

export type Discount = { amount: number | null; percent: number | null };

export type CartTotals = {
  price: Money | null;
  priceVat: Money | null;
  /** VAT price after the discount (never below 0); equals priceVat without a discount */
  discountedPriceVat: Money | null;
};

/**
 * Sums of the items' prices and VAT prices (spec §4). Items are priced in one currency,
 * the first item's; unpriced items add nothing. The discount amount wins over the percent.
 */
export function cartTotals(quotes: readonly Pick<Quote, 'price' | 'priceVat'>[], discount: Discount | null): CartTotals {
  const priced = quotes.find((quote) => quote.priceVat ?? quote.price);
  const currency = (priced?.priceVat ?? priced?.price)?.currency;
  if (!currency) return { price: null, priceVat: null, discountedPriceVat: null };
  const sum = (key: 'price' | 'priceVat') => roundMoney(quotes.reduce((total, quote) => total + (quote[key]?.value ?? 0), 0));
  const price = sum('price');
  const priceVat = sum('priceVat');
  return {
    price: { value: price, currency },
    priceVat: { value: priceVat, currency },
    discountedPriceVat: { value: applyDiscount(priceVat, discount), currency },
  };
}

export function applyDiscount(value: number, discount: Discount | null): number {
  if (discount?.amount) return roundMoney(Math.max(0, value - discount.amount));
  if (discount?.percent) return roundMoney(Math.max(0, value * (1 - discount.percent / 100)));
  return roundMoney(value);
}

/** Spec §4 refresh rule: a refreshed quote replaces the old one only when priced and free of errors and restrictions. */
export const isUsableRefresh = (quote: Pick<Quote, 'price' | 'errors' | 'restrictions'> | null | undefined): quote is Quote =>
  !!quote && quote.price !== null && quote.errors.length === 0 && quote.restrictions.length === 0;

// ── pickup date and cash on delivery ────────────────────────────────────────

export type PickupDateDropReason = 'past' | 'orderTimeLimit' | 'laterPickupDate';

/**
 * Why a chosen pickup date ('yyyy-MM-dd') can no longer be kept (spec §5), or null: it
 * is in the past (Prague calendar), it is today and the quote's order time limit has
 * passed, or the quote cannot pick up before a later date.
 */
export function pickupDateDropReason(pickupDate: string, quote: Pick<Quote, 'timeInTransit'> | null, now: Date): PickupDateDropReason | null {
  if (!pickupDate) return null;
  const today = formatDate(now, 'yyyy-MM-dd');
  if (pickupDate < today) return 'past';
  const limit = quote?.timeInTransit.orderTimeLimit;
  if (pickupDate === today && limit && formatDate(now, 'HH:mm') > limit) return 'orderTimeLimit';
  const earliest = quote?.timeInTransit.pickupDate;
  if (earliest && earliest > pickupDate) return 'laterPickupDate';
  return null;
}

/** The draft without a pickup date that can no longer be kept (its time window goes with it). */
export function dropStalePickupDate(draft: ShipmentDraft, quote: Quote | null, now: Date): ShipmentDraft {
  if (pickupDateDropReason(draft.pickupDate, quote, now) === null) return draft;
  return { ...draft, pickupDate: '', pickupTime: '', fromTime: '', toTime: '' };
}

/**
 * The cash-on-delivery amount a screen shows (spec §5). The amount to collect is computed once, on
 * the server: a quote priced with this COD carries it (`codAmount`: the amount, plus the price
 * with VAT when the shipping is added). A quote priced before the amount was typed is not used:
 * then the typed amount shows, and `shippingPending` says the shipping is still to be added.
 */
export function codShown(
  cod: { value: number; currency: string; includeShipmentCosts: boolean },
  quote: Pick<Quote, 'priceVat' | 'codAmount'> | null,
): { value: number; currency: string; shippingPending: boolean } {
  const typed = roundMoney(cod.value);
  const priced = quote?.codAmount;
  const fresh =
    priced !== undefined &&
    priced !== null &&
    priced.currency === cod.currency &&
    (!cod.includeShipmentCosts
      ? priced.value === typed
      : quote?.priceVat?.currency === cod.currency
        ? priced.value === roundMoney(typed + quote.priceVat.value)
        : priced.value > typed);
  return fresh ? { value: priced.value, currency: priced.currency, shippingPending: false } : { value: typed, currency: cod.currency, shippingPending: cod.includeShipmentCosts };
}
