import { code128 } from 'bwip-js/generic';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { barRectsDrawing } from '../../documents/bar-rects';
import { vectorBarcode } from '../../documents/draw';

/**
 * The FedEx sandbox's label of one package: a 4×6 inch PDF page (FedEx's PAPER_4X6 stock) with
 * the zones of FedEx's label: origin and ship date on top, the recipient in large type, the
 * service and the package's place in the shipment, the tracking number (TRK#) in FedEx's
 * 4-4-4 grouping and a Code 128 of it. Helvetica has no Czech letters: printed without accents.
 */
export type FedexLabelText = { from: string[]; to: string[]; service: string; shipDate: string; weight: string; piece: string; master: string | null; reference: string | null };

const WIDTH = 4 * 72;
const HEIGHT = 6 * 72;
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '?');
export const groupedTrk = (n: string) => (/^\d{12}$/.test(n) ? `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}` : n);

export async function sandboxLabelPdf(trackingNumber: string, t: FedexLabelText): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`FedEx ${trackingNumber}`);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (s: string, x: number, y: number, size: number, font = regular) => page.drawText(plain(s).slice(0, Math.floor((WIDTH - x - 8) / (size * 0.52))), { x, y, size, font, color: rgb(0, 0, 0) });
  const rule = (y: number, thickness = 1) => page.drawLine({ start: { x: 6, y }, end: { x: WIDTH - 6, y }, thickness });

  page.drawRectangle({ x: 4, y: 4, width: WIDTH - 8, height: HEIGHT - 8, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  text('ORIGIN:', 10, HEIGHT - 18, 6, bold);
  t.from.slice(0, 4).forEach((line, i) => text(line, 10, HEIGHT - 27 - i * 8, 7));
  text(`SHIP DATE: ${t.shipDate}`, 170, HEIGHT - 18, 6);
  text(`ACTWGT: ${t.weight}`, 170, HEIGHT - 26, 6);
  text(`BILL SENDER`, 170, HEIGHT - 34, 6);
  rule(HEIGHT - 62);
  text('TO', 10, HEIGHT - 74, 7, bold);
  t.to.slice(0, 5).forEach((line, i) => text(line, 24, HEIGHT - 76 - i * 13, 11, i === 0 ? bold : regular));
  rule(HEIGHT - 148, 1.5);
  text('FedEx', 10, HEIGHT - 176, 24, bold);
  text(t.service, 100, HEIGHT - 164, 10, bold);
  text(`${t.piece}${t.master ? `   MSTR ${groupedTrk(t.master)}` : ''}`, 100, HEIGHT - 178, 8);
  text(`TRK# ${groupedTrk(trackingNumber)}`, 10, HEIGHT - 204, 14, bold);
  rule(HEIGHT - 214);

  // the barcode: 0.33 mm modules, 22 mm high, centred
  const unit = (0.33 * 72) / 25.4;
  const options = { bcid: 'code128', text: trackingNumber, scale: 1, height: ((22 * 72) / 25.4) / unit, includetext: false };
  const measured = code128(options, barRectsDrawing(() => {}, (s) => s, 'FedEx sandbox label'));
  code128(options, vectorBarcode(page, (WIDTH - measured.width * unit) / 2, HEIGHT - 226, unit));
  // the barcode's human-readable line: the number as the barcode encodes it
  text(trackingNumber, (WIDTH - bold.widthOfTextAtSize(trackingNumber, 12)) / 2, HEIGHT - 306, 12, bold);
  if (t.reference) text(`REF: ${t.reference}`, 10, 40, 7);
  text('SANDBOX LABEL - NOT FOR SHIPPING', 10, 14, 6);
  return doc.save();
}
