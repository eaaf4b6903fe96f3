import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceListWeights } from '../../src/lib/price-list-weights';
import { DEFAULT_PACKAGE, fillPackageDefaults, fillPlaceholderLocation, fillQuoteDefaults } from '../../src/lib/quote-defaults';
import { cheapestQuote, codCurrencies, handoverOf, isOrderableQuote, routeTypeLabels, shipmentCategory } from '../../src/lib/quote-rules';
import type { Quote } from '../../src/lib/types/quote';
import { quoteAll } from '../../src/server/carriers/pricing/engine';
import { context, SHEETS, shipment } from './quote-fixtures';

// priced on first use, inside a test: a rule broken so badly that pricing throws fails the tests
// rather than the file's loading (which Stryker's vitest runner would count as no test at all)
let priced: Quote | undefined;
const base = () => (priced ??= quoteAll(shipment(), SHEETS, context()).find((q) => q.serviceId === 'dpd-classic')!);
const variant = (overrides: Partial<Quote>): Quote => ({ ...base(), ...overrides });
const czk = (value: number) => ({ value, currency: 'CZK' as const });

describe('cheapestQuote', () => {
  it('picks the lowest VAT price among complete quotes without restrictions or errors', () => {
    const quotes = [
      variant({ id: 'a', priceVat: czk(150) }),
      variant({ id: 'restricted', priceVat: czk(90), restrictions: [{ code: 'X', message: 'x' }] }),
      variant({ id: 'error', price: null, priceVat: null, errors: [{ code: 'E', message: 'e' }] }),
      variant({ id: 'incomplete', priceVat: czk(80), complete: false }),
      variant({ id: 'b', priceVat: czk(120) }),
      variant({ id: 'c', priceVat: czk(120) }),
    ];
    expect(cheapestQuote(quotes)?.id).toBe('b');
  });

  it('a quote with an error or without a VAT price cannot be ordered, even when complete and unrestricted', () => {
    expect(isOrderableQuote(variant({}))).toBe(true);
    expect(isOrderableQuote(variant({ errors: [{ code: 'E', message: 'e' }] }))).toBe(false);
    expect(isOrderableQuote(variant({ priceVat: null }))).toBe(false);
  });

  it('is null when no quote can be ordered', () => {
    expect(cheapestQuote([])).toBeNull();
    expect(cheapestQuote([variant({ complete: false })])).toBeNull();
  });

  it('returns an orderable quote no dearer than any other orderable one', () => {
    const quoteArb = fc
      .record({
        price: fc.integer({ min: 0, max: 100_000 }),
        complete: fc.boolean(),
        restricted: fc.boolean(),
        failed: fc.boolean(),
      })
      .map(({ price, complete, restricted, failed }) =>
        variant({
          complete,
          priceVat: failed ? null : czk(price / 100),
          restrictions: restricted ? [{ code: 'R', message: 'r' }] : [],
          errors: failed ? [{ code: 'E', message: 'e' }] : [],
        }),
      );
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 30 }), (quotes) => {
        const best = cheapestQuote(quotes);
        const orderable = quotes.filter(isOrderableQuote);
        expect(best === null).toBe(orderable.length === 0);
        if (best) {
          expect(orderable).toContain(best);
          expect(Math.min(...orderable.map((q) => q.priceVat!.value))).toBe(best.priceVat!.value);
        }
      }),
    );
  });
});

describe('route type labels', () => {
  let attributes: Quote['attributes'];
  beforeAll(() => {
    attributes = base().attributes;
  });
  it('labels a courier pickup, a regular collection, express and a drop-off', () => {
    expect(routeTypeLabels({ type: 'ONDEMAND', attributes })).toEqual(['pickup']);
    expect(routeTypeLabels({ type: 'REGULAR', attributes })).toEqual(['collection']);
    expect(routeTypeLabels({ type: 'ONDEMAND', attributes: { ...attributes, expressDelivery: true } })).toEqual(['pickup', 'express']);
    expect(routeTypeLabels({ type: 'DROPOFF', attributes })).toEqual(['dropoff']);
    expect(routeTypeLabels({ type: 'ONDEMAND', attributes: { ...attributes, deliveryBranchRequired: true } })).toEqual(['pickup', 'dropoff']);
  });

  it('calls a route domestic, export or import against the territory', () => {
    expect(shipmentCategory('cz', 'cz', 'cz')).toBe('domestic');
    expect(shipmentCategory('CZ', 'de', 'cz')).toBe('export');
    expect(shipmentCategory('de', 'cz', 'cz')).toBe('import');
    expect(shipmentCategory('sk', 'sk', 'cz')).toBe('import');
    expect(shipmentCategory('sk', 'sk', 'sk')).toBe('domestic');
    expect(shipmentCategory('sk', 'cz', 'sk')).toBe('export');
  });
});

