import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type * as Documents from '../../src/server/documents/index';
import type { InvoiceData } from '../../src/server/documents/types';

// The documents inside workerd (no filesystem, no Node APIs needed). The documents module
// is loaded the way the label and invoice handlers load it: one dynamic import.
// `[figures]` lines report timings (median of 20, in-worker clock) and sizes.

let documents: typeof Documents;
const timings: { first: number; second: number } = { first: 0, second: 0 };

async function load(): Promise<typeof Documents> {
  if (!documents) {
    const t0 = performance.now();
    documents = await import('../../src/server/documents/index');
    const t1 = performance.now();
    await import('../../src/server/documents/index');
    timings.first = t1 - t0;
    timings.second = performance.now() - t1;
  }
  return documents;
}

const samples = () => import('../../src/server/documents/samples');
const text = () => import('../../src/server/documents/pdf-text');

async function invoiceData(currency: 'CZK' | 'EUR'): Promise<InvoiceData> {
  const { sampleInvoice } = await samples();
  const { computeVat } = await import('../../src/server/documents/vat');
  const { paymentQr } = await import('../../src/server/payments/qr/index');
  const data = sampleInvoice(currency);
  const qr = paymentQr({ currency, iban: data.supplier.iban, amountMinor: computeVat(data.lines).totalMinor, variableSymbol: data.variableSymbol, recipientName: data.supplier.name, message: `Faktura ${data.number}` });
  return { ...data, qr };
}

const pages = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();
const head = (pdf: Uint8Array) => new TextDecoder().decode(pdf.subarray(0, 5));

describe('documents in workerd', () => {
  it('loads with one dynamic import', async () => {
    const { labelPdf, invoicePdf } = await load();
    expect(typeof labelPdf).toBe('function');
    expect(typeof invoicePdf).toBe('function');
    console.log(`[figures] documents module: first dynamic import ${timings.first.toFixed(1)} ms (includes the test runner's transform), second ${timings.second.toFixed(2)} ms`);
  }, 60_000);

  it('renders an A6 label with the tracking number and Czech text', async () => {
    const { labelPdf } = await load();
    const { sampleLabel } = await samples();
    const pdf = await labelPdf([sampleLabel(0)], 'a6');
    expect(head(pdf)).toBe('%PDF-');
    expect(await pages(pdf)).toBe(1);
    const [page] = await (await text()).pdfPageTexts(pdf);
    expect(page).toContain('IZ1234567890');
    expect(page).toContain('Jiří Řeháček');
    expect(page).toContain('PŘÍJEMCE');
    expect(page.replace(/\u00A0/g, ' ')).toContain('1 500,00 Kč');
  });

  it('puts five labels on two A4 sheets, four and one', async () => {
    const { labelPdf } = await load();
    const { sampleLabel } = await samples();
    const pdf = await labelPdf([0, 1, 2, 3, 4].map((i) => sampleLabel(i)), 'a4');
    expect(head(pdf)).toBe('%PDF-');
    expect(await pages(pdf)).toBe(2);
    const [first, second] = await (await text()).pdfPageTexts(pdf);
    for (const n of ['IZ1234567890', 'IZ1234567891', 'IZ1234567892', 'IZ1234567893']) expect(first).toContain(n);
    expect(second).toContain('IZ1234567894');
    expect(second).not.toContain('IZ1234567893');
    expect(first).toContain('Ľubomír Ďurčanský');
  });

  it('renders the invoice in Czech and in English', async () => {
    const { invoicePdf } = await load();
    const cs = await invoicePdf(await invoiceData('CZK'), 'cs');
    expect(head(cs)).toBe('%PDF-');
    expect(await pages(cs)).toBe(1);
    const [csText] = await (await text()).pdfPageTexts(cs);
    expect(csText).toContain('Faktura – daňový doklad');
    expect(csText).toContain('2026000123');
    expect(csText).toContain('Celkem k úhradě');
    expect(csText).toContain('Datum zdanitelného plnění');
    const en = await invoicePdf(await invoiceData('EUR'), 'en');
    const [enText] = await (await text()).pdfPageTexts(en);
    expect(enText).toContain('Invoice – tax document');
    expect(enText).toContain('PAY by square');
    expect(enText).toContain('Ľubomír Ďurčanský');
  });

  it('reports generation time and size', async () => {
    const { labelPdf, invoicePdf } = await load();
    const { sampleLabel } = await samples();
    const median = async (run: () => Promise<Uint8Array>) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        bytes = (await run()).length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { ms: (times[9] + times[10]) / 2, min: times[0], bytes };
    };
    const forty = Array.from({ length: 40 }, (_, i) => sampleLabel(i));
    const four = forty.slice(0, 4);
    const invoice = await invoiceData('CZK');
    const figures = {
      'label A6': await median(() => labelPdf([sampleLabel(0)], 'a6')),
      'labels A4 4-up (4 labels)': await median(() => labelPdf(four, 'a4')),
      '40 labels A4 (10 sheets)': await median(() => labelPdf(forty, 'a4')),
      '40 labels A6 (40 pages)': await median(() => labelPdf(forty, 'a6')),
      invoice: await median(() => invoicePdf(invoice, 'cs')),
    };
    for (const [name, f] of Object.entries(figures)) {
      console.log(`[figures] ${name}: median ${f.ms.toFixed(1)} ms (min ${f.min.toFixed(1)}), ${(f.bytes / 1024).toFixed(1)} KiB`);
      expect(f.bytes).toBeGreaterThan(1000);
    }
  }, 120_000);
});

