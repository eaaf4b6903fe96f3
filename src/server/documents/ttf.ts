/**
 * The part of a font engine pdf-lib needs to embed our two TrueType fonts as subsets, in place of
 * fontkit (~100 KiB gzip of the worker upload: CFF, WOFF/WOFF2, AAT and OpenType shaping, glyph
 * variations, none of which a plain TTF without layout tables uses; ./fonts/README.md).
 *
 * It reads a TrueType font (glyf outlines, cmap format 4 or 12, no GSUB/GPOS/morx/kern: it
 * refuses a font with those, where fontkit would shape or kern) and gives what pdf-lib's
 * CustomFontEmbedder and CustomFontSubsetEmbedder read: the metrics, `layout(text).glyphs` (one
 * glyph per code point, as fontkit lays out a font without layout tables, default-ignorable
 * characters drawn as a space) and `createSubset()` whose `encode()` writes a TrueType font of
 * the included glyphs (composite glyphs with their components, renumbered) as fontkit's TTFSubset
 * does. tests/unit/ttf.test.ts checks it against fontkit on both fonts.
 */

export type Glyph = { id: number; codePoints: number[]; advanceWidth: number };
type Table = { offset: number; length: number };

/** tables whose presence means fontkit would substitute or position glyphs */
const LAYOUT_TABLES = ['GSUB', 'GPOS', 'morx', 'kern', 'CFF ', 'CFF2', 'fvar'];

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly postscriptName: string | null;
  readonly head: { macStyle: { bold: boolean; italic: boolean } };
  readonly post: { isFixedPitch: number };
  readonly 'OS/2': { sFamilyClass: number };
  readonly cff = undefined;

  private readonly view: DataView;
  private readonly tables = new Map<string, Table>();
  private readonly cmap = new Map<number, number>();
  private readonly offsets: number[] = [];
  private readonly numberOfHMetrics: number;
  private readonly glyphs = new Map<number, Glyph>();
  private characters: number[] | undefined;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const v = this.view;
    const version = v.getUint32(0);
    if (version !== 0x00010000 && version !== 0x74727565) throw new Error('not a TrueType font');
    for (let i = 0, n = v.getUint16(4); i < n; i++) {
      const at = 12 + 16 * i;
      this.tables.set(String.fromCharCode(...bytes.subarray(at, at + 4)), { offset: v.getUint32(at + 8), length: v.getUint32(at + 12) });
    }
    for (const tag of LAYOUT_TABLES) if (this.tables.has(tag)) throw new Error(`TrueType font with a ${tag.trim()} table: not supported here (use fontkit)`);
    const head = this.table('head').offset;
    this.unitsPerEm = v.getUint16(head + 18);
    this.bbox = Object.freeze({ minX: v.getInt16(head + 36), minY: v.getInt16(head + 38), maxX: v.getInt16(head + 40), maxY: v.getInt16(head + 42) });
    const macStyle = v.getUint16(head + 44);
    this.head = { macStyle: { bold: (macStyle & 1) !== 0, italic: (macStyle & 2) !== 0 } };
    const longLoca = v.getInt16(head + 50) === 1;
    const hhea = this.table('hhea').offset;
    this.ascent = v.getInt16(hhea + 4);
    this.descent = v.getInt16(hhea + 6);
    this.numberOfHMetrics = v.getUint16(hhea + 34);
    this.numGlyphs = v.getUint16(this.table('maxp').offset + 4);
    const post = this.table('post').offset;
    this.italicAngle = v.getInt32(post + 4) / 65536;
    this.post = { isFixedPitch: v.getUint32(post + 12) }; // a number, as fontkit gives it (pdf-lib tests it for truth)
    const os2 = this.tables.get('OS/2');
    this['OS/2'] = { sFamilyClass: os2 ? v.getInt16(os2.offset + 30) : 0 };
    // fontkit: OS/2's sCapHeight and sxHeight (version 2 on), else the ascent and 0
    this.capHeight = os2 && v.getUint16(os2.offset) >= 2 ? v.getInt16(os2.offset + 88) : this.ascent;
    this.xHeight = os2 && v.getUint16(os2.offset) >= 2 ? v.getInt16(os2.offset + 86) : 0;
    const loca = this.table('loca').offset;
    for (let i = 0; i <= this.numGlyphs; i++) this.offsets.push(longLoca ? v.getUint32(loca + 4 * i) : v.getUint16(loca + 2 * i) * 2);
    this.readCmap();
    this.postscriptName = this.readName(6);
  }

  private table(tag: string): Table {
    const table = this.tables.get(tag);
    if (!table) throw new Error(`TrueType font without a ${tag} table`);
    return table;
  }

  /** the Unicode subtable fontkit would take: (3,10), (0,6), (0,4), (3,1), (0,3), (0,2), (0,1), (0,0); formats 4 and 12 */
  private readCmap(): void {
    const v = this.view;
    const cmap = this.table('cmap').offset;
    const subtables = new Map<string, number>();
    for (let i = 0, n = v.getUint16(cmap + 2); i < n; i++) {
      const at = cmap + 4 + 8 * i;
      subtables.set(`${v.getUint16(at)},${v.getUint16(at + 2)}`, cmap + v.getUint32(at + 4));
    }
    const preferred = ['3,10', '0,6', '0,4', '3,1', '0,3', '0,2', '0,1', '0,0'].map((key) => subtables.get(key)).find((at) => at !== undefined);
    if (preferred === undefined) throw new Error('TrueType font without a Unicode cmap');
    const format = v.getUint16(preferred);
    if (format === 4) {
      const segX2 = v.getUint16(preferred + 6);
      const ends = preferred + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const rangeOffsets = deltas + segX2;
      for (let s = 0; s < segX2; s += 2) {
        const end = v.getUint16(ends + s);
        const start = v.getUint16(starts + s);
        const delta = v.getInt16(deltas + s);
        const rangeOffset = v.getUint16(rangeOffsets + s);
        for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
          let gid: number;
          if (rangeOffset === 0) gid = (cp + delta) & 0xffff;
          else {
            gid = v.getUint16(rangeOffsets + s + rangeOffset + 2 * (cp - start));
            if (gid !== 0) gid = (gid + delta) & 0xffff;
          }
          if (gid !== 0) this.cmap.set(cp, gid);
        }
      }
    } else if (format === 12) {
      for (let i = 0, n = v.getUint32(preferred + 12); i < n; i++) {
        const at = preferred + 16 + 12 * i;
        const start = v.getUint32(at);
        const end = v.getUint32(at + 4);
        const gid = v.getUint32(at + 8);
        for (let cp = start; cp <= end; cp++) if (gid + cp - start !== 0) this.cmap.set(cp, gid + cp - start);
      }
    } else throw new Error(`cmap format ${format} not supported`);
  }

  /** a name record: Windows (UTF-16BE, English first) or else Macintosh Roman (ASCII) */
  private readName(nameId: number): string | null {
    const table = this.tables.get('name');
    if (!table) return null;
    const v = this.view;
    const count = v.getUint16(table.offset + 2);
    const strings = table.offset + v.getUint16(table.offset + 4);
    let found: string | null = null;
    for (let i = 0; i < count; i++) {
      const at = table.offset + 6 + 12 * i;
      if (v.getUint16(at + 6) !== nameId) continue;
      const platform = v.getUint16(at);
      const length = v.getUint16(at + 8);
      const start = strings + v.getUint16(at + 10);
      if (platform === 3) {
        let text = '';
        for (let j = 0; j < length; j += 2) text += String.fromCharCode(v.getUint16(start + j));
        if (v.getUint16(at + 4) === 0x409) return text;
        found ??= text;
      } else if (platform === 1 && found === null) found = String.fromCharCode(...this.bytes.subarray(start, start + length));
    }
    return found;
  }

  private advanceWidth(id: number): number {
    const hmtx = this.table('hmtx').offset;
    return this.view.getUint16(hmtx + 4 * Math.min(id, this.numberOfHMetrics - 1));
  }

  private leftSideBearing(id: number): number {
    const hmtx = this.table('hmtx').offset;
    if (id < this.numberOfHMetrics) return this.view.getInt16(hmtx + 4 * id + 2);
    return this.view.getInt16(hmtx + 4 * this.numberOfHMetrics + 2 * (id - this.numberOfHMetrics));
  }

  /** the glyph's object, one per id (as fontkit caches them: the code points of the first request) */
  getGlyph(id: number, codePoints: number[] = []): Glyph {
    let glyph = this.glyphs.get(id);
    if (!glyph) {
      glyph = { id, codePoints, advanceWidth: this.advanceWidth(id) };
      this.glyphs.set(id, glyph);
    }
    return glyph;
  }

  hasGlyphForCodePoint(codePoint: number): boolean {
    return this.cmap.has(codePoint);
  }

  glyphForCodePoint(codePoint: number): Glyph {
    return this.getGlyph(this.cmap.get(codePoint) ?? 0, [codePoint]);
  }

  /** the code points the font maps, ascending */
  get characterSet(): number[] {
    this.characters ??= [...this.cmap.keys()].sort((a, b) => a - b);
    return this.characters;
  }

  /**
   * fontkit's glyphsForString and layout for a font without layout tables: one glyph per code
   * point (a variation selector goes with the character before it, which keeps its own glyph),
   * a default-ignorable character as the space glyph.
   */
  layout(text: string): { glyphs: Glyph[] } {
    const glyphs: Glyph[] = [];
    let last = -1;
    let state = -1;
    for (let i = 0; i <= text.length; ) {
      let code = 0;
      let next = 0;
      if (i < text.length) {
        code = text.codePointAt(i)!;
        i += code > 0xffff ? 2 : 1;
        next = (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef) ? 1 : 0;
      } else i++;
      if (state === 0) glyphs.push(this.glyphForCodePoint(last));
      last = code;
      state = next;
    }
    const space = this.glyphForCodePoint(0x20);
    return { glyphs: glyphs.map((glyph) => (isDefaultIgnorable(glyph.codePoints[0]) ? space : glyph)) };
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }

  /** the glyf entry of a glyph, and the byte positions of its components' glyph ids (a composite glyph) */
  glyphData(id: number): { data: Uint8Array; components: { at: number; id: number }[] } {
    const glyf = this.table('glyf').offset;
    const data = this.bytes.slice(glyf + this.offsets[id], glyf + this.offsets[id + 1]);
    const components: { at: number; id: number }[] = [];
    if (data.length > 0) {
      const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (v.getInt16(0) < 0) {
        let at = 10;
        for (;;) {
          const flags = v.getUint16(at);
          components.push({ at: at + 2, id: v.getUint16(at + 2) });
          at += 4 + (flags & 0x0001 ? 4 : 2);
          if (flags & 0x0008) at += 2;
          else if (flags & 0x0040) at += 4;
          else if (flags & 0x0080) at += 8;
          if (!(flags & 0x0020)) break;
        }
      }
    }
    return { data, components };
  }

  metrics(id: number): { advance: number; bearing: number } {
    return { advance: this.advanceWidth(id), bearing: this.leftSideBearing(id) };
  }

  rawTable(tag: string): Uint8Array | undefined {
    const table = this.tables.get(tag);
    return table && this.bytes.slice(table.offset, table.offset + table.length);
  }
}

