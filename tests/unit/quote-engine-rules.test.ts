import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { quoteAll, quoteCarrier, unavailableQuote } from '../../src/server/carriers/pricing/engine';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';
import type { CarrierSheet, ServiceSheet } from '../../src/server/carriers/types';
import { MAX_PACKAGES } from '../../src/lib/quote-defaults';
import { context, shipment } from './quote-fixtures';

// one made-up service with round figures, so each rule's amount can be read off directly
const service = (overrides: Partial<ServiceSheet> = {}): ServiceSheet => ({
  code: 'TEST',
  name: 'Test',
  type: 'REGULAR',
  packageTypes: ['package', 'envelope', 'tire', 'pallet'],
  weights: [1, 5, 10],
  zones: { cz: { prices: [100, 150, 200], transitDays: 1 } },
  limits: { maxWeight: 10, maxLength: 100, maxGirth: 300, maxPackages: 3 },
  volumetricDivisor: null,
  surcharges: {
    cod: { fee: 30, percent: 1, max: 100_000, maxEur: 4000 },
    insurance: { included: 10_000, includedEur: 400, permille: 5, min: 20, max: 500_000, maxEur: 20_000 },
  },
  orderTimeLimit: '14:00',
  pickupWindow: null,
  deliveryBranch: 'none',
  expressDelivery: false,
  labelPrintingRequired: true,
  ownInvoiceUploadAllowed: false,
  ...overrides,
});
const sheet = (overrides: Partial<ServiceSheet> = {}): CarrierSheet => ({
  carrier: 'ppl',
  territories: ['cz'],
  rating: { score: 4, count: 1 },
  fuelPercent: 0,
  services: [service(overrides)],
});
const box = (weight: number, [length, width, height] = [10, 10, 10], type: Parcel['type'] = 'package'): Parcel => ({ type, weight, length, width, height });
const quote = (overrides: Parameters<typeof shipment>[0] = {}, serviceOverrides: Partial<ServiceSheet> = {}): Quote =>
  quoteCarrier(sheet(serviceOverrides), shipment(overrides), context())[0];
const charge = (q: Quote, code: string) => q.charges.find((c) => c.code === code)?.amount.value;
const codes = (q: Quote) => q.restrictions.map((r) => r.code);

