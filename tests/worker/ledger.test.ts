import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pragueNow } from '../../src/lib/calendar';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import type { BankTransaction } from '../../src/server/payments/bank/types';
import { periodToInvoice } from '../../src/server/services/billing/status';
import { runMonthlyInvoicing } from '../../src/server/services/billing/monthly';
import { orderById, paymentsOf } from '../../src/server/db/repositories/orders';
import { cancelUnpaidOrder } from '../../src/server/services/orders/storno';
import { ingestBankTransactions, owedBackMinor, settleCardPayment } from '../../src/server/services/orders/payments';
import type { DailyBooks } from '../../src/server/services/ledger/daily';
import { browser, dataOf, type Browser } from './client';

/**
 * The books (issue 25, part 3): each money event posts the legs of the conventions table in
 * the batch of its change, once however often its code runs; the daily report and its CSV;
 * the hand-match of a payment nobody's; and a random day replayed with the invariants
 * checked after every step.
 */

type Order = { token: string; number: string; status: string; total_vat: number; discount: number; currency: string; payment: { method: string; status: string; variable_symbol: string; redirect_url: string | null }; owed_back: number };
type Entry = { key: string; debit: string; credit: string; amount_minor: number; kind: string; method: string | null; order_id: number | null; user_id: number | null; invoice_id: number | null; ref: string | null; currency: string; day: string };
type ErrorJson = { status: number; errors?: { field: string; code: string }[] };

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