/** the glyphs a document uses, renumbered from 0 (.notdef) in the order they are included */
export class TrueTypeSubset {
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly font: TrueTypeFont) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === 'object' ? glyph.id : glyph;
    let mapped = this.mapping.get(id);
    if (mapped === undefined) {
      this.glyphs.push(id);
      mapped = this.glyphs.length - 1;
      this.mapping.set(id, mapped);
    }
    return mapped;
  }

  /** a TrueType font of the included glyphs (head, hhea, maxp, loca, glyf, hmtx; cvt, fpgm, prep if present) */
  encode(): Uint8Array {
    const glyf: Uint8Array[] = [];
    const offsets: number[] = [];
    const metrics: { advance: number; bearing: number }[] = [];
    let offset = 0;
    // components are included as they are met, so the list grows while it is walked
    for (let i = 0; i < this.glyphs.length; i++) {
      const id = this.glyphs[i];
      const { data, components } = this.font.glyphData(id);
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      for (const component of components) view.setUint16(component.at, this.includeGlyph(component.id));
      const padded = data.length % 2 ? concat([data, new Uint8Array(1)]) : data;
      glyf.push(padded);
      offsets.push(offset);
      metrics.push(this.font.metrics(id));
      offset += padded.length;
    }
    offsets.push(offset);
    const n = glyf.length;
    const head = this.font.rawTable('head')!;
    const headView = new DataView(head.buffer, head.byteOffset, head.byteLength);
    headView.setUint32(8, 0); // checkSumAdjustment, set below
    headView.setInt16(50, 1); // long loca offsets
    const hhea = this.font.rawTable('hhea')!;
    new DataView(hhea.buffer, hhea.byteOffset, hhea.byteLength).setUint16(34, n);
    const maxp = this.font.rawTable('maxp')!;
    new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).setUint16(4, n);
    const loca = new Uint8Array(4 * offsets.length);
    offsets.forEach((value, i) => new DataView(loca.buffer).setUint32(4 * i, value));
    const hmtx = new Uint8Array(4 * n);
    metrics.forEach(({ advance, bearing }, i) => {
      new DataView(hmtx.buffer).setUint16(4 * i, advance);
      new DataView(hmtx.buffer).setInt16(4 * i + 2, bearing);
    });
    const tables: [string, Uint8Array][] = [
      ['glyf', concat(glyf)],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', hmtx],
      ['loca', loca],
      ['maxp', maxp],
    ];
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const raw = this.font.rawTable(tag);
      if (raw) tables.push([tag, raw]);
    }
    return sfnt(tables);
  }
}

