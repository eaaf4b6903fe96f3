import { PDFDocument, type PDFFont } from 'pdf-lib';
// Roboto (OFL-1.1; Czech, Slovak and the rest of Latin, Cyrillic, Greek), trimmed for PDFs
// (./fonts/README.md). Vite's built-in `?inline` turns each TTF into a base64 data: URL
// string constant, the same in `waku build`, in the vitest workerd pool and in Node, with no
// plugin and no wrangler module rule.
import robotoBoldUrl from './fonts/Roboto-Bold.ttf?inline';
import robotoRegularUrl from './fonts/Roboto-Regular.ttf?inline';
import { fontkit } from './fontkit-adapter';

export type DocumentFonts = { regular: PDFFont; bold: PDFFont };

type FontBytes = { regular: Uint8Array; bold: Uint8Array };

/** decoded once per isolate, on first use (nothing runs at module load) */
let fontBytes: FontBytes | undefined;

function dataUrlBytes(url: string): Uint8Array {
  const base64 = url.slice(url.indexOf(',') + 1);
  const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (fromBase64) return fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytes(): FontBytes {
  fontBytes ??= { regular: dataUrlBytes(robotoRegularUrl), bold: dataUrlBytes(robotoBoldUrl) };
  return fontBytes;
}

/** characters Roboto lacks, written another way */
const FALLBACKS: Record<string, string> = { '→': '->', '←': '<-', '⇒': '=>', '↔': '<->', '✓': 'v', '✔': 'v', '✗': 'x', '\u2028': ' ', '\u2029': ' ' };

let covered: Map<number, boolean> | undefined;

function hasGlyph(codePoint: number): boolean {
  covered ??= new Map();
  let has = covered.get(codePoint);
  if (has === undefined) {
    const font = fontkit.create(bytes().regular) as unknown as { hasGlyphForCodePoint(cp: number): boolean };
    has = font.hasGlyphForCodePoint(codePoint);
    covered.set(codePoint, has);
  }
  return has;
}

/**
 * The text with every character the embedded font can draw: known symbols get an ASCII
 * stand-in (→ becomes ->), letters lose marks the font has no glyph for, pictographs
 * (emoji) are dropped, anything else becomes '?'. Never a missing-glyph box on a label.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint < 0x7f || hasGlyph(codePoint)) out += char;
    else if (FALLBACKS[char] !== undefined) out += FALLBACKS[char];
    else if (/\p{Extended_Pictographic}|[\uFE00-\uFE0F\u200D]/u.test(char)) continue;
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => c.codePointAt(0)! < 0x7f || hasGlyph(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out === text ? text : out.replace(/ {2,}/g, ' ').trim();
}

export type DocumentMeta = { title: string; subject?: string; keywords?: string[]; language: string; date: Date };

/**
 * A new PDF with Roboto Regular and Bold embedded as subsets (only the glyphs used) and
 * fixed metadata, so the same input gives the same bytes (no "now" inside).
 */
export async function newDocument(meta: DocumentMeta): Promise<{ doc: PDFDocument; fonts: DocumentFonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.subject) doc.setSubject(meta.subject);
  if (meta.keywords) doc.setKeywords(meta.keywords);
  doc.setLanguage(meta.language);
  doc.setCreator('Zásilkovač');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const { regular, bold } = bytes();
  const [regularFont, boldFont] = await Promise.all([doc.embedFont(regular, { subset: true }), doc.embedFont(bold, { subset: true })]);
  return { doc, fonts: { regular: regularFont, bold: boldFont } };
}

/** 'YYYY-MM-DD' → noon UTC of that day (a stable document date) */
export function dayDate(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)) : new Date(0);
}
