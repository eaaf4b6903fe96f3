import { code128 } from 'bwip-js/generic';
import { BLACK, MM, fitText, vectorBarcode } from '../../documents/draw';
import { newDocument, printable } from '../../documents/fonts';
import { base64Of } from '../balikovna/client';

/**
 * The WE|DO sandbox's package label (A6, one page per package, as `labels.pdf?format=a6`):
 * the product and sorting code, sender, receiver (or the box / point), package n/m, weight, COD,
 * the reference, and the Code 128 of the package's barcode with its text.
 */
export type WedoLabel = {
  barcode: string;
  orderNumber: string;
  product: string;
  sortingCode: string;
  sender: string[];
  receiver: string[];
  point: string | null;
  part: string;
  weight: string;
  cod: string | null;
  reference: string | null;
};

const WIDTH = 105 * MM;
const HEIGHT = 148 * MM;

/** one PDF, one page per label, as bytes */
export async function sandboxLabelPdf(labels: WedoLabel[], date: Date): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument({ title: 'Štítky', subject: labels.map((l) => l.barcode).join(' '), language: 'cs', date });
  const margin = 6 * MM;
  const inner = WIDTH - 2 * margin;
  for (const label of labels) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: margin / 2, y: margin / 2, width: WIDTH - margin, height: HEIGHT - margin, borderWidth: 1, borderColor: BLACK });
    let y = HEIGHT - margin - 10;
    const line = (text: string, size: number, bold = false) => {
      const font = bold ? fonts.bold : fonts.regular;
      const fitted = fitText(printable(text), font, size, inner);
      page.drawText(fitted.text, { x: margin, y, size: fitted.size, font, color: BLACK });
      y -= size * 1.3;
    };
    line('WE|DO  ·  One by Allegro', 12, true);
    line(`${label.product}  ·  ${label.part}`, 10, true);
    line(`Třídicí kód: ${label.sortingCode}   Zásilka: ${label.orderNumber}`, 8);
    y -= 4;
    line('Odesílatel:', 7);
    for (const t of label.sender) line(t, 8);
    y -= 4;
    line('Příjemce:', 7);
    for (const t of label.receiver) line(t, 11, true);
    if (label.point) line(`Box / výdejní místo: ${label.point}`, 10, true);
    y -= 4;
    line(`Hmotnost: ${label.weight} kg`, 8);
    if (label.cod) line(`DOBÍRKA: ${label.cod}`, 10, true);
    if (label.reference) line(label.reference, 7);

    const modules = 11 * (label.barcode.length + 3) + 2;
    const module = Math.min(0.4 * MM, inner / (modules + 20));
    const barHeight = 18 * MM;
    const barTop = margin + 12 + barHeight;
    const barWidth = modules * module;
    code128({ bcid: 'code128', text: label.barcode, scale: 2, height: barHeight / MM / module, includetext: false }, vectorBarcode(page, margin + (inner - barWidth) / 2, barTop, module / 2));
    const size = 11;
    page.drawText(label.barcode, { x: margin + (inner - fonts.bold.widthOfTextAtSize(label.barcode, size)) / 2, y: margin + 2, size, font: fonts.bold, color: BLACK });
  }
  return doc.save();
}

export const labelBase64 = (bytes: Uint8Array) => base64Of(bytes);