describe('quote engine rules (a made-up rate sheet)', () => {
  it('prices a parcel at the first weight break at or above its weight', () => {
    expect(charge(quote({ packages: [box(0.5)] }), 'base')).toBe(100);
    expect(charge(quote({ packages: [box(1)] }), 'base')).toBe(100);
    expect(charge(quote({ packages: [box(1.01)] }), 'base')).toBe(150);
    expect(charge(quote({ packages: [box(10)] }), 'base')).toBe(200);
  });

  it('takes a parcel of exactly the maximum weight and refuses a heavier one, naming the maximum', () => {
    expect(codes(quote({ packages: [box(10)] }))).toEqual([]);
    const over = quote({ packages: [box(10.01)] });
    expect(over.restrictions).toEqual([{ code: 'WEIGHT_LIMIT_EXCEEDED', field: 'packages.0.weight', message: expect.stringContaining('10') }]);
    expect(over.price).toBeNull();
  });

  it('takes a parcel of exactly the maximum length and refuses a longer one on its longest side', () => {
    expect(codes(quote({ packages: [box(1, [100, 10, 10])] }))).toEqual([]);
    expect(codes(quote({ packages: [box(1, [10, 101, 10])] }))).toEqual(['DIMENSIONS_LIMIT_EXCEEDED']);
    expect(quote({ packages: [box(1, [10, 10, 101])] }).restrictions[0]).toMatchObject({ field: 'packages.0.length', message: expect.stringContaining('100') });
  });

  it('takes a parcel of exactly the maximum girth (longest + 2 × the others) and refuses a bigger one', () => {
    expect(codes(quote({ packages: [box(1, [100, 50, 50])] }))).toEqual([]);
    expect(codes(quote({ packages: [box(1, [100, 51, 50])] }))).toEqual(['GIRTH_LIMIT_EXCEEDED']);
    expect(quote({ packages: [box(1, [50, 100, 51])] }).restrictions[0]).toMatchObject({ field: 'packages.0.length', message: expect.stringContaining('300') });
    expect(codes(quote({ packages: [box(1, [100, 100, 100])] }, { limits: { maxWeight: 10, maxLength: 100, maxGirth: null } }))).toEqual([]);
  });

  it('refuses more packages than the service carries, naming its maximum', () => {
    const three = [box(1), box(1), box(1)];
    expect(codes(quote({ packages: three }))).toEqual([]);
    expect(quote({ packages: [...three, box(1)] }).restrictions).toEqual([{ code: 'TOO_MANY_PACKAGES', field: 'packages', message: expect.stringContaining('3') }]);
  });

  it('adds no insurance premium up to the included cover, and above it permille of the excess, at least the minimum', () => {
    expect(charge(quote({ insurance: { value: 10_000, currency: 'CZK' } }), 'insurance')).toBeUndefined();
    expect(charge(quote({ insurance: { value: 400, currency: 'EUR' } }), 'insurance')).toBeUndefined();
    expect(charge(quote({ insurance: { value: 10_001, currency: 'CZK' } }), 'insurance')).toBe(20);
    expect(charge(quote({ insurance: { value: 30_000, currency: 'CZK' } }), 'insurance')).toBe(100);
    // 600 − 400 € = 200 € = 4 990 Kč at 24.95, 5 ‰ of it 24.95 Kč
    expect(charge(quote({ insurance: { value: 600, currency: 'EUR' } }), 'insurance')).toBe(24.95);
  });

  it('charges the COD fee plus its percentage of the collected amount', () => {
    // 30 Kč + 1 % of 5 000 Kč
    expect(charge(quote({ cod: { value: 5000, currency: 'CZK' } }), 'cod')).toBe(80);
  });

  it('marks pallets, then tyres, then envelope-only shipments as their freight type, anything else as parcels', () => {
    const freight = (types: Parcel['type'][]) => quote({ packages: types.map((t) => box(1, undefined, t)) }).attributes.freightType;
    expect(freight(['package', 'tire', 'pallet'])).toBe('pallet');
    expect(freight(['package', 'tire'])).toBe('tire');
    expect(freight(['envelope', 'envelope'])).toBe('envelope');
    expect(freight(['envelope', 'package'])).toBe('parcel');
  });

  it('prices a light bulky parcel by its volumetric weight where the service has a divisor', () => {
    const bulky = [box(1, [20, 20, 25])]; // 10 000 cm³ / 5 000 = 2 kg
    expect(charge(quote({ packages: bulky }, { volumetricDivisor: 5000 }), 'base')).toBe(150);
    expect(charge(quote({ packages: bulky }), 'base')).toBe(100);
  });

  it('takes the zone\'s heaviest priced break as the weight limit', () => {
    const zones = { cz: { prices: [100, 150, null], transitDays: 1 } };
    const heavy = quote({ packages: [box(6)] }, { zones });
    expect(heavy.limits.weight).toBe(5);
    expect(heavy.restrictions).toEqual([{ code: 'WEIGHT_LIMIT_EXCEEDED', field: 'packages.0.weight', message: expect.stringContaining('5') }]);
    expect(heavy.errors.map((e) => e.code)).toEqual(['PRICE_UNAVAILABLE']);
    expect(quote({ packages: [box(5)] }, { zones }).price).toEqual({ value: 150, currency: 'CZK' });
  });

  it('adds fuel on the base and express fee, toll on the base, and lists only charges that are not zero (the base always)', () => {
    const s = sheet({ surcharges: { ...service().surcharges, express: 50 } });
    const q = quoteCarrier({ ...s, fuelPercent: 10, tollPercent: 5 }, shipment({ packages: [box(1)] }), context())[0]!;
    expect(q.charges.map((c) => [c.code, c.amount.value])).toEqual([['base', 100], ['fuel', 15], ['toll', 5], ['express', 50], ['vat', 35.7]]);
    expect(q.price).toEqual({ value: 170, currency: 'CZK' });
    expect(q.priceVat).toEqual({ value: 205.7, currency: 'CZK' });
  });

  it('takes the branch discount off each package only when the parcel goes to a preferred parcel point', () => {
    const branch: Partial<ServiceSheet> = { deliveryBranch: 'optional', surcharges: { ...service().surcharges, branchDiscount: 30 } };
    const two = [box(1), box(1)];
    const preferred = quote({ packages: two, preferDeliveryBranch: true }, branch);
    expect(charge(preferred, 'base')).toBe(140);
    expect(preferred.attributes.deliveryBranchPreferred).toBe(true);
    expect(charge(quote({ packages: two }, branch), 'base')).toBe(200);
    expect(charge(quote({ packages: two, preferDeliveryBranch: true }, { ...branch, deliveryBranch: 'required' }), 'base')).toBe(200);
    expect(charge(quote({ packages: [box(1)], preferDeliveryBranch: true }, { ...branch, surcharges: { ...service().surcharges, branchDiscount: 150 } }), 'base')).toBe(0);
  });

  it('charges the home delivery fee where the service offers it and refuses it elsewhere', () => {
    expect(charge(quote({ hdf: true }, { surcharges: { ...service().surcharges, hdf: 40 } }), 'hdf')).toBe(40);
    expect(codes(quote({ hdf: true }))).toEqual(['HDF_NOT_AVAILABLE']);
    expect(charge(quote({ hdf: false }, { surcharges: { ...service().surcharges, hdf: 40 } }), 'hdf')).toBeUndefined();
  });

  it('adds the VAT of the route when one is given, else of the territory', () => {
    const one = [box(1)];
    expect(charge(quote({ packages: one, vatPercent: 0 }), 'vat')).toBe(0);
    expect(charge(quote({ packages: one, territory: 'sk' }), 'vat')).toBe(23);
    expect(charge(quote({ packages: one }), 'vat')).toBe(21);
  });

  it('refuses cash on delivery where the service or the route has none, and over the carrier\'s limit', () => {
    expect(codes(quote({ cod: { value: 100, currency: 'CZK' } }, { surcharges: { ...service().surcharges, cod: null } }))).toEqual(['COD_NOT_AVAILABLE']);
    expect(codes(quote({ cod: { value: 100_000, currency: 'CZK' } }))).toEqual([]);
    const over = quote({ cod: { value: 100_001, currency: 'CZK' } });
    expect(over.restrictions).toEqual([{ code: 'COD_LIMIT_EXCEEDED', field: 'services.cod.value', message: expect.stringContaining('100') }]);
    expect(over.codAmount).toEqual({ value: 100_001, currency: 'CZK' });
    expect(quote().codAmount).toBeUndefined();
    expect(quote().limits.cod).toEqual({ CZK: 100_000, EUR: 4000 });
    expect(quote({}, { surcharges: { ...service().surcharges, cod: null } }).limits.cod).toBeUndefined();
  });

  it('collects the goods plus the price with VAT when the shipping is added, its fee charged on all it collects', () => {
    const q = quote({ cod: { value: 1000, currency: 'CZK' }, codWithShipping: true });
    expect(q.codAmount!.value).toBeCloseTo(1000 + q.priceVat!.value, 6);
    // 30 Kč + 1 % of the amount collected, rounded half up
    expect(charge(q, 'cod')).toBe(30 + Math.floor(q.codAmount!.value + 0.5) / 100);
  });

  it('refuses insurance over the carrier\'s limit, euros against its euro figure', () => {
    expect(codes(quote({ insurance: { value: 500_000, currency: 'CZK' } }))).toEqual([]);
    expect(quote({ insurance: { value: 500_001, currency: 'CZK' } }).restrictions).toEqual([{ code: 'INSURANCE_LIMIT_EXCEEDED', field: 'services.ins.value', message: expect.stringContaining('500') }]);
    expect(codes(quote({ insurance: { value: 20_000, currency: 'EUR' } }))).toEqual([]);
    expect(codes(quote({ insurance: { value: 20_001, currency: 'EUR' } }))).toEqual(['INSURANCE_LIMIT_EXCEEDED']);
    expect(quote().limits.insurance).toEqual({ value: 500_000, currency: 'CZK' });
  });

  it('refuses a package type the service does not carry and a route it does not serve', () => {
    expect(quote({ packages: [box(1, undefined, 'pallet')] }, { packageTypes: ['package'] }).restrictions).toEqual([{ code: 'PACKAGE_TYPE_NOT_SUPPORTED', field: 'packages.0.type', message: expect.any(String) }]);
    const abroad = quote({ to: { country: 'de', zip: '10115', city: 'Berlin' } });
    expect(codes(abroad)).toContain('ROUTE_NOT_SERVED');
    expect(abroad.price).toBeNull();
  });

  it('describes the service: collection, parcel points, express, labels and customs', () => {
    const drop = quote({}, { type: 'DROPOFF', deliveryBranch: 'required', expressDelivery: true, labelPrintingRequired: false, ownInvoiceUploadAllowed: true }).attributes;
    expect(drop).toMatchObject({ pickupBranchRequired: true, deliveryBranchRequired: true, deliveryBranchSupported: true, deliveryBranchPreferred: true, expressDelivery: true, labelPrintingRequired: false, customsClearanceRequired: false, ownInvoiceUploadAllowed: false, trackingAvailable: true, affiliate: false, addressLevelLock: 0 });
    expect(quote().attributes).toMatchObject({ pickupBranchRequired: false, deliveryBranchRequired: false, deliveryBranchSupported: false, deliveryBranchPreferred: false });
  });

  it('answers an unavailable carrier with the asked service (else its first), no price and the reason', () => {
    const s: CarrierSheet = { ...sheet(), services: [service(), service({ code: 'OTHER', deliveryBranch: 'required' })] };
    const first = unavailableQuote(s, shipment(), context());
    expect(first).toMatchObject({ id: 'ppl-TEST-unavailable', serviceId: 'ppl-TEST', price: null, priceVat: null, charges: [], errors: [{ code: 'CARRIER_UNAVAILABLE' }] });
    expect(first.limits).toEqual({ weight: 10, insurance: { value: 500_000, currency: 'CZK' } });
    const other = unavailableQuote(s, shipment(), context(), 'ppl-OTHER', 'INTERNAL_ERROR');
    expect(other).toMatchObject({ serviceId: 'ppl-OTHER', errors: [{ code: 'INTERNAL_ERROR' }], attributes: { deliveryBranchPreferred: true } });
  });
});

