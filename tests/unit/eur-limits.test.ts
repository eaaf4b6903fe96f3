import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { codOverview } from '../../src/server/api/price-lists';
import { CARRIERS } from '../../src/server/carriers';
import { quoteCarrier, unavailableQuote } from '../../src/server/carriers/pricing/engine';
import type { Shipment } from '../../src/server/carriers/pricing/shipment';
import { carrierFacts } from '../../src/server/services/carrier-info';
import { context, RATES, SHEETS, shipment } from './quote-fixtures';

// the fixtures' 24.95 CZK per euro: 100 000 Kč would convert to 4 008,02 €, but the carrier's own limit is 4 000 €
const sheetOf = (code: string) => SHEETS.find((s) => s.carrier === code)!;
const quoteOf = (code: string, serviceId: string, s: Shipment): Quote => quoteCarrier(sheetOf(code), s, context(), serviceId)[0]!;
const problemOf = (quote: Quote, code: string) => quote.restrictions.find((r) => r.code === code);
const charge = (quote: Quote, code: string) => quote.charges.find((c) => c.code === code)?.amount.value;
/** NBSP-insensitive */
const plain = (text: string | undefined) => text?.replace(/\s/g, ' ');

const slovak = (overrides: Partial<Shipment> = {}) =>
  shipment({
    territory: 'sk',
    language: 'sk',
    currency: 'EUR',
    from: { country: 'sk', zip: '81104', city: 'Bratislava' },
    to: { country: 'sk', zip: '04001', city: 'Košice' },
    ...overrides,
  });

describe('cash on delivery limits by the COD currency', () => {
  it('holds a COD in euros to the sheet EUR limit and states it as 4 000 €', () => {
    const within = quoteOf('dpd', 'dpd-classic', slovak({ cod: { value: 4000, currency: 'EUR' } }));
    expect(problemOf(within, 'COD_LIMIT_EXCEEDED')).toBeUndefined();
    const over = quoteOf('dpd', 'dpd-classic', slovak({ cod: { value: 4000.01, currency: 'EUR' } }));
    expect(plain(problemOf(over, 'COD_LIMIT_EXCEEDED')?.message)).toBe('Dobierka môže byť najviac 4 000 €.');
    expect(problemOf(over, 'COD_LIMIT_EXCEEDED')?.field).toBe('services.cod.value');
  });

  it('states the EUR limit in the page language on the Czech site too (a COD in euros to Slovakia)', () => {
    const s = shipment({ to: { country: 'sk', zip: '81104', city: 'Bratislava' }, cod: { value: 1200.5, currency: 'EUR' } });
    expect(plain(problemOf(quoteOf('wedo', 'wedo-box', s), 'COD_LIMIT_EXCEEDED')?.message)).toBe('Dobírka může být nejvýše 1 200 €.');
  });

  it('still holds a COD in koruny to the CZK limit, also on the Slovak site', () => {
    const within = quoteOf('dpd', 'dpd-classic', shipment({ cod: { value: 100_000, currency: 'CZK' } }));
    expect(problemOf(within, 'COD_LIMIT_EXCEEDED')).toBeUndefined();
    const over = quoteOf('dpd', 'dpd-classic', shipment({ cod: { value: 100_000.01, currency: 'CZK' } }));
    expect(plain(problemOf(over, 'COD_LIMIT_EXCEEDED')?.message)).toBe('Dobírka může být nejvýše 100 000 Kč.');
    const toCz = slovak({ to: { country: 'cz', zip: '60200', city: 'Brno' } });
    expect(problemOf(quoteOf('dpd', 'dpd-classic', { ...toCz, cod: { value: 100_000, currency: 'CZK' } }), 'COD_LIMIT_EXCEEDED')).toBeUndefined();
    expect(plain(problemOf(quoteOf('dpd', 'dpd-classic', { ...toCz, cod: { value: 100_001, currency: 'CZK' } }), 'COD_LIMIT_EXCEEDED')?.message)).toBe(
      'Dobierka môže byť najviac 100 000 Kč.',
    );
  });
});

