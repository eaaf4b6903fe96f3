import { encode } from 'uqr';

/**
 * QR codes of payment payloads (SPAYD, PAY by square) with error correction M, as the
 * Czech and Slovak bank standards ask. Generated here (uqr), never by a third-party service.
 */

/** The module matrix (true = dark), without a quiet zone: what the PDF invoice draws. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

export type QrSvgOptions = {
  /** quiet zone in modules (the standard asks for 4) */
  border?: number;
  /** accessible name (becomes <title>) */
  title?: string;
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An SVG string: one white background and one path of horizontal runs, in module units
 * (scale it with CSS width/height). Deterministic: the same text gives the same string.
 */
export function qrSvg(text: string, options: QrSvgOptions = {}): string {
  const border = options.border ?? 4;
  const matrix = qrMatrix(text);
  const size = matrix.length + 2 * border;
  let d = '';
  matrix.forEach((row, y) => {
    let x = 0;
    // Stryker disable next-line EqualityOperator: row[row.length] is undefined, so one step past the end stops the same way (equivalent)
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      // Stryker disable next-line EqualityOperator,ConditionalExpression: row[row.length] is undefined, so the run ends the same way (equivalent)
      while (x < row.length && row[x]) x++;
      d += `M${start + border} ${y + border}h${x - start}v1h${start - x}z`;
    }
  });
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  const label = options.title ? ' role="img"' : ' aria-hidden="true"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"${label}>` +
    `${title}<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}
