import { describe, expect, it } from 'vitest';
import { cheapestColumns, promoOffer, promoPrice, transitDays, transitRange, type CarrierTable } from '../../src/components/price-list/table';
import type { RateCell } from '../../src/server/services/rates';

const cell = (carrier: string, weight: number, value: number, deliveryDate: string | null = null): RateCell => ({
  id: `${carrier}:x:cz:de:${weight}`,
  weight,
  price: { value: value / 1.21, currency: 'CZK' },
  priceVat: { value, currency: 'CZK' },
  carrier: { code: carrier, name: carrier.toUpperCase() },
  serviceId: `${carrier}-x`,
  serviceName: 'X',
  deliveryDate,
});

const table: CarrierTable = {
  weights: [0.5, 1, 2],
  currency: 'CZK',
  columns: [
    { code: 'dpd', name: 'DPD', cells: [cell('dpd', 0.5, 199), cell('dpd', 1, 219), cell('dpd', 2, 259)] },
    { code: 'gls', name: 'GLS', cells: [cell('gls', 0.5, 189), cell('gls', 1, 219), null] },
    { code: 'ups', name: 'UPS', cells: [null, null, null] },
  ],
};

describe('price-list table shaping', () => {
  it('marks the cheapest carrier of each weight, every one on a tie, none where fewer than two carriers price it', () => {
    expect(cheapestColumns(table).map((s) => [...s])).toEqual([[1], [0, 1], []]);
    expect(cheapestColumns({ ...table, columns: [table.columns[0]!] }).map((s) => s.size)).toEqual([0, 0, 0]);
    expect(cheapestColumns({ ...table, columns: [table.columns[2]!] }).map((s) => s.size)).toEqual([0, 0, 0]);
  });

  it('counts working days to the delivery date from today in Prague (weekends and holidays skipped)', () => {
    const friday = new Date('2026-11-20T09:00:00Z');
    expect(transitDays('2026-11-23', friday)).toBe(1);
    expect(transitDays('2026-11-20', friday)).toBe(0);
    expect(transitDays(null, friday)).toBeNull();
    // 24 December 2026 (Thursday) → 28 December: 24, 25 and 26 are Czech holidays
    expect(transitDays('2026-12-28', new Date('2026-12-23T09:00:00Z'))).toBe(1);
    const col = { code: 'dpd', name: 'DPD', cells: [cell('dpd', 0.5, 1, '2026-11-23'), cell('dpd', 1, 1, '2026-11-24'), null] };
    expect(transitRange(col, friday)).toEqual([1, 2]);
    expect(transitRange(table.columns[2]!, friday)).toBeNull();
  });

  it('reads a promotion price from ?cena= or ?price=, only a plain positive amount', () => {
    expect(promoPrice('cena=199')).toBe(199);
    expect(promoPrice('price=12,50')).toBe(12.5);
    expect(promoPrice('cena=-5')).toBeNull();
    expect(promoPrice('cena=0')).toBeNull();
    expect(promoPrice('cena=1e9')).toBeNull();
    expect(promoPrice('')).toBeNull();
  });

  it('checks a promotion against the live table: the heaviest weight within the price, else the cheapest price', () => {
    expect(promoOffer(table, 220).within).toEqual({ weight: 1, carrier: 'DPD', value: 219 });
    expect(promoOffer(table, 190).within).toEqual({ weight: 0.5, carrier: 'GLS', value: 189 });
    expect(promoOffer(table, 100)).toEqual({ within: null, cheapest: { weight: 0.5, carrier: 'GLS', value: 189 } });
  });
});
