import type { InvoiceData, InvoiceLine } from '../../documents/types';
import { computeVat } from '../../documents/vat';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { paymentQr } from '../../payments/qr';
import { OPERATOR } from '../../../lib/company';
import { sqlLiteral } from './sql';

/**
 * Billing of the business demo account (run after the accounts): two monthly invoices of
 * its contract (September paid from credit, October unpaid and past its due date, so the
 * unpaid-invoice bar and the lists have something to show) and its credit (a top-up and
 * that payment). The invoice sequence of 2026 starts after them.
 */
const FIRMA = 'firma@zasilkovac.test';
const firmaId = `(SELECT id FROM users WHERE email = ${sqlLiteral(FIRMA)})`;

const line = (description: string, baseMinor: number): InvoiceLine => ({ description, quantity: 1, unitPriceMinor: baseMinor, vatRate: 21 });

type SeedInvoice = { number: string; token: string; period: string; issuedOn: string; dueOn: string; taxableOn: string; paidAt: string | null; lines: InvoiceLine[] };

const INVOICES: SeedInvoice[] = [
  {
    number: 'FV2026000001',
    token: 'seedFirmaZari2026-mesicni-faktura-9Qk1x',
    period: '2026-09',
    issuedOn: '2026-10-01',
    dueOn: '2026-10-15',
    taxableOn: '2026-09-30',
    paidAt: '2026-10-06T07:45:00.000Z',
    lines: [
      line('Přeprava zásilky – PPL Parcel CZ Business, Praha 1 → Brno (1 balík)', 13200),
      line('Přeprava zásilky – DPD Classic, Praha 1 → Ostrava (2 balíky)', 18900),
      line('Přeprava zásilky – GLS BusinessParcel, Praha 1 → Plzeň (1 balík)', 11800),
    ],
  },
  {
    number: 'FV2026000002',
    token: 'seedFirmaRijen2026-mesicni-faktura-7Hc3v',
    period: '2026-10',
    issuedOn: '2026-11-01',
    dueOn: '2026-11-15',
    taxableOn: '2026-10-31',
    paidAt: null,
    lines: [
      line('Přeprava zásilky – PPL Parcel CZ Business, Praha 1 → Liberec (1 balík)', 13200),
      line('Přeprava zásilky – DPD Classic, Praha 1 → Olomouc (3 balíky)', 26400),
      line('Přeprava zásilky – Balíkovna Na adresu, Praha 1 → České Budějovice (1 balík)', 9900),
      line('Přeprava zásilky – GLS BusinessParcel, Praha 1 → Hradec Králové (1 balík)', 11800),
    ],
  },
];

const account = SHOP_ACCOUNTS.cz;
const totalOf = (invoice: SeedInvoice) => computeVat(invoice.lines).totalMinor;

function invoiceData(invoice: SeedInvoice): InvoiceData {
  const variableSymbol = invoice.number.replace(/\D/g, '');
  const { dataBox: _, ...supplier } = OPERATOR;
  return {
    number: invoice.number,
    variableSymbol,
    issuedOn: invoice.issuedOn,
    taxableOn: invoice.taxableOn,
    dueOn: invoice.dueOn,
    currency: 'CZK',
    supplier: { ...supplier, iban: account.iban, bankAccount: account.account },
    customer: { name: 'Petr Svoboda', company: 'Demo Expres s.r.o.', street: 'Na Poříčí 1041/12', city: 'Praha 1', zip: '11000', country: 'CZ', ico: '26765799', dic: 'CZ26765799', email: FIRMA },
    lines: invoice.lines,
    qr: paymentQr({ currency: 'CZK', iban: account.iban, bic: account.bic, amountMinor: totalOf(invoice), variableSymbol, message: invoice.number, recipientName: account.holder, dueDate: invoice.dueOn }),
    note: 'Uhraďte převodem s variabilním symbolem.',
  };
}

const values = (row: Record<string, string>) => `(${Object.keys(row).join(', ')}) SELECT ${Object.values(row).join(', ')}`;

function invoiceStatement(invoice: SeedInvoice): string {
  const row = {
    user_id: firmaId,
    kind: sqlLiteral('monthly'),
    period: sqlLiteral(invoice.period),
    number: sqlLiteral(invoice.number),
    token: sqlLiteral(invoice.token),
    issued_on: sqlLiteral(invoice.issuedOn),
    due_on: sqlLiteral(invoice.dueOn),
    paid_at: sqlLiteral(invoice.paidAt),
    variable_symbol: sqlLiteral(invoice.number.replace(/\D/g, '')),
    currency: sqlLiteral('CZK'),
    total_minor: String(totalOf(invoice)),
    data: sqlLiteral(JSON.stringify(invoiceData(invoice))),
    created_at: sqlLiteral(`${invoice.issuedOn}T05:00:00.000Z`),
  };
  // any conflict (its token, or its number taken by an order's invoice in a database used before) keeps what is there
  return `INSERT INTO invoices ${values(row)} WHERE ${firmaId} IS NOT NULL ON CONFLICT DO NOTHING;`;
}

function creditStatement(entry: { amountMinor: number; reason: 'top_up' | 'invoice_payment'; dedupeKey: string; createdAt: string }): string {
  const row = {
    user_id: firmaId,
    currency: sqlLiteral('CZK'),
    amount_minor: String(entry.amountMinor),
    reason: sqlLiteral(entry.reason),
    dedupe_key: sqlLiteral(entry.dedupeKey),
    created_at: sqlLiteral(entry.createdAt),
  };
  return `INSERT INTO credit_entries ${values(row)} WHERE ${firmaId} IS NOT NULL ON CONFLICT (dedupe_key) DO NOTHING;`;
}

export const billingSeedStatements = (): string[] => {
  const [september] = INVOICES;
  return [
    // the seeded numbers are taken: the year's invoices go on after them
    `INSERT INTO counters (name, value) VALUES ('invoice-2026', ${INVOICES.length}) ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value);`,
    ...INVOICES.map(invoiceStatement),
    creditStatement({ amountMinor: 500_000, reason: 'top_up', dedupeKey: 'seed:firma:top-up:2026-09', createdAt: '2026-09-01T08:30:00.000Z' }),
    creditStatement({ amountMinor: -totalOf(september!), reason: 'invoice_payment', dedupeKey: `pay:invoice:${september!.number}`, createdAt: september!.paidAt! }),
  ];
};
