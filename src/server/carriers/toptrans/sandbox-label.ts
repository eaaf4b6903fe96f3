import { code128 } from 'bwip-js/generic';
import { BLACK, MM, fitText, vectorBarcode } from '../../documents/draw';
import { newDocument, printable } from '../../documents/fonts';
import { base64Of } from '../balikovna/client';

/**
 * The TOPTRANS sandbox's label of one piece (an A6 page per piece, PROTOCOL.md [ours]): TOPTRANS,
 * the term and the order number, the sender, the recipient in large type, piece n/m, weight,
 * COD, the customer's designation, and the Code 128 of the piece number with the number under it.
 */
export type ToptransLabel = {
  pieceNumber: string;
  orderNumber: string;
  term: string;
  pack: string;
  sender: string[];
  recipient: string[];
  piece: string;
  weight: string;
  cod: string | null;
  label: string | null;
};

const WIDTH = 105 * MM;
const HEIGHT = 148 * MM;

/** one PDF, one page per piece, base64 (as order/send's files[].data) */
export async function sandboxLabelPdf(labels: ToptransLabel[], date: Date): Promise<string> {
  const { doc, fonts } = await newDocument({ title: 'TOPTRANS štítky', subject: labels.map((l) => l.pieceNumber).join(' '), language: 'cs', date });
  const margin = 6 * MM;
  const inner = WIDTH - 2 * margin;
  for (const label of labels) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: margin / 2, y: margin / 2, width: WIDTH - margin, height: HEIGHT - margin, borderWidth: 1.2, borderColor: BLACK });
    let y = HEIGHT - margin - 14;
    const line = (text: string, size: number, bold = false) => {
      const font = bold ? fonts.bold : fonts.regular;
      const fitted = fitText(printable(text), font, size, inner);
      page.drawText(fitted.text, { x: margin, y, size: fitted.size, font, color: BLACK });
      y -= size * 1.3;
    };
    line('TOPTRANS', 18, true);
    line(`${label.term}  ·  ${label.pack}  ·  kus ${label.piece}  ·  ${label.weight}`, 9, true);
    line(`Zakázka ${label.orderNumber}`, 9);
    y -= 4;
    line('Odesílatel:', 7);
    for (const t of label.sender) line(t, 8);
    y -= 4;
    line('Příjemce:', 7);
    y -= 6;
    for (const t of label.recipient) line(t, 12, true);
    y -= 4;
    if (label.cod) line(`DOBÍRKA: ${label.cod}`, 11, true);
    if (label.label) line(`Označení: ${label.label}`, 8);

    // the piece number's barcode near the bottom, its number under it
    const modules = 11 * (Math.ceil(label.pieceNumber.length / 2) + 3) + 2;
    const module = Math.min(0.4 * MM, inner / (modules + 20));
    const barHeight = 20 * MM;
    const barTop = margin + 14 + barHeight;
    const barWidth = modules * module;
    code128({ bcid: 'code128', text: label.pieceNumber, scale: 2, height: barHeight / MM / module, includetext: false }, vectorBarcode(page, margin + (inner - barWidth) / 2, barTop, module / 2));
    page.drawText(label.pieceNumber, { x: margin + (inner - fonts.bold.widthOfTextAtSize(label.pieceNumber, 12)) / 2, y: margin + 2, size: 12, font: fonts.bold, color: BLACK });
  }
  return base64Of(await doc.save());
}
