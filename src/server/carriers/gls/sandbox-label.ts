import { code128 } from 'bwip-js/generic';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { MM, fitText, vectorBarcode } from '../../documents/draw';

/**
 * The GLS sandbox's label as MyGLS's "Thermo" printer type gives it: one page a piece (100×150
 * mm), with GLS's header, the sender, the recipient (or the ParcelShop), the services (PSD, FDS,
 * COD with its amount), the piece's place in the parcel and its weight, the parcel number with
 * its check digit and the Code 128 of the parcel number.
 */
export type GlsLabelPiece = {
  parcelNumber: string;
  /** the parcel number and its check digit, as printed */
  printed: string;
  from: string[];
  to: string[];
  services: string[];
  cod: string | null;
  piece: string;
  weight: string;
  reference: string | null;
  country: string;
};

/** Helvetica's WinAnsi has no Czech or Slovak carons: letters lose their marks, anything else outside ASCII becomes ? */
const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '?');

const W = 100 * MM;
const H = 150 * MM;
const GLS_BLUE = rgb(0.02, 0.11, 0.45);
const GLS_YELLOW = rgb(1, 0.8, 0);

export async function sandboxLabelPdf(pieces: GlsLabelPiece[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('GLS parcel label (sandbox)');
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  for (const p of pieces) {
    const page = doc.addPage([W, H]);
    const m = 4 * MM;
    const text = (t: string, x: number, y: number, size: number, font = regular, maxWidth = W - x - m) => {
      const fitted = fitText(ascii(t), font, size, maxWidth);
      page.drawText(fitted.text, { x, y, size: fitted.size, font });
    };
    const line = (y: number, thickness = 1) => page.drawRectangle({ x: m, y, width: W - 2 * m, height: thickness, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: m, y: m, width: W - 2 * m, height: H - 2 * m, borderWidth: 1.2, borderColor: rgb(0, 0, 0) });
    // header: GLS, the country's MyGLS, the sender
    page.drawRectangle({ x: m, y: H - m - 12 * MM, width: 24 * MM, height: 12 * MM, color: GLS_BLUE });
    page.drawText('GLS', { x: m + 3 * MM, y: H - m - 9.5 * MM, size: 22, font: bold, color: GLS_YELLOW });
    text(`SANDBOX MyGLS ${p.country}`, m + 26 * MM, H - m - 4 * MM, 7, bold);
    p.from.slice(0, 3).forEach((l, i) => text(l, m + 26 * MM, H - m - 7.5 * MM - i * 3 * MM, 7));
    line(H - m - 17 * MM);
    // recipient
    text('Příjemce / Recipient', m + 2 * MM, H - m - 21 * MM, 6);
    p.to.slice(0, 5).forEach((l, i) => text(l, m + 2 * MM, H - m - 26 * MM - i * 5 * MM, i === 0 ? 12 : 10, i === 0 ? bold : regular));
    if (p.reference) text(`Note: ${p.reference}`, m + 2 * MM, H - m - 52 * MM, 7);
    line(H - m - 55 * MM);
    // services, COD, the piece and its weight
    text(p.services.join(' ') || 'BusinessParcel', m + 2 * MM, H - m - 63 * MM, 14, bold, 55 * MM);
    if (p.cod) text(`COD ${p.cod}`, W - m - 36 * MM, H - m - 63 * MM, 11, bold, 34 * MM);
    text(`${p.piece}   ${p.weight}`, m + 2 * MM, H - m - 70 * MM, 9);
    line(H - m - 73 * MM, 2);
    // the parcel number and its barcode
    text(p.printed, m + 2 * MM, H - m - 81 * MM, 16, bold);
    const barTop = H - m - 85 * MM;
    const size = code128({ bcid: 'code128', text: p.parcelNumber, scale: 1, height: 25, includetext: false }, vectorBarcode(page, m + 6 * MM, barTop, 0.33 * MM));
    text(p.parcelNumber, m + 6 * MM, barTop - size.height - 4 * MM, 8);
  }
  return doc.save();
}
