import { code128 } from 'bwip-js/generic';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { barRectsDrawing } from '../../documents/bar-rects';
import { vectorBarcode } from '../../documents/draw';

/**
 * The PPL sandbox's label of one parcel: an A6 page (PPL's label stock) with PPL's zones: the
 * product and the parcel's place in its set on top, the sender, the recipient in large type,
 * cash on delivery when collected, and the Code 128 of the 11-digit parcel number with the
 * number under it. Helvetica has no Czech letters: the sandbox prints them without accents.
 */
export type PplLabelText = { sender: string[]; recipient: string[]; product: string; productCode: string; cod: string | null; reference: string | null };

const MM = 72 / 25.4;
const WIDTH = 105 * MM;
const HEIGHT = 148 * MM;
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '?');
const spaced = (n: string) => (/^\d{11}$/.test(n) ? `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}` : n);

export async function sandboxLabelPdf(shipmentNumber: string, parcel: { index: number; of: number; weight: number }, t: PplLabelText): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`PPL ${shipmentNumber}`);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (s: string, x: number, y: number, size: number, font = regular) => page.drawText(plain(s).slice(0, Math.floor((WIDTH - x - 4 * MM) / (size * 0.5))), { x, y, size, font, color: rgb(0, 0, 0) });
  const rule = (y: number, thickness = 1) => page.drawLine({ start: { x: 4 * MM, y }, end: { x: WIDTH - 4 * MM, y }, thickness });

  page.drawRectangle({ x: 3 * MM, y: 3 * MM, width: WIDTH - 6 * MM, height: HEIGHT - 6 * MM, borderWidth: 1.2, borderColor: rgb(0, 0, 0) });
  text('PPL', 6 * MM, HEIGHT - 16 * MM, 26, bold);
  text(t.product, 30 * MM, HEIGHT - 10 * MM, 9, bold);
  text(`${t.productCode}   ${parcel.index}/${parcel.of}   ${parcel.weight} kg`, 30 * MM, HEIGHT - 15 * MM, 9);
  rule(HEIGHT - 19 * MM, 1.5);
  text('Odesilatel / Sender', 6 * MM, HEIGHT - 24 * MM, 6);
  t.sender.slice(0, 4).forEach((line, i) => text(line, 6 * MM, HEIGHT - 28 * MM - i * 3.6 * MM, 8));
  rule(HEIGHT - 43 * MM);
  text('Prijemce / Recipient', 6 * MM, HEIGHT - 48 * MM, 6);
  t.recipient.slice(0, 5).forEach((line, i) => text(line, 6 * MM, HEIGHT - 54 * MM - i * 5.2 * MM, 12, i === 0 ? bold : regular));
  rule(HEIGHT - 82 * MM);
  if (t.cod) text(`DOBIRKA / COD ${t.cod}`, 6 * MM, HEIGHT - 88 * MM, 11, bold);
  if (t.reference) text(`Ref: ${t.reference}`, 6 * MM, HEIGHT - 94 * MM, 8);

  // the barcode: 0.33 mm modules, 20 mm high, centred above the number
  const unit = 0.33 * MM;
  const options = { bcid: 'code128', text: shipmentNumber, scale: 1, height: 20 / unit, includetext: false };
  const measured = code128(options, barRectsDrawing(() => {}, (s) => s, 'PPL sandbox label'));
  code128(options, vectorBarcode(page, (WIDTH - measured.width * unit) / 2, 36 * MM, unit));
  const label = spaced(shipmentNumber);
  page.drawText(label, { x: (WIDTH - bold.widthOfTextAtSize(label, 14)) / 2, y: 9 * MM, size: 14, font: bold });
  return doc.save();
}
