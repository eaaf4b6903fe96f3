import { describe, expect, it } from 'vitest';
import { discountedLines, orderSums, recapOfTotal, recapSums, vatOfBase, type ListItem } from '../../src/lib/invoice-sums';

const listed = (baseMinor: number, vatRate = 21): ListItem => ({ baseMinor, totalMinor: baseMinor + vatOfBase(baseMinor, vatRate), vatRate, paidMinor: baseMinor + vatOfBase(baseMinor, vatRate) });
const off = (item: ListItem, paidMinor: number): ListItem => ({ ...item, paidMinor });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** every rate's lines sum to its recap, and its recap is base + round(base × rate) */
function expectConsistent(items: ListItem[]) {
  const { lines, roundingMinor } = discountedLines(items);
  const sums = recapSums(lines);
  for (const row of sums.byRate) {
    const ofRate = sums.lines.filter((l) => l.vatRate === row.rate);
    expect(sum(ofRate.map((l) => l.baseMinor))).toBe(row.baseMinor);
    expect(sum(ofRate.map((l) => l.vatMinor))).toBe(row.vatMinor);
    expect(sum(ofRate.map((l) => l.totalMinor))).toBe(row.totalMinor);
    expect(row.vatMinor).toBe(vatOfBase(row.baseMinor, row.rate));
    for (const l of ofRate) expect(l.baseMinor + l.vatMinor).toBe(l.totalMinor);
  }
  expect(sums.totalMinor + roundingMinor).toBe(sum(items.map((i) => i.paidMinor)));
  expect(Math.abs(roundingMinor)).toBeLessThanOrEqual(items.length);
  return { lines, sums, roundingMinor };
}

