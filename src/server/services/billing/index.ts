/** Billing of the client section (issue 12): invoices, monthly invoicing, credit, top-ups. */
export { billingSummary, creditLedger } from './credit';
export { invoiceDocument, listInvoices } from './invoices';
// monthly invoicing (./monthly) is loaded by the cron and the sandbox's trigger only, apart from the server entry
export { createTopUp, invoicePaymentState, payInvoice, topUpState } from './payments';
