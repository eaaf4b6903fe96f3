import countries from 'i18n-iso-countries';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteCountrySchema, QuoteDetailRequestSchema, QuoteRequestSchema, RatesListRequestSchema } from '../../src/lib/schemas/quote';
import { TimeWindowsSchema } from '../../src/lib/schemas/shipping-data';
import { issuesToFieldErrors } from '../../src/server/http/validate';

const fields = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : issuesToFieldErrors(result.issues).map((e) => `${e.field}: ${e.code}`);
};

const valid = { from: { country: 'cz' }, to: { country: 'sk' } };

describe('quote request schema (spec §7 payload)', () => {
  // the fixed dates below are within the pickup horizon of this day
  beforeEach(() => vi.setSystemTime(new Date('2026-03-10T10:00:00Z')));
  afterEach(() => vi.useRealTimers());

  it('accepts form strings and normalizes codes, zips and numbers', () => {
    const out = v.parse(QuoteRequestSchema, {
      from: { country: 'CZ', zip: '110 00', city: ' Praha ' },
      to: { country: 'sk', zip: 81104, city: 'Bratislava', street: 'Hlavná 1' },
      packages: [{ type: '10', weight: '2,5', width: '30', height: '', length: null }],
      currency: 'eur',
      pickup_date: '2026-03-12',
      from_time: '09:00',
      prefer_delivery_branch: 1,
      services: [
        { code: 'cod', data: { value: { value: '1500.50', currency: 'EUR' }, include_shipping_costs: true } },
        { code: 'ins', data: { value: 20000, currency: 'CZK' } },
        { code: 'hdf', data: {} },
      ],
      platform: 'SM',
    });
    expect(out.from).toEqual({ country: 'cz', zip: '11000', city: 'Praha' });
    expect(out.to).toMatchObject({ country: 'sk', zip: '81104', street: 'Hlavná 1' });
    expect(out.packages).toEqual([{ type: 10, weight: 2.5, width: 30, height: undefined, length: undefined }]);
    expect(out.currency).toBe('EUR');
    expect(out.prefer_delivery_branch).toBe(true);
    expect(out.services[0]).toMatchObject({ code: 'cod', data: { value: { value: 1500.5, currency: 'EUR' } } });
    expect(out.services[1]).toEqual({ code: 'ins', data: { value: { value: 20000, currency: 'CZK' } } });
  });

  it('reports bad packages on their fields', () => {
    const packages = [{ weight: -1 }, { weight: 1001 }, { weight: 'abc' }, { width: 401 }, { length: 0 }, { type: 5 }];
    expect(fields(QuoteRequestSchema, { ...valid, packages })).toEqual([
      'packages.0.weight: validation.too_low',
      'packages.1.weight: validation.too_high',
      'packages.2.weight: validation.number',
      'packages.3.width: validation.too_high',
      'packages.4.length: validation.too_low',
      'packages.5.type: validation.package_type',
    ]);
  });

  it('refuses more than 10 packages', () => {
    expect(fields(QuoteRequestSchema, { ...valid, packages: Array.from({ length: 11 }, () => ({})) })).toEqual([
      'packages: validation.too_many_packages',
    ]);
    expect(fields(QuoteRequestSchema, { ...valid, packages: Array.from({ length: 10 }, () => ({})) })).toEqual([]);
  });

  it('refuses unknown countries, missing addresses and wrong CZ/SK zips', () => {
    expect(fields(QuoteRequestSchema, { from: { country: 'cz' }, to: { country: 'xx' } })).toEqual(['to.country: validation.country_code']);
    expect(fields(QuoteRequestSchema, { from: { country: 'cz' } })).toEqual(['to: validation.required']);
    expect(fields(QuoteRequestSchema, { from: { country: 'cz', zip: '81104' }, to: { country: 'sk', zip: '11000' } })).toEqual([
      'from.zip: validation.zip',
      'to.zip: validation.zip',
    ]);
  });

  it('enforces the cash-on-delivery currencies of the route on services.cod.currency', () => {
    const cod = (from: string, to: string, currency: string) => ({
      from: { country: from },
      to: { country: to },
      services: [{ code: 'cod', data: { value: { value: 100, currency } } }],
    });
    expect(fields(QuoteRequestSchema, cod('cz', 'cz', 'EUR'))).toEqual(['services.cod.currency: validation.cod_currency']);
    expect(fields(QuoteRequestSchema, cod('cz', 'cz', 'CZK'))).toEqual([]);
    expect(fields(QuoteRequestSchema, cod('cz', 'sk', 'EUR'))).toEqual([]);
    expect(fields(QuoteRequestSchema, cod('sk', 'sk', 'CZK'))).toEqual(['services.cod.currency: validation.cod_currency']);
    expect(fields(QuoteRequestSchema, cod('sk', 'cz', 'CZK'))).toEqual([]);
  });

  it('refuses impossible dates and times', () => {
    expect(fields(QuoteRequestSchema, { ...valid, pickup_date: '2026-02-30', from_time: '25:00' })).toEqual([
      'pickup_date: validation.date',
      'from_time: validation.time',
    ]);
    expect(fields(QuoteRequestSchema, { ...valid, pickup_date: '', from_time: '' })).toEqual([]);
  });

  it('requires service_group_id in a detail', () => {
    expect(fields(QuoteDetailRequestSchema, valid)).toEqual(['service_group_id: validation.required']);
    expect(v.parse(QuoteDetailRequestSchema, { ...valid, service_group_id: 'dpd-classic', delivery_branch_location: 1, type: 'ondemand' })).toMatchObject({
      service_group_id: 'dpd-classic',
      delivery_branch_location: '1',
      type: 'ONDEMAND',
    });
  });

  it('knows every ISO 3166 country', () => {
    for (const code of Object.keys(countries.getAlpha2Codes())) expect(v.is(QuoteCountrySchema, code.toLowerCase())).toBe(true);
  });
});

