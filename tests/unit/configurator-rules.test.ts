import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  canAddToCart,
  cartTotals,
  codShown,
  completeStep,
  dropStalePickupDate,
  isCustomsStepVisible,
  isPackageComplete,
  isPackageTouched,
  isStepLinkEnabled,
  isUsableRefresh,
  pickupDateDropReason,
  stepGuard,
  type StepId,
} from '../../src/lib/configurator-rules';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { sampleQuote } from './configurator-fixtures';

const customsQuote = sampleQuote({ attributes: { ...sampleQuote().attributes, customsClearanceRequired: true } });
const state = (completedSteps: StepId[], selectedQuote = sampleQuote()) => ({ draft: emptyDraft('cz'), selectedQuote, completedSteps });

describe('stepGuard', () => {
  it('always lets the service select in', () => {
    expect(stepGuard('carrier', { draft: null, selectedQuote: null, completedSteps: [] })).toBeNull();
  });

  it('sends every later step to the service select without a draft or quote', () => {
    for (const step of ['sender', 'recipient', 'customs', 'summary'] as const) {
      expect(stepGuard(step, { draft: null, selectedQuote: sampleQuote(), completedSteps: [] })).toEqual({ redirectTo: 'carrier', warning: 'no draft' });
      expect(stepGuard(step, { draft: emptyDraft('cz'), selectedQuote: null, completedSteps: ['carrier'] })).toEqual({
        redirectTo: 'carrier',
        warning: 'no selected quote',
      });
    }
  });

  it('needs the previous step completed', () => {
    expect(stepGuard('sender', state([]))).toEqual({ redirectTo: 'carrier', warning: 'step not completed' });
    expect(stepGuard('sender', state(['carrier']))).toBeNull();
    expect(stepGuard('recipient', state(['carrier']))).toEqual({ redirectTo: 'sender', warning: 'step not completed' });
    expect(stepGuard('recipient', state(['carrier', 'sender']))).toBeNull();
    expect(stepGuard('customs', state(['carrier', 'sender'], customsQuote))).toEqual({ redirectTo: 'recipient', warning: 'step not completed' });
    expect(stepGuard('customs', state(['carrier', 'sender', 'recipient'], customsQuote))).toBeNull();
  });

  it('skips customs to the summary unless the quote requires it', () => {
    expect(stepGuard('customs', state(['carrier', 'sender', 'recipient']))).toEqual({ redirectTo: 'summary', warning: 'customs not required' });
  });

  it('lets the summary in with a draft and a quote', () => {
    expect(stepGuard('summary', state([]))).toBeNull();
  });
});

describe('step links', () => {
  it('enables the summary always and everything when the cart has items', () => {
    expect(isStepLinkEnabled('summary', [], 0)).toBe(true);
    for (const step of ['carrier', 'sender', 'recipient', 'customs'] as const) expect(isStepLinkEnabled(step, [], 1)).toBe(true);
  });
  it('enables a step once its previous step is completed', () => {
    expect(isStepLinkEnabled('carrier', [], 0)).toBe(true);
    expect(isStepLinkEnabled('sender', [], 0)).toBe(false);
    expect(isStepLinkEnabled('sender', ['carrier'], 0)).toBe(true);
    expect(isStepLinkEnabled('recipient', ['carrier'], 0)).toBe(false);
    expect(isStepLinkEnabled('customs', ['carrier', 'sender', 'recipient'], 0)).toBe(true);
  });
  it('shows customs when the selected quote, else the last cart quote, requires it', () => {
    expect(isCustomsStepVisible(customsQuote, null)).toBe(true);
    expect(isCustomsStepVisible(sampleQuote(), customsQuote)).toBe(false);
    expect(isCustomsStepVisible(null, customsQuote)).toBe(true);
    expect(isCustomsStepVisible(null, null)).toBe(false);
  });
  it('keeps completed steps unique and in step order', () => {
    expect(completeStep(['sender'], 'carrier')).toEqual(['carrier', 'sender']);
    expect(completeStep(['carrier', 'sender'], 'sender')).toEqual(['carrier', 'sender']);
  });
});

describe('canAddToCart', () => {
  it('needs a quote and the recipient completed', () => {
    expect(canAddToCart({ selectedQuote: null, completedSteps: ['carrier', 'sender', 'recipient'] })).toBe(false);
    expect(canAddToCart({ selectedQuote: sampleQuote(), completedSteps: ['carrier', 'sender'] })).toBe(false);
    expect(canAddToCart({ selectedQuote: sampleQuote(), completedSteps: ['carrier', 'sender', 'recipient'] })).toBe(true);
  });
  it('needs customs completed when the quote requires it', () => {
    expect(canAddToCart({ selectedQuote: customsQuote, completedSteps: ['carrier', 'sender', 'recipient'] })).toBe(false);
    expect(canAddToCart({ selectedQuote: customsQuote, completedSteps: ['carrier', 'sender', 'recipient', 'customs'] })).toBe(true);
  });
});

describe('packages', () => {
  const pkg = { type: 'package' as const, weight: '', width: '', height: '', length: '' };
  it('is complete only with weight and all three dimensions', () => {
    expect(isPackageComplete({ ...pkg, weight: '1', width: '10', height: '10', length: '10' })).toBe(true);
    expect(isPackageComplete({ ...pkg, weight: '1', width: '10', height: '10', length: ' ' })).toBe(false);
  });
  it('is touched when any measure is filled', () => {
    expect(isPackageTouched(pkg)).toBe(false);
    expect(isPackageTouched({ ...pkg, height: '5' })).toBe(true);
  });
});