const noDefer = () => {};
const party = (city: string, zip: string) => ({ firstname: 'Jana', surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const shipment = { from: party('Brno', '60200'), to: party('Praha', '11000'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic' };
const orderBody = (o: { method?: string; discount?: boolean; email?: string } = {}) => ({
  items: [{ shipment }],
  payment_method: o.method ?? 'bank_transfer',
  payer: { type: 'person' },
  email: o.email ?? `host-${crypto.randomUUID().slice(0, 8)}@example.cz`,
  terms: true,
  ...(o.discount ? { discount_code: 'VITEJTE10' } : {}),
});

async function order(b: Browser, body = orderBody(), key = `ledger-${crypto.randomUUID()}`): Promise<Order> {
  const res = await b.post('/api/v1/orders', body, { 'idempotency-key': key });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  return dataOf<Order>(res);
}

async function register(b: Browser, contract = false) {
  const email = `l${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
  const { id } = await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'));
  if (contract) await env.DB.prepare("UPDATE users SET has_contract = 1, price_type = 'Profi', segment = 'B', company = 'Malá s.r.o.', ico = '27074358' WHERE id = ?").bind(id).run();
  return id;
}

let lines = 0;
const line = (variableSymbol: string | null, amountMinor: number, currency = 'CZK'): BankTransaction => ({
  bankRef: `L-${crypto.randomUUID().slice(0, 8)}-${++lines}`,
  bookedOn: pragueNow().date,
  amountMinor,
  currency,
  variableSymbol,
  counterAccount: '19-2000145399/0800',
});
const ingest = (...txs: BankTransaction[]) => ingestBankTransactions(env, txs, noDefer);
const minor = (major: number) => Math.round(major * 100);

/** a credit top-up by transfer, as the customer does it (so the books know the credit) */
async function topUpByTransfer(b: Browser, amountMinor: number) {
  const topUp = await dataOf<{ bank: { variable_symbol: string } }>(await b.post('/api/v1/credit/top-up', { amount: String(amountMinor / 100), currency: 'CZK', method: 'bank_transfer' }));
  const tx = line(topUp.bank.variable_symbol, amountMinor);
  expect(await ingest(tx)).toEqual(['paid']);
  return tx;
}

/**
 * The card seam: the gateway's page answers `outcome` and the return settles the payment (the
 * gateway is being swapped to GoPay: this is the one place the card steps go through).
 */
async function cardOutcome(b: Browser, o: Order, outcome: 'paid' | 'declined') {
  // the customer's button on the GoPay sandbox's page, back through the return URL with ?id=
  const res = await b.post(o.payment.redirect_url!, new URLSearchParams({ action: outcome === 'paid' ? 'PAID' : 'DECLINED' }), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(res.status).toBe(303);
  await b.get(res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''));
  return o.payment.redirect_url!.split('/').pop()!;
}

const orderId = async (token: string) => (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(token).first<{ id: number }>())!.id;
const entriesWhere = async (where: string, ...binds: unknown[]) => (await env.DB.prepare(`SELECT * FROM ledger_entries WHERE ${where} ORDER BY id`).bind(...binds).all<Entry>()).results;
const entriesOf = async (o: Order) => entriesWhere('order_id = ?', await orderId(o.token));
const legs = (entries: Entry[]) => entries.map((e) => [e.key.replace(/^(\w+):(\d+)/, '$1:#').replace(/:(L|SBX)-[\w-]+/, ':LINE').replace(/card:[\w-]+$/, 'card:REF'), e.debit, e.credit, e.amount_minor, e.kind]);
/** an account's balance as the books keep it: money accounts debit − credit, the others credit − debit */
const balance = async (account: string, where = '1 = 1', ...binds: unknown[]) =>
  (await env.DB.prepare(`SELECT COALESCE(SUM(CASE WHEN debit = ?1 THEN amount_minor ELSE 0 END) - SUM(CASE WHEN credit = ?1 THEN amount_minor ELSE 0 END), 0) AS b FROM ledger_entries WHERE (debit = ?1 OR credit = ?1) AND ${where}`).bind(account, ...binds).first<{ b: number }>())!.b;
const creditOf = async (userId: number) => (await env.DB.prepare('SELECT COALESCE(SUM(amount_minor), 0) AS b FROM credit_entries WHERE user_id = ?').bind(userId).first<{ b: number }>())!.b;

const today = () => pragueNow().date;
const daily = async (b = browser(), date = today()) => dataOf<DailyBooks>(await b.get(`/api/v1/app/ledger/daily?date=${date}`));

describe('the books: what each money event posts, once', () => {
  it('an order taken by transfer with VITEJTE10 posts its list price and its discount; part, rest and overpayment lines post once each, the rest of a member’s to credit', async () => {
    const b = browser();
    const userId = await register(b);
    const o = await order(b, orderBody({ discount: true }));
    const total = minor(o.total_vat);
    const discount = minor(o.discount);
    expect(discount).toBeGreaterThan(0);
    expect(legs(await entriesOf(o))).toEqual([
      ['order:#:sale', 'receivables', 'sales', total + discount, 'sale'],
      ['order:#:discount', 'discounts', 'receivables', discount, 'discount'],
    ]);
    const id = await orderId(o.token);
    expect(await balance('receivables', 'order_id = ?', id)).toBe(total);

    const part = line(o.payment.variable_symbol, 10_000);
    const rest = line(o.payment.variable_symbol, total - 10_000 + 2_500);
    expect(await ingest(part, part)).toEqual(['partial', 'duplicate']);
    expect(await balance('receivables', 'order_id = ?', id)).toBe(total - 10_000);
    expect(await ingest(rest, part, rest)).toEqual(['overpaid', 'duplicate', 'duplicate']);
    expect(legs((await entriesOf(o)).slice(2))).toEqual([
      ['in:LINE', 'bank', 'receivables', 10_000, 'payment_in'],
      ['in:LINE', 'bank', 'receivables', total - 10_000 + 2_500, 'payment_in'],
      ['over:LINE', 'receivables', 'customer_credit', 2_500, 'overpayment'],
    ]);
    expect(await balance('receivables', 'order_id = ?', id)).toBe(0);
    expect(await balance('customer_credit', 'user_id = ?', userId)).toBe(-2_500);
    expect(await creditOf(userId)).toBe(2_500);
    const over = (await entriesOf(o)).at(-1)!;
    expect(over).toMatchObject({ user_id: userId, method: 'bank_transfer', ref: rest.bankRef, key: `over:${rest.bankRef}` });
  });

  it('a guest’s overpayment and money after cancelling are owed back (refunds_payable); the cancel reverses sale and discount once', async () => {
    const b = browser();
    const o = await order(b, orderBody({ discount: true }));
    const id = await orderId(o.token);
    expect((await b.post(`/api/v1/orders/${o.token}/cancel`)).status).toBe(200);
    // again (the order still as it was read before): refused, nothing posted twice
    await expect(cancelUnpaidOrder(env, (await orderById(env.DB, id))!)).rejects.toThrow();
    const total = minor(o.total_vat);
    const discount = minor(o.discount);
    expect(legs((await entriesOf(o)).slice(2))).toEqual([
      ['order:#:cancel:sale', 'sales', 'receivables', total + discount, 'adjustment'],
      ['order:#:cancel:discount', 'receivables', 'discounts', discount, 'adjustment'],
    ]);
    expect(await balance('receivables', 'order_id = ?', id)).toBe(0);
    const late = line(o.payment.variable_symbol, total);
    expect(await ingest(late, late)).toEqual(['overpaid', 'duplicate']);
    expect(legs((await entriesOf(o)).slice(4))).toEqual([
      ['in:LINE', 'bank', 'receivables', total, 'payment_in'],
      ['over:LINE', 'receivables', 'refunds_payable', total, 'overpayment'],
    ]);
    expect(await balance('refunds_payable', 'order_id = ?', id)).toBe(-total);
    expect(minor((await dataOf<Order>(await b.get(`/api/v1/orders/${o.token}`))).owed_back)).toBe(total);
  });

  it('an order paid from credit posts the spend once; a retried request posts nothing more', async () => {
    const b = browser();
    const userId = await register(b);
    await topUpByTransfer(b, 100_000);
    const key = `ledger-${crypto.randomUUID()}`;
    const body = orderBody({ method: 'credit' });
    const o = await order(b, body, key);
    expect(o.status).not.toBe('unpaid');
    await order(b, body, key);
    const total = minor(o.total_vat);
    expect(legs(await entriesOf(o))).toEqual([
      ['order:#:sale', 'receivables', 'sales', total, 'sale'],
      ['order:#:credit', 'customer_credit', 'receivables', total, 'credit_spend'],
    ]);
    expect(await creditOf(userId)).toBe(100_000 - total);
    expect(0 - (await balance('customer_credit', 'user_id = ?', userId))).toBe(100_000 - total);
  });

  it('a card payment settled PAID posts gateway → receivables once; a decline posts nothing; paid after cancelling it is owed back', async () => {
    const b = browser();
    const declined = await order(b, orderBody({ method: 'card' }));
    const ref = await cardOutcome(b, declined, 'declined');
    expect((await entriesOf(declined)).map((e) => e.kind)).toEqual(['sale']);

    const paid = await order(b, orderBody({ method: 'card' }));
    const paidRef = await cardOutcome(b, paid, 'paid');
    await settleCardPayment(env, paidRef, noDefer);
    await settleCardPayment(env, paidRef, noDefer);
    expect(legs((await entriesOf(paid)).slice(1))).toEqual([['in:card:REF', 'gateway', 'receivables', minor(paid.total_vat), 'payment_in']]);
    expect(await balance('receivables', 'order_id = ?', await orderId(paid.token))).toBe(0);
    expect(ref).not.toBe(paidRef);

    const late = await order(b, orderBody({ method: 'card' }));
    expect((await b.post(`/api/v1/orders/${late.token}/cancel`)).status).toBe(200);
    const lateRef = await cardOutcome(b, late, 'paid');
    await settleCardPayment(env, lateRef, noDefer);
    expect(legs((await entriesOf(late)).slice(2))).toEqual([
      ['in:card:REF', 'gateway', 'receivables', minor(late.total_vat), 'payment_in'],
      ['over:card:REF', 'receivables', 'refunds_payable', minor(late.total_vat), 'overpayment'],
      // a guest's card is refunded at once (issue 25 refunds): the money goes back out of the gateway
      ['refund:#:out', 'refunds_payable', 'gateway', minor(late.total_vat), 'refund_out'],
    ]);
  });

  it('credit top-ups by transfer and card post to the member’s credit once; the ledger’s credit equals the credit entries', async () => {
    const b = browser();
    const userId = await register(b);
    const tx = await topUpByTransfer(b, 50_000);
    expect(await ingest(tx)).toEqual(['duplicate']);
    const card = await dataOf<{ token: string; redirect_url: string }>(await b.post('/api/v1/credit/top-up', { amount: '200', currency: 'CZK', method: 'card' }));
    const res = await b.post(card.redirect_url, new URLSearchParams({ action: 'PAID' }), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(303);
    await b.get(`/api/v1/credit/top-up/${card.token}`);
    await b.get(`/api/v1/credit/top-up/${card.token}`);
    const entries = await entriesWhere('user_id = ?', userId);
    expect(legs(entries)).toEqual([
      ['topup:bank:LINE', 'bank', 'customer_credit', 50_000, 'credit_top_up'],
      ['topup:card:REF', 'gateway', 'customer_credit', 20_000, 'credit_top_up'],
    ]);
    expect(0 - (await balance('customer_credit', 'user_id = ?', userId))).toBe(await creditOf(userId));
  });

  it('a monthly invoice issued posts receivables → sales once; paid by transfer (overpaid to credit), from credit, by card or by a transfer matched by hand posts once', async () => {
    const b = browser();
    const userId = await register(b, true);
    const period = periodToInvoice(new Date());
    const res = await b.post('/api/v1/shipments/create', { shipment }, { 'idempotency-key': `ledger-${crypto.randomUUID()}` });
    expect(res.status).toBe(201);
    const { order: token } = await dataOf<{ order: string }>(res);
    await env.DB.prepare('UPDATE orders SET created_at = ? WHERE token = ?').bind(`${period}-15T10:00:00.000Z`, token).run();
    // on account: no sale of its own (the invoice is the sale)
    expect(await entriesWhere('order_id = ?', await orderId(token))).toEqual([]);
    expect((await b.post('/api/v1/sandbox/invoices/monthly', { period })).status).toBe(200);
    expect((await b.post('/api/v1/sandbox/invoices/monthly', { period })).status).toBe(200);
    const invoice = (await env.DB.prepare('SELECT id, variable_symbol, total_minor, number FROM invoices WHERE user_id = ?').bind(userId).first<{ id: number; variable_symbol: string; total_minor: number; number: string }>())!;
    expect(legs(await entriesWhere('invoice_id = ?', invoice.id))).toEqual([[`invoice:#`, 'receivables', 'sales', invoice.total_minor, 'invoice']]);
    const tx = line(invoice.variable_symbol, invoice.total_minor + 700);
    expect(await ingest(tx, tx)).toEqual(['overpaid', 'duplicate']);
    expect(legs((await entriesWhere('invoice_id = ?', invoice.id)).slice(1))).toEqual([
      ['in:LINE', 'bank', 'receivables', invoice.total_minor + 700, 'payment_in'],
      ['over:LINE', 'receivables', 'customer_credit', 700, 'overpayment'],
    ]);
    expect(await balance('receivables', 'invoice_id = ?', invoice.id)).toBe(0);
    expect(await creditOf(userId)).toBe(700);
    await runMonthlyInvoicing(env, new Date());
    expect(await entriesWhere('invoice_id = ? AND kind = ?', invoice.id, 'invoice')).toHaveLength(1);

    // two more invoices of the account: one paid from credit (twice asked), one by card
    const another = async (n: number) => {
      const token = `t${crypto.randomUUID().replaceAll('-', '')}`;
      const number = `FVL${crypto.randomUUID().slice(0, 8)}`;
      await env.DB.prepare("INSERT INTO invoices (user_id, kind, period, number, token, issued_on, due_on, variable_symbol, currency, total_minor, data) VALUES (?, 'monthly', NULL, ?, ?, '2026-01-01', '2099-01-15', ?, 'CZK', ?, '{}')")
        .bind(userId, number, token, `55${n}${String(Date.now()).slice(-7)}`, 600)
        .run();
      return (await env.DB.prepare('SELECT id, token, number FROM invoices WHERE number = ?').bind(number).first<{ id: number; token: string; number: string }>())!;
    };
    const byCredit = await another(1);
    expect((await b.post(`/api/v1/invoices/${byCredit.token}/pay`, { method: 'credit', version: 'v1' })).status).toBe(200);
    expect((await b.post(`/api/v1/invoices/${byCredit.token}/pay`, { method: 'credit', version: 'v1' })).status).toBe(409);
    expect(legs(await entriesWhere('invoice_id = ?', byCredit.id))).toEqual([['invoice:#:credit', 'customer_credit', 'receivables', 600, 'credit_spend']]);
    const byCard = await another(2);
    const answer = await dataOf<{ redirect_url: string }>(await b.post(`/api/v1/invoices/${byCard.token}/pay`, { method: 'card', version: 'v1' }));
    expect((await b.post(answer.redirect_url, new URLSearchParams({ action: 'PAID' }), { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(303);
    await b.get(`/api/v1/invoices/${byCard.token}/payment`);
    await settleCardPayment(env, answer.redirect_url.split('/').pop()!, noDefer);
    expect(legs(await entriesWhere('invoice_id = ?', byCard.id))).toEqual([['in:card:REF', 'gateway', 'receivables', 600, 'payment_in']]);
    // a transfer without its variable symbol, matched by hand to the third
    const byHand = await another(3);
    const stray = line(null, 600);
    expect(await ingest(stray)).toEqual(['unmatched']);
    const matched = await browser().post(`/api/v1/app/ledger/unmatched/${stray.bankRef}/match`, { invoice: byHand.number });
    expect(await dataOf(matched)).toEqual({ bank_ref: stray.bankRef, outcome: 'paid', order: null, invoice: byHand.number });
    expect(legs(await entriesWhere('ref = ?', stray.bankRef))).toEqual([
      ['in:LINE', 'bank', 'unmatched', 600, 'unmatched_in'],
      ['match:LINE', 'unmatched', 'receivables', 600, 'payment_in'],
    ]);
    expect((await env.DB.prepare('SELECT paid_at FROM invoices WHERE id = ?').bind(byHand.id).first<{ paid_at: string | null }>())!.paid_at).not.toBeNull();
    expect(0 - (await balance('customer_credit', 'user_id = ?', userId))).toBe(await creditOf(userId));
  });
});

describe('the daily books', () => {
  it('totals per currency and method, the unmatched lines and the CSV (semicolons, UTF-8 with BOM, a header row)', async () => {
    const before = await daily();
    const b = browser();
    const o = await order(b);
    const stray = line('0000000001', 12_345);
    expect(await ingest(stray, stray)).toEqual(['unmatched', 'duplicate']);
    expect(await ingest(line(o.payment.variable_symbol, minor(o.total_vat)))).toEqual(['paid']);
    const after = await daily();
    const bank = (books: DailyBooks) => books.totals.find((t) => t.currency === 'CZK' && t.method === 'bank_transfer') ?? { in: 0, sales: 0, unmatched: 0 };
    expect(bank(after).in - bank(before).in).toBeCloseTo(123.45 + o.total_vat, 2);
    expect(bank(after).sales - bank(before).sales).toBeCloseTo(o.total_vat, 2);
    expect(bank(after).unmatched - bank(before).unmatched).toBeCloseTo(123.45, 2);
    expect(after.unmatched.find((u) => u.bank_ref === stray.bankRef)).toEqual({ bank_ref: stray.bankRef, booked_on: stray.bookedOn, amount: 123.45, currency: 'CZK', variable_symbol: '0000000001', counter_account: '19-2000145399/0800' });
    const waiting = await env.DB.prepare("SELECT COUNT(*) AS n FROM refunds WHERE status IN ('requested', 'sent')").first<{ n: number }>();
    expect(after.refunds_waiting).toHaveLength(waiting!.n);

    const csv = await browser().get(`/api/v1/app/ledger/daily?date=${today()}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n').map((r) => r.split(';'));
    expect(rows[0]).toEqual(['section', 'date', 'currency', 'method', 'item', 'amount', 'reference', 'detail']);
    expect(rows).toContainEqual(['total', today(), 'CZK', 'bank_transfer', 'in', bank(after).in.toFixed(2), '', '']);
    expect(rows).toContainEqual(['unmatched', stray.bookedOn, 'CZK', 'bank_transfer', stray.bankRef, '123.45', '0000000001', '19-2000145399/0800']);

    // a day without postings: empty totals; bad dates and formats: §8 field errors
    expect((await daily(browser(), '2001-01-01')).totals).toEqual([]);
    for (const query of ['date=2026-02-30', 'date=yesterday', '', `date=${today()}&format=xml`]) {
      const res = await browser().get(`/api/v1/app/ledger/daily?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorJson;
      expect(body.errors![0]!.code).toMatch(/^(validation\.(date|required)|ledger\.format)$/);
    }
  });

  it('a payment nobody’s is matched by hand to an order: paid as with its variable symbol, unmatched → receivables, once; bad input answers §8 errors', async () => {
    const b = browser();
    const userId = await register(b);
    const o = await order(b);
    const total = minor(o.total_vat);
    const wrong = line('9999999999', total + 1_000);
    expect(await ingest(wrong)).toEqual(['unmatched']);
    const path = `/api/v1/app/ledger/unmatched/${wrong.bankRef}/match`;
    const errorOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as ErrorJson).errors?.[0]?.code });
    expect(await errorOf(await browser().post(path, {}))).toEqual({ status: 400, code: 'ledger.match.order_or_invoice' });
    expect(await errorOf(await browser().post(path, { order: o.number, invoice: 'FV1' }))).toEqual({ status: 400, code: 'ledger.match.order_or_invoice' });
    expect(await errorOf(await browser().post(path, { order: 'NOPE-1' }))).toEqual({ status: 400, code: 'ledger.match.unknown_order' });
    expect(await errorOf(await browser().post(path, { invoice: 'NOPE-1' }))).toEqual({ status: 400, code: 'ledger.match.unknown_invoice' });
    expect((await browser().post('/api/v1/app/ledger/unmatched/NO-SUCH-LINE/match', { order: o.number })).status).toBe(404);

    const res = await browser().post(path, { order: o.number });
    expect(res.status).toBe(200);
    expect(await dataOf(res)).toEqual({ bank_ref: wrong.bankRef, outcome: 'overpaid', order: o.number, invoice: null });
    expect(await errorOf(await browser().post(path, { order: o.number }))).toEqual({ status: 409, code: 'ledger.match.already_matched' });
    expect((await dataOf<Order>(await b.get(`/api/v1/orders/${o.token}`))).status).not.toBe('unpaid');
    expect(legs((await entriesWhere('ref = ?', wrong.bankRef)))).toEqual([
      ['in:LINE', 'bank', 'unmatched', total + 1_000, 'unmatched_in'],
      ['match:LINE', 'unmatched', 'receivables', total + 1_000, 'payment_in'],
      ['over:LINE', 'receivables', 'customer_credit', 1_000, 'overpayment'],
    ]);
    expect(await balance('unmatched', 'ref = ?', wrong.bankRef)).toBe(0);
    expect(await creditOf(userId)).toBe(1_000);
    expect((await daily()).unmatched.map((u) => u.bank_ref)).not.toContain(wrong.bankRef);
  });

  it('deployed, the books exist only for a signed-in internal user (404 for anyone else, as the carriers’ health)', async () => {
    const deployed = { LOCAL_DEV: undefined };
    const path = `/api/v1/app/ledger/daily?date=${today()}`;
    expect((await browser().call('GET', path, undefined, {}, deployed)).status).toBe(404);
    const b = browser();
    const demo = DEMO_ACCOUNTS[0];
    expect((await b.post('/api/v1/user/login', { email: demo.email, password: demo.password })).status).toBe(200);
    expect((await b.call('GET', path, undefined, {}, { ...deployed, INTERNAL_USER_EMAILS: 'provoz@zasilkovac.test' } as never)).status).toBe(404);
    expect((await b.call('POST', '/api/v1/app/ledger/unmatched/X/match', { order: '1' }, {}, { ...deployed, INTERNAL_USER_EMAILS: 'provoz@zasilkovac.test' } as never)).status).toBe(404);
    const res = await b.call('GET', path, undefined, {}, { ...deployed, INTERNAL_USER_EMAILS: `provoz@zasilkovac.test, ${demo.email}` } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

/** a small seeded PRNG (mulberry32): the same day every run */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Sums = { currency: string; method: string; in: number; out: number; credit_top_ups: number; credit_spend: number; discounts: number; sales: number; invoices: number; refunds: number; unmatched: number };

/** the day's lines straight from the postings (SQL), to hold the endpoint's against */
async function ledgerDay(date: string): Promise<Sums[]> {
  const { results } = await env.DB.prepare(
    `SELECT currency, COALESCE(method, '') AS method,
      SUM(CASE WHEN debit IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) AS "in",
      SUM(CASE WHEN credit IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) AS "out",
      SUM(CASE WHEN kind = 'credit_top_up' THEN amount_minor ELSE 0 END) AS credit_top_ups,
      SUM(CASE WHEN kind = 'credit_spend' THEN amount_minor ELSE 0 END) AS credit_spend,
      SUM(CASE WHEN debit = 'discounts' THEN amount_minor WHEN credit = 'discounts' THEN -amount_minor ELSE 0 END) AS discounts,
      SUM(CASE WHEN kind IN ('sale', 'adjustment') AND credit = 'sales' THEN amount_minor WHEN kind = 'adjustment' AND debit = 'sales' THEN -amount_minor ELSE 0 END) AS sales,
      SUM(CASE WHEN kind = 'invoice' THEN amount_minor ELSE 0 END) AS invoices,
      SUM(CASE WHEN kind = 'refund_requested' THEN amount_minor ELSE 0 END) AS refunds,
      SUM(CASE WHEN kind = 'unmatched_in' THEN amount_minor ELSE 0 END) AS unmatched
    FROM ledger_entries WHERE day = ? GROUP BY currency, COALESCE(method, '') ORDER BY currency, method`,
  )
    .bind(date)
    .all<Sums>();
  return results;
}

describe('a random day replayed', () => {
  it('orders by transfer, card and credit (some with VITEJTE10), part payments, overpayments, wrong variable symbols, declines, cancellations and top-ups: the invariants hold after every step', async () => {
    const rand = mulberry32(25);
    const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(rand() * xs.length)];
    const guest = browser();
    const members = [] as { b: Browser; id: number; discounted: boolean }[];
    for (let i = 0; i < 2; i++) {
      const b = browser();
      members.push({ b, id: await register(b), discounted: false });
    }
    type Placed = { o: Order; id: number; owner: Browser; userId: number | null };
    const placed: Placed[] = [];
    const strays: BankTransaction[] = [];
    const row = async (p: Placed) => (await orderById(env.DB, p.id))!;
    const owes = async (p: Placed) => {
      const order = await row(p);
      if (order.status !== 'unpaid') return 0;
      const received = (await paymentsOf(env.DB, p.id)).reduce((sum, x) => sum + x.receivedMinor, 0);
      return order.totalVatMinor - received;
    };
    const unpaidBy = async (method: string) => {
      const out: Placed[] = [];
      for (const p of placed) if (p.o.payment.method === method && (await row(p)).status === 'unpaid') out.push(p);
      return out;
    };

    const steps: Record<string, (arg?: string) => Promise<unknown>> = {
      async order(forced?: string) {
        const richest = async () => (await Promise.all(members.map(async (m) => [await creditOf(m.id), m] as const))).sort((a, b) => b[0] - a[0])[0]![1];
        const member = forced === 'credit' ? await richest() : !forced && rand() < 0.5 ? pick(members)! : null;
        const method = forced ?? (member && (await creditOf(member.id)) > 50_000 && rand() < 0.4 ? 'credit' : rand() < 0.6 ? 'bank_transfer' : 'card');
        const discount = rand() < 0.4 && !(member?.discounted ?? false);
        if (member && discount) member.discounted = true;
        const owner = member?.b ?? guest;
        const o = await order(owner, orderBody({ method, discount }));
        placed.push({ o, id: await orderId(o.token), owner, userId: member?.id ?? null });
      },
      async payInFull() {
        const p = pick(await unpaidBy('bank_transfer'));
        if (p && (await owes(p)) > 0) await ingest(line(p.o.payment.variable_symbol, await owes(p)));
      },
      async payPart() {
        const p = pick(await unpaidBy('bank_transfer'));
        if (p && (await owes(p)) > 1) await ingest(line(p.o.payment.variable_symbol, Math.floor((await owes(p)) / 2)));
      },
      async overpay() {
        const p = pick(placed.filter((x) => x.o.payment.method === 'bank_transfer'));
        if (p) await ingest(line(p.o.payment.variable_symbol, Math.max(0, await owes(p)) + 1 + Math.floor(rand() * 5_000)));
      },
      async wrongSymbol() {
        const tx = line(String(Math.floor(rand() * 1e9)).padStart(10, '7'), 1_000 + Math.floor(rand() * 50_000));
        expect(await ingest(tx)).toEqual(['unmatched']);
        strays.push(tx);
      },
      async matchByHand() {
        const tx = strays.shift();
        const p = pick(await unpaidBy('bank_transfer'));
        if (tx && p) expect((await browser().post(`/api/v1/app/ledger/unmatched/${tx.bankRef}/match`, { order: p.o.number })).status).toBe(200);
      },
      async cardPays() {
        const p = pick(placed.filter((x) => x.o.payment.method === 'card' && !x.o.payment.status.startsWith('settled')));
        if (!p) return;
        const [payment] = await paymentsOf(env.DB, p.id);
        if (payment?.status !== 'pending') return;
        p.o.payment.status = 'settled';
        // a card paid after the order was cancelled comes too: credited or owed back
        await cardOutcome(p.owner, p.o, 'paid');
      },
      async cardDeclines() {
        const p = pick(await unpaidBy('card'));
        if (!p) return;
        const [payment] = await paymentsOf(env.DB, p.id);
        if (payment?.status !== 'pending' || p.o.payment.status === 'settled') return;
        p.o.payment.status = 'settled';
        await cardOutcome(p.owner, p.o, 'declined');
      },
      async cancel(only?: string) {
        const unpaid = [...(only === 'card' ? [] : await unpaidBy('bank_transfer')), ...(await unpaidBy('card'))];
        const untouched: Placed[] = [];
        for (const x of unpaid) if ((await owes(x)) === minor(x.o.total_vat)) untouched.push(x);
        const p = pick(untouched);
        if (p) expect([200, 409]).toContain((await p.owner.post(`/api/v1/orders/${p.o.token}/cancel`)).status);
      },
      async topUp() {
        const member = pick(members)!;
        await topUpByTransfer(member.b, 20_000 + Math.floor(rand() * 100_000));
      },
    };
    // first every kind of step once (in an order where each finds something to act on), then the dice
    const plan = ['order bank_transfer', 'order card', 'topUp', 'order credit', 'order card', 'payPart', 'wrongSymbol', 'matchByHand', 'cardDeclines', 'cancel card', 'cardPays', 'overpay', 'payInFull'];

    const check = async (step: string) => {
      const why = `after step ${step}`;
      // per currency: the money held equals what the other accounts say it is
      const { results: cash } = await env.DB.prepare(
        `SELECT currency,
          SUM(CASE WHEN debit IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) - SUM(CASE WHEN credit IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) AS cash,
          SUM(CASE WHEN credit NOT IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) - SUM(CASE WHEN debit NOT IN ('bank', 'gateway') THEN amount_minor ELSE 0 END) AS others
        FROM ledger_entries GROUP BY currency`,
      ).all<{ currency: string; cash: number; others: number }>();
      for (const c of cash) expect(c.cash, why).toBe(c.others);
      for (const m of members) expect(0 - (await balance('customer_credit', 'user_id = ?', m.id)), why).toBe(await creditOf(m.id));
      for (const p of placed) {
        expect(await balance('receivables', 'order_id = ?', p.id), `${why}: ${p.o.number} owes`).toBe(await owes(p));
        if (!p.userId) expect(0 - (await balance('refunds_payable', 'order_id = ?', p.id)), `${why}: ${p.o.number} owed back`).toBe(owedBackMinor(await row(p), await paymentsOf(env.DB, p.id)));
      }
      const unmatched = await env.DB.prepare("SELECT COALESCE(SUM(amount_minor), 0) AS s FROM bank_transactions WHERE outcome = 'unmatched'").first<{ s: number }>();
      expect(0 - (await balance('unmatched')), why).toBe(unmatched!.s);
      const books = await daily();
      const fromEndpoint = books.totals.map((t) => ({ ...t, ...Object.fromEntries(Object.entries(t).filter(([, v]) => typeof v === 'number').map(([k, v]) => [k, Math.round((v as number) * 100)])) }));
      expect(fromEndpoint, why).toEqual(await ledgerDay(today()));
    };

    const done: string[] = [];
    for (let i = 0; i < 24; i++) {
      const step = plan[i] ?? pick(Object.keys(steps))!;
      const [name, arg] = step.split(' ');
      await steps[name!]!(arg);
      done.push(step);
      await check(`${i} ${step}`);
    }
    // the day did what it should: every kind of step ran
    expect(new Set(done).size).toBeGreaterThanOrEqual(8);
    expect(placed.length).toBeGreaterThanOrEqual(5);
  });
});
