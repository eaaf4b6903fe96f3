import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import type { BankTransaction } from '../../src/server/payments/bank/types';
import { runMonthlyInvoicing } from '../../src/server/services/billing/monthly';
import { periodToInvoice } from '../../src/server/services/billing/status';
import { invoicePdf } from '../../src/server/services/orders/documents';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { browser, dataOf, type Browser } from './client';

/**
 * Billing (issue 12): monthly invoices of contract customers, the invoice list, paying an
 * invoice, credit and its top-ups. The endpoints that take a token answer another user's
 * exactly as a missing one (404): the list below is for the sweep over every client call.
 */
export const BILLING_TOKEN_ENDPOINTS = [
  { method: 'POST', path: '/api/v1/invoices/:token/pay', body: { method: 'credit' } },
  { method: 'GET', path: '/api/v1/invoices/:token/payment' },
  { method: 'GET', path: '/api/v1/credit/top-up/:token' },
] as const;

type Invoice = { number: string; token: string; kind: string; period: string | null; issued_on: string; due_on: string; paid_at: string | null; total: number; currency: string; variable_symbol: string; status: string; pdf_url: string };
type List = { invoices: Invoice[]; total: number };
type Bank = { iban: string; variable_symbol: string; amount: number; currency: string; qr_svg?: string; spayd?: string; qr_kind?: string };
type TopUp = { token: string; state: string; method: string; amount: number; received: number; currency: string; bank: Bank | null; redirect_url: string | null };
type Ledger = { balances: { currency: string; amount: number }[]; entries: { reason: string; amount: number; balance_after: number; currency: string; order: { number: string } | null; invoice: { number: string; token: string } | null }[]; total: number; pages: number };
type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

