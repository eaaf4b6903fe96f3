import type { PDFPage } from 'pdf-lib';
import { qrMatrix } from '../payments/qr/svg';
import { BLACK, drawMatrix, fitText, GREY, LIGHT, MM, wrapText } from './draw';
import { dayDate, newDocument, printable, type DocumentFonts } from './fonts';
import { countryName, formatDay, formatIban, formatMinor, formatMoneyMinor, formatZip, oneLine } from './format';
import type { DocumentLanguage, InvoiceData } from './types';
import { invoiceVat } from './vat';

/**
 * The invoice (tax document) as an A4 PDF in Czech, Slovak or English: supplier and customer with
 * their ids, dates, variable symbol, bank account and IBAN, the lines with base, VAT and
 * total each, the VAT summary per rate, the total, and the payment QR code (QR Platba for
 * CZK, PAY by square for EUR). Long invoices continue on further pages (the table header
 * repeats); every page has a footer with the page number.
 */

export const TEXTS = {
  cs: {
    title: 'Faktura – daňový doklad',
    number: 'Číslo',
    supplier: 'DODAVATEL',
    customer: 'ODBĚRATEL',
    ico: 'IČO',
    dic: 'DIČ',
    vatId: 'IČ DPH',
    email: 'E-mail',
    issuedOn: 'Datum vystavení',
    taxableOn: 'Datum zdanitelného plnění',
    dueOn: 'Datum splatnosti',
    variableSymbol: 'Variabilní symbol',
    bankAccount: 'Bankovní účet',
    iban: 'IBAN',
    item: 'Položka',
    quantity: 'Množství',
    unitPrice: 'Cena za jednotku bez DPH',
    vatRate: 'Sazba DPH',
    base: 'Základ',
    vat: 'DPH',
    total: 'Celkem s DPH',
    summary: 'Rekapitulace DPH',
    rate: 'Sazba',
    totalBase: 'Celkem bez DPH',
    totalVat: 'DPH celkem',
    toPay: 'Celkem k úhradě',
    rounding: 'Zaokrouhlení',
    spayd: 'QR Platba',
    bysquare: 'PAY by square',
    qrHint: 'Naskenujte kód v mobilní aplikaci své banky: doplní účet, částku i variabilní symbol.',
    note: 'Poznámka',
    page: 'Strana',
    of: 'z',
  },
  sk: {
    title: 'Faktúra – daňový doklad',
    number: 'Číslo',
    supplier: 'DODÁVATEĽ',
    customer: 'ODBERATEĽ',
    ico: 'IČO',
    dic: 'DIČ',
    vatId: 'IČ DPH',
    email: 'E-mail',
    issuedOn: 'Dátum vystavenia',
    taxableOn: 'Dátum dodania služby',
    dueOn: 'Dátum splatnosti',
    variableSymbol: 'Variabilný symbol',
    bankAccount: 'Bankový účet',
    iban: 'IBAN',
    item: 'Položka',
    quantity: 'Množstvo',
    unitPrice: 'Jednotková cena bez DPH',
    vatRate: 'Sadzba DPH',
    base: 'Základ',
    vat: 'DPH',
    total: 'Spolu s DPH',
    summary: 'Rekapitulácia DPH',
    rate: 'Sadzba',
    totalBase: 'Spolu bez DPH',
    totalVat: 'DPH spolu',
    toPay: 'Spolu na úhradu',
    rounding: 'Zaokrúhlenie',
    spayd: 'QR Platba',
    bysquare: 'PAY by square',
    qrHint: 'Naskenujte kód v mobilnej aplikácii svojej banky: doplní účet, sumu aj variabilný symbol.',
    note: 'Poznámka',
    page: 'Strana',
    of: 'z',
  },
  en: {
    title: 'Invoice – tax document',
    number: 'Number',
    supplier: 'SUPPLIER',
    customer: 'CUSTOMER',
    ico: 'Company ID',
    dic: 'VAT ID',
    vatId: 'VAT ID (IČ DPH)',
    email: 'E-mail',
    issuedOn: 'Issue date',
    taxableOn: 'Date of taxable supply',
    dueOn: 'Due date',
    variableSymbol: 'Variable symbol',
    bankAccount: 'Bank account',
    iban: 'IBAN',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    vatRate: 'VAT rate',
    base: 'Base',
    vat: 'VAT',
    total: 'Total incl. VAT',
    summary: 'VAT summary',
    rate: 'Rate',
    totalBase: 'Total excl. VAT',
    totalVat: 'Total VAT',
    toPay: 'Total to pay',
    rounding: 'Rounding',
    spayd: 'QR payment (QR Platba)',
    bysquare: 'PAY by square',
    qrHint: 'Scan the code in your banking app: it fills in the account, the amount and the variable symbol.',
    note: 'Note',
    page: 'Page',
    of: 'of',
  },
} as const;

