// Stand-in for `@pdf-lib/standard-fonts` in the worker bundle (aliased in waku.config.ts).
// pdf-lib keeps the metrics of all 14 standard PDF fonts (base64 of deflated AFM data,
// ~75 KiB gzip of the upload); the worker draws with Helvetica and Helvetica-Bold only (the
// carrier sandboxes' labels; pdf-lib's own default font is Helvetica too), and our documents
// embed Roboto. Same exports, same code as @pdf-lib/standard-fonts 1.0.0's Font.js with the
// other twelve fonts left out: loading one of them throws instead of drawing wrong widths.
import { Encodings } from '@pdf-lib/standard-fonts/es/Encoding.js';
import HelveticaBoldCompressed from '@pdf-lib/standard-fonts/es/Helvetica-Bold.compressed.json';
import HelveticaCompressed from '@pdf-lib/standard-fonts/es/Helvetica.compressed.json';
import { decompressJson } from '@pdf-lib/standard-fonts/es/utils.js';

export { Encodings };

export enum FontNames {
  Courier = 'Courier',
  CourierBold = 'Courier-Bold',
  CourierOblique = 'Courier-Oblique',
  CourierBoldOblique = 'Courier-BoldOblique',
  Helvetica = 'Helvetica',
  HelveticaBold = 'Helvetica-Bold',
  HelveticaOblique = 'Helvetica-Oblique',
  HelveticaBoldOblique = 'Helvetica-BoldOblique',
  TimesRoman = 'Times-Roman',
  TimesRomanBold = 'Times-Bold',
  TimesRomanItalic = 'Times-Italic',
  TimesRomanBoldItalic = 'Times-BoldItalic',
  Symbol = 'Symbol',
  ZapfDingbats = 'ZapfDingbats',
}

/** the standard fonts the worker can draw with */
const compressedJsonForFontName: Partial<Record<string, string>> = {
  Helvetica: HelveticaCompressed,
  'Helvetica-Bold': HelveticaBoldCompressed,
};

type CharMetrics = { WX: number; N: string };
const fontCache: Record<string, Font> = {};

export class Font {
  CharMetrics!: CharMetrics[];
  KernPairs!: [string, string, number][];
  CharWidths!: Record<string, number>;
  KernPairXAmounts!: Record<string, Record<string, number>>;

  static load(fontName: string): Font {
    const cached = fontCache[fontName];
    if (cached) return cached;
    const compressed = compressedJsonForFontName[fontName];
    if (compressed === undefined) throw new Error(`The standard font ${fontName} is not in the worker (only ${Object.keys(compressedJsonForFontName).join(', ')})`);
    const font: Font = Object.assign(new Font(), JSON.parse(decompressJson(compressed)));
    font.CharWidths = font.CharMetrics.reduce<Record<string, number>>((acc, metric) => {
      acc[metric.N] = metric.WX;
      return acc;
    }, {});
    font.KernPairXAmounts = font.KernPairs.reduce<Record<string, Record<string, number>>>((acc, [name1, name2, width]) => {
      acc[name1] ??= {};
      acc[name1][name2] = width;
      return acc;
    }, {});
    fontCache[fontName] = font;
    return font;
  }

  getWidthOfGlyph = (glyphName: string): number => this.CharWidths[glyphName];

  getXAxisKerningForPair = (leftGlyphName: string, rightGlyphName: string): number | undefined => (this.KernPairXAmounts[leftGlyphName] ?? {})[rightGlyphName];
}