describe('rates list schema', () => {
  it('accepts weights as strings and needs at least one route', () => {
    expect(v.parse(RatesListRequestSchema, { carrier: 'dpd', weights: ['0.5', 2], combinations: [{ from: 'CZ', to: 'de' }] })).toEqual({
      carrier: 'dpd',
      weights: [0.5, 2],
      combinations: [{ from: 'cz', to: 'de' }],
    });
    expect(fields(RatesListRequestSchema, { combinations: [] })).toEqual(['combinations: validation.required']);
  });
});

describe('pickup date bounds', () => {
  afterEach(() => vi.useRealTimers());
  const pickup = (date: string) => fields(QuoteRequestSchema, { ...valid, pickup_date: date });

  it('takes today up to a year ahead and refuses the rest on the field', () => {
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    expect(pickup('2026-11-23')).toEqual([]);
    expect(pickup('2027-11-23')).toEqual([]);
    expect(pickup('2026-11-22')).toEqual(['pickup_date: validation.date_range']);
    expect(pickup('2027-11-24')).toEqual(['pickup_date: validation.date_range']);
    expect(pickup('9999-12-31')).toEqual(['pickup_date: validation.date_range']);
    expect(pickup('1999-01-01')).toEqual(['pickup_date: validation.date_range']);
  });

  it('counts days in Prague: just after midnight there, it is already the next day', () => {
    // 23:30 UTC on 23 Nov is 00:30 on 24 Nov in Prague (CET, UTC+1)
    vi.setSystemTime(new Date('2026-11-23T23:30:00Z'));
    expect(pickup('2026-11-23')).toEqual(['pickup_date: validation.date_range']);
    expect(pickup('2026-11-24')).toEqual([]);
    expect(pickup('2027-11-24')).toEqual([]);
    // and in summer (CEST, UTC+2): 22:30 UTC is 00:30 the next day
    vi.setSystemTime(new Date('2026-07-01T22:30:00Z'));
    expect(pickup('2026-07-01')).toEqual(['pickup_date: validation.date_range']);
    expect(pickup('2026-07-02')).toEqual([]);
  });

  it('bounds the time-window date the same way', () => {
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    expect(fields(TimeWindowsSchema, { carrier: 'dpd', date: '2026-11-24' })).toEqual([]);
    expect(fields(TimeWindowsSchema, { carrier: 'dpd', date: '9999-12-31' })).toEqual(['date: validation.date_range']);
    expect(fields(TimeWindowsSchema, { carrier: 'dpd', date: '2026-11-20' })).toEqual(['date: validation.date_range']);
  });
});
