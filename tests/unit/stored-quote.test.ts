import { describe, expect, it } from 'vitest';
import { handoverOf } from '../../src/lib/quote-rules';
import { quoteAll } from '../../src/server/carriers/pricing/engine';
import { storedQuoteNames } from '../../src/server/carriers/stored-names';
import { codToCollect } from '../../src/server/services/orders/cod';
import { listItemOf } from '../../src/server/services/orders/pricing';
import { compactQuote, storedQuote } from '../../src/server/services/orders/stored-quote';
import { SHEETS, context, shipment } from './quote-fixtures';

describe('the quote an order item stores (docs/retention.md)', () => {
  const quotes = quoteAll(shipment({ complete: true }), SHEETS, context()).filter((q) => q.price);

  it('keeps what the order reads and drops the catalogue data: ≈45 % of the size', () => {
    expect(quotes.length).toBeGreaterThan(5);
    for (const full of quotes) {
      const stored = JSON.stringify(compactQuote(full));
      expect(stored.length).toBeLessThan(JSON.stringify(full).length * 0.6);
      expect(stored).not.toMatch(/"rating"|"limits"|"restrictions"|"deliveryBranchSupported"/);
    }
  });

  it('reads back the same as the full quote for every reader (names, handover, dates, prices, COD)', () => {
    for (const full of quotes) {
      const withCod = { ...full, codAmount: { value: 500, currency: 'CZK' as const }, carrierPrice: { value: 99, currency: 'CZK' as const } };
      for (const original of [full, withCod, { ...full, attributes: { ...full.attributes, pickupBranchRequired: true } }]) {
        const compact = storedQuote(JSON.stringify(compactQuote(original)));
        const old = storedQuote(JSON.stringify(original));
        for (const q of [compact, old]) {
          expect(storedQuoteNames(q, 'en')).toEqual(storedQuoteNames(original, 'en'));
          expect(handoverOf(q)).toBe(handoverOf(original));
          expect(q.timeInTransit).toEqual(original.timeInTransit);
          expect(q.charges).toEqual(original.charges);
          expect(q.carrierPrice).toEqual(original.carrierPrice);
          const cod = { services: [{ code: 'cod', data: { value: { value: 300, currency: 'CZK' } } }] } as never;
          expect(codToCollect(cod, q)).toEqual(codToCollect(cod, original));
          const item = { priceMinor: 1, priceVatMinor: 2, vatRate: 21 };
          expect(listItemOf({ ...item, quote: JSON.stringify(compactQuote(original)) })).toEqual(listItemOf({ ...item, quote: original }));
        }
      }
    }
  });
});
