import type { DrawingContext } from 'bwip-js/generic';
import {
  concatTransformationMatrix,
  fill,
  type PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { barRectsDrawing } from './bar-rects';

/** PDF points per millimetre */
export const MM = 72 / 25.4;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.45, 0.45, 0.45);
export const LIGHT = rgb(0.92, 0.92, 0.92);

export type Size = { width: number; height: number };

/**
 * A bwip-js drawing context that emits vector PDF operators (no raster image): bars of
 * linear codes become rectangles of one filled path. bwip's coordinates are y-down pixels;
 * one `cm` matrix maps them to PDF (y-up): x' = x0 + unit·x, y' = yTop − unit·y.
 * Only what linear codes (Code 128) need is implemented; the text is drawn by us in Roboto.
 */
export function vectorBarcode(page: PDFPage, x0: number, yTop: number, unit: number): DrawingContext<Size> {
  const bars: PDFOperator[] = [];
  return barRectsDrawing(
    (r) => bars.push(rectangle(r.x, r.y, r.w, r.h)),
    ({ width, height }) => {
      page.pushOperators(
        pushGraphicsState(),
        setFillingRgbColor(0, 0, 0),
        concatTransformationMatrix(unit, 0, 0, -unit, x0, yTop),
        ...bars,
        ...(bars.length ? [fill()] : []),
        popGraphicsState(),
      );
      return { width: width * unit, height: height * unit };
    },
    'vectorBarcode (QR codes go through drawMatrix)',
  );
}

/** A QR module matrix as one filled path of horizontal runs (one rectangle per module is ~10× slower). */
export function drawMatrix(page: PDFPage, matrix: boolean[][], x: number, yTop: number, size: number): void {
  const unit = size / matrix.length;
  const ops: PDFOperator[] = [];
  matrix.forEach((row, y) => {
    let i = 0;
    while (i < row.length) {
      if (!row[i]) {
        i++;
        continue;
      }
      const start = i;
      while (i < row.length && row[i]) i++;
      ops.push(rectangle(start, y, i - start, 1));
    }
  });
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), concatTransformationMatrix(unit, 0, 0, -unit, x, yTop), ...ops, fill(), popGraphicsState());
}

/** the text cut with '…' so it fits maxWidth at this size */
export function ellipsize(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${chars.slice(0, mid).join('').trimEnd()}…`, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** the largest size ≤ size (down to minSize) at which the text fits; below that it is ellipsized */
export function fitText(text: string, font: PDFFont, size: number, maxWidth: number, minSize = size * 0.7): { text: string; size: number } {
  const width = font.widthOfTextAtSize(text, size);
  if (width <= maxWidth) return { text, size };
  const fitted = Math.max(minSize, Math.floor(((size * maxWidth) / width) * 10) / 10);
  return { text: ellipsize(text, font, fitted, maxWidth), size: fitted };
}

/** word wrap into at most maxLines lines (the last one ellipsized); words longer than a line are cut */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(' ').filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let word = words[i];
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = '';
    }
    while (font.widthOfTextAtSize(word, size) > maxWidth) {
      const chars = [...word];
      let n = chars.length - 1;
      while (n > 1 && font.widthOfTextAtSize(chars.slice(0, n).join(''), size) > maxWidth) n--;
      lines.push(chars.slice(0, n).join(''));
      word = chars.slice(n).join('');
    }
    current = word;
    if (lines.length >= maxLines) break;
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, font, size, maxWidth);
    return kept;
  }
  return lines;
}
