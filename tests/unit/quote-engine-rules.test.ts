import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { quoteCarrier } from '../../src/server/carriers/pricing/engine';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';
import type { CarrierSheet, ServiceSheet } from '../../src/server/carriers/types';
import { context, shipment } from './quote-fixtures';

// one made-up service with round figures, so each rule's amount can be read off directly
const service = (overrides: Partial<ServiceSheet> = {}): ServiceSheet => ({
  code: 'TEST',
  name: 'Test',
  type: 'PICKUP',
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
});
