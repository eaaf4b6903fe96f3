import { code128 } from 'bwip-js/generic';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { barRectsDrawing } from '../../documents/bar-rects';
import { vectorBarcode } from '../../documents/draw';

/**
 * Our label of one package of a Liftago ride (Liftago prints none; its driver needs none): an A6
 * page with the pickup window, sender and recipient, our tracking number, and the Code 128 of the
 * package's number (`<rideId>-<n>`) with the number under it. Helvetica has no Czech letters:
 * they are printed without accents.
 */
export type LiftagoLabelText = { sender: string[]; recipient: string[]; window: string; trackingNumber: string; reference: string | null };

const MM = 72 / 25.4;
const WIDTH = 105 * MM;
const HEIGHT = 148 * MM;
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '?');

export async function liftagoLabelPdf(packageNumber: string, parcel: { index: number; of: number }, t: LiftagoLabelText): Promise<string> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Liftago ${packageNumber}`);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (s: string, x: number, y: number, size: number, font = regular) => page.drawText(plain(s).slice(0, Math.floor((WIDTH - x - 4 * MM) / (size * 0.5))), { x, y, size, font, color: rgb(0, 0, 0) });
  const rule = (y: number) => page.drawLine({ start: { x: 4 * MM, y }, end: { x: WIDTH - 4 * MM, y }, thickness: 1 });

  page.drawRectangle({ x: 3 * MM, y: 3 * MM, width: WIDTH - 6 * MM, height: HEIGHT - 6 * MM, borderWidth: 1.2, borderColor: rgb(0, 0, 0) });
  text('Liftago', 6 * MM, HEIGHT - 16 * MM, 22, bold);
  text(`${parcel.index}/${parcel.of}`, WIDTH - 24 * MM, HEIGHT - 16 * MM, 14, bold);
  text(t.window, 6 * MM, HEIGHT - 22 * MM, 9);
  rule(HEIGHT - 25 * MM);
  text('Odesilatel / Sender', 6 * MM, HEIGHT - 30 * MM, 6);
  t.sender.slice(0, 4).forEach((line, i) => text(line, 6 * MM, HEIGHT - 34 * MM - i * 3.6 * MM, 8));
  rule(HEIGHT - 49 * MM);
  text('Prijemce / Recipient', 6 * MM, HEIGHT - 54 * MM, 6);
  t.recipient.slice(0, 5).forEach((line, i) => text(line, 6 * MM, HEIGHT - 60 * MM - i * 5.2 * MM, 12, i === 0 ? bold : regular));
  rule(HEIGHT - 88 * MM);
  text(`${t.trackingNumber}${t.reference ? `   Ref: ${t.reference}` : ''}`, 6 * MM, HEIGHT - 94 * MM, 8);

  const unit = 0.33 * MM;
  const options = { bcid: 'code128', text: packageNumber, scale: 1, height: 20 / unit, includetext: false };
  const measured = code128(options, barRectsDrawing(() => {}, (s) => s, 'Liftago label'));
  code128(options, vectorBarcode(page, (WIDTH - measured.width * unit) / 2, 20 * MM, unit));
  page.drawText(packageNumber, { x: (WIDTH - bold.widthOfTextAtSize(packageNumber, 12)) / 2, y: 12 * MM, size: 12, font: bold });
  const bytes = await doc.save();
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