const party = (city: string, zip: string) => ({ firstname: 'Jana', surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const shipment = { from: party('Brno', '60200'), to: party('Praha', '11000'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic' };

async function register(b: Browser, contract = false) {
  const email = `b${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
  const profile = await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'));
  if (contract) await env.DB.prepare("UPDATE users SET has_contract = 1, price_type = 'Profi', segment = 'B', company = 'Malá s.r.o.', ico = '27074358' WHERE id = ?").bind(profile.id).run();
  return profile.id;
}

/** a contract customer's direct booking (billed on account), created in `month` ('YYYY-MM') */
async function bookOnAccount(b: Browser, month?: string) {
  const res = await b.post('/api/v1/shipments/create', { shipment }, { 'idempotency-key': `bill-${crypto.randomUUID()}` });
  expect(res.status).toBe(201);
  const { data, order } = await dataOf<{ data: { id: number }[]; order: string }>(res);
  if (month) await env.DB.prepare('UPDATE orders SET created_at = ? WHERE token = ?').bind(`${month}-15T10:00:00.000Z`, order).run();
  return { token: order, shipmentId: data[0]!.id };
}

const list = async (b: Browser, body: unknown = {}, query = '') => b.post(`/api/v2/user/invoice/list${query}`, body);
const listOf = async (b: Browser, body: unknown = {}, query = '') => dataOf<List>(await list(b, body, query));
const credit = (userId: number, minor: number) =>
  env.DB.prepare("INSERT INTO credit_entries (user_id, currency, amount_minor, reason, dedupe_key) VALUES (?, 'CZK', ?, 'adjustment', ?)").bind(userId, minor, `test:${crypto.randomUUID()}`).run();
const balanceOf = async (userId: number) => (await env.DB.prepare("SELECT COALESCE(SUM(amount_minor), 0) AS b FROM credit_entries WHERE user_id = ? AND currency = 'CZK'").bind(userId).first<{ b: number }>())!.b;

/** an invoice row of the user's, as the monthly run writes them */
async function invoiceRow(userId: number, o: { dueOn: string; paidAt?: string | null; totalMinor?: number; issuedOn?: string }) {
  const token = `t${crypto.randomUUID().replaceAll('-', '')}`;
  const number = `FVT${crypto.randomUUID().slice(0, 8)}`;
  const vs = String(Math.floor(Math.random() * 1e9)).padStart(10, '5');
  const total = o.totalMinor ?? 12_100;
  const data = { number, variableSymbol: vs, issuedOn: o.issuedOn ?? '2026-01-01', taxableOn: '2025-12-31', dueOn: o.dueOn, currency: 'CZK', supplier: { name: 'S', street: 's', city: 'c', zip: '1', country: 'CZ', ico: '1', dic: 'CZ1', iban: 'CZ6508000000192000145399' }, customer: { name: 'Eva', country: 'CZ' }, lines: [{ description: 'Přeprava', quantity: 1, unitPriceMinor: 10_000, vatRate: 21 }], note: 'n' };
  await env.DB.prepare("INSERT INTO invoices (user_id, kind, period, number, token, issued_on, due_on, paid_at, variable_symbol, currency, total_minor, data) VALUES (?, 'monthly', NULL, ?, ?, ?, ?, ?, ?, 'CZK', ?, ?)")
    .bind(userId, number, token, o.issuedOn ?? '2026-01-01', o.dueOn, o.paidAt ?? null, vs, total, JSON.stringify(data))
    .run();
  return { token, number, vs, total };
}

const ACTIONS = { paid: 'PAID', declined: 'DECLINED', cancelled: 'CANCELED' } as const;
/** the customer on the GoPay sandbox's page: one of its buttons; back where GoPay sends them (with ?id=) */
const gatewayPay = async (b: Browser, redirect: string, outcome: keyof typeof ACTIONS) => {
  const res = await b.post(redirect, new URLSearchParams({ action: ACTIONS[outcome] }), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
};
/** GoPay's notification: GET with the payment's id only */
const notify = (b: Browser, ref: string) => b.get(`/api/v1/payments/card/notify?id=${ref}`);
const noDefer = () => {};

describe('monthly invoices of contract customers', () => {
  it('collects last month’s orders on account into one invoice, once, due in 14 days, with the orders as lines, the QR and the PDF', async () => {
    const b = browser();
    const userId = await register(b, true);
    const period = periodToInvoice(new Date());
    const first = await bookOnAccount(b, period);
    const second = await bookOnAccount(b, period);
    const thisMonth = await bookOnAccount(b);
    // cancelled on account before its invoice: not billed, and nothing is credited for it
    const cancelled = await bookOnAccount(b);
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: cancelled.shipmentId }] })).status).toBe(200);
    await env.DB.prepare('UPDATE orders SET created_at = ? WHERE token = ?').bind(`${period}-20T10:00:00.000Z`, cancelled.token).run();
    expect(await balanceOf(userId)).toBe(0);

    // no invoice of its own for an order on account
    const before = await dataOf<{ invoice_url: string | null }>(await b.get(`/api/v1/orders/${first.token}`));
    expect(before.invoice_url).toBeNull();
    expect((await listOf(b)).total).toBe(0);

    const run = await b.post('/api/v1/sandbox/invoices/monthly', { period });
    expect(run.status).toBe(200);
    const mine = await listOf(b);
    expect(mine.total).toBe(1);
    const [invoice] = mine.invoices;
    const today = new Date().toISOString().slice(0, 10);
    expect(invoice).toMatchObject({ kind: 'monthly', period, status: 'unpaid', currency: 'CZK', paid_at: null });
    expect(Date.parse(invoice!.due_on) - Date.parse(invoice!.issued_on)).toBe(14 * 86_400_000);
    expect(Math.abs(Date.parse(invoice!.issued_on) - Date.parse(today))).toBeLessThanOrEqual(86_400_000);
    expect(invoice!.variable_symbol).toBe(invoice!.number.replace(/\D/g, ''));

    const orders = await Promise.all([first, second].map(async (o) => dataOf<{ number: string; total_vat: number; invoice_url: string }>(await b.get(`/api/v1/orders/${o.token}`))));
    expect(invoice!.total).toBeCloseTo(orders[0]!.total_vat + orders[1]!.total_vat, 1);
    for (const o of orders) expect(o.invoice_url).toBe(`/faktura/${invoice!.token}`);
    expect((await dataOf<{ invoice_url: string | null }>(await b.get(`/api/v1/orders/${thisMonth.token}`))).invoice_url).toBeNull();

    const page = await dataOf<{ kind: string; paid: boolean; status: string; lines: { description: string }[]; qr_svg: string | null; dueOn: string; customer: { company?: string } }>(await browser().get(`/api/v1/invoices/${invoice!.token}`));
    expect(page).toMatchObject({ kind: 'monthly', paid: false, status: 'unpaid', dueOn: invoice!.due_on, customer: { company: 'Malá s.r.o.' } });
    expect(page.lines.map((l) => l.description.slice(0, 12))).toEqual(orders.map((o) => o.number));
    expect(page.qr_svg).toMatch(/^<svg /);
    expect(invoice!.pdf_url).toBe(`/api/v1/invoices/${invoice!.token}/pdf`);
    // the PDF of Step 5 (drawn by the service the endpoint calls: no gateway deadline on a busy machine)
    const pdf = await invoicePdf(env, invoice!.token);
    const text = (await pdfPageTexts(new Uint8Array(await new Response(pdf.body).arrayBuffer()))).join(' ');
    expect(text).toContain(invoice!.number);
    expect(text).toContain(orders[1]!.number);

    // again from the sandbox and from the scheduled job: nothing more
    await b.post('/api/v1/sandbox/invoices/monthly', { period });
    await runMonthlyInvoicing(env, new Date());
    expect((await listOf(b)).total).toBe(1);
    const monthly = await env.DB.prepare("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ? AND kind = 'monthly'").bind(userId).first<{ n: number }>();
    expect(monthly!.n).toBe(1);
  });

  it('a Slovak contract customer with an IČ DPH is billed reverse-charged: no VAT, its IČ DPH and the legend (docs/vat.md)', async () => {
    const b = browser();
    const userId = await register(b, true);
    await env.DB.prepare("UPDATE users SET country = 'sk', dic = '2020273893', ic_dph = 'SK2020273893' WHERE id = ?").bind(userId).run();
    const period = periodToInvoice(new Date());
    const booked = await bookOnAccount(b, period);
    const item = await env.DB.prepare('SELECT i.vat_rate AS rate, i.price_minor AS base, i.price_vat_minor AS gross, o.payer_ic_dph AS icDph FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.token = ?').bind(booked.token).first<{ rate: number; base: number; gross: number; icDph: string }>();
    expect(item).toMatchObject({ rate: 0, icDph: 'SK2020273893' });
    expect(item!.gross).toBe(item!.base);
    expect((await b.post('/api/v1/sandbox/invoices/monthly', { period })).status).toBe(200);
    const row = await env.DB.prepare("SELECT data FROM invoices WHERE user_id = ? AND kind = 'monthly'").bind(userId).first<{ data: string }>();
    const data = JSON.parse(row!.data) as { vatLegend?: string; customer: { vatId?: string }; lines: { vatRate: number }[] };
    expect(data.lines.map((l) => l.vatRate)).toEqual([0]);
    expect(data.customer.vatId).toBe('SK2020273893');
    expect(data.vatLegend).toContain('Daň odvede zákazník');
  });

  it('the scheduled job issues the month once and then only looks at its marker', async () => {
    const b = browser();
    await register(b, true);
    // a month earlier than the other tests' (the job of last month has run there)
    const now = new Date(`${periodToInvoice(new Date())}-01T12:00:00.000Z`);
    const period = periodToInvoice(now);
    await bookOnAccount(b, period);
    expect(await runMonthlyInvoicing(env, now)).toEqual({ period, issued: 1, done: true });
    expect((await listOf(b)).invoices[0]).toMatchObject({ period, issued_on: now.toISOString().slice(0, 10) });
    // an order slipped into the finished month after the run is not picked up again by the cron
    await bookOnAccount(b, period);
    expect(await runMonthlyInvoicing(env, now)).toEqual({ period, issued: 0, done: true });
    expect((await listOf(b)).total).toBe(1);
  });

  it('the sandbox control refuses a month that is not over, and is missing outside local development', async () => {
    const now = new Date().toISOString().slice(0, 7);
    const res = await browser().post('/api/v1/sandbox/invoices/monthly', { period: now });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors?.[0]).toMatchObject({ field: 'period', code: 'billing.error.period_running' });
    expect((await browser().post('/api/v1/sandbox/invoices/monthly', { period: '2026-13' })).status).toBe(400);
    const deployed = await browser().call('POST', '/api/v1/sandbox/invoices/monthly', {}, {}, { LOCAL_DEV: undefined });
    expect(deployed.status).toBe(404);
  });
});

describe('invoice list (POST v2/user/invoice/list)', () => {
  it('filters by status, limits, counts, and puts the longest overdue first', async () => {
    const b = browser();
    const userId = await register(b);
    const paid = await invoiceRow(userId, { dueOn: '2026-01-15', paidAt: '2026-01-10T10:00:00.000Z' });
    const future = await invoiceRow(userId, { dueOn: '2099-01-01', issuedOn: '2026-03-01' });
    const late = await invoiceRow(userId, { dueOn: '2026-02-15', issuedOn: '2026-02-01' });
    const later = await invoiceRow(userId, { dueOn: '2026-01-20', issuedOn: '2026-01-06' });
    // someone else's is never listed
    await invoiceRow(await register(browser()), { dueOn: '2026-01-01' });

    const all = await listOf(b);
    expect(all.total).toBe(4);
    expect(all.invoices.map((i) => i.number)).toEqual([future.number, late.number, later.number, paid.number]);

    const overdue = await listOf(b, { status: 'afterDueDate' }, '?limit=1');
    expect(overdue.total).toBe(2);
    expect(overdue.invoices).toHaveLength(1);
    expect(overdue.invoices[0]).toMatchObject({ number: later.number, token: later.token, status: 'afterDueDate' });
    expect((await listOf(b, { status: 'afterDueDate' }, '?limit=1&offset=1')).invoices[0]!.number).toBe(late.number);
    expect((await listOf(b, { status: 'unpaid' })).invoices.map((i) => i.number)).toEqual([future.number]);
    expect((await listOf(b, { status: 'paid' })).invoices.map((i) => [i.number, i.status])).toEqual([[paid.number, 'paid']]);

    for (const [body, query] of [[{ status: 'overdue' }, ''], [{}, '?limit=0'], [{}, '?limit=101'], [{}, '?limit=abc'], [[], '']] as const) {
      const res = await list(b, body, query);
      expect(res.status, JSON.stringify([body, query])).toBe(400);
      expect(((await res.json()) as ErrorJson).type).toBe('FORM_VALIDATION_ERROR');
    }
    expect((await list(browser())).status).toBe(401);

    const summary = await dataOf<{ balances: { currency: string; amount: number }[]; unpaid_invoices: number; after_due_invoices: number }>(await b.get('/api/v1/credit/summary'));
    expect(summary).toEqual({ balances: [{ currency: 'CZK', amount: 0 }], unpaid_invoices: 3, after_due_invoices: 2 });
  });
});

describe('paying an invoice', () => {
  it('from credit: refused with a clear error while the balance does not cover it (nothing debited), then paid once', async () => {
    const b = browser();
    const userId = await register(b);
    const invoice = await invoiceRow(userId, { dueOn: '2026-01-15', totalMinor: 50_000 });
    await credit(userId, 30_000);

    const refused = await b.post(`/api/v1/invoices/${invoice.token}/pay`, { method: 'credit' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: 'FORM_VALIDATION_ERROR', errors: [{ field: 'method', code: 'billing.error.credit_insufficient' }] });
    expect(await balanceOf(userId)).toBe(30_000);
    expect((await listOf(b, { status: 'afterDueDate' })).total).toBe(1);

    await credit(userId, 25_000);
    const paid = await dataOf<{ state: string; invoice: Invoice }>(await b.post(`/api/v1/invoices/${invoice.token}/pay`, { method: 'credit' }));
    expect(paid).toMatchObject({ state: 'paid', invoice: { status: 'paid' } });
    expect(await balanceOf(userId)).toBe(5_000);
    const again = await b.post(`/api/v1/invoices/${invoice.token}/pay`, { method: 'credit' });
    expect(again.status).toBe(409);
    expect(await balanceOf(userId)).toBe(5_000);

    const ledger = await dataOf<Ledger>(await b.get('/api/v1/credit'));
    expect(ledger.balances).toEqual([{ currency: 'CZK', amount: 50 }]);
    expect(ledger.entries[0]).toMatchObject({ reason: 'invoice_payment', amount: -500, balance_after: 50, invoice: { number: invoice.number, token: invoice.token } });
    expect(ledger.entries.map((e) => e.balance_after)).toEqual([50, 550, 300]);
    // the invoice page no longer offers the QR
    const page = await dataOf<{ paid: boolean; qr_svg: string | null }>(await browser().get(`/api/v1/invoices/${invoice.token}`));
    expect(page).toMatchObject({ paid: true });
  });

  it('by bank transfer: the instructions with the QR; the statement line pays it once, a later one is credited', async () => {
    const b = browser();
    const userId = await register(b);
    const invoice = await invoiceRow(userId, { dueOn: '2099-01-15', totalMinor: 24_200 });
    const answer = await dataOf<{ method: string; state: string; bank: Bank }>(await b.post(`/api/v1/invoices/${invoice.token}/pay`, { method: 'bank_transfer' }));
    expect(answer).toMatchObject({ method: 'bank_transfer', state: 'waiting', bank: { variable_symbol: invoice.vs, amount: 242, currency: 'CZK', iban: 'CZ6508000000192000145399', qr_kind: 'spayd' } });
    expect(answer.bank.qr_svg).toMatch(/^<svg /);
    expect(answer.bank.spayd).toContain(`*X-VS:${invoice.vs}*`);

    const line: BankTransaction = { bankRef: `T-${crypto.randomUUID()}`, bookedOn: '2026-11-20', amountMinor: 24_200, currency: 'CZK', variableSymbol: invoice.vs, counterAccount: null };
    expect(await ingestBankTransactions(env, [line, line], noDefer)).toEqual(['paid', 'duplicate']);
    expect(await ingestBankTransactions(env, [line], noDefer)).toEqual(['duplicate']);
    expect((await listOf(b, { status: 'paid' })).invoices[0]!.token).toBe(invoice.token);
    expect(await balanceOf(userId)).toBe(0);
    // paid twice by mistake: the second transfer becomes credit
    expect(await ingestBankTransactions(env, [{ ...line, bankRef: `T-${crypto.randomUUID()}` }], noDefer)).toEqual(['overpaid']);
    expect(await balanceOf(userId)).toBe(24_200);
  });

  it('by card through the sandbox gateway: back on the invoices page, paid once whatever the notifications', async () => {
    const b = browser();
    const userId = await register(b);
    const invoice = await invoiceRow(userId, { dueOn: '2099-01-15', totalMinor: 36_300 });
    const answer = await dataOf<{ state: string; redirect_url: string }>(await b.post(`/api/v1/invoices/${invoice.token}/pay`, { method: 'card', version: 'v1' }, { language: 'en' }));
    expect(answer.redirect_url).toMatch(/^http:\/\/zasilkovac\.test\/_sandbox\/gopay\/gw\/v3\/\d{10}$/);
    const ref = answer.redirect_url.split('/').pop()!;
    // a notification before the customer paid (out of order): nothing happens
    expect((await notify(b, ref)).status).toBe(200);
    expect((await dataOf<{ state: string }>(await b.get(`/api/v1/invoices/${invoice.token}/payment`))).state).toBe('waiting');

    const back = await gatewayPay(b, answer.redirect_url, 'paid');
    expect(back).toMatch(new RegExp(`/en/client/invoices\\?invoice=${invoice.token}&id=${ref}$`));
    await notify(b, ref);
    await notify(b, ref);
    const state = await dataOf<{ state: string; invoice: Invoice; payment: { method: string; status: string } }>(await b.get(`/api/v1/invoices/${invoice.token}/payment`));
    expect(state).toMatchObject({ state: 'paid', invoice: { status: 'paid' }, payment: { method: 'card', status: 'paid' } });
    expect(await balanceOf(userId)).toBe(0);
  });
});

describe('credit top-ups', () => {
  it('by bank transfer: instructions with the QR, credited once however often the statement line comes', async () => {
    const b = browser();
    const userId = await register(b);
    const created = await b.post('/api/v1/credit/top-up', { amount: '1 500,50', currency: 'CZK', method: 'bank_transfer' });
    expect(created.status).toBe(201);
    const topUp = await dataOf<TopUp>(created);
    expect(topUp).toMatchObject({ state: 'waiting', method: 'bank_transfer', amount: 1500.5, currency: 'CZK', redirect_url: null, bank: { amount: 1500.5, qr_kind: 'spayd' } });
    expect(topUp.bank!.variable_symbol).toMatch(/^9\d{9}$/);
    expect(topUp.bank!.spayd).toContain('*AM:1500.50*CC:CZK*');

    const line: BankTransaction = { bankRef: `T-${crypto.randomUUID()}`, bookedOn: '2026-11-20', amountMinor: 150_050, currency: 'CZK', variableSymbol: topUp.bank!.variable_symbol, counterAccount: null };
    expect(await ingestBankTransactions(env, [line, line, line], noDefer)).toEqual(['paid', 'duplicate', 'duplicate']);
    expect(await ingestBankTransactions(env, [line], noDefer)).toEqual(['duplicate']);
    expect(await balanceOf(userId)).toBe(150_050);
    // through the sandbox bank as well (a line of its own): a second transfer is credited too
    expect(await dataOf<{ outcomes: string[] }>(await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: topUp.bank!.variable_symbol, amount: 100, currency: 'CZK' }))).toEqual({ outcomes: ['overpaid'] });

    const state = await dataOf<TopUp>(await b.get(`/api/v1/credit/top-up/${topUp.token}`));
    expect(state).toMatchObject({ state: 'credited', received: 1600.5 });
    const ledger = await dataOf<Ledger>(await b.get('/api/v1/credit'));
    expect(ledger.balances).toEqual([{ currency: 'CZK', amount: 1600.5 }]);
    expect(ledger.entries.map((e) => [e.reason, e.amount, e.balance_after])).toEqual([
      ['top_up', 100, 1600.5],
      ['top_up', 1500.5, 1500.5],
    ]);
  });

  it('by card: the gateway’s page, back on the top-up page, credited once under repeated and early notifications', async () => {
    const b = browser();
    const userId = await register(b);
    const topUp = await dataOf<TopUp>(await b.post('/api/v1/credit/top-up', { amount: 20, currency: 'EUR', method: 'card' }));
    expect(topUp).toMatchObject({ state: 'waiting', method: 'card', bank: null });
    const ref = topUp.redirect_url!.split('/').pop()!;
    await notify(b, ref);
    expect((await dataOf<TopUp>(await b.get(`/api/v1/credit/top-up/${topUp.token}`))).state).toBe('waiting');

    const back = await gatewayPay(b, topUp.redirect_url!, 'paid');
    expect(back).toMatch(new RegExp(`/klient/kredit/dobit\\?topup=${topUp.token}&id=${ref}$`));
    for (let i = 0; i < 3; i++) expect((await notify(b, ref)).status).toBe(200);
    expect((await dataOf<TopUp>(await b.get(`/api/v1/credit/top-up/${topUp.token}`))).state).toBe('credited');
    const eur = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(amount_minor) AS sum FROM credit_entries WHERE user_id = ? AND currency = 'EUR'").bind(userId).first<{ n: number; sum: number }>();
    expect(eur).toEqual({ n: 1, sum: 2000 });
  });

  it('a declined card leaves the top-up failed and credits nothing', async () => {
    const b = browser();
    const userId = await register(b);
    const topUp = await dataOf<TopUp>(await b.post('/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'card' }));
    await gatewayPay(b, topUp.redirect_url!, 'declined');
    expect((await dataOf<TopUp>(await b.get(`/api/v1/credit/top-up/${topUp.token}`))).state).toBe('failed');
    expect(await balanceOf(userId)).toBe(0);
  });

  it('GoPay down: a card top-up is refused with "try again or pay by transfer", its payment failed, nothing credited', async () => {
    const b = browser();
    const userId = await register(b);
    const down = { GOPAY_CLIENT_ID: 'down', GOPAY_CLIENT_SECRET: 'down', GOPAY_GOID: '8123456789', GOPAY_API_URL: 'http://127.0.0.1:9/api' };
    const res = await b.call('POST', '/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'card' }, {}, down);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('billing.error.card_unavailable');
    const rows = await env.DB.prepare("SELECT status, gateway_ref FROM billing_payments WHERE user_id = ? AND method = 'card'").bind(userId).all<{ status: string; gateway_ref: string | null }>();
    expect(rows.results).toEqual([{ status: 'failed', gateway_ref: null }]);
    expect(await balanceOf(userId)).toBe(0);
  });

  it('refuses bad amounts, currencies and methods with field errors', async () => {
    const b = browser();
    await register(b);
    const cases: [unknown, string, string][] = [
      [{ amount: 50, currency: 'CZK', method: 'card' }, 'amount', 'billing.error.amount_range'],
      [{ amount: 100_001, currency: 'CZK', method: 'card' }, 'amount', 'billing.error.amount_range'],
      [{ amount: 100.123, currency: 'CZK', method: 'card' }, 'amount', 'billing.error.amount_decimals'],
      [{ amount: 'sto', currency: 'CZK', method: 'card' }, 'amount', 'validation.number'],
      [{ amount: 100, currency: 'USD', method: 'card' }, 'currency', 'validation.currency_code'],
      [{ amount: 100, currency: 'CZK', method: 'credit' }, 'method', 'validation.payment_method'],
    ];
    for (const [body, field, code] of cases) {
      const res = await b.post('/api/v1/credit/top-up', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ErrorJson).errors?.[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await browser().post('/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'card' })).status).toBe(401);
    expect((await browser().get('/api/v1/credit')).status).toBe(401);
  });
});

describe('another user’s tokens', () => {
  it('answer 404 exactly like missing ones', async () => {
    const owner = browser();
    const ownerId = await register(owner);
    const invoice = await invoiceRow(ownerId, { dueOn: '2026-01-15' });
    const topUp = await dataOf<TopUp>(await owner.post('/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'bank_transfer' }));
    await credit(ownerId, 1_000_000);

    const other = browser();
    const otherId = await register(other);
    await credit(otherId, 1_000_000);
    const tokens = { invoice: invoice.token, topUp: topUp.token };
    for (const token of [tokens, { invoice: `x${invoice.token.slice(1)}`, topUp: `x${topUp.token.slice(1)}` }]) {
      for (const endpoint of BILLING_TOKEN_ENDPOINTS) {
        const path = endpoint.path.replace(':token', endpoint.path.includes('top-up') ? token.topUp : token.invoice);
        const res = endpoint.method === 'POST' ? await other.post(path, endpoint.body) : await other.get(path);
        expect(res.status, path).toBe(404);
        expect(((await res.json()) as ErrorJson).type).toBe('API_NOT_FOUND_ERROR');
      }
    }
    // nothing happened to the owner's invoice, nor to the other's credit
    expect((await listOf(owner, { status: 'afterDueDate' })).total).toBe(1);
    expect(await balanceOf(otherId)).toBe(1_000_000);
  });
});
