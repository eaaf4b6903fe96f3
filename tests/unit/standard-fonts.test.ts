import { Font as OriginalFont, FontNames as OriginalFontNames, Encodings as OriginalEncodings } from '@pdf-lib/standard-fonts';
import { describe, expect, it } from 'vitest';
import { Encodings, Font, FontNames } from '../../src/server/documents/standard-fonts';

// the worker's stand-in for @pdf-lib/standard-fonts (aliased in waku.config.ts; the unit tests
// run without the alias, so both are here side by side)
describe('standard fonts in the worker', () => {
  it.each(['Helvetica', 'Helvetica-Bold'])('gives %s the same metrics as @pdf-lib/standard-fonts', (name) => {
    const ours = Font.load(name);
    const original = OriginalFont.load(name as OriginalFontNames);
    expect(ours.CharMetrics).toEqual(original.CharMetrics);
    expect(ours.getWidthOfGlyph('ccaron')).toBe(original.getWidthOfGlyph('ccaron'));
    expect(ours.getWidthOfGlyph('A')).toBe(original.getWidthOfGlyph('A'));
    expect(ours.getXAxisKerningForPair('A', 'V')).toBe(original.getXAxisKerningForPair('A', 'V'));
    expect(ours.getXAxisKerningForPair('A', 'A')).toBe(original.getXAxisKerningForPair('A', 'A'));
    expect(Font.load(name)).toBe(ours);
  });

  it('names every standard font and keeps the encodings', () => {
    expect({ ...FontNames }).toEqual({ ...OriginalFontNames });
    expect(Encodings.WinAnsi.encodeUnicodeCodePoint(0x160)).toEqual(OriginalEncodings.WinAnsi.encodeUnicodeCodePoint(0x160));
  });

  it('refuses the fonts it leaves out instead of drawing with wrong widths', () => {
    expect(() => Font.load('Courier')).toThrow(/Courier is not in the worker/);
    expect(() => Font.load('ZapfDingbats')).toThrow(/not in the worker/);
  });
});
