import { code128 } from 'bwip-js/generic';
import { degrees, LineCapStyle, PDFDocument, rgb, type PDFEmbeddedPage, type PDFImage, type PDFPage } from 'pdf-lib';
import { BLACK, fitText, GREY, LIGHT, MM, vectorBarcode, wrapText } from './draw';
import { dayDate, newDocument, printable, type DocumentFonts } from './fonts';
import { countryName, formatDay, formatMoneyMinor, formatPhone, formatWeight, formatZip, oneLine } from './format';
import type { DocumentAddress, LabelData, LabelFormat, PrintLabel } from './types';

/**
 * Shipping labels: A6 (one per page) or A4 with four A6 labels per page (2×2, cut lines).
 * Code 128 of the tracking number as vector bars, the number in text, carrier and service,
 * sender, recipient (bigger), parcel point, COD, weight, package i/n, order number.
 * Captions are Czech, or Slovak when the sender is in Slovakia.
 */

export const A6: readonly [number, number] = [105 * MM, 148 * MM];
export const A4: readonly [number, number] = [210 * MM, 297 * MM];

const TRACKING_NUMBER = /^IZ\d{10}$/;

type LabelLanguage = 'cs' | 'sk';

export const TEXTS = {
  cs: {
    title: 'Přepravní štítky',
    sender: 'ODESÍLATEL',
    recipient: 'PŘÍJEMCE',
    parcelPoint: 'VÝDEJNÍ MÍSTO',
    cod: 'DOBÍRKA',
    package: 'Balík',
    pickup: 'Svoz',
    handIn: 'Podání',
    weight: 'Hmotnost',
    order: 'Objednávka',
    reference: 'Reference',
  },
  sk: {
    title: 'Prepravné štítky',
    sender: 'ODOSIELATEĽ',
    recipient: 'PRÍJEMCA',
    parcelPoint: 'VÝDAJNÉ MIESTO',
    cod: 'DOBIERKA',
    package: 'Balík',
    pickup: 'Zvoz',
    handIn: 'Podanie',
    weight: 'Hmotnosť',
    order: 'Objednávka',
    reference: 'Referencia',
  },
} as const;

const WHITE = rgb(1, 1, 1);

function validate(label: LabelData): void {
  if (!TRACKING_NUMBER.test(label.trackingNumber)) throw new RangeError(`label: tracking number must be IZ + 10 digits, got ${label.trackingNumber}`);
  if (!Number.isInteger(label.packageCount) || label.packageCount < 1 || !Number.isInteger(label.packageIndex) || label.packageIndex < 1 || label.packageIndex > label.packageCount) {
    throw new RangeError(`label ${label.trackingNumber}: package ${label.packageIndex}/${label.packageCount}`);
  }
  if (!Number.isFinite(label.weightKg) || label.weightKg <= 0) throw new RangeError(`label ${label.trackingNumber}: weight ${label.weightKg}`);
  if (label.cod && !Number.isSafeInteger(label.cod.amountMinor)) throw new RangeError(`label ${label.trackingNumber}: COD must be integer minor units`);
}

