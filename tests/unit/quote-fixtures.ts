import fc from 'fast-check';
import * as v from 'valibot';
import { codCurrencies } from '../../src/lib/quote-rules';
import type { CurrencyCode, PackageType } from '../../src/lib/types/quote';
import { CARRIERS } from '../../src/server/carriers';
import type { Parcel, PricingContext, Shipment } from '../../src/server/carriers/pricing/shipment';

/** Shared builders of the quote tests. */

export const RATES = { CZK: 1, EUR: 24.95, USD: 23.1 } as const;
/** Tuesday 10 March 2026, 09:00 in Prague */
export const TUESDAY_MORNING = new Date('2026-03-10T08:00:00Z');
export const context = (now = TUESDAY_MORNING): PricingContext => ({ exchangeRates: RATES, now });
export const SHEETS = CARRIERS.map((carrier) => carrier.sheet);

export const parcel = (weight: number, type: PackageType = 'package', side = 10): Parcel => ({
  type,
  weight,
  width: side,
  height: side,
  length: side,
});

export const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  territory: 'cz',
  language: 'cs',
  currency: 'CZK',
  from: { country: 'cz', zip: '10000', city: 'Praha' },
  to: { country: 'cz', zip: '60200', city: 'Brno' },
  packages: [parcel(2)],
  cod: null,
  insurance: null,
  hdf: false,
  pickupDate: null,
  fromTime: null,
  toTime: null,
  preferDeliveryBranch: false,
  complete: false,
  ...overrides,
});

const ZIPS: Record<string, string[]> = {
  cz: ['10000', '11000', '60200', '70030', '37001'],
  sk: ['81104', '04001', '01001', '97401'],
  de: ['10115', '27498', '80331'],
  es: ['28001', '35001', '38001'],
  fi: ['00100', '22100'],
  at: ['1010'],
  pl: ['00-001'],
  gb: ['SW1A1AA'],
  us: ['10001'],
  cn: ['100000'],
  br: ['01000000'],
};
const COUNTRIES = Object.keys(ZIPS);

const placeArb = (weighted: string[]) =>
  fc.constantFrom(...weighted).chain((country) => fc.constantFrom(...ZIPS[country]).map((zip) => ({ country, zip, city: 'X' })));

export const parcelArb = fc.record({
  type: fc.constantFrom<PackageType>('package', 'package', 'envelope', 'tire', 'pallet'),
  weight: fc.double({ min: 0.01, max: 1000, noNaN: true }).map((w) => Math.round(w * 100) / 100 || 0.01),
  width: fc.integer({ min: 1, max: 400 }),
  height: fc.integer({ min: 1, max: 400 }),
  length: fc.integer({ min: 1, max: 400 }),
});

const moneyArb = (currencies: CurrencyCode[], max: number) =>
  fc.record({ value: fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100), currency: fc.constantFrom(...currencies) });

/** Any valid shipment: mostly CZ/SK routes, some international, any packages and services. */
export const shipmentArb: fc.Arbitrary<Shipment> = fc
  .record({
    territory: fc.constantFrom<'cz' | 'sk'>('cz', 'sk'),
    language: fc.constantFrom<'cs' | 'en'>('cs', 'en'),
    currency: fc.constantFrom<CurrencyCode>('CZK', 'EUR'),
    from: placeArb(['cz', 'cz', 'cz', 'sk', 'sk', ...COUNTRIES]),
    to: placeArb(['cz', 'cz', 'sk', 'sk', ...COUNTRIES]),
    packages: fc.array(parcelArb, { minLength: 1, maxLength: 10 }),
    withCod: fc.boolean(),
    codValue: fc.integer({ min: 0, max: 300_000 }),
    insurance: fc.option(moneyArb(['CZK', 'EUR'], 3_000_000), { nil: null }),
    hdf: fc.boolean(),
    preferDeliveryBranch: fc.boolean(),
    complete: fc.boolean(),
  })
  .map(({ withCod, codValue, ...rest }) => {
    const allowed = codCurrencies(rest.from.country, rest.to.country);
    const cod = withCod ? { value: codValue, currency: allowed[0] ?? 'CZK' } : null;
    return { ...rest, cod, pickupDate: null, fromTime: null, toTime: null };
  });

/** Any instant in 2026-2027 (weekends, holidays and evenings included). */
export const nowArb = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T23:59:59Z'), noInvalidDate: true });

const money = v.strictObject({ value: v.number(), currency: v.picklist(['CZK', 'EUR', 'USD', 'GBP', 'ZAR', 'HUF', 'PLN']) });
const nullableText = v.nullable(v.string());
const problem = v.strictObject({ code: v.string(), message: v.pipe(v.string(), v.minLength(1)), field: v.optional(v.string()) });

/** Every field of spec §3 Quote with its type; strict, so no field is left over either. */
export const QuoteContractSchema = v.strictObject({
  id: v.pipe(v.string(), v.minLength(1)),
  serviceId: v.pipe(v.string(), v.minLength(1)),
  serviceName: v.pipe(v.string(), v.minLength(1)),
  complete: v.boolean(),
  type: v.picklist(['ONDEMAND', 'DROPOFF', 'REGULAR']),
  shipmentCategory: v.picklist(['domestic', 'import', 'export']),
  price: v.nullable(money),
  priceVat: v.nullable(money),
  /** beyond §3: what the carrier collects, only on a quote with cash on delivery (spec §5 includeShipmentCosts) */
  codAmount: v.optional(money),
  restrictions: v.array(problem),
  errors: v.array(problem),
  carrier: v.strictObject({ code: v.string(), name: v.string() }),
  rating: v.strictObject({ score: v.pipe(v.number(), v.minValue(0), v.maxValue(5)), count: v.pipe(v.number(), v.integer()) }),
  // cod: the carrier's COD maximum in koruny and euros (issue 26, beyond §3: the Slovak site states its EUR figure up front)
  limits: v.strictObject({ weight: v.number(), insurance: money, cod: v.optional(v.strictObject({ CZK: v.number(), EUR: v.number() })) }),
  attributes: v.strictObject({
    affiliate: v.boolean(),
    pickupBranchRequired: v.boolean(),
    deliveryBranchRequired: v.boolean(),
    deliveryBranchSupported: v.boolean(),
    expressDelivery: v.boolean(),
    trackingAvailable: v.boolean(),
    labelPrintingRequired: v.boolean(),
    customsClearanceRequired: v.boolean(),
    ownInvoiceUploadAllowed: v.boolean(),
    addressLevelLock: v.picklist([0, 1, 2]),
    freightType: v.picklist(['parcel', 'pallet', 'envelope', 'tire']),
    deliveryBranchPreferred: v.boolean(),
  }),
  timeInTransit: v.strictObject({
    orderTimeLimit: v.nullable(v.pipe(v.string(), v.isoTime())),
    pickupDate: v.nullable(v.pipe(v.string(), v.isoDate())),
    deliveryDate: v.nullable(v.pipe(v.string(), v.isoDate())),
    pickupFromTime: nullableText,
    pickupToTime: nullableText,
    pickupWindow: nullableText,
    deliveryFromTime: nullableText,
    deliveryToTime: nullableText,
    deliveryWindow: nullableText,
    hoursInTransit: v.nullable(v.number()),
  }),
  charges: v.array(
    v.strictObject({ code: v.picklist(['base', 'fuel', 'cod', 'insurance', 'express', 'hdf', 'toll', 'vat']), amount: money }),
  ),
});

export const minor = (value: number) => Math.round(value * 100);