describe('invoice sums', () => {
  it('lines sum to the recap per rate', () => {
    const sums = recapSums([
      { baseMinor: 8256, vatRate: 21 },
      { baseMinor: 8256, vatRate: 21 },
      { baseMinor: 8256, vatRate: 21 },
      { baseMinor: 10000, vatRate: 0 },
    ]);
    expect(sums.byRate.map((r) => r.rate)).toEqual([21, 0]);
    const at21 = sums.lines.filter((l) => l.vatRate === 21);
    expect(sum(at21.map((l) => l.vatMinor))).toBe(sums.byRate[0]!.vatMinor);
    expect(sum(at21.map((l) => l.totalMinor))).toBe(sums.byRate[0]!.totalMinor);
    // 3 × 17.34 is 52.02, the recap's round(247.68 × 21 %) is 52.01: one line takes the haléř, the others keep their price
    expect(at21.map((l) => l.vatMinor).sort()).toEqual([1733, 1734, 1734]);
    expect(sums.totalMinor).toBe(24768 + 5201 + 10000);
  });

  it('recap VAT = round(base × rate)', () => {
    for (const rate of [21, 23]) {
      for (let total = 0; total < 2000; total++) {
        const recap = recapOfTotal(total, rate);
        expect(recap.vatMinor).toBe(vatOfBase(recap.baseMinor, rate));
        expect(recap.baseMinor + recap.vatMinor + recap.roundingMinor).toBe(total);
        expect(Math.abs(recap.roundingMinor)).toBeLessThanOrEqual(1);
      }
    }
    expect(vatOfBase(24768, 21)).toBe(5201);
    expect(vatOfBase(-2479, 21)).toBe(-521);
  });

  it('discount spread over lines keeps each rate’s sums consistent', () => {
    for (const rate of [21, 23]) {
      for (let base = 4200; base < 16_000; base += 113) {
        const items = [listed(base, rate), listed(20_000 - base, rate), listed(2 * base + 3, rate)];
        const list = sum(items.map((i) => i.totalMinor));
        for (const discount of [0, 1, 5000, Math.round(list / 10), list]) {
          const share = Math.floor(discount / 3);
          const { lines, roundingMinor } = expectConsistent([off(items[0]!, items[0]!.totalMinor - share), off(items[1]!, items[1]!.totalMinor - share), off(items[2]!, items[2]!.totalMinor - (discount - 2 * share))]);
          expect(lines.filter((l) => l.discount).map((l) => l.totalMinor)).toEqual(discount ? [-discount] : []);
          // the list lines keep their list prices but the largest, which gives up a rounding haléř where no base reaches the amount paid
          const changed = lines.filter((l) => !l.discount && l.totalMinor !== items[l.item!]!.totalMinor);
          expect(changed.length).toBeLessThanOrEqual(1);
          expect(sum(changed.map((l) => items[l.item!]!.totalMinor - l.totalMinor!))).toBe(roundingMinor);
        }
      }
    }
  });

  it('a 10 % discount on 3 × 99.90 adds up to the cent', () => {
    const item = listed(8256);
    expect(item.totalMinor).toBe(9990);
    // 10 % off each line's base (74.30) and its VAT again: 89.90 a line
    const items = [0, 1, 2].map(() => off(item, 7430 + vatOfBase(7430, 21)));
    const { lines, sums, roundingMinor } = expectConsistent(items);
    expect(roundingMinor).toBe(0);
    expect(lines.map((l) => l.totalMinor)).toEqual([9990, 9990, 9990, -3000]);
    expect(sums.byRate).toEqual([{ rate: 21, baseMinor: 22289, vatMinor: 4681, totalMinor: 26970 }]);
    expect(orderSums(items)).toEqual({ listMinor: 29970, discountMinor: 3000, totalMinor: 26970, baseMinor: 22289, vatMinor: 4681, roundingMinor: 0 });
  });

  it('zero discount leaves lines unchanged', () => {
    const one = [listed(8256)];
    expect(discountedLines(one).lines).toEqual([{ baseMinor: 8256, totalMinor: 9990, vatRate: 21, item: 0 }]);
    const two = [listed(10000), listed(5000)];
    expect(discountedLines(two)).toEqual({ lines: [{ baseMinor: 10000, totalMinor: 12100, vatRate: 21, item: 0 }, { baseMinor: 5000, totalMinor: 6050, vatRate: 21, item: 1 }], roundingMinor: 0 });
    // where the lines' VATs round apart from the recap's, the haléř of base goes on the largest line: every price stays
    const three = [listed(8256), listed(8256), listed(8000)];
    const { lines } = expectConsistent(three);
    expect(lines.map((l) => l.totalMinor)).toEqual(three.map((i) => i.totalMinor));
    expect(lines.some((l) => l.discount)).toBe(false);
  });

  it('totals in EUR too (23 %)', () => {
    // 3 × 12.29 € with VAT (base 9.99), 10 % off each base
    const item = listed(999, 23);
    expect(item.totalMinor).toBe(1229);
    const items = [0, 1, 2].map(() => off(item, 899 + vatOfBase(899, 23)));
    const { sums, roundingMinor } = expectConsistent(items);
    const totals = orderSums(items);
    expect(totals.listMinor - totals.discountMinor).toBe(totals.totalMinor);
    expect(totals.baseMinor + totals.vatMinor + roundingMinor).toBe(totals.totalMinor);
    expect(totals.totalMinor).toBe(3 * 1106);
    expect(sums.byRate[0]!.vatMinor).toBe(vatOfBase(sums.byRate[0]!.baseMinor, 23));
  });

  it('an amount no base reaches keeps its haléř as a rounding line outside the VAT base', () => {
    const skipped = Array.from({ length: 200 }, (_, i) => i + 100).find((total) => recapOfTotal(total, 21).roundingMinor !== 0)!;
    const recap = recapOfTotal(skipped, 21);
    expect(recap.baseMinor + recap.vatMinor + recap.roundingMinor).toBe(skipped);
    const items = [off(listed(5000), skipped)];
    expect(items[0]!.paidMinor).toBe(skipped);
    const totals = orderSums(items);
    expect(totals.totalMinor).toBe(skipped);
    expect(totals.roundingMinor).toBe(recap.roundingMinor);
  });
});