/** One label in the box whose bottom-left corner is (x, y), in PDF points. */
function drawLabel(page: PDFPage, fonts: DocumentFonts, x: number, y: number, w: number, h: number, label: LabelData): void {
  const t = TEXTS[label.sender.country.toUpperCase() === 'SK' ? 'sk' : 'cs'];
  const language: LabelLanguage = t === TEXTS.sk ? 'sk' : 'cs';
  const inset = 3 * MM;
  const pad = 6 * MM;
  const left = x + pad;
  const right = x + w - pad;
  const width = right - left;
  let top = y + h - pad; // the cursor: top edge of the next line

  page.drawRectangle({ x: x + inset, y: y + inset, width: w - 2 * inset, height: h - 2 * inset, borderWidth: 0.8, borderColor: BLACK });

  /** one line of text: fitted (shrunk, then ellipsized) to maxWidth */
  const line = (text: string, size: number, bold = false, options: { dx?: number; maxWidth?: number; align?: 'left' | 'right' | 'center'; color?: typeof BLACK; minSize?: number } = {}) => {
    const font = bold ? fonts.bold : fonts.regular;
    const maxWidth = options.maxWidth ?? width - (options.dx ?? 0);
    const fitted = fitText(printable(oneLine(text)), font, size, maxWidth, options.minSize);
    top -= size * 1.2;
    const textWidth = font.widthOfTextAtSize(fitted.text, fitted.size);
    const dx = options.align === 'right' ? width - textWidth : options.align === 'center' ? (width - textWidth) / 2 : (options.dx ?? 0);
    page.drawText(fitted.text, { x: left + dx, y: top + size * 0.25, size: fitted.size, font, color: options.color ?? BLACK });
  };
  const rule = (gap = 3) => {
    top -= gap;
    page.drawLine({ start: { x: x + inset, y: top }, end: { x: x + w - inset, y: top }, thickness: 0.6, color: BLACK });
    top -= gap + 1;
  };

  // header: carrier and service on the left, package i/n and pickup day on the right
  const headerTop = top;
  line(label.carrier.name, 15, true, { maxWidth: width * 0.62 });
  line(label.serviceName, 8.5, false, { maxWidth: width * 0.62 });
  const leftBottom = top;
  top = headerTop;
  line(`${t.package} ${label.packageIndex}/${label.packageCount}`, 14, true, { align: 'right', maxWidth: width * 0.36 });
  line(`${label.handIn ? t.handIn : t.pickup} ${formatDay(label.pickupDate)}`, 8.5, false, { align: 'right', maxWidth: width * 0.36 });
  top = Math.min(top, leftBottom);
  rule();

  // sender, small
  line(t.sender, 6.5, true, { color: GREY });
  const s = label.sender;
  line(s.company ? `${s.company}, ${s.name}` : s.name, 8.5, true);
  line(`${s.street}, ${formatZip(s.zip, s.country)} ${s.city}, ${s.country.toUpperCase()}`, 8);
  const senderContact = contact(s);
  if (senderContact) line(senderContact, 8);
  rule();

  // recipient, big
  const r = label.recipient;
  line(t.recipient, 7, true, { color: GREY });
  line(r.name, 16, true, { minSize: 10 });
  if (r.company) line(r.company, 11, false, { minSize: 8 });
  for (const street of wrapText(printable(oneLine(r.street)), fonts.regular, 12, width, 2)) line(street, 12);
  line(`${formatZip(r.zip, r.country)} ${r.city}`, 15, true, { minSize: 10 });
  line(`${r.country.toUpperCase()} – ${countryName(r.country, language)}`, 10);
  const recipientContact = contact(r);
  if (recipientContact) line(recipientContact, 9);

  // parcel point: a grey box
  if (label.parcelPoint) {
    const p = label.parcelPoint;
    top -= 4;
    const boxTop = top;
    const boxHeight = 7 * 1.2 + 10.5 * 1.2 + 9 * 1.2 + 6;
    page.drawRectangle({ x: left - 2, y: boxTop - boxHeight, width: width + 4, height: boxHeight, color: LIGHT });
    top -= 2;
    line(`${t.parcelPoint} · ${p.id}`, 7, true, { color: GREY });
    line(p.name, 10.5, true);
    line(`${p.street}, ${formatZip(p.zip, r.country)} ${p.city}`, 9);
    top = boxTop - boxHeight;
  }
  rule(4);

  // COD (inverted box) and the facts of the package
  const infoTop = top;
  let infoLeft = 0;
  if (label.cod) {
    const amount = formatMoneyMinor(label.cod.amountMinor, label.cod.currency, language);
    const amountFit = fitText(amount, fonts.bold, 15, width * 0.45 - 8);
    const boxWidth = Math.max(fonts.bold.widthOfTextAtSize(amountFit.text, amountFit.size), fonts.bold.widthOfTextAtSize(t.cod, 7)) + 10;
    const boxHeight = 7 * 1.2 + 15 * 1.2 + 6;
    page.drawRectangle({ x: left, y: infoTop - boxHeight, width: boxWidth, height: boxHeight, color: BLACK });
    page.drawText(t.cod, { x: left + 5, y: infoTop - 3 - 7 * 0.95, size: 7, font: fonts.bold, color: WHITE });
    page.drawText(amountFit.text, { x: left + 5, y: infoTop - boxHeight + 5, size: amountFit.size, font: fonts.bold, color: WHITE });
    infoLeft = boxWidth + 8;
    top = infoTop - boxHeight;
  }
  const infoBottom = top;
  top = infoTop;
  const facts = [`${t.weight}: ${formatWeight(label.weightKg, language)}`, `${t.order}: ${label.orderNumber}`];
  if (label.reference) facts.push(`${t.reference}: ${label.reference}`);
  for (const fact of facts) line(fact, 8.5, false, { dx: infoLeft });
  top = Math.min(top, infoBottom);

  // the barcode block, anchored to the bottom of the label. Every text line above is fitted
  // to one line (the street to two), so even the fullest label ends above it (tested).
  const textSize = 15;
  const barHeight = 18 * MM;
  const quiet = 10; // modules of quiet zone on each side
  const bottom = y + pad;
  const barTop = bottom + textSize * 1.25 + 3 + barHeight;
  // the largest module ≤ 0.5 mm at which bars and quiet zones fit (IZ + 10 digits is 123 modules)
  const modules = 123;
  const module = Math.min(0.5 * MM, width / (modules + 2 * quiet));
  const barWidth = modules * module;
  const size = code128(
    { bcid: 'code128', text: label.trackingNumber, scale: 2, height: barHeight / MM / module, includetext: false },
    vectorBarcode(page, left + (width - barWidth) / 2, barTop, module / 2),
  );
  const numberWidth = fonts.bold.widthOfTextAtSize(label.trackingNumber, textSize);
  page.drawText(label.trackingNumber, { x: left + (width - numberWidth) / 2, y: barTop - size.height - 3 - textSize * 0.95, size: textSize, font: fonts.bold, color: BLACK });
}

