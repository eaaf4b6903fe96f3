import { code128 } from 'bwip-js/generic';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { MM, fitText, vectorBarcode } from '../../documents/draw';

/**
 * The DPD sandbox's parcel label: one A6 page per parcel in the layout of DPD's label (sender,
 * recipient, the service field with the destination's country and postcode, the parcel's
 * place in the shipment and weight, the parcel number with its check character, and the
 * routing barcode: Code 128 of % + postcode (7) + parcel number (14) + service (3) + country (3)).
 */
export type DpdLabelParcel = {
  parcel: string;
  /** the parcel number as printed: groups of four and the check character */
  printed: string;
  /** the routing barcode's content (28 characters, starting with %) */
  barcode: string;
  /** the barcode's text under the bars, with its check character */
  barcodeText: string;
  from: string[];
  to: string[];
  service: string;
  route: string;
  pkg: string;
  weight: string;
  reference: string | null;
};

/** Helvetica's WinAnsi has no Czech or Slovak carons: letters lose their marks (as on DPD's labels), anything else outside ASCII becomes ? */
const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '?');

const W = 105 * MM;
const H = 148 * MM;

export async function sandboxLabelPdf(parcels: DpdLabelParcel[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('DPD parcel label (sandbox)');
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  for (const p of parcels) {
    const page = doc.addPage([W, H]);
    const m = 4 * MM;
    const text = (t: string, x: number, y: number, size: number, font = regular, maxWidth = W - x - m) => {
      const fitted = fitText(ascii(t), font, size, maxWidth);
      page.drawText(fitted.text, { x, y, size: fitted.size, font });
    };
    const line = (y: number, thickness = 1) => page.drawRectangle({ x: m, y, width: W - 2 * m, height: thickness, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: m, y: m, width: W - 2 * m, height: H - 2 * m, borderWidth: 1.2, borderColor: rgb(0, 0, 0) });
    // header: DPD, the sender
    page.drawRectangle({ x: m, y: H - m - 12 * MM, width: 22 * MM, height: 12 * MM, color: rgb(0.86, 0.05, 0.2) });
    text('DPD', m + 3 * MM, H - m - 9 * MM, 20, bold);
    text('SANDBOX', m + 24 * MM, H - m - 4 * MM, 7, bold);
    p.from.slice(0, 4).forEach((l, i) => text(l, m + 24 * MM, H - m - 7.5 * MM - i * 3 * MM, 7));
    line(H - m - 20 * MM);
    // recipient
    text('Příjemce / Recipient', m + 2 * MM, H - m - 24 * MM, 6);
    p.to.slice(0, 5).forEach((l, i) => text(l, m + 2 * MM, H - m - 29 * MM - i * 5 * MM, i === 0 ? 12 : 10, i === 0 ? bold : regular));
    if (p.reference) text(`Ref: ${p.reference}`, m + 2 * MM, H - m - 55 * MM, 7);
    line(H - m - 58 * MM);
    // service field
    text(p.service, m + 2 * MM, H - m - 68 * MM, 18, bold, 50 * MM);
    text(p.route, W - m - 40 * MM, H - m - 68 * MM, 16, bold, 38 * MM);
    text(`${p.pkg}   ${p.weight}`, m + 2 * MM, H - m - 75 * MM, 9);
    line(H - m - 78 * MM, 2);
    // parcel number and the routing barcode
    text(p.printed, m + 2 * MM, H - m - 86 * MM, 14, bold);
    const barTop = H - m - 90 * MM;
    const module = 0.3 * MM;
    const size = code128({ bcid: 'code128', text: p.barcode, scale: 1, height: 25, includetext: false }, vectorBarcode(page, m + 3 * MM, barTop, module));
    text(p.barcodeText, m + 3 * MM, barTop - size.height - 4 * MM, 8);
  }
  return doc.save();
}
