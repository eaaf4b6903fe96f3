import { describe, expect, it } from 'vitest';
import { isUsableQuote, noUsableQuoteAdvice } from '../../src/lib/quote-advice';
import type { PackageType, Quote } from '../../src/lib/types/quote';
import { quoteAll } from '../../src/server/carriers/pricing/engine';
import { context, parcel, SHEETS, shipment } from './quote-fixtures';

/** Issue 14 item 1: when no offer is usable, the comparison says so with what to change. */
const draftOf = (...types: PackageType[]) => ({ content: types.map((type) => ({ type, weight: '', length: '', width: '', height: '' })) });

describe('no usable offer: what to change', () => {
  it('a usable offer (2 kg CZ → CZ): no notice', () => {
    const quotes = quoteAll(shipment(), SHEETS, context());
    expect(quotes.some(isUsableQuote)).toBe(true);
    expect(noUsableQuoteAdvice(quotes, draftOf('package'))).toEqual([]);
  });

  it('1,000 kg: lower the weight (not "another country", which only a few carriers say)', () => {
    const quotes = quoteAll(shipment({ packages: [parcel(1000)] }), SHEETS, context());
    expect(quotes.length).toBeGreaterThan(5);
    expect(quotes.some(isUsableQuote)).toBe(false);
    const advice = noUsableQuoteAdvice(quotes, draftOf('package'));
    expect(advice[0]).toBe('weight');
    expect(advice).not.toContain('route');
    expect(advice).not.toContain('later');
  });

  it('a parcel plus a pallet: send the pallet on its own, first', () => {
    const quotes = quoteAll(shipment({ packages: [parcel(5), parcel(200, 'pallet', 100)] }), SHEETS, context());
    expect(quotes.some(isUsableQuote)).toBe(false);
    expect(noUsableQuoteAdvice(quotes, draftOf('package', 'pallet'))[0]).toBe('mixed');
  });

  it('nothing came back: no notice (the list says it found nothing); an unknown reason still gets advice', () => {
    expect(noUsableQuoteAdvice([], draftOf('package'))).toEqual([]);
    const [one] = quoteAll(shipment(), SHEETS, context());
    const odd: Quote = { ...one!, price: null, priceVat: null, errors: [{ code: 'SOMETHING_NEW', message: '?' }] };
    expect(noUsableQuoteAdvice([odd], draftOf('package'))).toEqual(['later']);
  });

  it('only carriers that did not answer: try again later', () => {
    const [one] = quoteAll(shipment(), SHEETS, context());
    const down: Quote = { ...one!, price: null, priceVat: null, errors: [{ code: 'CARRIER_UNAVAILABLE', message: '' }] };
    expect(noUsableQuoteAdvice([down, { ...down, id: 'b' }], draftOf('package'))).toEqual(['later']);
  });

  it('deployed without the carriers’ APIs (priced, not orderable online): says so, not "try again later"', () => {
    const quotes = quoteAll(shipment(), SHEETS, context()).map((q) => ({ ...q, restrictions: [...q.restrictions, { code: 'NOT_ORDERABLE_ONLINE', message: '' }] }));
    expect(noUsableQuoteAdvice(quotes, draftOf('package'))).toEqual(['offline']);
  });
});
