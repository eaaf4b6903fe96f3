import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OriginBindings } from '../../src/server/env';
import { sandboxStatement } from '../../src/server/payments/bank/sandbox';
import { parseFioImportXml } from '../../src/server/payments/bank/fio-import';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { retryCardRefunds, sendRefundPaymentOrders } from '../../src/server/services/orders/refunds';
import { runScheduled } from '../../src/server/scheduled';
import { bindings, browser, dataOf, type Browser } from './client';

type Refund = { id: number; amount: number; method: string; state: string };
type Order = {
  token: string;
  number: string;
  status: string;
  total_vat: number;
  currency: string;
  payment: { method: string; status: string; variable_symbol: string; redirect_url: string | null };
  refunded: number;
  owed_back: number;
  refunds: Refund[];
  refund_account: { needed: boolean; iban_only: boolean };
  shipments: { id: number; status: string }[];
};
type ErrorJson = { errors?: { field: string; code: string; message: string }[] };

const origin = env as unknown as OriginBindings;
const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const shipment = () => ({ from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Žofie'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic' });
const orderBody = (o: Record<string, unknown> = {}) => ({ items: [{ shipment: shipment() }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'host@example.cz', terms: true, ...o });
const twoItems = { items: [{ shipment: shipment() }, { shipment: shipment() }] };

async function order(b: Browser, body = orderBody()): Promise<Order> {
  const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  return dataOf<Order>(res);
}
const fresh = async (b: Browser, o: Order) => dataOf<Order>(await b.get(`/api/v1/orders/${o.token}`));
const statement = (b: Browser, o: Order, amount = o.total_vat, counter_account?: string) =>
  b.post('/api/v1/sandbox/bank/statement', { variable_symbol: o.payment.variable_symbol, amount, currency: o.currency, ...(counter_account ? { counter_account } : {}) });
const storno = (b: Browser, o: Order, id: number) => b.post('/api/v1/shipments/storno', { shipments: [{ id }], token: o.token });
const refundRows = (orderId: string) =>
  env.DB.prepare('SELECT r.* FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.token = ? ORDER BY r.id').bind(orderId).all<{ id: number; status: string; method: string; amount_minor: number; attempts: number; payer_account: string | null; payer_account_source: string | null; batch_ref: string | null; bank_ref: string | null }>();
const ledgerOf = async (refundId: number) => (await env.DB.prepare('SELECT key, debit, credit, amount_minor, kind FROM ledger_entries WHERE refund_id = ? ORDER BY id').bind(refundId).all<{ key: string; debit: string; credit: string; amount_minor: number; kind: string }>()).results;
const minor = (major: number) => Math.round(major * 100);
const noDefer = () => {};
const readStatement = async () => ingestBankTransactions(origin, await sandboxStatement(env.DB).incoming(), noDefer);

// the card payment goes through whatever gateway seam exists (the GoPay swap replaces these two helpers)
const cardRef = (o: Order) => o.payment.redirect_url!.split('/').pop()!;
async function payByCard(b: Browser, o: Order) {
  // the customer presses Pay on the GoPay sandbox's page, and comes back to the return URL with ?id=
  const res = await b.post(o.payment.redirect_url!, new URLSearchParams({ action: 'PAID' }), { 'content-type': 'application/x-www-form-urlencoded' });
  expect(res.status).toBe(303);
  await b.get(res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, ''));
}
/** GoPay refuses refunds of this payment until mended (a refund needs a PAID payment) */
const breakGateway = (o: Order) => env.DB.prepare("UPDATE sandbox_gopay_payments SET state = 'CANCELED' WHERE id = ?").bind(Number(cardRef(o))).run();
const mendGateway = (o: Order) => env.DB.prepare("UPDATE sandbox_gopay_payments SET state = 'PAID' WHERE id = ?").bind(Number(cardRef(o))).run();
const gatewayRefunded = async (o: Order) => (await env.DB.prepare('SELECT refunded FROM sandbox_gopay_payments WHERE id = ?').bind(Number(cardRef(o))).first<{ refunded: number }>())!.refunded;

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('card refunds', () => {
  it('cancelling one shipment of two refunds that shipment to the card, partially, once: sent with its postings', async () => {
    const b = browser();
    const created = await order(b, orderBody({ ...twoItems, payment_method: 'card' }));
    await payByCard(b, created);
    const paid = await fresh(b, created);
    expect(paid.shipments).toHaveLength(2);
    expect((await storno(b, created, paid.shipments[0]!.id)).status).toBe(200);
    expect((await storno(b, created, paid.shipments[0]!.id)).status).toBe(200);

    const after = await fresh(b, created);
    const half = after.refunded;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(created.total_vat);
    expect(after.refunds).toEqual([expect.objectContaining({ amount: half, method: 'card', state: 'settled' })]);
    expect(after.owed_back).toBe(0);
    expect(await gatewayRefunded(created)).toBe(minor(half));
    const [row] = (await refundRows(created.token)).results;
    expect(await ledgerOf(row!.id)).toEqual([
      { key: `refund:${row!.id}:requested`, debit: 'sales', credit: 'refunds_payable', amount_minor: minor(half), kind: 'refund_requested' },
      { key: `refund:${row!.id}:out`, debit: 'refunds_payable', credit: 'gateway', amount_minor: minor(half), kind: 'refund_out' },
    ]);

    // the second shipment: never more than was paid in all
    expect((await storno(b, created, paid.shipments[1]!.id)).status).toBe(200);
    const all = (await refundRows(created.token)).results;
    expect(all.reduce((s, r) => s + r.amount_minor, 0)).toBe(minor(created.total_vat));
    expect(await gatewayRefunded(created)).toBe(minor(created.total_vat));
  });

  it('a gateway that fails leaves the refund requested (the storno still answers); the cron sends it, once', async () => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card' }));
    await payByCard(b, created);
    const paid = await fresh(b, created);
    await breakGateway(created);
    expect((await storno(b, created, paid.shipments[0]!.id)).status).toBe(200);
    let [row] = (await refundRows(created.token)).results;
    expect(row).toMatchObject({ status: 'requested', attempts: 1 });
    expect((await fresh(b, created)).refunds[0]).toMatchObject({ state: 'requested' });
    expect((await fresh(b, created)).shipments[0]!.status).toBe('cancelled');

    expect(await retryCardRefunds(origin)).toMatchObject({ sent: 0 });
    expect((await refundRows(created.token)).results[0]).toMatchObject({ status: 'requested', attempts: 2 });
    await mendGateway(created);
    // the 5-minute cron, twice
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await runScheduled({ cron: '*/5 * * * *', scheduledTime: Date.now() }, origin);
    await runScheduled({ cron: '*/5 * * * *', scheduledTime: Date.now() }, origin);
    [row] = (await refundRows(created.token)).results;
    expect(row).toMatchObject({ status: 'settled' });
    expect(await gatewayRefunded(created)).toBe(minor(created.total_vat));
    expect((await ledgerOf(row!.id)).map((l) => l.kind)).toEqual(['refund_requested', 'refund_out']);
  });
});