describe('insurance limits by the insured value currency', () => {
  it('holds a value in euros to the sheet EUR maximum and states it as 40 000 €', () => {
    expect(problemOf(quoteOf('dpd', 'dpd-classic', slovak({ insurance: { value: 40_000, currency: 'EUR' } })), 'INSURANCE_LIMIT_EXCEEDED')).toBeUndefined();
    const over = quoteOf('dpd', 'dpd-classic', slovak({ insurance: { value: 40_000.01, currency: 'EUR' } }));
    expect(plain(problemOf(over, 'INSURANCE_LIMIT_EXCEEDED')?.message)).toBe('Zásielku je možné poistiť najviac na 40 000 €.');
  });

  it('still holds a value in koruny to the CZK maximum', () => {
    expect(problemOf(quoteOf('dpd', 'dpd-classic', shipment({ insurance: { value: 1_000_000, currency: 'CZK' } })), 'INSURANCE_LIMIT_EXCEEDED')).toBeUndefined();
    const over = quoteOf('dpd', 'dpd-classic', shipment({ insurance: { value: 1_000_000.01, currency: 'CZK' } }));
    expect(plain(problemOf(over, 'INSURANCE_LIMIT_EXCEEDED')?.message)).toBe('Zásilku lze pojistit nejvýše na 1 000 000 Kč.');
  });

  it('charges a premium only above the cover the carrier states in euros (GLS: 1 000 €, at least 20 Kč)', () => {
    expect(charge(quoteOf('gls', 'gls-business-parcel', slovak({ insurance: { value: 1000, currency: 'EUR' } })), 'insurance')).toBeUndefined();
    const above = quoteOf('gls', 'gls-business-parcel', slovak({ insurance: { value: 1000.01, currency: 'EUR' } }));
    // the 20 Kč minimum premium, in euros at the rate
    expect(charge(above, 'insurance')).toBe(Math.floor(2000 / RATES.EUR + 0.5) / 100);
  });

  it('gives the quote its insurance limit from the sheet: 40 000 € in euros, 1 000 000 Kč in koruny', () => {
    expect(quoteOf('dpd', 'dpd-classic', slovak()).limits.insurance).toEqual({ value: 40_000, currency: 'EUR' });
    expect(quoteOf('dpd', 'dpd-classic', shipment()).limits.insurance).toEqual({ value: 1_000_000, currency: 'CZK' });
    expect(unavailableQuote(sheetOf('dpd'), slovak(), context(), 'dpd-classic').limits.insurance).toEqual({ value: 40_000, currency: 'EUR' });
  });
});

describe('limits stated up front', () => {
  it('the quote states the COD maximum in koruny and in euros as the sheet does, before any amount is typed', () => {
    expect(quoteOf('dpd', 'dpd-classic', slovak()).limits.cod).toEqual({ CZK: 100_000, EUR: 4_000 });
    expect(quoteOf('wedo', 'wedo-box', slovak()).limits.cod).toEqual({ CZK: 30_000, EUR: 1_200 });
    // no COD on the route or the service: no maximum to state
    expect(quoteOf('dpd', 'dpd-classic', slovak({ to: { country: 'de', zip: '10115', city: 'Berlin' } })).limits.cod).toBeUndefined();
  });


  it('carrier facts give the sheet EUR limits in euros and the CZK ones in koruny', () => {
    const dpd = CARRIERS.find((c) => c.code === 'dpd')!;
    const inEur = carrierFacts(dpd, 'EUR', context()).services.find((s) => s.id === 'dpd-classic')!;
    expect(inEur.cod).toEqual({ max: { value: 4000, currency: 'EUR' } });
    expect(inEur.insurance).toEqual({ included: { value: 2000, currency: 'EUR' }, max: { value: 40_000, currency: 'EUR' } });
    const inCzk = carrierFacts(dpd, 'CZK', context()).services.find((s) => s.id === 'dpd-classic')!;
    expect(inCzk.cod).toEqual({ max: { value: 100_000, currency: 'CZK' } });
  });

  it('the COD price list gives each service its sheet EUR maximum on the Slovak site', () => {
    const overview = codOverview(SHEETS, 'sk', 'EUR', RATES);
    for (const s of overview.services) {
      const sheet = sheetOf(s.carrier.code);
      const service = sheet.services.find((x) => x.name === s.service && x.surcharges.cod)!;
      expect(s.max).toEqual({ value: service.surcharges.cod!.maxEur, currency: 'EUR' });
    }
    expect(overview.services.find((s) => s.carrier.code === 'wedo')?.max).toEqual({ value: 1200, currency: 'EUR' });
  });

  it('every service states its limits in euros beside koruny (whole euros, about CZK / 25)', () => {
    const near = (eur: number, czk: number) => {
      expect(Number.isInteger(eur)).toBe(true);
      expect(Math.abs(eur * 25 - czk)).toBeLessThanOrEqual(czk * 0.05);
    };
    for (const sheet of SHEETS) {
      for (const service of sheet.services) {
        const { cod, insurance } = service.surcharges;
        if (cod) near(cod.maxEur, cod.max);
        near(insurance.includedEur, insurance.included);
        near(insurance.maxEur, insurance.max);
        expect(insurance.maxEur).toBeGreaterThanOrEqual(insurance.includedEur);
      }
    }
  });
});
