import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { TrueTypeFont } from '../../src/server/documents/ttf';

// ./ttf.ts stands in for fontkit in the worker (pdf-lib's font engine for our two Roboto TTFs):
// fontkit, still a dependency, is the reference here.
type FkGlyph = { id: number; codePoints: number[]; advanceWidth: number; path: { toSVG(): string } };
type FkFont = {
  unitsPerEm: number;
  numGlyphs: number;
  ascent: number;
  descent: number;
  capHeight: number;
  xHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  postscriptName: string;
  characterSet: number[];
  head: { macStyle: { italic: boolean } };
  post: { isFixedPitch: number };
  'OS/2': { sFamilyClass: number };
  layout(text: string): { glyphs: FkGlyph[] };
  getGlyph(id: number): FkGlyph;
  hasGlyphForCodePoint(cp: number): boolean;
};

const dir = path.join(import.meta.dirname, '../../src/server/documents/fonts');
const fonts = ['Roboto-Regular.ttf', 'Roboto-Bold.ttf'].map((name) => [name, new Uint8Array(readFileSync(path.join(dir, name)))] as const);
const reference = (bytes: Uint8Array) => fontkit.create(Buffer.from(bytes)) as unknown as FkFont;

const TEXTS = [
  'Příliš žluťoučký kůň úpěl ďábelské ódy. ČŠŽŘĎŤŇ ÚŮ ĽĹŔÄÔ äôľĺŕ',
  'Ñandú, señor, ¿qué? ¡Olé! àèìòù ÀÉÍÓÚ ç € § ° × ÷ – — „“ ‚‘ « » … • ©®™',
  'Київ, Одеса; Αθήνα; Hà Nội, Nguyễn Thị Ánh; ǅ ß ẞ ﬁ',
  'soft\u00adhyphen zero\u200bwidth\u200d joiner \ufeffbom x\ufe0f a\u0301 tab\tnew\nline 😀 \u{1d173} \uffff',
  '0123456789 !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
];

describe.each(fonts)('TrueTypeFont against fontkit: %s', (_name, bytes) => {
  const ours = new TrueTypeFont(bytes);
  const theirs = reference(bytes);

  it('reads the metrics pdf-lib writes into the font descriptor', () => {
    for (const key of ['unitsPerEm', 'numGlyphs', 'ascent', 'descent', 'capHeight', 'xHeight', 'italicAngle', 'postscriptName'] as const) expect(ours[key], key).toEqual(theirs[key]);
    expect({ ...ours.bbox }).toEqual({ minX: theirs.bbox.minX, minY: theirs.bbox.minY, maxX: theirs.bbox.maxX, maxY: theirs.bbox.maxY });
    expect(ours.head.macStyle.italic).toBe(theirs.head.macStyle.italic);
    expect(ours.post.isFixedPitch).toBe(theirs.post.isFixedPitch);
    expect(ours['OS/2'].sFamilyClass).toBe(theirs['OS/2'].sFamilyClass);
    // fontkit also lists cmap format 4's closing U+FFFF segment, which maps to no glyph
    expect(ours.characterSet).toEqual(theirs.characterSet.filter((cp) => theirs.hasGlyphForCodePoint(cp)));
  });

  it('maps every code point of the font, and some it lacks, as fontkit does', () => {
    for (const cp of [...theirs.characterSet, 0x1f600, 0x2192, 0x10ffff]) {
      expect(ours.hasGlyphForCodePoint(cp), `U+${cp.toString(16)}`).toBe(theirs.hasGlyphForCodePoint(cp));
    }
    const all = String.fromCodePoint(...theirs.characterSet);
    const glyphs = (font: { layout(text: string): { glyphs: { id: number; advanceWidth: number }[] } }, text: string) => font.layout(text).glyphs.map((g) => [g.id, g.advanceWidth]);
    expect(glyphs(ours, all)).toEqual(glyphs(theirs, all));
    for (const text of TEXTS) expect(glyphs(ours, text), text).toEqual(glyphs(theirs, text));
  });

  it('writes a subset fontkit reads back with the same outlines and advance widths', () => {
    const subset = ours.createSubset();
    const used = [...new Set(TEXTS.flatMap((text) => ours.layout(text).glyphs.map((g) => g.id)))];
    const mapping = new Map(used.map((id) => [id, subset.includeGlyph(id)]));
    const encoded = subset.encode();
    const back = reference(encoded);
    // the composite glyphs' components came in too (after the glyphs asked for)
    expect(back.numGlyphs).toBeGreaterThan(used.length);
    for (const [id, newId] of mapping) {
      expect(back.getGlyph(newId).path.toSVG(), `glyph ${id}`).toBe(theirs.getGlyph(id).path.toSVG());
      expect(back.getGlyph(newId).advanceWidth).toBe(theirs.getGlyph(id).advanceWidth);
    }
    expect(back.unitsPerEm).toBe(theirs.unitsPerEm);
  });
});

describe('TrueTypeFont refuses what it does not lay out as fontkit would', () => {
  it('throws on a font with layout tables (GSUB)', () => {
    const bytes = new Uint8Array(fonts[0][1]);
    const n = new DataView(bytes.buffer).getUint16(4);
    // rename the first table's tag to GSUB
    for (let i = 0; i < n; i++) {
      if (String.fromCharCode(...bytes.subarray(12 + 16 * i, 16 + 16 * i)) === 'gasp') bytes.set([0x47, 0x53, 0x55, 0x42], 12 + 16 * i);
    }
    expect(() => new TrueTypeFont(bytes)).toThrow(/GSUB/);
  });
});
