/** Billing of the client section (issue 12): invoices, monthly invoicing, credit, top-ups. */
export { billingSummary, creditLedger } from './credit';
export { invoiceDocument, listInvoices } from './invoices';
export { issueMonthlyInvoices, runMonthlyInvoicing } from './monthly';
export { createTopUp, invoicePaymentState, payInvoice, topUpState } from './payments';