describe('credit refunds', () => {
  it('a signed-in owner’s transfer goes back to credit: the entry, the posting and a settled refund in one go', async () => {
    const b = browser();
    const email = `u${crypto.randomUUID().slice(0, 8)}@example.cz`;
    expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
    const created = await order(b);
    await statement(b, created);
    const paid = await fresh(b, created);
    await storno(b, created, paid.shipments[0]!.id);
    await storno(b, created, paid.shipments[0]!.id);
    const [row, more] = (await refundRows(created.token)).results;
    expect(more).toBeUndefined();
    expect(row).toMatchObject({ method: 'credit', status: 'settled', amount_minor: minor(created.total_vat) });
    expect(await ledgerOf(row!.id)).toEqual([expect.objectContaining({ debit: 'sales', credit: 'customer_credit', kind: 'refund_requested' })]);
    const credit = await env.DB.prepare("SELECT SUM(amount_minor) AS s FROM credit_entries WHERE dedupe_key = ?").bind(`refund:shipment:${paid.shipments[0]!.id}`).first<{ s: number }>();
    expect(credit!.s).toBe(minor(created.total_vat));
    expect((await fresh(b, created)).refunds).toEqual([expect.objectContaining({ method: 'credit', state: 'settled' })]);
  });
});

describe('bank refunds', () => {
  it('a guest’s transfer: requested → account given on the order page → payment order → statement line → settled, each step once', async () => {
    const b = browser();
    const created = await order(b);
    await statement(b, created);
    const paid = await fresh(b, created);
    await storno(b, created, paid.shipments[0]!.id);
    await storno(b, created, paid.shipments[0]!.id);
    let view = await fresh(b, created);
    expect(view.refunds).toEqual([expect.objectContaining({ method: 'bank_transfer', state: 'waiting_for_account', amount: created.total_vat })]);
    expect(view).toMatchObject({ owed_back: created.total_vat, refund_account: { needed: true, iban_only: false } });
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE template = 'refund_account' AND text LIKE ?").bind(`%${created.number}%`).all<{ text: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.text).toContain(`${created.token}#refund-account`);

    // nothing to send yet: no account
    expect(await sendRefundPaymentOrders(origin)).toMatchObject({ refunds: 0 });

    const bad = await b.post(`/api/v1/orders/${created.token}/refund-account`, { account: '19-2000145398/0800' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'account', code: 'order.refunds.account_invalid' });
    expect((await b.post(`/api/v1/orders/${created.token}/refund-account`, {})).status).toBe(400);
    const good = await b.post(`/api/v1/orders/${created.token}/refund-account`, { account: '19-2000145399/0800' });
    expect(good.status).toBe(200);
    expect((await dataOf<Order>(good)).refunds[0]).toMatchObject({ state: 'requested' });
    const again = await b.post(`/api/v1/orders/${created.token}/refund-account`, { account: '19-2000145399/0800' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorJson).errors![0]).toMatchObject({ code: 'order.refunds.not_waiting' });

    const linesBefore = (await env.DB.prepare('SELECT COUNT(*) AS n FROM sandbox_bank_lines WHERE amount_minor < 0').first<{ n: number }>())!.n;
    const first = await sendRefundPaymentOrders(origin);
    const second = await sendRefundPaymentOrders(origin);
    expect(first).toMatchObject({ sent: 1, stored: true });
    expect(second).toMatchObject({ sent: 0 });
    const [row] = (await refundRows(created.token)).results;
    expect(row).toMatchObject({ status: 'sent', payer_account: '19-2000145399/0800', payer_account_source: 'payer', batch_ref: first.date });
    const out = await env.DB.prepare('SELECT * FROM sandbox_bank_lines WHERE amount_minor < 0 ORDER BY id DESC LIMIT 1').first<{ amount_minor: number; counter_account: string; specific_symbol: string; message: string }>();
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM sandbox_bank_lines WHERE amount_minor < 0').first<{ n: number }>())!.n).toBe(linesBefore + 1);
    expect(out).toMatchObject({ amount_minor: -minor(created.total_vat), counter_account: '19-2000145399/0800', specific_symbol: String(row!.id) });
    expect(out!.message).toContain(`REFUND-${row!.id}`);

    // the operator's file of the day (internal users; local development here)
    const file = await b.get(`/api/v1/app/refunds/payment-orders/${first.date}.xml`);
    expect(file.status).toBe(200);
    const orders = parseFioImportXml(await file.text());
    const mine = orders.find((o) => o.fields.ss === String(row!.id));
    expect(mine).toMatchObject({ kind: 'DomesticTransaction', fields: { accountTo: '19-2000145399', bankCode: '0800', currency: 'CZK', vs: created.payment.variable_symbol } });
    expect((await b.get('/api/v1/app/refunds/payment-orders/1999-01-01.xml')).status).toBe(404);
    expect((await b.call('GET', `/api/v1/app/refunds/payment-orders/${first.date}.xml`, undefined, {}, { LOCAL_DEV: undefined })).status).toBe(404);

    await readStatement();
    await readStatement();
    const [settled] = (await refundRows(created.token)).results;
    expect(settled).toMatchObject({ status: 'settled' });
    expect(settled!.bank_ref).toMatch(/^SBX-/);
    expect((await ledgerOf(settled!.id)).filter((l) => l.kind === 'refund_out')).toEqual([{ key: `refund:${settled!.id}:out`, debit: 'refunds_payable', credit: 'bank', amount_minor: minor(created.total_vat), kind: 'refund_out' }]);
    view = await fresh(b, created);
    expect(view).toMatchObject({ owed_back: 0, refund_account: { needed: false } });
    expect(view.refunds[0]).toMatchObject({ state: 'settled' });
  });

  it('a day of more refunds than D1 binds in one statement (120) goes out in one payment order, each refund sent once', async () => {
    const b = browser();
    const created = await order(b);
    const { id: orderId } = (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(created.token).first<{ id: number }>())!;
    const tag = crypto.randomUUID().slice(0, 8);
    await env.DB.batch(
      Array.from({ length: 120 }, (_, i) =>
        env.DB.prepare("INSERT INTO refunds (order_id, dedupe_key, method, status, amount_minor, currency, payer_account, payer_account_source) VALUES (?, ?, 'bank_transfer', 'requested', 100, 'CZK', '19-2000145399/0800', 'payer')").bind(orderId, `many-${tag}-${i}`),
      ),
    );
    const first = await sendRefundPaymentOrders(origin);
    expect(first.sent).toBeGreaterThanOrEqual(120);
    const rows = (await env.DB.prepare('SELECT status, batch_ref FROM refunds WHERE dedupe_key LIKE ?').bind(`many-${tag}-%`).all<{ status: string; batch_ref: string }>()).results;
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.status === 'sent' && r.batch_ref === first.date)).toBe(true);
    expect((await sendRefundPaymentOrders(origin)).sent).toBe(0);
  });

  it('takes the payer’s account from the statement line when the bank gave one, and refunds a guest’s overpayment', async () => {
    const b = browser();
    const created = await order(b);
    await statement(b, created, Number((created.total_vat + 12.5).toFixed(2)), '2702016516/2010');
    let rows = (await refundRows(created.token)).results;
    expect(rows).toEqual([expect.objectContaining({ method: 'bank_transfer', status: 'requested', amount_minor: 1250, payer_account: '2702016516/2010', payer_account_source: 'statement' })]);
    // the overpayment is owed back in the books: posted with the bank line (its key), once
    const over = await env.DB.prepare("SELECT debit, credit, kind, amount_minor FROM ledger_entries WHERE key LIKE 'over:%' AND order_id = (SELECT order_id FROM refunds WHERE id = ?)").bind(rows[0]!.id).all();
    expect(over.results).toEqual([{ debit: 'receivables', credit: 'refunds_payable', kind: 'overpayment', amount_minor: 1250 }]);
    const paid = await fresh(b, created);
    await storno(b, created, paid.shipments[0]!.id);
    rows = (await refundRows(created.token)).results;
    expect(rows[1]).toMatchObject({ method: 'bank_transfer', status: 'requested', amount_minor: minor(created.total_vat), payer_account: '2702016516/2010', payer_account_source: 'statement' });
    const view = await fresh(b, created);
    expect(view.refund_account.needed).toBe(false);
    expect(view.owed_back).toBeCloseTo(created.total_vat + 12.5, 2);
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'refund_account' AND text LIKE ?").bind(`%${created.number}%`).first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it('a Slovak order takes an IBAN only', async () => {
    const b = browser();
    const sk = `http://${bindings.SK_HOST}`;
    const res = await b.call('POST', `${sk}/api/v1/orders`, orderBody({ items: [{ shipment: { ...shipment(), currency: 'EUR' } }] }), { 'idempotency-key': `test-${crypto.randomUUID()}`, origin: sk });
    expect(res.status).toBe(201);
    const created = await dataOf<Order>(res);
    expect(created.currency).toBe('EUR');
    await statement(b, created);
    const paid = await fresh(b, created);
    await storno(b, created, paid.shipments[0]!.id);
    const czech = await b.post(`/api/v1/orders/${created.token}/refund-account`, { account: '19-2000145399/0800' });
    expect(czech.status).toBe(400);
    expect(((await czech.json()) as ErrorJson).errors![0]).toMatchObject({ code: 'order.refunds.iban_required' });
    const given = await b.post(`/api/v1/orders/${created.token}/refund-account`, { account: 'SK68 0200 0000 0019 8742 6388' });
    expect(given.status).toBe(200);
    const [row] = (await refundRows(created.token)).results;
    expect(row).toMatchObject({ payer_account: 'SK6802000000001987426388' });
    await sendRefundPaymentOrders(origin);
    const file = await b.get(`/api/v1/app/refunds/payment-orders/${(await sendRefundPaymentOrders(origin)).date}.xml`);
    expect(parseFioImportXml(await file.text()).find((o) => o.fields.ss === String(row!.id))).toMatchObject({ kind: 'T2Transaction', fields: { currency: 'EUR', accountTo: 'SK6802000000001987426388', paymentType: '431008' } });
  });

  it('no refund when the carrier already has the parcel (its cancel refused)', async () => {
    const b = browser();
    const created = await order(b);
    await statement(b, created);
    const paid = await fresh(b, created);
    expect((await b.post(`/api/v1/sandbox/shipments/${paid.shipments[0]!.id}/advance`)).status).toBe(200);
    expect((await storno(b, created, paid.shipments[0]!.id)).status).toBe(409);
    expect((await refundRows(created.token)).results).toEqual([]);
    expect((await fresh(b, created)).refunded).toBe(0);
  });
});

describe('the sandbox Fio import', () => {
  it('is not served without the local-development flag', async () => {
    const b = browser();
    const form = new FormData();
    form.set('token', 'x');
    form.set('type', 'xml');
    form.set('file', new Blob(['<Import/>'], { type: 'application/xml' }), 'a.xml');
    const deployed = await b.call('POST', '/_sandbox/fio/v1/rest/import/', form, {}, { LOCAL_DEV: undefined });
    expect(deployed.status).not.toBe(200);
    expect(await deployed.text()).not.toContain('responseImport');
    const local = await b.call('POST', '/_sandbox/fio/v1/rest/import/', form);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('<errorCode>11</errorCode>');
  });
});