function contact(address: DocumentAddress): string {
  return [address.phone ? formatPhone(address.phone) : '', oneLine(address.email)].filter(Boolean).join(' · ');
}

/** Cut lines between the four labels of an A4 sheet (dashed, grey) with short solid marks at the edges. */
function drawCutMarks(page: PDFPage): void {
  const [W, H] = A4;
  const dashed = { thickness: 0.3, color: GREY, dashArray: [3, 3], lineCap: LineCapStyle.Butt };
  page.drawLine({ start: { x: W / 2, y: 0 }, end: { x: W / 2, y: H }, ...dashed });
  page.drawLine({ start: { x: 0, y: H / 2 }, end: { x: W, y: H / 2 }, ...dashed });
  const mark = { thickness: 0.6, color: BLACK };
  const m = 4 * MM;
  page.drawLine({ start: { x: W / 2, y: 0 }, end: { x: W / 2, y: m }, ...mark });
  page.drawLine({ start: { x: W / 2, y: H - m }, end: { x: W / 2, y: H }, ...mark });
  page.drawLine({ start: { x: 0, y: H / 2 }, end: { x: m, y: H / 2 }, ...mark });
  page.drawLine({ start: { x: W - m, y: H / 2 }, end: { x: W, y: H / 2 }, ...mark });
}

/** the carrier's label embedded once: a PNG image, or a PDF's first page with its own /Rotate (clockwise, as viewers show it) */
type CarrierArt = { kind: 'image'; image: PDFImage; turn: 0 } | { kind: 'page'; page: PDFEmbeddedPage; turn: number };

