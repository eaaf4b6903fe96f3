import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '../../src/lib/language';
import { VAT_LEGENDS, vatBusinessOf, vatLegend, vatRule } from '../../src/server/services/orders/vat-rule';

const at = (country: string, zip = '') => ({ country, zip });
const skBusiness = { country: 'SK', vatId: 'SK2020273893' };
const czBusiness = { country: 'CZ', vatId: 'CZ27082440' };

describe('VAT of a transport by customer and route (docs/vat.md)', () => {
  it('reverse-charges a Slovak business with an IČ DPH, whatever the route', () => {
    for (const [from, to] of [['cz', 'sk'], ['sk', 'sk'], ['cz', 'cz'], ['sk', 'ch']]) {
      expect(vatRule({ business: skBusiness, from: at(from!), to: at(to!) })).toEqual({ rate: 0, scheme: 'reverse-charge', taxCountry: 'SK' });
    }
  });

  it('charges a Czech business Czech VAT (place of supply: its seat), exempts export transport', () => {
    expect(vatRule({ business: czBusiness, from: at('sk'), to: at('sk') })).toEqual({ rate: 21, scheme: 'domestic', taxCountry: 'CZ' });
    expect(vatRule({ business: czBusiness, from: at('cz'), to: at('ch') })).toEqual({ rate: 0, scheme: 'export', taxCountry: null });
  });

  it('a business outside the EU: not subject to EU VAT', () => {
    expect(vatRule({ business: { country: 'CH', vatId: 'CHE123' }, from: at('cz'), to: at('sk') })).toMatchObject({ rate: 0, scheme: 'outside-scope' });
  });

  it('a consumer: the departure of an intra-EU transport, else where it takes place', () => {
    expect(vatRule({ business: null, from: at('cz'), to: at('sk') })).toEqual({ rate: 21, scheme: 'domestic', taxCountry: 'CZ' });
    expect(vatRule({ business: null, from: at('cz'), to: at('cz') })).toEqual({ rate: 21, scheme: 'domestic', taxCountry: 'CZ' });
    expect(vatRule({ business: null, from: at('sk'), to: at('sk') })).toEqual({ rate: 23, scheme: 'oss', taxCountry: 'SK' });
    expect(vatRule({ business: null, from: at('sk'), to: at('cz') })).toEqual({ rate: 23, scheme: 'oss', taxCountry: 'SK' });
    expect(vatRule({ business: null, from: at('cz'), to: at('de') })).toEqual({ rate: 21, scheme: 'domestic', taxCountry: 'CZ' });
  });

  it('a consumer: export transport is exempt; outside the EU altogether not subject; an unknown member state rate is left to the caller', () => {
    expect(vatRule({ business: null, from: at('cz'), to: at('us') })).toMatchObject({ rate: 0, scheme: 'export' });
    expect(vatRule({ business: null, from: at('es', '35001'), to: at('cz') })).toMatchObject({ rate: 21, scheme: 'domestic' }); // Canary Islands: outside the EU VAT/customs territory
    expect(vatRule({ business: null, from: at('ch'), to: at('gb') })).toMatchObject({ rate: 0, scheme: 'outside-scope' });
    expect(vatRule({ business: null, from: at('de'), to: at('cz') })).toBeNull();
  });

  it('a Slovak company without an IČ DPH buys as a consumer; a DIČ with its EU prefix is a VAT id', () => {
    expect(vatBusinessOf({ type: 'company', dic: '2020273893', icDph: null })).toBeNull();
    expect(vatBusinessOf({ type: 'company', dic: '2020273893', icDph: 'SK2020273893' })).toEqual(skBusiness);
    expect(vatBusinessOf({ type: 'company', dic: 'CZ27082440', icDph: null })).toEqual(czBusiness);
    expect(vatBusinessOf({ type: 'account', dic: 'EL123456789', icDph: null })).toEqual({ country: 'GR', vatId: 'EL123456789' });
    expect(vatBusinessOf({ type: 'person', dic: 'CZ27082440', icDph: null })).toBeNull();
  });

  it('states a legend in every content language for every scheme but Czech VAT at home', () => {
    expect(vatLegend('domestic', 'sk')).toBeNull();
    for (const scheme of Object.keys(VAT_LEGENDS) as (keyof typeof VAT_LEGENDS)[]) for (const language of CONTENT_LANGUAGES) expect(VAT_LEGENDS[scheme][language].length).toBeGreaterThan(20);
    expect(vatLegend('reverse-charge', 'cs')).toContain('Daň odvede zákazník');
    expect(vatLegend('reverse-charge', 'en')).toContain('Reverse charge');
  });
});