describe('handover: Svoz or Podání (issue 27)', () => {
  let attributes: Quote['attributes'];
  beforeAll(() => {
    attributes = base().attributes;
  });
  it('says hand-in for a drop-off service or a collection point, pickup where a courier collects', () => {
    expect(handoverOf({ type: 'DROPOFF', attributes })).toBe('handIn');
    expect(handoverOf({ type: 'DROPOFF' })).toBe('handIn');
    expect(handoverOf({ type: 'ONDEMAND', attributes })).toBe('pickup');
    expect(handoverOf({ type: 'REGULAR', attributes })).toBe('pickup');
    expect(handoverOf({ type: 'ONDEMAND', attributes: { ...attributes, pickupBranchRequired: true } })).toBe('handIn');
    expect(handoverOf({ type: 'ONDEMAND', attributes }, true)).toBe('handIn');
  });

  it('calls every drop-off service of the sheets a hand-in', () => {
    const quotes = quoteAll(shipment(), SHEETS, context());
    const dropoff = quotes.filter((q) => q.type === 'DROPOFF');
    expect(dropoff.length).toBeGreaterThan(0);
    for (const q of dropoff) expect(handoverOf(q), q.serviceId).toBe('handIn');
  });
});

describe('cash on delivery currencies (spec §9)', () => {
  it('allows CZK in CZ, EUR in SK and both across the border, default first', () => {
    expect(codCurrencies('cz', 'cz')).toEqual(['CZK']);
    expect(codCurrencies('cz', 'sk')).toEqual(['CZK', 'EUR']);
    expect(codCurrencies('sk', 'sk')).toEqual(['EUR']);
    expect(codCurrencies('sk', 'cz')).toEqual(['EUR', 'CZK']);
    expect(codCurrencies('cz', 'de')).toEqual([]);
  });
});

describe('price-list weights (spec §9)', () => {
  it('lists the standard weights for cz and other origins', () => {
    expect(priceListWeights('cz')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50]);
    expect(priceListWeights('de', 'cz')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50]);
  });
  it('lists up to 25 plus 31.5 for sk, and 50 towards sk or cz', () => {
    expect(priceListWeights('sk', 'de')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5]);
    expect(priceListWeights('sk', 'cz')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5, 50]);
    expect(priceListWeights('SK', 'sk')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 31.5, 50]);
  });
  it('stops at 30 for mt', () => {
    expect(priceListWeights('mt')).toEqual([0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30]);
  });
});

describe('quote defaults (spec §5)', () => {
  it('fills empty zip and city with the placeholder of the country and side', () => {
    expect(fillPlaceholderLocation({ country: 'cz', zip: '', city: '' }, 'from')).toEqual({ country: 'cz', zip: '10000', city: 'Praha' });
    expect(fillPlaceholderLocation({ country: 'cz', zip: null, city: undefined }, 'to')).toEqual({ country: 'cz', zip: '60200', city: 'Brno' });
    expect(fillPlaceholderLocation({ country: 'sk' }, 'from')).toEqual({ country: 'sk', zip: '81104', city: 'Bratislava' });
    expect(fillPlaceholderLocation({ country: 'SK', zip: ' ', city: '' }, 'to')).toEqual({ country: 'SK', zip: '04001', city: 'Košice' });
  });

  it('keeps what the user typed and leaves other countries alone', () => {
    expect(fillPlaceholderLocation({ country: 'cz', zip: '11000', city: '' }, 'from')).toEqual({ country: 'cz', zip: '11000', city: 'Praha' });
    expect(fillPlaceholderLocation({ country: 'cz', zip: '37001', city: 'České Budějovice' }, 'to')).toEqual({
      country: 'cz',
      zip: '37001',
      city: 'České Budějovice',
    });
    expect(fillPlaceholderLocation({ country: 'de', zip: '', city: '' }, 'to')).toEqual({ country: 'de', zip: '', city: '' });
  });

  it('defaults missing package data to 0.5 kg and 10 × 10 × 10 cm', () => {
    expect(fillPackageDefaults({ type: 0, weight: '', width: null, height: undefined, length: '25' })).toEqual({
      type: 0,
      weight: 0.5,
      width: 10,
      height: 10,
      length: 25,
    });
    expect(DEFAULT_PACKAGE).toEqual({ weight: 0.5, width: 10, height: 10, length: 10 });
  });

  it('makes a request with no packages one default package', () => {
    const filled = fillQuoteDefaults({ from: { country: 'cz' }, to: { country: 'sk' }, packages: [] });
    expect(filled).toEqual({
      from: { country: 'cz', zip: '10000', city: 'Praha' },
      to: { country: 'sk', zip: '04001', city: 'Košice' },
      packages: [{ weight: 0.5, width: 10, height: 10, length: 10 }],
    });
  });
});