async function embedCarrierLabel(doc: PDFDocument, file: NonNullable<PrintLabel['carrierLabel']>): Promise<CarrierArt> {
  if (file.format === 'png') return { kind: 'image', image: await doc.embedPng(file.bytes), turn: 0 };
  const source = await PDFDocument.load(file.bytes, { ignoreEncryption: true });
  const first = source.getPage(0);
  return { kind: 'page', page: await doc.embedPage(first), turn: ((first.getRotation().angle % 360) + 360) % 360 };
}

/** The carrier's label fitted into a label's slot, centred; a landscape one is turned upright. */
function drawCarrierLabel(page: PDFPage, art: CarrierArt, x: number, y: number, w: number, h: number): void {
  const { width, height } = art.kind === 'image' ? art.image : art.page;
  // counter-clockwise turn of the drawing: undo the page's /Rotate, then a quarter turn more when it shows landscape
  let turn = (360 - art.turn) % 360;
  const sideways = turn % 180 !== 0;
  const [shownW, shownH] = sideways ? [height, width] : [width, height];
  if (shownW > shownH) turn = (turn + 90) % 360;
  const [iw, ih] = turn % 180 !== 0 ? [height, width] : [width, height];
  const scale = Math.min(w / iw, h / ih);
  const [dw, dh] = [iw * scale, ih * scale];
  const left = x + (w - dw) / 2;
  const bottom = y + (h - dh) / 2;
  // pdf-lib turns around the anchor: the anchor is the corner where the art's own bottom-left lands
  const anchor = { 0: [left, bottom], 90: [left + dw, bottom], 180: [left + dw, bottom + dh], 270: [left, bottom + dh] }[turn as 0 | 90 | 180 | 270]!;
  const options = { x: anchor[0]!, y: anchor[1]!, width: width * scale, height: height * scale, rotate: degrees(turn) };
  if (art.kind === 'image') page.drawImage(art.image, options);
  else page.drawPage(art.page, options);
}

/**
 * Labels as one PDF: 'a6' one label per A6 page, 'a4' four per A4 page (left to right, top
 * to bottom; the last sheet may be partly empty). A label with the carrier's image prints
 * that label (a PNG, or a PDF's first page) in its slot instead of ours. Throws RangeError on invalid data.
 */
export async function labelPdf(labels: readonly PrintLabel[], format: LabelFormat): Promise<Uint8Array> {
  if (labels.length === 0) throw new RangeError('labelPdf: no labels');
  labels.forEach(validate);
  const first = labels[0];
  const t = TEXTS[first.sender.country.toUpperCase() === 'SK' ? 'sk' : 'cs'];
  const { doc, fonts } = await newDocument({
    title: `${t.title} ${labels.map((l) => l.trackingNumber).join(', ')}`.slice(0, 200),
    subject: first.orderNumber,
    keywords: labels.map((l) => l.trackingNumber),
    language: first.sender.country.toUpperCase() === 'SK' ? 'sk' : 'cs',
    date: dayDate(first.pickupDate),
  });
  const arts = await Promise.all(labels.map((l) => (l.carrierLabel ? embedCarrierLabel(doc, l.carrierLabel) : null)));
  const draw = (page: PDFPage, i: number, x: number, y: number, w: number, h: number) => {
    const art = arts[i];
    if (art) drawCarrierLabel(page, art, x, y, w, h);
    else drawLabel(page, fonts, x, y, w, h, labels[i]!);
  };
  if (format === 'a6') {
    labels.forEach((_, i) => draw(doc.addPage([A6[0], A6[1]]), i, 0, 0, A6[0], A6[1]));
  } else {
    const [W, H] = A4;
    let page: PDFPage | undefined;
    labels.forEach((_, i) => {
      if (i % 4 === 0) {
        page = doc.addPage([W, H]);
        drawCutMarks(page);
      }
      const column = i % 2;
      const row = Math.floor((i % 4) / 2);
      draw(page!, i, column * (W / 2), H - (row + 1) * (H / 2), W / 2, H / 2);
    });
  }
  return doc.save();
}
