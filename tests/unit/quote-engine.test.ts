import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cheapestQuote, isOrderableQuote } from '../../src/lib/quote-rules';
import type { Quote } from '../../src/lib/types/quote';
import { CARRIERS } from '../../src/server/carriers';
import { quoteAll, quoteCarrier, unavailableQuote } from '../../src/server/carriers/pricing/engine';
import {
  context,
  minor,
  nowArb,
  parcel,
  QuoteContractSchema,
  SHEETS,
  shipment,
  shipmentArb,
  TUESDAY_MORNING,
} from './quote-fixtures';

const sheetOf = (code: string) => SHEETS.find((s) => s.carrier === code)!;
const quoteOf = (quotes: Quote[], serviceId: string) => quotes.find((q) => q.serviceId === serviceId)!;
const charge = (quote: Quote, code: string) => quote.charges.find((c) => c.code === code)?.amount.value;
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('quote engine properties', () => {
  it('never produces a negative price or charge', () => {
    fc.assert(
      fc.property(shipmentArb, nowArb, (s, now) => {
        for (const quote of quoteAll(s, SHEETS, context(now))) {
          expect(quote.price === null || quote.price.value >= 0).toBe(true);
          for (const c of quote.charges) expect(c.amount.value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('has no price exactly when the quote has errors', () => {
    fc.assert(
      fc.property(shipmentArb, (s) => {
        for (const quote of quoteAll(s, SHEETS, context())) {
          expect(quote.priceVat === null).toBe(quote.errors.length > 0);
          expect(quote.price === null).toBe(quote.priceVat === null);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds VAT of the territory rounded half up, and the charges add up to the price', () => {
    fc.assert(
      fc.property(shipmentArb, (s) => {
        const rate = s.territory === 'sk' ? 23 : 21;
        for (const quote of quoteAll(s, SHEETS, context())) {
          if (!quote.price || !quote.priceVat) continue;
          const net = minor(quote.price.value);
          const vat = minor(quote.priceVat.value) - net;
          expect(vat).toBe(Math.floor((net * rate) / 100 + 0.5));
          expect(minor(charge(quote, 'vat')!)).toBe(vat);
          const sum = quote.charges.filter((c) => c.code !== 'vat').reduce((total, c) => total + minor(c.amount.value), 0);
          expect(sum).toBe(net);
          expect(quote.price.currency).toBe(s.currency);
          expect(Number.isInteger(minor(quote.priceVat.value))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never prices a heavier parcel lower within a service and route', () => {
    fc.assert(
      fc.property(
        shipmentArb,
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        (s, a, b) => {
          const [light, heavy] = a <= b ? [a, b] : [b, a];
          const one = (weight: number) => ({ ...s, packages: [{ ...s.packages[0], weight }] });
          for (const sheet of SHEETS) {
            for (const service of sheet.services) {
              const id = `${sheet.carrier}-${service.code}`;
              const [lightQuote] = quoteCarrier(sheet, one(light), context(), id);
              const [heavyQuote] = quoteCarrier(sheet, one(heavy), context(), id);
              if (lightQuote.priceVat && heavyQuote.priceVat) {
                expect(heavyQuote.priceVat.value).toBeGreaterThanOrEqual(lightQuote.priceVat.value);
              }
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('restricts a quote whose parcel breaks the weight or size limits', () => {
    fc.assert(
      fc.property(shipmentArb, (s) => {
        for (const quote of quoteAll(s, SHEETS, context())) {
          const sheet = sheetOf(quote.carrier.code);
          const service = sheet.services.find((x) => `${sheet.carrier}-${x.code}` === quote.serviceId)!;
          s.packages.forEach((p, i) => {
            if (p.weight > quote.limits.weight) {
              expect(quote.restrictions).toContainEqual(expect.objectContaining({ code: 'WEIGHT_LIMIT_EXCEEDED', field: `packages.${i}.weight` }));
            }
            if (Math.max(p.length, p.width, p.height) > service.limits.maxLength) {
              expect(quote.restrictions).toContainEqual(expect.objectContaining({ code: 'DIMENSIONS_LIMIT_EXCEEDED', field: `packages.${i}.length` }));
            }
          });
          if (quote.restrictions.length === 0) {
            expect(s.packages.every((p) => p.weight <= quote.limits.weight && service.packageTypes.includes(p.type))).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('marks as cheapest the lowest VAT price among orderable quotes', () => {
    fc.assert(
      fc.property(shipmentArb, (s) => {
        const quotes = quoteAll(s, SHEETS, context());
        const best = cheapestQuote(quotes);
        const orderable = quotes.filter(isOrderableQuote);
        if (orderable.length === 0) expect(best).toBeNull();
        else {
          expect(isOrderableQuote(best!)).toBe(true);
          for (const q of orderable) expect(best!.priceVat!.value).toBeLessThanOrEqual(q.priceVat!.value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answers every valid shipment with well-formed quotes at any instant', () => {
    fc.assert(
      fc.property(shipmentArb, nowArb, (s, now) => {
        for (const quote of quoteAll(s, SHEETS, context(now))) v.parse(QuoteContractSchema, quote);
      }),
      { numRuns: 200 },
    );
  });
});

describe('quote contract', () => {
  const served = {
    domestic: shipment(),
    international: shipment({ to: { country: 'us', zip: '10001', city: 'New York' } }),
    pallet: shipment({ packages: [{ type: 'pallet', weight: 350, width: 80, height: 120, length: 120 }] }),
    prague: shipment({ to: { country: 'cz', zip: '11000', city: 'Praha' }, complete: true }),
  };

  it.each(CARRIERS.map((c) => c.code))('%s returns every §3 field with the right type', (code) => {
    const sheet = sheetOf(code);
    const all = Object.values(served).flatMap((s) => quoteCarrier(sheet, s, context()));
    expect(all.length).toBeGreaterThan(0);
    for (const quote of all) v.parse(QuoteContractSchema, quote);
    expect(all.some((q) => q.priceVat !== null && q.restrictions.length === 0)).toBe(true);
  });

  it('gives the carrier failure quote every field too', () => {
    for (const sheet of SHEETS) v.parse(QuoteContractSchema, unavailableQuote(sheet, shipment(), context()));
  });
});

describe('pricing', () => {
  it('prices DPD Classic 2 kg within CZ at about 119 CZK without VAT', () => {
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), shipment(), context()), 'dpd-classic');
    expect(quote.price).toEqual({ value: 119.35, currency: 'CZK' });
    expect(quote.priceVat).toEqual({ value: 144.41, currency: 'CZK' });
    expect(quote.charges.map((c) => [c.code, c.amount.value])).toEqual([
      ['base', 110],
      ['fuel', 9.35],
      ['vat', 25.06],
    ]);
  });

  it('converts to EUR with the exchange rate and charges Slovak VAT in the SK territory', () => {
    const s = shipment({ territory: 'sk', currency: 'EUR', from: { country: 'sk', zip: '81104', city: 'Bratislava' }, to: { country: 'sk', zip: '04001', city: 'Košice' } });
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), s, context()), 'dpd-classic');
    // base 114 CZK / 24.95 = 4.569… → 4.57 EUR; fuel 9.69 CZK → 0.39 EUR
    expect(charge(quote, 'base')).toBe(4.57);
    expect(charge(quote, 'fuel')).toBe(0.39);
    expect(quote.price).toEqual({ value: 4.96, currency: 'EUR' });
    expect(quote.priceVat).toEqual({ value: 6.1, currency: 'EUR' });
  });

  it('sums the parcels of a multi-parcel shipment', () => {
    const one = quoteOf(quoteCarrier(sheetOf('gls'), shipment(), context()), 'gls-business-parcel');
    const three = quoteOf(quoteCarrier(sheetOf('gls'), shipment({ packages: [parcel(2), parcel(2), parcel(2)] }), context()), 'gls-business-parcel');
    expect(charge(three, 'base')).toBe(3 * charge(one, 'base')!);
  });

  it('prices cash on delivery, insurance above the included value and hdf as their own charges', () => {
    const s = shipment({ cod: { value: 2500, currency: 'CZK' }, insurance: { value: 80_000, currency: 'CZK' }, hdf: true });
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), s, context()), 'dpd-classic');
    expect(charge(quote, 'cod')).toBe(29);
    expect(charge(quote, 'insurance')).toBe(150); // 5 ‰ of the 30 000 above the included 50 000
    expect(charge(quote, 'hdf')).toBe(39);
    expect(quote.restrictions).toEqual([]);
  });

  it('adds road toll for TOPTRANS and prices pallets up to 1000 kg', () => {
    const s = shipment({ packages: [{ type: 'pallet', weight: 950, width: 80, height: 150, length: 120 }] });
    const [quote] = quoteCarrier(sheetOf('toptrans'), s, context());
    expect(quote.serviceId).toBe('toptrans-pallet');
    expect(charge(quote, 'base')).toBe(2290);
    expect(charge(quote, 'toll')).toBe(114.5);
    expect(quote.attributes.freightType).toBe('pallet');
    expect(quote.restrictions).toEqual([]);
  });

  it('charges the volumetric weight of a large light parcel where the carrier does', () => {
    const s = shipment({ packages: [{ type: 'package', weight: 1, width: 50, height: 50, length: 50 }] });
    const ups = quoteOf(quoteCarrier(sheetOf('ups'), s, context()), 'ups-standard');
    expect(charge(ups, 'base')).toBe(345); // 125 000 cm³ / 5000 cm³/kg = 25 kg, the 25 kg break, not the 1 kg one
  });
});

describe('restrictions', () => {
  it('restricts too heavy parcels and explains the limit, without a price', () => {
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ packages: [parcel(45)] }), context()), 'dpd-classic');
    expect(quote.restrictions).toEqual([{ code: 'WEIGHT_LIMIT_EXCEEDED', field: 'packages.0.weight', message: 'Maximální hmotnost jednoho balíku je 31,5 kg.' }]);
    expect(codes(quote.errors)).toEqual(['PRICE_UNAVAILABLE']);
    expect(quote.limits.weight).toBe(31.5);
  });

  it('restricts a parcel longer than the carrier takes but still prices it', () => {
    const s = shipment({ packages: [{ type: 'package', weight: 5, width: 20, height: 20, length: 180 }] });
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), s, context()), 'dpd-classic');
    expect(codes(quote.restrictions)).toEqual(['DIMENSIONS_LIMIT_EXCEEDED']);
    expect(quote.priceVat).not.toBeNull();
  });

  it('restricts by girth (length + 2 × width + 2 × height)', () => {
    const s = shipment({ packages: [{ type: 'package', weight: 5, width: 60, height: 60, length: 100 }] });
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), s, context()), 'dpd-classic');
    expect(codes(quote.restrictions)).toEqual(['GIRTH_LIMIT_EXCEEDED']);
  });

  it('answers a route the carrier does not serve with one restricted quote', () => {
    const quotes = quoteCarrier(sheetOf('ppl'), shipment({ to: { country: 'us', zip: '10001', city: 'NY' } }), context());
    expect(quotes).toHaveLength(1);
    expect(codes(quotes[0].restrictions)).toEqual(['ROUTE_NOT_SERVED']);
    expect(quotes[0].restrictions[0].field).toBe('to.country');
    expect(quotes[0].priceVat).toBeNull();
  });

  it('restricts cash on delivery where a service does not offer it', () => {
    const s = shipment({ to: { country: 'sk', zip: '81104', city: 'Bratislava' }, cod: { value: 100, currency: 'EUR' } });
    const quote = quoteOf(quoteCarrier(sheetOf('fedex'), s, context()), 'fedex-international-priority');
    expect(codes(quote.restrictions)).toEqual(['COD_NOT_AVAILABLE']);
    expect(quote.priceVat).not.toBeNull();
  });

  it('restricts cash on delivery and insurance above the service maximum', () => {
    const s = shipment({ cod: { value: 60_000, currency: 'CZK' }, insurance: { value: 200_000, currency: 'CZK' } });
    const quote = quoteOf(quoteCarrier(sheetOf('wedo'), s, context()), 'wedo-box');
    expect(codes(quote.restrictions)).toEqual(['COD_LIMIT_EXCEEDED', 'INSURANCE_LIMIT_EXCEEDED']);
    expect(quote.restrictions[0].message).toMatch(/^Dobírka může být nejvýše 30\s000\sKč\.$/);
  });

  it('restricts a package type no service of the carrier carries', () => {
    const quotes = quoteCarrier(sheetOf('dpd'), shipment({ packages: [parcel(300, 'pallet')] }), context());
    expect(quotes).toHaveLength(1);
    expect(codes(quotes[0].restrictions)).toContain('PACKAGE_TYPE_NOT_SUPPORTED');
  });

  it('writes messages in English for language en', () => {
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ packages: [parcel(45)], language: 'en' }), context()), 'dpd-classic');
    expect(quote.restrictions[0].message).toBe('The maximum weight of one parcel is 31.5 kg.');
  });
});

describe('routes and attributes', () => {
  it('categorises routes against the territory', () => {
    const category = (from: string, to: string, territory: 'cz' | 'sk' = 'cz') =>
      quoteAll(shipment({ territory, from: { country: from, zip: '', city: '' }, to: { country: to, zip: '', city: '' } }), SHEETS, context())[0].shipmentCategory;
    expect(category('cz', 'cz')).toBe('domestic');
    expect(category('cz', 'de')).toBe('export');
    expect(category('de', 'cz')).toBe('import');
    expect(category('cz', 'sk', 'sk')).toBe('import');
  });

  it('requires customs outside the EU customs territory, also for the Canary Islands and Åland', () => {
    const customs = (country: string, zip: string) =>
      quoteAll(shipment({ to: { country, zip, city: 'X' } }), SHEETS, context())[0].attributes.customsClearanceRequired;
    expect(customs('de', '10115')).toBe(false);
    expect(customs('es', '28001')).toBe(false);
    expect(customs('es', '35001')).toBe(true);
    expect(customs('es', '38001')).toBe(true);
    expect(customs('fi', '22100')).toBe(true);
    expect(customs('fi', '00100')).toBe(false);
    expect(customs('gb', 'SW1A1AA')).toBe(true);
    expect(customs('ch', '8001')).toBe(true);
  });

  it('requires parcel points for parcel-point services and a drop-off for drop-off services', () => {
    const quotes = quoteAll(shipment(), SHEETS, context());
    const box = quoteOf(quotes, 'wedo-box');
    expect(box.attributes).toMatchObject({ pickupBranchRequired: true, deliveryBranchRequired: true, deliveryBranchPreferred: true });
    expect(box.type).toBe('DROPOFF');
    const classic = quoteOf(quotes, 'dpd-classic');
    expect(classic.attributes).toMatchObject({ pickupBranchRequired: false, deliveryBranchRequired: false, deliveryBranchSupported: true });
  });

  it('names the service after the carrier for ups, fedex, balikovna and wedo only', () => {
    const quotes = quoteAll(shipment(), SHEETS, context());
    expect(quoteOf(quotes, 'ups-standard').carrier).toEqual({ code: 'ups', name: 'UPS Standard' });
    expect(quoteOf(quotes, 'wedo-box').carrier.name).toBe('One by Allegro Box');
    expect(quoteOf(quotes, 'balikovna-do-ruky').carrier.name).toBe('Balíkovna Do ruky');
    expect(quoteOf(quotes, 'dpd-classic').carrier.name).toBe('DPD');
    expect(quoteOf(quotes, 'liftago-same-day').carrier.name).toBe('Kurýr na přesný čas');
  });

  it('prices delivery to a parcel point instead of the address when preferred', () => {
    const address = quoteOf(quoteCarrier(sheetOf('dpd'), shipment(), context()), 'dpd-classic');
    const point = quoteOf(quoteCarrier(sheetOf('dpd'), shipment({ preferDeliveryBranch: true }), context()), 'dpd-classic');
    expect(charge(point, 'base')).toBe(charge(address, 'base')! - 15);
    expect(point.attributes.deliveryBranchPreferred).toBe(true);
    expect(address.attributes.deliveryBranchPreferred).toBe(false);
  });
});

describe('time in transit', () => {
  const dpdClassic = (s = shipment(), now = TUESDAY_MORNING) => quoteOf(quoteCarrier(sheetOf('dpd'), s, context(now)), 'dpd-classic');

  it('picks up today before the order time limit and the next working day after it', () => {
    expect(dpdClassic().timeInTransit).toMatchObject({ orderTimeLimit: '12:00', pickupDate: '2026-03-10', deliveryDate: '2026-03-11' });
    const afternoon = new Date('2026-03-10T12:30:00Z'); // 13:30 in Prague
    expect(dpdClassic(shipment(), afternoon).timeInTransit).toMatchObject({ pickupDate: '2026-03-11', deliveryDate: '2026-03-12' });
  });

  it('skips weekends and Czech holidays', () => {
    const fridayEvening = new Date('2026-04-02T16:00:00Z'); // Thursday 2 Apr 18:00; Good Friday and Easter Monday follow
    expect(dpdClassic(shipment(), fridayEvening).timeInTransit).toMatchObject({ pickupDate: '2026-04-07', deliveryDate: '2026-04-08' });
  });

  it('counts delivery days on the Slovak calendar for Slovakia', () => {
    const monday = new Date('2026-01-05T14:00:00Z'); // 15:00, after the limit; 6 Jan is a holiday in SK only
    const toSk = shipment({ to: { country: 'sk', zip: '81104', city: 'Bratislava' } });
    expect(dpdClassic(toSk, monday).timeInTransit).toMatchObject({ pickupDate: '2026-01-06', deliveryDate: '2026-01-08' });
  });

  it('takes a later requested pickup date, moved to a working day, and narrows the pickup window', () => {
    const s = shipment({ pickupDate: '2026-03-14', fromTime: '10:00', toTime: '20:00' });
    expect(dpdClassic(s).timeInTransit).toMatchObject({
      pickupDate: '2026-03-16',
      pickupFromTime: '10:00',
      pickupToTime: '16:00',
      pickupWindow: '10:00 - 16:00',
    });
  });

  it('gives express services their delivery window', () => {
    const quote = quoteOf(quoteCarrier(sheetOf('dpd'), shipment(), context()), 'dpd-express-12');
    expect(quote.timeInTransit).toMatchObject({ deliveryToTime: '12:00', deliveryWindow: '08:00 - 12:00' });
    expect(quote.attributes.expressDelivery).toBe(true);
  });
});

describe('same-day courier (liftago)', () => {
  const inPrague = (overrides = {}) =>
    shipment({ from: { country: 'cz', zip: '11000', city: 'Praha' }, to: { country: 'cz', zip: '16000', city: 'Praha' }, ...overrides });
  const liftago = (s = inPrague(), now = TUESDAY_MORNING) => quoteCarrier(sheetOf('liftago'), s, context(now))[0];

  it('serves only within Prague or within Brno', () => {
    expect(liftago().restrictions).toEqual([]);
    expect(liftago(inPrague({ to: { country: 'cz', zip: '60200', city: 'Brno' } })).restrictions[0].code).toBe('ROUTE_NOT_SERVED');
    const brno = { from: { country: 'cz', zip: '60200', city: 'Brno' }, to: { country: 'cz', zip: '61200', city: 'Brno' } };
    expect(liftago(shipment(brno)).restrictions).toEqual([]);
  });

  it('leaves the time window to the detail: incomplete in a find', () => {
    const quote = liftago();
    expect(quote.complete).toBe(false);
    expect(quote.timeInTransit).toMatchObject({ pickupDate: '2026-03-10', pickupWindow: null });
    expect(quote.priceVat).not.toBeNull();
  });

  it('books the first window at least an hour ahead when complete', () => {
    const quote = liftago(inPrague({ complete: true }));
    expect(quote.complete).toBe(true);
    expect(quote.timeInTransit).toMatchObject({
      pickupDate: '2026-03-10',
      pickupWindow: '10:00 - 12:00',
      deliveryWindow: '11:00 - 13:00',
      deliveryDate: '2026-03-10',
    });
    expect(charge(quote, 'express')).toBeUndefined();
  });

  it('books a requested evening window with the peak surcharge', () => {
    const quote = liftago(inPrague({ complete: true, fromTime: '18:00' }));
    expect(quote.timeInTransit.pickupWindow).toBe('18:00 - 20:00');
    expect(charge(quote, 'express')).toBe(60);
  });

  it('prices an hour window of the configurator as the sheet’s window that holds it (17:00 is in the peak)', () => {
    const quote = liftago(inPrague({ complete: true, fromTime: '17:00', toTime: '18:00' }));
    expect(quote.timeInTransit.pickupWindow).toBe('16:00 - 18:00');
    expect(charge(quote, 'express')).toBe(60);
  });

  it('moves to the next working day after the last window', () => {
    const lateFriday = new Date('2026-03-13T17:30:00Z'); // Friday 18:30
    expect(liftago(inPrague({ complete: true }), lateFriday).timeInTransit).toMatchObject({ pickupDate: '2026-03-16', pickupWindow: '08:00 - 10:00' });
  });
});