type Texts = (typeof TEXTS)[DocumentLanguage];

const PAGE: readonly [number, number] = [210 * MM, 297 * MM];
const MARGIN = 18 * MM;
const FOOTER = 12 * MM;

/** table columns: width in pt (the item column takes the rest) */
const NUMERIC_COLUMNS = [
  { key: 'quantity', width: 44 },
  { key: 'unitPrice', width: 70 },
  { key: 'vatRate', width: 40 },
  { key: 'base', width: 66 },
  { key: 'vat', width: 58 },
  { key: 'total', width: 72 },
] as const;

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly left = MARGIN;
  readonly right = PAGE[0] - MARGIN;
  readonly width = PAGE[0] - 2 * MARGIN;
  onNewPage: (() => void) | undefined;

  constructor(
    readonly doc: Awaited<ReturnType<typeof newDocument>>['doc'],
    readonly fonts: DocumentFonts,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE[0], PAGE[1]]);
    this.pages.push(this.page);
    this.y = PAGE[1] - MARGIN;
    this.onNewPage?.();
  }

  /** room for `height` more points on this page, or a new page */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.addPage();
  }

  text(text: string, x: number, baseline: number, size: number, options: { bold?: boolean; align?: 'left' | 'right'; maxWidth?: number; color?: typeof BLACK } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const clean = printable(oneLine(text));
    const fitted = options.maxWidth ? fitText(clean, font, size, options.maxWidth) : { text: clean, size };
    const width = font.widthOfTextAtSize(fitted.text, fitted.size);
    this.page.drawText(fitted.text, { x: options.align === 'right' ? x - width : x, y: baseline, size: fitted.size, font, color: options.color ?? BLACK });
  }

  rule(thickness = 0.6): void {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.right, y: this.y }, thickness, color: BLACK });
  }
}

function partyLines(t: Texts, language: DocumentLanguage, party: InvoiceData['supplier'] | InvoiceData['customer'], kind: 'supplier' | 'customer') {
  const lines: { text: string; size: number; bold?: boolean }[] = [];
  if (kind === 'customer' && 'company' in party && party.company) {
    lines.push({ text: party.company, size: 11, bold: true }, { text: party.name, size: 9.5 });
  } else lines.push({ text: party.name, size: 11, bold: true });
  if (party.street) lines.push({ text: party.street, size: 9.5 });
  const cityLine = [party.zip ? formatZip(party.zip, party.country) : '', party.city ?? ''].filter(Boolean).join(' ');
  if (cityLine) lines.push({ text: cityLine, size: 9.5 });
  lines.push({ text: countryName(party.country, language), size: 9.5 });
  if (party.ico) lines.push({ text: `${t.ico}: ${party.ico}`, size: 9.5 });
  if (party.dic) lines.push({ text: `${t.dic}: ${party.dic}`, size: 9.5 });
  if ('vatId' in party && party.vatId) lines.push({ text: `${t.vatId}: ${party.vatId}`, size: 9.5 });
  if ('email' in party && party.email) lines.push({ text: `${t.email}: ${party.email}`, size: 9.5 });
  return lines;
}

function keyValues(w: Writer, x: number, width: number, rows: { key: string; value: string; bold?: boolean }[], size = 9.5): number {
  let y = w.y;
  for (const row of rows) {
    y -= size * 1.45;
    const keyWidth = w.fonts.regular.widthOfTextAtSize(`${row.key}:`, size);
    w.text(`${row.key}:`, x, y, size, { color: GREY });
    w.text(row.value, x + width, y, size, { bold: row.bold, align: 'right', maxWidth: width - keyWidth - 6 });
  }
  return y;
}

function columnLayout(w: Writer) {
  const numericWidth = NUMERIC_COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const itemWidth = w.width - numericWidth;
  let x = w.left + itemWidth;
  const rights = NUMERIC_COLUMNS.map((c) => (x += c.width));
  return { itemWidth, rights };
}

function drawTableHeader(w: Writer, t: Texts): void {
  const { itemWidth, rights } = columnLayout(w);
  const size = 7.5;
  const headers = [t.item, ...NUMERIC_COLUMNS.map((c) => t[c.key])];
  const wrapped = headers.map((h, i) => wrapText(h, w.fonts.bold, size, (i === 0 ? itemWidth : NUMERIC_COLUMNS[i - 1].width) - 6, 2));
  const rows = Math.max(...wrapped.map((l) => l.length));
  const height = rows * size * 1.25 + 8;
  w.page.drawRectangle({ x: w.left, y: w.y - height, width: w.width, height, color: LIGHT });
  wrapped.forEach((lines, i) => {
    lines.forEach((line, j) => {
      const baseline = w.y - 4 - (j + 1) * size * 1.25 + 2;
      if (i === 0) w.text(line, w.left + 4, baseline, size, { bold: true });
      else w.text(line, rights[i - 1] - 3, baseline, size, { bold: true, align: 'right' });
    });
  });
  w.y -= height + 2;
}