describe('Slovak documents and e-mails (issue 26)', () => {
  it('the invoice to a Slovak VAT payer is Slovak, reverse-charged, with the IČ DPH and the legend', async () => {
    const { invoicePdf } = await load();
    const { czechIn } = await import('../fixtures/sk-words');
    const { VAT_LEGENDS } = await import('../../src/server/services/orders/vat-rule');
    const data = await invoiceData('EUR');
    const reverse: InvoiceData = {
      ...data,
      customer: { ...data.customer, country: 'SK', company: 'Kníhkupectvo Ďurčanský s.r.o.', ico: '35763469', dic: '2020273893', vatId: 'SK2020273893' },
      lines: [
        { description: 'Preprava zásielky – DPD Classic, Bratislava → Košice (2 balíky)', quantity: 1, unitPriceMinor: 1240, vatRate: 0 },
        { description: 'Zľava VITAJTE', quantity: 1, unitPriceMinor: -124, vatRate: 0 },
      ],
      vatLegend: VAT_LEGENDS['reverse-charge'].sk,
      note: 'Uhradené – neplaťte znova.',
    };
    const [page] = await (await text()).pdfPageTexts(await invoicePdf(reverse, 'sk'));
    expect(page).toContain('Faktúra – daňový doklad');
    expect(page).toContain('IČ DPH: SK2020273893');
    expect(page).toContain('Prenesenie daňovej povinnosti');
    expect(page).toContain('Spolu na úhradu');
    // the document's own words: no Czech (the supplier's Czech address is a proper name)
    const own = page.replaceAll(data.supplier.street, '').replaceAll(data.supplier.city, '').replaceAll(data.supplier.name, '');
    expect(czechIn(own)).toBeNull();
  });

  it('every e-mail template and every e-mail line rendered in Slovak has no Czech-only letter or word', async () => {
    const { MAIL_TEMPLATES, renderMail } = await import('../../src/server/mail/templates');
    const { translator } = await import('../../src/i18n');
    const cs = (await import('../../translations/cs.json')).default as Record<string, string>;
    const { czechIn } = await import('../fixtures/sk-words');
    const values = { number: 'IZ1234567890', amount: '12,40 €', carrier: 'DPD', sender: 'Ján Kováč', expected: '27. 11. 2026', point: 'Pošta Bratislava 1', status: 'vybavená', explanation: '—', code: 'VITAJTE', route: 'Bratislava → Košice', tracking: 'IZ1234567890', position: '1', value: '1', vs: '2026000123', iban: 'SK31 1200 0000 1987 4263 7541', account: '2401234567/2010', vat: '2,00 €', base: '10,40 €', phone: '+421 900 123 456', topic: 'x', name: 'Ján', form: 'contact', language: 'sk', territory: 'sk' };
    const problems: string[] = [];
    // to the team, always in Czech (contact_team and its field lines)
    const teamOnly = /^mail\.contact\.(team|field|form|topic)\./;
    for (const template of Object.keys(MAIL_TEMPLATES) as (keyof typeof MAIL_TEMPLATES)[]) {
      if (template === 'contact_team') continue;
      const mail = renderMail(template, 'sk', { name: 'Ján Kováč', link: 'https://sk.zasilkovac.test/x', values });
      const found = czechIn(`${mail.subject}\n${mail.text}`);
      if (found) problems.push(`${template}: "${found}"`);
    }
    const t = translator('sk');
    for (const id of Object.keys(cs).filter((id) => id.startsWith('mail.') && !teamOnly.test(id))) {
      const found = czechIn(t(id as never, values));
      if (found) problems.push(`${id}: "${found}"`);
    }
    expect(problems).toEqual([]);
  });
});