/** an sfnt file: the table directory (tags sorted, checksums) and the tables, each 4-byte aligned */
function sfnt(tables: [string, Uint8Array][]): Uint8Array {
  tables.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const count = tables.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  let size = 12 + 16 * count;
  const positions = tables.map(([, data]) => {
    const at = size;
    size += (data.length + 3) & ~3;
    return at;
  });
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x00010000);
  v.setUint16(4, count);
  v.setUint16(6, searchRange);
  v.setUint16(8, entrySelector);
  v.setUint16(10, count * 16 - searchRange);
  tables.forEach(([tag, data], i) => {
    out.set(data, positions[i]);
    const entry = 12 + 16 * i;
    for (let j = 0; j < 4; j++) out[entry + j] = tag.charCodeAt(j);
    v.setUint32(entry + 4, checksum(out, positions[i], data.length));
    v.setUint32(entry + 8, positions[i]);
    v.setUint32(entry + 12, data.length);
  });
  const head = tables.findIndex(([tag]) => tag === 'head');
  v.setUint32(positions[head] + 8, (0xb1b0afba - checksum(out, 0, size)) >>> 0);
  return out;
}

function checksum(bytes: Uint8Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i += 4) {
    sum = (sum + (((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0))) >>> 0;
  }
  return sum;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** fontkit's LayoutEngine.isDefaultIgnorable (Unicode's Default_Ignorable_Code_Point as HarfBuzz takes it) */
function isDefaultIgnorable(ch: number | undefined): boolean {
  if (ch === undefined) return false;
  const plane = ch >> 16;
  if (plane === 0) {
    switch (ch >> 8) {
      case 0x00:
        return ch === 0x00ad;
      case 0x03:
        return ch === 0x034f;
      case 0x06:
        return ch === 0x061c;
      case 0x17:
        return ch >= 0x17b4 && ch <= 0x17b5;
      case 0x18:
        return ch >= 0x180b && ch <= 0x180e;
      case 0x20:
        return (ch >= 0x200b && ch <= 0x200f) || (ch >= 0x202a && ch <= 0x202e) || (ch >= 0x2060 && ch <= 0x206f);
      case 0xfe:
        return (ch >= 0xfe00 && ch <= 0xfe0f) || ch === 0xfeff;
      case 0xff:
        return ch >= 0xfff0 && ch <= 0xfff8;
      default:
        return false;
    }
  }
  if (plane === 0x01) return (ch >= 0x1bca0 && ch <= 0x1bca3) || (ch >= 0x1d173 && ch <= 0x1d17a);
  if (plane === 0x0e) return ch >= 0xe0000 && ch <= 0xe0fff;
  return false;
}
