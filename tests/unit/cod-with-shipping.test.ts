import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { quoteCarrier } from '../../src/server/carriers/pricing/engine';
import type { CarrierSheet } from '../../src/server/carriers/types';
import { context, minor, SHEETS, shipment } from './quote-fixtures';

/** Spec §5: cash on delivery "with shipping" collects the amount plus the shipment's price with VAT. */
const sheetOf = (code: string) => SHEETS.find((s) => s.carrier === code)!;
const quoteOf = (quotes: Quote[], serviceId: string) => quotes.find((q) => q.serviceId === serviceId)!;
const charge = (quote: Quote, code: string) => quote.charges.find((c) => c.code === code)?.amount.value ?? 0;

describe('cash on delivery with the shipping added', () => {
  it('collects the amount plus the price with VAT, COD fee included (DPD Classic, 500 Kč)', () => {
    const bare = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ cod: { value: 500, currency: 'CZK' } }), context()), 'dpd-classic');
    const added = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ cod: { value: 500, currency: 'CZK' }, codWithShipping: true }), context()), 'dpd-classic');
    expect(bare.codAmount).toEqual({ value: 500, currency: 'CZK' });
    expect(charge(added, 'cod')).toBeGreaterThan(0);
    expect(added.priceVat).toEqual(bare.priceVat);
    expect(added.codAmount).toEqual({ value: (minor(500) + minor(added.priceVat!.value)) / 100, currency: 'CZK' });
  });

  it('has no COD amount without cash on delivery', () => {
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ codWithShipping: true }), context()), 'dpd-classic');
    expect(quote.codAmount).toBeUndefined();
  });

  it('charges a percent fee on what is collected, shipping included (a fixed point)', () => {
    const dpd = sheetOf('dpd');
    const sheet: CarrierSheet = {
      ...dpd,
      services: dpd.services.map((s) => (s.surcharges.cod ? { ...s, surcharges: { ...s.surcharges, cod: { ...s.surcharges.cod, fee: 10, percent: 2 } } } : s)),
    };
    const quote = quoteOf(quoteCarrier(sheet, shipment({ cod: { value: 1000, currency: 'CZK' }, codWithShipping: true }), context()), 'dpd-classic');
    const collected = minor(quote.codAmount!.value);
    // the fee the price carries is 10 Kč + 2 % of the whole collected amount, and the amount is 1 000 Kč + that price
    expect(minor(charge(quote, 'cod'))).toBe(1000 + Math.floor((2 * collected * 200 + 10_000) / 20_000));
    expect(collected).toBe(minor(1000) + minor(quote.priceVat!.value));
  });

  it('adds a CZK price to a COD in euros at the exchange rate', () => {
    const s = shipment({ to: { country: 'sk', zip: '81104', city: 'Bratislava' }, cod: { value: 20, currency: 'EUR' }, codWithShipping: true });
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), s, context()), 'dpd-classic');
    expect(quote.priceVat!.currency).toBe('CZK');
    // RATES: 24.95 CZK per euro, half up to the cent
    const shippingInEur = Math.floor(Number((minor(quote.priceVat!.value) / 24.95).toPrecision(12)) + 0.5);
    expect(quote.codAmount).toEqual({ value: (2000 + shippingInEur) / 100, currency: 'EUR' });
  });

  it('holds the COD limit against the amount collected, shipping included', () => {
    const within = quoteOf(quoteCarrier(sheetOf('wedo'), shipment({ cod: { value: 29_950, currency: 'CZK' } }), context()), 'wedo-box');
    const over = quoteOf(quoteCarrier(sheetOf('wedo'), shipment({ cod: { value: 29_950, currency: 'CZK' }, codWithShipping: true }), context()), 'wedo-box');
    expect(within.restrictions.map((r) => r.code)).not.toContain('COD_LIMIT_EXCEEDED');
    expect(over.restrictions.map((r) => r.code)).toContain('COD_LIMIT_EXCEEDED');
  });
});
