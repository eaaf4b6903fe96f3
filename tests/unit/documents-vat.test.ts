import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VatRate } from '../../src/server/documents/types';
import { computeVat, vatOf } from '../../src/server/documents/vat';

describe('vatOf', () => {
  it('rounds half up to the haléř/cent', () => {
    expect(vatOf(1000, 21)).toBe(210);
    expect(vatOf(50, 21)).toBe(11); // 10.5 → 11
    expect(vatOf(49, 21)).toBe(10); // 10.29 → 10
    expect(vatOf(150, 23)).toBe(35); // 34.5 → 35
    expect(vatOf(2, 23)).toBe(0); // 0.46 → 0
    expect(vatOf(3, 23)).toBe(1); // 0.69 → 1
    expect(vatOf(16446, 21)).toBe(3454); // 3453.66
    expect(vatOf(12345, 0)).toBe(0);
  });

  it('rounds a negative (discount) base half away from zero, symmetric to a positive one', () => {
    expect(vatOf(-50, 21)).toBe(-11);
    expect(vatOf(-49, 21)).toBe(-10);
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom<VatRate>(0, 21, 23), (base, rate) => vatOf(-base, rate) === -vatOf(base, rate) || base === 0));
  });

  it('equals the exact decimal rounding half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom<VatRate>(0, 21, 23), (base, rate) => {
        const halfUp = (BigInt(base) * BigInt(rate) + 50n) / 100n; // exact integer arithmetic
        expect(BigInt(vatOf(base, rate))).toBe(halfUp);
      }),
    );
  });

  it('refuses non-integer bases and unknown rates', () => {
    expect(() => vatOf(10.5, 21)).toThrow(RangeError);
    expect(() => vatOf(100, 20 as VatRate)).toThrow(RangeError);
  });
});

describe('computeVat', () => {
  it('computes each line, then sums per rate (CZ 21 %)', () => {
    const totals = computeVat([
      { quantity: 1, unitPriceMinor: 16446, vatRate: 21 },
      { quantity: 1, unitPriceMinor: 2479, vatRate: 21 },
      { quantity: 3, unitPriceMinor: 833, vatRate: 21 },
    ]);
    expect(totals.lines.map((l) => [l.baseMinor, l.vatMinor, l.totalMinor])).toEqual([
      [16446, 3454, 19900], // 3453.66 → 3454
      [2479, 521, 3000], // 520.59 → 521
      [2499, 525, 3024], // 524.79 → 525
    ]);
    expect(totals.byRate).toEqual([{ rate: 21, baseMinor: 21424, vatMinor: 4500, totalMinor: 25924 }]);
    expect(totals).toMatchObject({ baseMinor: 21424, vatMinor: 4500, totalMinor: 25924 });
    // per line rounding, not per document: 21 % of the base sum would be 4499.04 → 4499
    expect(vatOf(21424, 21)).toBe(4499);
  });

  it('works with SK 23 % and 0 % side by side, highest rate first', () => {
    const totals = computeVat([
      { quantity: 2, unitPriceMinor: 1235, vatRate: 23 },
      { quantity: 1, unitPriceMinor: 10000, vatRate: 0 },
      { quantity: 1, unitPriceMinor: 5000, vatRate: 23 },
    ]);
    expect(totals.lines.map((l) => l.vatMinor)).toEqual([568, 0, 1150]); // 2470 × 0.23 = 568.1
    expect(totals.byRate).toEqual([
      { rate: 23, baseMinor: 7470, vatMinor: 1718, totalMinor: 9188 },
      { rate: 0, baseMinor: 10000, vatMinor: 0, totalMinor: 10000 },
    ]);
    expect(totals.totalMinor).toBe(19188);
  });

  it('keeps the line objects (description etc.) and supports discount lines', () => {
    const totals = computeVat([
      { description: 'Přeprava', quantity: 1, unitPriceMinor: 20000, vatRate: 21 as const },
      { description: 'Sleva', quantity: 1, unitPriceMinor: -2050, vatRate: 21 as const },
    ]);
    expect(totals.lines[1]).toMatchObject({ description: 'Sleva', baseMinor: -2050, vatMinor: -431, totalMinor: -2481 }); // -430.5 → -431
    expect(totals.totalMinor).toBe(24200 - 2481);
  });

  it('refuses fractional quantities and prices', () => {
    expect(() => computeVat([{ quantity: 1.5, unitPriceMinor: 100, vatRate: 21 }])).toThrow(RangeError);
    expect(() => computeVat([{ quantity: 0, unitPriceMinor: 100, vatRate: 21 }])).toThrow(RangeError);
    expect(() => computeVat([{ quantity: 1, unitPriceMinor: 99.5, vatRate: 21 }])).toThrow(RangeError);
  });

  it('always adds up: totals = sum of lines, per rate and overall, to the haléř', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 50 }),
      unitPriceMinor: fc.integer({ min: -100_000, max: 10_000_000 }),
      vatRate: fc.constantFrom<VatRate>(0, 21, 23),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = computeVat(lines);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        for (const l of totals.lines) {
          expect(l.baseMinor).toBe(l.quantity * l.unitPriceMinor);
          expect(l.totalMinor).toBe(l.baseMinor + l.vatMinor);
          expect(Number.isInteger(l.vatMinor)).toBe(true);
        }
        for (const row of totals.byRate) {
          const mine = totals.lines.filter((l) => l.vatRate === row.rate);
          expect(row.baseMinor).toBe(sum(mine.map((l) => l.baseMinor)));
          expect(row.vatMinor).toBe(sum(mine.map((l) => l.vatMinor)));
          expect(row.totalMinor).toBe(row.baseMinor + row.vatMinor);
        }
        expect(totals.baseMinor).toBe(sum(totals.lines.map((l) => l.baseMinor)));
        expect(totals.vatMinor).toBe(sum(totals.lines.map((l) => l.vatMinor)));
        expect(totals.totalMinor).toBe(sum(totals.lines.map((l) => l.totalMinor)));
        expect(totals.totalMinor).toBe(sum(totals.byRate.map((r) => r.totalMinor)));
      }),
    );
  });
});
