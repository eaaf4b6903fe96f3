import { code128 } from 'bwip-js/generic';
import type { PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { barRectsDrawing, type BarRect } from '../../src/server/documents/bar-rects';
import { vectorBarcode } from '../../src/server/documents/draw';

/** the bars of a Code 128 symbol as module widths: black, white, black, … from the first bar */
const modulesOf = (rects: BarRect[]) => {
  const xs = [...rects].sort((a, b) => a.x - b.x);
  return xs.flatMap((r, i) => (i === 0 ? [r.w] : [r.x - (xs[i - 1]!.x + xs[i - 1]!.w), r.w]));
};

describe('bars of linear codes (the labels’ PDF barcode and the UPS sandbox’s PNG)', () => {
  it('a Code 128 symbol: 3 bars per character, start and check characters, a 4-bar stop; widths in whole modules that sum to 11 per character', () => {
    const rects: BarRect[] = [];
    const size = code128({ bcid: 'code128', text: 'IZ1234567890', scale: 1, height: 10 }, barRectsDrawing((r) => rects.push(r), (s) => s, 'test'));
    const modules = modulesOf(rects);
    // IZ1234567890 in code set B then C: start B, I, Z, code C, five digit pairs, check = 10 characters of 3 bars, + stop (4 bars)
    expect(rects.length).toBe(10 * 3 + 4);
    expect(modules.every((m) => Number.isInteger(m) && m >= 1 && m <= 4)).toBe(true);
    expect(modules.reduce((a, b) => a + b, 0)).toBe(10 * 11 + 13);
    expect(size.width).toBeGreaterThanOrEqual(10 * 11 + 13);
    expect(rects.every((r) => r.h === rects[0]!.h)).toBe(true);
  });

  it('the PDF context draws every bar as one rectangle of one filled path, mapped by the unit', () => {
    const rects: BarRect[] = [];
    code128({ bcid: 'code128', text: 'IZ1234567890', scale: 1, height: 10 }, barRectsDrawing((r) => rects.push(r), (s) => s, 'test'));
    const ops: string[] = [];
    const page = { pushOperators: (...o: { toString(): string }[]) => ops.push(...o.map(String)) } as unknown as PDFPage;
    const size = code128({ bcid: 'code128', text: 'IZ1234567890', scale: 1, height: 10 }, vectorBarcode(page, 10, 190, 0.5));
    const bars = ops.filter((o) => o.endsWith(' re'));
    expect(bars).toEqual(rects.map((r) => `${r.x} ${r.y} ${r.w} ${r.h} re`));
    expect(ops.filter((o) => o === 'f')).toHaveLength(1);
    expect(ops).toContain('0.5 0 0 -0.5 10 190 cm');
    expect(size.width).toBeGreaterThanOrEqual((10 * 11 + 13) * 0.5);
  });

});
