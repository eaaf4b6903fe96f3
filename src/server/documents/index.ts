/**
 * Documents: shipping labels and invoices as PDF bytes (pdf-lib + Roboto + bwip-js + uqr).
 *
 * Load this module with a dynamic `import('../documents')` from the label and invoice
 * handlers only: it brings ~0.5 MB of libraries whose evaluation should stay off the
 * worker's start-up path. Nothing here runs at module load except constant tables.
 * For the VAT arithmetic alone import `./vat` (no PDF code behind it).
 */
export { labelPdf } from './label';
export { invoicePdf } from './invoice';
export { computeVat, vatOf, type VatLine, type VatLineResult, type VatRateSummary, type VatTotals } from './vat';
export type { DocumentAddress, DocumentLanguage, InvoiceData, InvoiceLine, LabelData, LabelFormat, LabelParcelPoint, PrintLabel, VatRate } from './types';
