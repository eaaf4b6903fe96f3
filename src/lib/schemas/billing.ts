import * as v from 'valibot';
import { object } from './object';
import { afterParam } from '../paging';

/**
 * Billing of the client section (issue 12: credit and invoices): the invoice list's filter
 * (spec §7 POST v2/user/invoice/list), a credit top-up, paying an invoice, the sandbox's
 * monthly invoicing. Shared by the forms and the routers.
 */
export const INVOICE_STATUSES = ['paid', 'unpaid', 'afterDueDate'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const BILLING_CURRENCIES = ['CZK', 'EUR'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/** a top-up's bounds in major units, per currency */
export const TOP_UP_LIMITS: Record<BillingCurrency, { min: number; max: number }> = {
  CZK: { min: 100, max: 100_000 },
  EUR: { min: 5, max: 4_000 },
};

export const TOP_UP_METHODS = ['bank_transfer', 'card'] as const;
export const INVOICE_PAY_METHODS = ['bank_transfer', 'card', 'credit'] as const;

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** a query number: digits only, within bounds */
const queryNumber = (min: number, max: number, fallback: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'validation.number'), v.transform(Number), v.minValue(min, 'validation.too_low'), v.maxValue(max, 'validation.too_high')), fallback);

/** ?limit=…&offset=… of the invoice list */
/** `after`: the previous page's `next` (keyset, newest-first lists: the closed years' invoices follow DB's on these pages) */
export const InvoiceListQuerySchema = object({ limit: queryNumber(1, 100, '20'), offset: queryNumber(0, 100_000, '0'), after: afterParam });

export const InvoiceListBodySchema = object({ status: v.optional(v.picklist(INVOICE_STATUSES, 'billing.error.status')) }, objectMessage);
export type InvoiceListBody = v.InferOutput<typeof InvoiceListBodySchema>;

/** ?page=… of the credit ledger */
export const LedgerQuerySchema = object({ page: queryNumber(1, 10_000, '1') });

/** an amount in major units with at most two decimals; a form's text ('1 500,50') is read too */
const amount = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.transform((s) => (s.trim() === '' ? Number.NaN : Number(s.replace(/[\s\u00A0]/g, '').replace(',', '.')))))], 'validation.number'),
  v.number('validation.number'),
  v.finite('validation.number'),
  v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'billing.error.amount_decimals'),
);

export const TopUpSchema = v.pipe(
  object(
    {
      amount,
      currency: v.picklist(BILLING_CURRENCIES, 'validation.currency_code'),
      method: v.picklist(TOP_UP_METHODS, 'validation.payment_method'),
    },
    objectMessage,
  ),
  v.forward(
    v.check((input) => input.amount >= TOP_UP_LIMITS[input.currency].min && input.amount <= TOP_UP_LIMITS[input.currency].max, 'billing.error.amount_range'),
    ['amount'],
  ),
);
export type TopUpInput = v.InferInput<typeof TopUpSchema>;
export type TopUpOutput = v.InferOutput<typeof TopUpSchema>;

/** `version`: the client section the card payment comes back to */
export const PayInvoiceSchema = object(
  {
    method: v.picklist(INVOICE_PAY_METHODS, 'validation.payment_method'),
    version: v.optional(v.picklist(['v1', 'v2'], 'validation.invalid'), 'v2'),
  },
  objectMessage,
);
export type PayInvoiceOutput = v.InferOutput<typeof PayInvoiceSchema>;

/** POST v1/sandbox/invoices/monthly: a finished month (default: the last one) */
export const MonthlyInvoicingSchema = object({ period: v.optional(v.pipe(v.string('billing.error.period'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'billing.error.period'))) }, objectMessage);
