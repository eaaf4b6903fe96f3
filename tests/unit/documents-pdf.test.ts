import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { invoicePdf, labelPdf } from '../../src/server/documents/index';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { fullestLabel, sampleInvoice, sampleLabel } from '../../src/server/documents/samples';
import { computeVat } from '../../src/server/documents/vat';
import { paymentQr } from '../../src/server/payments/qr/index';

// The same generators in Node (the `DEPLOY_TARGET=node` build and tooling). With
// DOCUMENTS_OUT_DIR set, the PDFs are written there to be rendered and looked at
// (pdftoppm -png -r 110 label-a6.pdf label-a6).
const outDir = process.env.DOCUMENTS_OUT_DIR;
const save = (name: string, bytes: Uint8Array) => {
  if (!outDir) return;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, name), bytes);
};

function invoiceWithQr(currency: 'CZK' | 'EUR', overrides: Parameters<typeof sampleInvoice>[1] = {}) {
  const data = sampleInvoice(currency, overrides);
  const total = computeVat(data.lines).totalMinor;
  return { ...data, qr: paymentQr({ currency, iban: data.supplier.iban, amountMinor: total, variableSymbol: data.variableSymbol, message: `Faktura ${data.number}`, recipientName: data.supplier.name, dueDate: data.dueOn }) };
}

describe('documents in Node', () => {
  it('renders labels and invoices that read back', async () => {
    const a6 = await labelPdf([sampleLabel(0)], 'a6');
    const fullest = await labelPdf([fullestLabel()], 'a6');
    const a4 = await labelPdf([0, 1, 2, 3, 4].map((i) => sampleLabel(i)), 'a4');
    const cz = await invoicePdf(invoiceWithQr('CZK'), 'cs');
    const sk = await invoicePdf(invoiceWithQr('EUR'), 'en');
    const manyLines = Array.from({ length: 45 }, (_, i) => ({ description: `Přeprava zásilky IZ${String(1000000000 + i)} – Balíkovna, Žďár nad Sázavou → Říčany`, quantity: 1 + (i % 3), unitPriceMinor: 8900 + i * 7, vatRate: 21 as const }));
    const long = await invoicePdf(invoiceWithQr('CZK', { lines: manyLines }), 'cs');
    save('label-a6.pdf', a6);
    save('label-a6-fullest.pdf', fullest);
    save('labels-a4.pdf', a4);
    save('invoice-cs.pdf', cz);
    save('invoice-en-eur.pdf', sk);
    save('invoice-long.pdf', long);
    expect((await PDFDocument.load(a4)).getPageCount()).toBe(2);
    expect((await PDFDocument.load(long)).getPageCount()).toBeGreaterThan(1);
    const [labelText] = (await pdfPageTexts(a6)).map((t) => t.replace(/\u00A0/g, ' '));
    expect(labelText).toContain('IZ1234567890');
    expect(labelText).toContain('PŘÍJEMCE');
    expect(labelText).toContain('1 500,00 Kč');
    const fullestText = (await pdfPageTexts(fullest))[0].replace(/\u00A0/g, ' ');
    expect(fullestText).toContain('ODESÍLATEL');
    expect(fullestText).toContain('123 456,78 €');
    const [invoiceText] = await pdfPageTexts(cz);
    expect(invoiceText).toContain('Faktura – daňový doklad');
    expect(invoiceText).toContain('2026000123');
    expect((await pdfPageTexts(sk))[0]).toContain('Invoice – tax document');
    // every glyph maps back to its text, in the first document of the process and in later ones
    for (const pdf of [a6, fullest, a4, cz, sk, long]) for (const text of await pdfPageTexts(pdf)) expect(text).not.toContain('\uFFFD');
    const longText = (await pdfPageTexts(long)).join('\n');
    expect(longText).toMatch(/Žďár nad Sázavou ->\s+Říčany/); // → is not in Roboto: written as ->
    const longPages = (await PDFDocument.load(long)).getPageCount();
    expect(longText).toContain(`Strana 1 z ${longPages}`);
    expect(longText).toContain(`Strana ${longPages} z ${longPages}`);
  });

  it('never draws a missing glyph: symbols get a stand-in, emoji are dropped', async () => {
    const pdf = await labelPdf([sampleLabel(0, { reference: 'Dárek 🎁 → babička ✓', recipient: { ...sampleLabel(0).recipient, name: 'Nguyễn Văn Đức 😀' } })], 'a6');
    const [text] = await pdfPageTexts(pdf);
    expect(text).toContain('Reference: Dárek -> babička v');
    expect(text).toContain('Nguyễn Văn Đức');
    expect(text).not.toContain('\uFFFD');
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    expect(Buffer.from(await labelPdf([sampleLabel(1)], 'a6')).equals(Buffer.from(await labelPdf([sampleLabel(1)], 'a6')))).toBe(true);
    expect(Buffer.from(await invoicePdf(invoiceWithQr('CZK'), 'cs')).equals(Buffer.from(await invoicePdf(invoiceWithQr('CZK'), 'cs')))).toBe(true);
  });

  it('refuses invalid label data', async () => {
    await expect(labelPdf([], 'a6')).rejects.toThrow(RangeError);
    await expect(labelPdf([sampleLabel(0, { trackingNumber: 'OP2026000123' })], 'a6')).rejects.toThrow(RangeError);
    await expect(labelPdf([sampleLabel(0, { packageIndex: 3, packageCount: 2 })], 'a6')).rejects.toThrow(RangeError);
    await expect(labelPdf([sampleLabel(0, { cod: { amountMinor: 15.5, currency: 'CZK' } })], 'a6')).rejects.toThrow(RangeError);
  });
});
