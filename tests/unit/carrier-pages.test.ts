import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARRIER_PAGES, NETWORK_NAMES, priceTableCombinations } from '../../src/components/carrier-page/carrier-facts';
import { redirectFor } from '../../src/edge/redirects';
import { PARCEL_POINT_CARRIERS } from '../../src/lib/types/quote';
import { routeIds } from '../../src/routes';
import { carrierByCode } from '../../src/server/carriers';
import { quoteCarrier } from '../../src/server/carriers/pricing/engine';
import type { Shipment } from '../../src/server/carriers/pricing/shipment';

const translations = (locale: 'cs' | 'en') =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../translations/areas/carriers.${locale}.json`), 'utf8')) as Record<string, string>;

const parcel = (from: string, to: string): Shipment => ({
  territory: 'cz',
  language: 'cs',
  currency: 'CZK',
  from: { country: from, zip: from === 'cz' ? '11000' : '', city: 'Praha' },
  to: { country: to, zip: to === 'cz' ? '60200' : '', city: 'X' },
  packages: [{ type: 'package', weight: 1, width: 10, height: 10, length: 10 }],
  cod: null,
  insurance: null,
  hdf: false,
  pickupDate: null,
  fromTime: null,
  toTime: null,
  preferDeliveryBranch: false,
  complete: true,
});

describe('carrier pages (spec §2.4)', () => {
  it('cover every carrier route of the route table, each with a real carrier', () => {
    expect(CARRIER_PAGES.map((p) => p.id).sort()).toEqual(routeIds.filter((id) => id.startsWith('carrier-')).sort());
    for (const page of CARRIER_PAGES) expect(carrierByCode(page.code)?.code, page.id).toBe(page.code);
  });

  it('show price-table columns only for destinations the carrier carries a 1 kg parcel to from CZ', () => {
    for (const page of CARRIER_PAGES) {
      const sheet = carrierByCode(page.code)!.sheet;
      for (const { from, to } of priceTableCombinations(page, 'cz')) {
        const priced = quoteCarrier(sheet, parcel(from, to), { exchangeRates: { CZK: 1 }, now: new Date('2026-03-02T09:00:00Z') }).some((q) => q.priceVat !== null);
        expect(priced, `${page.code} ${from}→${to}`).toBe(true);
      }
    }
  });

  it('link a parcel-point network only where the search has one', () => {
    for (const page of CARRIER_PAGES) if (page.network) expect(PARCEL_POINT_CARRIERS).toContain(page.network);
    for (const network of PARCEL_POINT_CARRIERS) expect(NETWORK_NAMES[network]).toBeTruthy();
  });

  it('have their texts in cs and en, with descriptions of 120 to 160 characters', () => {
    for (const locale of ['cs', 'en'] as const) {
      const t = translations(locale);
      for (const { code } of CARRIER_PAGES) {
        for (const suffix of ['lead', 'good1', 'good2', 'good3', 'network']) expect(t[`carriers.${code}.${suffix}`], `${locale} ${code}.${suffix}`).toBeTruthy();
        const description = t[`carriers.${code}.description`]!;
        expect(description.length, `${locale} ${code}: ${description}`).toBeGreaterThanOrEqual(120);
        expect(description.length, `${locale} ${code}: ${description}`).toBeLessThanOrEqual(160);
      }
      for (const key of Object.keys(t).filter((k) => k.endsWith('description'))) {
        expect(t[key]!.length, `${locale} ${key}`).toBeGreaterThanOrEqual(120);
        expect(t[key]!.length, `${locale} ${key}`).toBeLessThanOrEqual(160);
      }
    }
  });

  it('redirect the retired and renamed carriers in both languages (§2.4)', () => {
    const on = (p: string) => redirectFor(new URL(`https://www.zasilkovac.cz${p}`), { czHost: 'www.zasilkovac.cz', skHost: 'www.zasilkovac.sk' });
    expect(on('/dopravce/grid-online')?.location).toBe('/');
    expect(on('/en/carrier/grid-online')?.location).toBe('/en');
    expect(on('/dopravce/wedo')?.location).toBe('/dopravce/one-by-allegro');
    expect(on('/en/carrier/wedo')?.location).toBe('/en/carrier/one-by-allegro');
    expect(on('/dopravce/one-by-allegro')).toBeNull();
  });
});
