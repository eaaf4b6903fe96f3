import { code128 } from 'bwip-js/generic';
import { BLACK, MM, fitText, vectorBarcode } from '../../documents/draw';
import { newDocument, printable } from '../../documents/fonts';
import { base64Of } from './client';

/**
 * The Česká pošta sandbox's address label (form 101, one A6 page per parcel): the product and
 * its prefix, sender, addressee (for Balíkovna the point's code), the Code 128 of the parcel
 * code with the code spaced as Česká pošta prints it, weight, part n/m, COD, declared value and
 * the additional services.
 */
export type CpostLabel = {
  parcelCode: string;
  product: string;
  sender: string[];
  addressee: string[];
  weight: string;
  part: string | null;
  cod: string | null;
  declared: string | null;
  services: string[];
  note: string | null;
};

const WIDTH = 105 * MM;
const HEIGHT = 148 * MM;

/** NB 123456789 0 U → "NB 1234 5678 90 U" */
export const spacedParcelCode = (code: string) => (/^[A-Z]{2}\d{10}[A-Z]$/.test(code) ? `${code.slice(0, 2)} ${code.slice(2, 6)} ${code.slice(6, 10)} ${code.slice(10, 12)} ${code.slice(12)}` : code);

/** one PDF, one page per label, base64 (as Česká pošta answers `file` / `printingDataResult`) */
export async function sandboxLabelPdf(labels: CpostLabel[], date: Date): Promise<string> {
  const { doc, fonts } = await newDocument({ title: 'Adresní štítky', subject: labels.map((l) => l.parcelCode).join(' '), language: 'cs', date });
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
    line('ČESKÁ POŠTA', 12, true);
    line(`${label.product}${label.part ? `  ·  ${label.part}` : ''}`, 10, true);
    y -= 4;
    line('Odesílatel:', 7);
    for (const t of label.sender) line(t, 8);
    y -= 4;
    line('Adresát:', 7);
    for (const t of label.addressee) line(t, 11, true);
    y -= 4;
    line(`Hmotnost: ${label.weight} kg${label.declared ? `   Udaná cena: ${label.declared}` : ''}`, 8);
    if (label.cod) line(`DOBÍRKA: ${label.cod}`, 10, true);
    if (label.services.length) line(`Služby: ${label.services.join(', ')}`, 8);
    if (label.note) line(label.note, 7);

    // the parcel code's barcode near the bottom, its text under it
    const modules = 11 * (label.parcelCode.length + 3) + 2;
    const module = Math.min(0.4 * MM, inner / (modules + 20));
    const barHeight = 18 * MM;
    const barTop = margin + 12 + barHeight;
    const barWidth = modules * module;
    code128({ bcid: 'code128', text: label.parcelCode, scale: 2, height: barHeight / MM / module, includetext: false }, vectorBarcode(page, margin + (inner - barWidth) / 2, barTop, module / 2));
    const spaced = spacedParcelCode(label.parcelCode);
    const size = 11;
    page.drawText(spaced, { x: margin + (inner - fonts.bold.widthOfTextAtSize(spaced, size)) / 2, y: margin + 2, size, font: fonts.bold, color: BLACK });
  }
  return base64Of(await doc.save());
}