describe('cart totals', () => {
  const quotes = [
    sampleQuote({ price: { value: 100.1, currency: 'CZK' }, priceVat: { value: 121.12, currency: 'CZK' } }),
    sampleQuote({ price: { value: 200.2, currency: 'CZK' }, priceVat: { value: 242.24, currency: 'CZK' } }),
  ];
  it('sums price and VAT price rounded to 2 decimals', () => {
    expect(cartTotals(quotes, null)).toEqual({
      price: { value: 300.3, currency: 'CZK' },
      priceVat: { value: 363.36, currency: 'CZK' },
      discountedPriceVat: { value: 363.36, currency: 'CZK' },
    });
  });
  it('subtracts the discount amount, else the percent', () => {
    expect(cartTotals(quotes, { amount: 63.36, percent: 50 }).discountedPriceVat).toEqual({ value: 300, currency: 'CZK' });
    expect(cartTotals(quotes, { amount: null, percent: 10 }).discountedPriceVat).toEqual({ value: 327.02, currency: 'CZK' });
    expect(applyDiscount(50, { amount: 80, percent: null })).toBe(0);
  });
  it('is empty without priced items', () => {
    expect(cartTotals([], null)).toEqual({ price: null, priceVat: null, discountedPriceVat: null });
  });
});

describe('refresh rule', () => {
  it('takes a refreshed quote only with a price and without errors or restrictions', () => {
    expect(isUsableRefresh(sampleQuote())).toBe(true);
    expect(isUsableRefresh(sampleQuote({ price: null }))).toBe(false);
    expect(isUsableRefresh(sampleQuote({ errors: [{ code: 'X', message: 'x' }] }))).toBe(false);
    expect(isUsableRefresh(sampleQuote({ restrictions: [{ code: 'WEIGHT', message: 'too heavy' }] }))).toBe(false);
    expect(isUsableRefresh(null)).toBe(false);
  });
});

describe('pickup date', () => {
  // 10:30 in Prague on Monday 23 Nov 2026 (UTC+1)
  const now = new Date('2026-11-23T09:30:00Z');
  const quote = sampleQuote();

  it('drops a date in the past (Prague calendar)', () => {
    expect(pickupDateDropReason('2026-11-22', quote, now)).toBe('past');
    // 23:30 UTC on 22 Nov is already 23 Nov in Prague
    expect(pickupDateDropReason('2026-11-22', null, new Date('2026-11-22T23:30:00Z'))).toBe('past');
  });
  it('drops today once the order time limit has passed', () => {
    expect(pickupDateDropReason('2026-11-23', quote, now)).toBeNull();
    expect(pickupDateDropReason('2026-11-23', quote, new Date('2026-11-23T13:01:00Z'))).toBe('orderTimeLimit');
    expect(pickupDateDropReason('2026-11-24', sampleQuote({ timeInTransit: { ...quote.timeInTransit, pickupDate: '2026-11-24' } }), new Date('2026-11-23T13:01:00Z'))).toBeNull();
  });
  it("drops a date before the quote's pickup date", () => {
    const later = sampleQuote({ timeInTransit: { ...quote.timeInTransit, pickupDate: '2026-11-25' } });
    expect(pickupDateDropReason('2026-11-24', later, now)).toBe('laterPickupDate');
    expect(pickupDateDropReason('2026-11-25', later, now)).toBeNull();
  });
  it('clears the date and its time window from the draft', () => {
    const draft = { ...emptyDraft('cz'), pickupDate: '2026-11-20', pickupTime: '9:00 - 12:00', fromTime: '09:00', toTime: '12:00' };
    expect(dropStalePickupDate(draft, quote, now)).toEqual({ ...draft, pickupDate: '', pickupTime: '', fromTime: '', toTime: '' });
    const kept = { ...draft, pickupDate: '2026-11-23' };
    expect(dropStalePickupDate(kept, quote, now)).toBe(kept);
  });
});

describe('cash on delivery shown', () => {
  const cod = (value: number, includeShipmentCosts: boolean, currency = 'CZK') => ({ value, currency, includeShipmentCosts });
  // sampleQuote's priceVat is 121 CZK
  const priced = (codAmount: number, currency: 'CZK' | 'EUR' = 'CZK') => sampleQuote({ codAmount: { value: codAmount, currency } });

  it("shows the server's amount to collect from a quote priced with this COD", () => {
    expect(codShown(cod(1000, true), priced(1121))).toEqual({ value: 1121, currency: 'CZK', shippingPending: false });
    expect(codShown(cod(1000, false), priced(1000))).toEqual({ value: 1000, currency: 'CZK', shippingPending: false });
    expect(codShown(cod(40, true, 'EUR'), priced(45.2, 'EUR'))).toEqual({ value: 45.2, currency: 'EUR', shippingPending: false });
  });

  it('never adds the shipping itself: without a priced amount the typed one shows, the shipping pending', () => {
    expect(codShown(cod(1000, true), sampleQuote())).toEqual({ value: 1000, currency: 'CZK', shippingPending: true });
    expect(codShown(cod(1000, false), sampleQuote())).toEqual({ value: 1000, currency: 'CZK', shippingPending: false });
    expect(codShown(cod(10.005, true, 'EUR'), null)).toEqual({ value: 10.01, currency: 'EUR', shippingPending: true });
  });

  it('does not show an amount priced for another typed value, currency or choice', () => {
    expect(codShown(cod(900, true), priced(1121)).shippingPending).toBe(true);
    expect(codShown(cod(1000, false), priced(1121))).toEqual({ value: 1000, currency: 'CZK', shippingPending: false });
    expect(codShown(cod(1121, true), priced(1121)).shippingPending).toBe(true);
    expect(codShown(cod(1000, true, 'EUR'), priced(1121)).currency).toBe('EUR');
    expect(codShown(cod(40, true, 'EUR'), priced(40, 'EUR')).shippingPending).toBe(true);
  });
});
