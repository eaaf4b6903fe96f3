import type { InvoiceStatus } from '../../../lib/schemas/billing';

/** The billing API's answers as the pages read them (services/billing). */
export type InvoiceItem = {
  number: string;
  token: string;
  kind: 'order' | 'monthly';
  period: string | null;
  issued_on: string;
  due_on: string;
  paid_at: string | null;
  total: number;
  currency: string;
  variable_symbol: string;
  status: InvoiceStatus;
  pdf_url: string;
};
/** `next`: the cursor of the page after this one (newest-first lists), or null */
export type InvoiceList = { invoices: InvoiceItem[]; total: number; next?: string | null };

export type Balance = { currency: string; amount: number };
export type BillingSummary = { balances: Balance[]; unpaid_invoices: number; after_due_invoices: number };

export type BankInstructionsData = {
  iban: string;
  account: string;
  bic: string;
  holder: string;
  variable_symbol: string;
  amount: number;
  currency: string;
  qr_kind?: 'spayd' | 'bysquare';
  qr_svg?: string;
};

export type InvoicePayment = { method: 'bank_transfer' | 'card' | 'credit'; state: 'paid' | 'waiting'; invoice: InvoiceItem; bank: BankInstructionsData | null; redirect_url: string | null; sandbox: boolean };
export type InvoicePaymentState = { state: 'paid' | 'waiting' | 'failed'; invoice: InvoiceItem; payment: { method: string; status: string } | null };

export type TopUp = {
  token: string;
  state: 'credited' | 'waiting' | 'failed';
  method: 'bank_transfer' | 'card';
  amount: number;
  received: number;
  currency: string;
  created_at: string;
  credited_at: string | null;
  bank: BankInstructionsData | null;
  redirect_url: string | null;
  sandbox: boolean;
};

export type LedgerEntry = {
  id: number;
  created_at: string;
  reason: 'top_up' | 'overpayment' | 'order_payment' | 'invoice_payment' | 'refund' | 'adjustment';
  amount: number;
  currency: string;
  balance_after: number;
  order: { number: string; token: string } | null;
  invoice: { number: string; token: string } | null;
};
export type Ledger = { balances: Balance[]; entries: LedgerEntry[]; page: number; pages: number; total: number };