describe('quote engine rules: the edges the mutation run asked for', () => {
  /** FNV-1a of a text, base 36: the hash of a quote's id */
  const fnv1a = (text: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return (h >>> 0).toString(36);
  };

  it('names a quote by its service and a hash of the shipment and its pickup, so different shipments get different ids', () => {
    const s = shipment({ packages: [box(1)] });
    const q = quoteCarrier(sheet(), s, context())[0]!;
    expect(q.id).toBe(`ppl-TEST-${fnv1a(JSON.stringify([s, q.timeInTransit.pickupDate, q.timeInTransit.pickupFromTime]))}`);
    expect(quote({ packages: [box(1)] }).id).toBe(q.id);
    expect(quote({ packages: [box(2)] }).id).not.toBe(q.id);
  });

  it('does not price a parcel in a zone whose price list ends before the weight breaks do', () => {
    const short = quote({ packages: [box(7)] }, { zones: { cz: { prices: [100, 150], transitDays: 1 } } });
    expect(short.price).toBeNull();
    expect(short.errors.map((e) => e.code)).toEqual(['PRICE_UNAVAILABLE']);
    expect(short.limits.weight).toBe(5);
  });

  it('takes the first break as the weight limit when the zone prices only that one, and the service maximum on a route it does not serve', () => {
    expect(quote({ packages: [box(1)] }, { zones: { cz: { prices: [100, null, null], transitDays: 1 } } }).limits.weight).toBe(1);
    expect(quote({ packages: [box(1)] }, { zones: { cz: { prices: [null, null, null], transitDays: 1 } } }).limits.weight).toBe(0);
    expect(quote({ to: { country: 'de', zip: '10115', city: 'Berlin' } }).limits.weight).toBe(10);
  });

  it('refuses a parcel whose volumetric weight is past the last break even when it weighs little', () => {
    const bulky = quote({ packages: [box(1, [100, 50, 50])] }, { volumetricDivisor: 5000 });
    expect(codes(bulky)).toEqual(['WEIGHT_LIMIT_EXCEEDED']);
    expect(bulky.price).toBeNull();
  });

  it('reports a parcel both too long and too big round by its length only', () => {
    expect(codes(quote({ packages: [box(1, [101, 100, 100])] }))).toEqual(['DIMENSIONS_LIMIT_EXCEEDED']);
  });

  it(`carries up to ${MAX_PACKAGES} packages where the service names no maximum`, () => {
    const limits = { maxWeight: 10, maxLength: 100, maxGirth: 300 };
    const many = (n: number) => Array.from({ length: n }, () => box(1));
    expect(codes(quote({ packages: many(MAX_PACKAGES) }, { limits }))).toEqual([]);
    expect(quote({ packages: many(MAX_PACKAGES + 1) }, { limits }).restrictions).toEqual([
      { code: 'TOO_MANY_PACKAGES', field: 'packages', message: expect.stringContaining(String(MAX_PACKAGES)) },
    ]);
  });

  it('refuses cash on delivery on a route that has no COD currency, and then charges no COD fee', () => {
    const abroad = quote({ to: { country: 'de', zip: '10115', city: 'Berlin' }, cod: { value: 100, currency: 'CZK' } }, { zones: { eu1: { prices: [300, 400, 500], transitDays: 3 } } });
    expect(codes(abroad)).toEqual(['COD_NOT_AVAILABLE']);
    expect(charge(abroad, 'cod')).toBeUndefined();
    expect(abroad.codAmount).toBeUndefined();
    expect(abroad.limits.cod).toBeUndefined();
    expect(charge(abroad, 'base')).toBe(400);
  });

  it('lets a sender upload their own invoice only where the route needs customs and the service allows it', () => {
    const toGb = { to: { country: 'gb', zip: 'SW1A1AA', city: 'London' } };
    const zones = { eu3: { prices: [300, 400, 500], transitDays: 3 } };
    expect(quote(toGb, { zones, ownInvoiceUploadAllowed: true }).attributes).toMatchObject({ customsClearanceRequired: true, ownInvoiceUploadAllowed: true });
    expect(quote(toGb, { zones, ownInvoiceUploadAllowed: false }).attributes.ownInvoiceUploadAllowed).toBe(false);
  });

  it('quotes only the asked service of a carrier, none for a service it does not have', () => {
    const s: CarrierSheet = { ...sheet(), services: [service(), service({ code: 'OTHER' })] };
    expect(quoteCarrier(s, shipment(), context(), 'ppl-OTHER').map((q) => q.serviceId)).toEqual(['ppl-OTHER']);
    expect(quoteCarrier(s, shipment(), context(), 'ppl-NONE')).toEqual([]);
    expect(quoteCarrier(s, shipment(), context()).map((q) => q.serviceId)).toEqual(['ppl-TEST', 'ppl-OTHER']);
  });

  it('quotes the services that carry every package and serve the route; else the first that carries them, else the first', () => {
    const palletsOnly = service({ code: 'PAL', packageTypes: ['pallet'] });
    const abroadOnly = service({ code: 'ABROAD', zones: { eu1: { prices: [300, 400, 500], transitDays: 3 } } });
    const s = (...services: ServiceSheet[]): CarrierSheet => ({ ...sheet(), services });
    const ids = (sh: CarrierSheet, overrides: Parameters<typeof shipment>[0] = {}) => quoteCarrier(sh, shipment(overrides), context()).map((q) => q.serviceId);
    expect(ids(s(palletsOnly, abroadOnly, service()))).toEqual(['ppl-TEST']);
    expect(ids(s(palletsOnly, abroadOnly))).toEqual(['ppl-ABROAD']);
    expect(ids(s(palletsOnly, abroadOnly), { packages: [box(1, undefined, 'envelope')] })).toEqual(['ppl-ABROAD']);
    expect(ids(s(palletsOnly, service({ code: 'ENV', packageTypes: ['envelope'] })), { packages: [box(1, undefined, 'tire')] })).toEqual(['ppl-PAL']);
  });

  const inPrague = { from: { country: 'cz', zip: '11000', city: 'Praha' }, to: { country: 'cz', zip: '16000', city: 'Praha' } };

  it('prices a route within one city at the city zone where the service has one, else at the country zone', () => {
    expect(charge(quote(inPrague), 'base')).toBe(150);
    expect(codes(quote(inPrague))).toEqual([]);
    expect(charge(quote(inPrague, { zones: { city: { prices: [50, 60, 70], transitDays: 0 }, cz: { prices: [100, 150, 200], transitDays: 1 } } }), 'base')).toBe(60);
  });

  it('quotes a service that serves one of the route\'s zones rather than one that serves none of them', () => {
    const s: CarrierSheet = { ...sheet(), services: [service({ code: 'ABROAD', zones: { eu1: { prices: [300, 400, 500], transitDays: 3 } } }), service()] };
    expect(quoteCarrier(s, shipment(inPrague), context()).map((q) => q.serviceId)).toEqual(['ppl-TEST']);
  });

  it('quotes only services that carry every package of the shipment', () => {
    const s: CarrierSheet = { ...sheet(), services: [service({ code: 'PKG', packageTypes: ['package'] }), service()] };
    expect(quoteCarrier(s, shipment({ packages: [box(1), box(1, undefined, 'pallet')] }), context()).map((q) => q.serviceId)).toEqual(['ppl-TEST']);
  });

  it('names the field of each refusal: the destination, COD and the home delivery fee', () => {
    expect(quote({ to: { country: 'de', zip: '10115', city: 'Berlin' } }).restrictions[0]).toMatchObject({ code: 'ROUTE_NOT_SERVED', field: 'to.country' });
    expect(quote({ cod: { value: 100, currency: 'CZK' } }, { surcharges: { ...service().surcharges, cod: null } }).restrictions).toEqual([
      { code: 'COD_NOT_AVAILABLE', field: 'services.cod', message: expect.any(String) },
    ]);
    expect(quote({ hdf: true }).restrictions).toEqual([{ code: 'HDF_NOT_AVAILABLE', field: 'services.hdf', message: expect.any(String) }]);
  });

  it('refuses a parcel over the service\'s weight limit even where the zone still prices it, and still prices the shipment', () => {
    const heavy = quote({ packages: [box(9)] }, { limits: { maxWeight: 8, maxLength: 100, maxGirth: 300 } });
    expect(heavy.restrictions).toEqual([{ code: 'WEIGHT_LIMIT_EXCEEDED', field: 'packages.0.weight', message: expect.stringContaining('8') }]);
    expect(heavy.limits.weight).toBe(8);
    expect(charge(heavy, 'base')).toBe(200);
  });

  it('prefers a parcel point only where the service delivers to one and the sender asks for it, or where it must', () => {
    const preferred = (deliveryBranch: ServiceSheet['deliveryBranch'], preferDeliveryBranch: boolean) =>
      quote({ preferDeliveryBranch }, { deliveryBranch }).attributes.deliveryBranchPreferred;
    expect(preferred('none', true)).toBe(false);
    expect(preferred('optional', false)).toBe(false);
    expect(preferred('optional', true)).toBe(true);
    expect(preferred('required', false)).toBe(true);
  });

  it('gives a priced quote no errors, the carrier\'s code and name, and a complete booking without time windows', () => {
    const q = quote();
    expect(q.errors).toEqual([]);
    expect(q.carrier).toEqual({ code: 'ppl', name: 'PPL' });
    expect(q.complete).toBe(true);
  });

  it('delivers the route\'s transit days after a pickup today before the order time limit', () => {
    // Tuesday 10 March 2026 09:00, order time limit 14:00, one day in transit
    expect(quote().timeInTransit).toMatchObject({ pickupDate: '2026-03-10', deliveryDate: '2026-03-11' });
  });

  it('charges COD on a shipment that another rule restricts', () => {
    const q = quote({ hdf: true, cod: { value: 5000, currency: 'CZK' } });
    expect(codes(q)).toEqual(['HDF_NOT_AVAILABLE']);
    expect(charge(q, 'cod')).toBe(80);
  });

  it('books a time window of a same-day service only when the booking is complete, the peak window with its surcharge', () => {
    const timeWindows = { firstStart: '08:00', lastStart: '18:00', hours: 2, leadMinutes: 60, peakFrom: '18:00', peakSurcharge: 60 };
    const find = quote(inPrague, { timeWindows });
    expect(find.complete).toBe(false);
    expect(charge(find, 'express')).toBeUndefined();
    const evening = quote({ ...inPrague, complete: true, fromTime: '18:00' }, { timeWindows });
    expect(evening.complete).toBe(true);
    expect(evening.timeInTransit.pickupWindow).toBe('18:00 - 20:00');
    expect(charge(evening, 'express')).toBe(60);
    expect(charge(quote({ ...inPrague, complete: true, fromTime: '10:00' }, { timeWindows }), 'express')).toBeUndefined();
  });

  it('answers an unavailable carrier complete, without restrictions or times, preferring parcel points only where the service must', () => {
    const q = unavailableQuote(sheet(), shipment(), context());
    expect(q.complete).toBe(true);
    expect(q.restrictions).toEqual([]);
    expect(q.carrier).toEqual({ code: 'ppl', name: 'PPL' });
    expect(q.attributes.deliveryBranchPreferred).toBe(false);
    expect(q.timeInTransit).toEqual({
      orderTimeLimit: null, pickupDate: null, deliveryDate: null, pickupFromTime: null, pickupToTime: null,
      pickupWindow: null, deliveryFromTime: null, deliveryToTime: null, deliveryWindow: null, hoursInTransit: null,
    });
  });

  it('quotes every carrier sheet, in the order of the sheets', () => {
    const dpd: CarrierSheet = { ...sheet(), carrier: 'dpd' };
    expect(quoteAll(shipment(), [sheet(), dpd], context()).map((q) => q.serviceId)).toEqual(['ppl-TEST', 'dpd-TEST']);
  });
});