function drawFooter(w: Writer, data: InvoiceData, t: Texts): void {
  w.pages.forEach((page, i) => {
    const size = 7.5;
    const y = MARGIN - 2;
    page.drawLine({ start: { x: w.left, y: y + 10 }, end: { x: w.right, y: y + 10 }, thickness: 0.4, color: GREY });
    const left = `${data.supplier.name} · ${t.ico} ${data.supplier.ico} · ${t.dic} ${data.supplier.dic} · ${data.number}`;
    page.drawText(fitText(printable(left), w.fonts.regular, size, w.width - 80).text, { x: w.left, y, size, font: w.fonts.regular, color: GREY });
    const pageText = `${t.page} ${i + 1} ${t.of} ${w.pages.length}`;
    page.drawText(pageText, { x: w.right - w.fonts.regular.widthOfTextAtSize(pageText, size), y, size, font: w.fonts.regular, color: GREY });
  });
}

const percent = (rate: number) => `${rate}\u00A0%`;

/** Renders the invoice; throws RangeError on invalid amounts (see invoiceVat). */
export async function invoicePdf(data: InvoiceData, language: DocumentLanguage): Promise<Uint8Array> {
  const t = TEXTS[language];
  const totals = invoiceVat(data);
  const money = (minor: number) => formatMinor(minor, data.currency, language);
  const { doc, fonts } = await newDocument({
    title: `${t.title} ${data.number}`,
    subject: `${data.supplier.name} – ${data.customer.company ?? data.customer.name}`,
    keywords: [data.number, data.variableSymbol],
    language,
    date: dayDate(data.issuedOn),
  });
  const w = new Writer(doc, fonts);

  // title and number
  w.y -= 18;
  w.text(t.title, w.left, w.y, 17, { bold: true, maxWidth: w.width * 0.62 });
  w.text(`${t.number}: ${data.number}`, w.right, w.y, 12, { bold: true, align: 'right', maxWidth: w.width * 0.36 });
  w.y -= 10;
  w.rule(1);
  w.y -= 8;

  // supplier | customer
  const columnWidth = (w.width - 24) / 2;
  const columnsTop = w.y;
  let bottom = w.y;
  for (const [kind, x] of [['supplier', w.left], ['customer', w.left + columnWidth + 24]] as const) {
    let y = columnsTop - 8;
    w.text(kind === 'supplier' ? t.supplier : t.customer, x, y, 7.5, { bold: true, color: GREY });
    y -= 4;
    for (const line of partyLines(t, language, kind === 'supplier' ? data.supplier : data.customer, kind)) {
      y -= line.size * 1.35;
      w.text(line.text, x, y, line.size, { bold: line.bold, maxWidth: columnWidth });
    }
    bottom = Math.min(bottom, y);
  }
  w.y = bottom - 12;
  w.rule(0.4);
  w.y -= 4;

  // payment | dates
  const paymentRows = [
    ...(data.supplier.bankAccount ? [{ key: t.bankAccount, value: data.supplier.bankAccount }] : []),
    { key: t.iban, value: formatIban(data.supplier.iban) },
    { key: t.variableSymbol, value: data.variableSymbol, bold: true },
  ];
  const dateRows = [
    { key: t.issuedOn, value: formatDay(data.issuedOn) },
    { key: t.taxableOn, value: formatDay(data.taxableOn) },
    { key: t.dueOn, value: formatDay(data.dueOn), bold: true },
  ];
  const paymentBottom = keyValues(w, w.left, columnWidth, paymentRows);
  const datesBottom = keyValues(w, w.left + columnWidth + 24, columnWidth, dateRows);
  w.y = Math.min(paymentBottom, datesBottom) - 16;

  // lines
  const { itemWidth, rights } = columnLayout(w);
  drawTableHeader(w, t);
  w.onNewPage = () => {
    w.y -= 6;
    drawTableHeader(w, t);
  };
  const size = 8.5;
  for (const line of totals.lines) {
    const description = wrapText(printable(oneLine(line.description)), fonts.regular, size, itemWidth - 8);
    const height = description.length * size * 1.3 + 6;
    w.ensure(height);
    const baseline = w.y - size * 1.3;
    description.forEach((text, i) => w.text(text, w.left + 4, baseline - i * size * 1.3, size));
    const cells = [String(line.quantity), money(line.unitPriceMinor), percent(line.vatRate), money(line.baseMinor), money(line.vatMinor), money(line.totalMinor)];
    cells.forEach((cell, i) => w.text(cell, rights[i] - 3, baseline, size, { align: 'right', maxWidth: NUMERIC_COLUMNS[i].width - 4 }));
    w.y -= height;
    w.page.drawLine({ start: { x: w.left, y: w.y + 2 }, end: { x: w.right, y: w.y + 2 }, thickness: 0.25, color: GREY });
  }
  w.onNewPage = undefined;

  // VAT summary (right) and QR (left), kept together on one page
  const summaryRows = totals.byRate.length;
  const qrSize = 34 * MM;
  const blockHeight = Math.max(qrSize + 40, 16 + (summaryRows + 1) * 13 + 4 * 15 + 20);
  w.y -= 10;
  w.ensure(blockHeight);
  const blockTop = w.y;

  const summaryWidth = 270;
  const sx = w.right - summaryWidth;
  const sRights = [sx + 60, sx + 140, sx + 205, w.right];
  let y = blockTop - 10;
  w.text(t.summary, sx, y, 8.5, { bold: true });
  y -= 13;
  [t.rate, t.base, t.vat, t.total].forEach((h, i) => w.text(h, i === 0 ? sx : sRights[i], y, 7.5, { bold: true, color: GREY, align: i === 0 ? 'left' : 'right' }));
  for (const row of totals.byRate) {
    y -= 13;
    w.text(percent(row.rate), sx, y, 8.5);
    w.text(money(row.baseMinor), sRights[1], y, 8.5, { align: 'right' });
    w.text(money(row.vatMinor), sRights[2], y, 8.5, { align: 'right' });
    w.text(money(row.totalMinor), sRights[3], y, 8.5, { align: 'right' });
  }
  y -= 8;
  w.page.drawLine({ start: { x: sx, y }, end: { x: w.right, y }, thickness: 0.4, color: GREY });
  y -= 14;
  w.text(`${t.totalBase}:`, sx, y, 9.5);
  w.text(formatMoneyMinor(totals.baseMinor, data.currency, language), w.right, y, 9.5, { align: 'right' });
  y -= 14;
  w.text(`${t.totalVat}:`, sx, y, 9.5);
  w.text(formatMoneyMinor(totals.vatMinor, data.currency, language), w.right, y, 9.5, { align: 'right' });
  if (totals.roundingMinor) {
    y -= 14;
    w.text(`${t.rounding}:`, sx, y, 9.5);
    w.text(formatMoneyMinor(totals.roundingMinor, data.currency, language), w.right, y, 9.5, { align: 'right' });
  }
  y -= 8;
  const toPayHeight = 22;
  w.page.drawRectangle({ x: sx - 6, y: y - toPayHeight, width: summaryWidth + 6, height: toPayHeight, color: LIGHT });
  y -= 15.5;
  w.text(`${t.toPay}:`, sx, y, 12, { bold: true });
  w.text(formatMoneyMinor(totals.toPayMinor, data.currency, language), w.right - 4, y, 13, { bold: true, align: 'right', maxWidth: summaryWidth - fonts.bold.widthOfTextAtSize(`${t.toPay}:`, 12) - 16 });
  let blockBottom = y - 10;

  if (data.qr) {
    const qy = blockTop - 6;
    drawMatrix(w.page, qrMatrix(data.qr.payload), w.left, qy, qrSize);
    const captionX = w.left + qrSize + 10;
    const captionWidth = sx - 16 - captionX;
    w.text(data.qr.kind === 'spayd' ? t.spayd : t.bysquare, captionX, qy - 10, 10, { bold: true, maxWidth: captionWidth });
    wrapText(t.qrHint, fonts.regular, 8, captionWidth, 5).forEach((line, i) => w.text(line, captionX, qy - 24 - i * 10.5, 8, { color: GREY }));
    w.text(`${t.variableSymbol}: ${data.variableSymbol}`, captionX, qy - qrSize + 2, 8.5, { bold: true, maxWidth: captionWidth });
    blockBottom = Math.min(blockBottom, qy - qrSize - 6);
  }
  w.y = blockBottom;

  if (data.vatLegend) {
    const lines = wrapText(printable(oneLine(data.vatLegend)), fonts.bold, 9, w.width);
    w.y -= 8;
    for (const line of lines) {
      w.y -= 12;
      w.ensure(12);
      w.text(line, w.left, w.y, 9, { bold: true });
    }
  }

  if (data.note) {
    const lines = wrapText(printable(oneLine(data.note)), fonts.regular, 9, w.width);
    w.y -= 8;
    w.ensure(12 + lines.length * 12);
    w.y -= 12;
    w.text(t.note, w.left, w.y, 8.5, { bold: true });
    for (const line of lines) {
      w.y -= 12;
      w.ensure(12);
      w.text(line, w.left, w.y, 9);
    }
  }

  drawFooter(w, data, t);
  return doc.save();
}

