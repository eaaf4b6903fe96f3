import type { PDFDocument } from 'pdf-lib';
import { TrueTypeFont } from './ttf';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * pdf-lib's font engine. It was fontkit 2.x (in place of the @pdf-lib/fontkit 1.x fork); now it
 * is ./ttf.ts, the part of fontkit our two TrueType fonts use (one glyph per code point, subsets
 * of glyf outlines), ~100 KiB gzip less worker upload; tests/unit/ttf.test.ts holds it to
 * fontkit's results. pdf-lib calls `create(bytes)` and, for subset embedding,
 * `font.createSubset().encodeStream()` with data/end/error listeners; the subset has a
 * synchronous encode() (as fontkit 2 has), so it gets a tiny event-emitter shim that delivers
 * encode()'s bytes once all three listeners are attached.
 *
 * Parsed fonts are memoized per isolate (keyed by the byte array). A parsed font is safe to
 * share between documents: pdf-lib only reads it and every subset is a fresh object.
 */

type Listener = (value?: unknown) => void;
type Subset = { encode(): Uint8Array; encodeStream?: () => unknown };
type Glyph = { codePoints: number[] };
type Font = { createSubset(): Subset; getGlyph(id: number, codePoints?: number[]): Glyph | null };

const parsed = new WeakMap<Uint8Array, Font>();

/**
 * fontkit caches glyph objects per font, with the code points of the request that created
 * them. Encoding a subset creates the components of composite glyphs (the 'c' of 'č')
 * with no code points; in a font shared between documents, a later document would take
 * that cached glyph for a plain 'c' and pdf-lib would write an empty ToUnicode entry (the
 * PDF looks right, but its text cannot be searched or copied). Give such a glyph the code
 * points of the first request that has them.
 */
function withCodePoints(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}

function withStreamingSubsets(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset.encodeStream = () => {
      const listeners: Record<string, Listener> = {};
      const stream = {
        on(event: string, listener: Listener) {
          listeners[event] = listener;
          if (listeners.data && listeners.end && listeners.error) {
            queueMicrotask(() => {
              let bytes: Uint8Array;
              try {
                bytes = subset.encode();
              } catch (error) {
                listeners.error(error);
                return;
              }
              listeners.data(bytes);
              listeners.end();
            });
          }
          return stream;
        },
      };
      return stream;
    };
    return subset;
  };
  return font;
}

function create(bytes: Uint8Array): Font {
  let font = parsed.get(bytes);
  if (!font) {
    font = withCodePoints(withStreamingSubsets(new TrueTypeFont(bytes) as unknown as Font));
    parsed.set(bytes, font);
  }
  return font;
}

/** pass to `PDFDocument.registerFontkit` (pdf-lib's Fontkit type describes @pdf-lib/fontkit's font object) */
export const fontkit = { create } as unknown as Fontkit;
