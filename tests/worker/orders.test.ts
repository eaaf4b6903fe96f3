import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ORDER_ITEMS } from '../../src/lib/schemas/order';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { bindings, browser, dataOf, type Browser } from './client';

type Order = {
  token: string;
  number: string;
  status: string;
  total: number;
  total_vat: number;
  discount: number;
  currency: string;
  payment: { method: string; status: string; failure_reason?: string | null; variable_symbol: string; iban?: string; spayd?: string; bysquare?: string; qr_svg?: string; amount: number; received: number; redirect_url: string | null };
  refunded: number;
  owed_back: number;
  credited: number;
  shipments: { id: number; tracking_number: string; status: string; label_url: string | null; cancellable: boolean; storno_refusal: string | null; error: string | null }[];
  invoice_url: string | null;
  invoice_pdf_url: string | null;
  can_retry_payment: boolean;
};
type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string; message: string }[] };

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
const shipment = (overrides: Record<string, unknown> = {}) => ({
  from: party('Brno', '60200', 'Jana'),
  to: party('Praha', '11000', 'Žofie'),
  packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }],
  service_id: 'dpd-classic',
  ...overrides,
});
const orderBody = (overrides: Record<string, unknown> = {}) => ({
  items: [{ shipment: shipment() }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'host@example.cz',
  terms: true,
  ...overrides,
});
const key = () => `test-${crypto.randomUUID()}`;

async function order(b: Browser, body = orderBody(), idempotencyKey = key()): Promise<Order> {
  const res = await b.post('/api/v1/orders', body, { 'idempotency-key': idempotencyKey });
  if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  return dataOf<Order>(res);
}

const statement = (b: Browser, o: Order, amount = o.total_vat) => b.post('/api/v1/sandbox/bank/statement', { variable_symbol: o.payment.variable_symbol, amount, currency: o.currency });
const fresh = async (b: Browser, o: Order) => dataOf<Order>(await b.get(`/api/v1/orders/${o.token}`));

async function signIn(b: Browser, account: (typeof DEMO_ACCOUNTS)[number]) {
  const res = await b.post('/api/v1/user/login', { email: account.email, password: account.password });
  expect(res.status).toBe(200);
}

async function register(b: Browser) {
  const email = `u${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
  const profile = await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'));
  return { email, id: profile.id };
}

const topUp = (userId: number, minor: number, currency = 'CZK') =>
  env.DB.prepare("INSERT INTO credit_entries (user_id, currency, amount_minor, reason, dedupe_key) VALUES (?, ?, ?, 'top_up', ?)").bind(userId, currency, minor, `test:${crypto.randomUUID()}`).run();
const balance = async (userId: number) => (await env.DB.prepare('SELECT COALESCE(SUM(amount_minor), 0) AS b FROM credit_entries WHERE user_id = ?').bind(userId).first<{ b: number }>())!.b;

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('bank transfer', () => {
  it('takes an order, shows the QR, is paid by a statement line, books the shipment with a tracking number, label and invoice', async () => {
    const b = browser();
    const created = await order(b);
    expect(created).toMatchObject({ status: 'unpaid', currency: 'CZK', payment: { method: 'bank_transfer', status: 'pending', iban: 'CZ6508000000192000145399' } });
    expect(created.number).toBe(`OP${created.payment.variable_symbol}`);
    expect(created.token.length).toBeGreaterThanOrEqual(43); // 32 bytes base64url
    expect(created.payment.spayd).toContain(`*AM:${created.total_vat.toFixed(2)}*CC:CZK*`);
    expect(created.payment.spayd).toContain(`*X-VS:${created.payment.variable_symbol}*`);
    // the answer carries the payload; the order page (GET) draws the code (issue 29: not on the checkout's path)
    expect(created.payment.qr_svg).toBeUndefined();
    const page = await fresh(b, created);
    expect(page.payment.spayd).toBe(created.payment.spayd);
    expect(page.payment.qr_svg).toMatch(/^<svg /);
    expect(created.total_vat).toBeCloseTo(created.total * 1.21, 1);
    expect(created.shipments).toEqual([]);

    // the confirmation e-mail with the account, amount and variable symbol
    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE \"to\" = 'host@example.cz' AND template = 'order_confirmation' ORDER BY id DESC").first<{ subject: string; text: string }>();
    expect(mail!.subject).toContain(created.number);
    expect(mail!.text).toContain(created.payment.variable_symbol);

    // short first: stays unpaid with the difference
    const short = await statement(b, created, 10);
    expect(short.status).toBe(200);
    const partial = await fresh(b, created);
    expect(partial).toMatchObject({ status: 'unpaid', payment: { received: 10 } });
    expect(partial.payment.spayd).toContain(`AM:${(created.total_vat - 10).toFixed(2)}*`);

    await statement(b, created, Number((created.total_vat - 10).toFixed(2)));
    const paid = await fresh(b, created);
    expect(paid.status).toBe('processing');
    expect(paid.payment.status).toBe('paid');
    expect(paid.shipments).toHaveLength(1);
    const [s] = paid.shipments;
    expect(s).toMatchObject({ status: 'created', error: null });
    expect(s!.tracking_number).toMatch(/^IZ\d{10}$/);

    const label = await b.get(s!.label_url!);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await label.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    // a DPD shipment: DPD's own label, its page embedded (our label would print our number as text)
    expect(new TextDecoder('latin1').decode(bytes).match(/\/Subtype\s*\/Form/g)).toHaveLength(1);
    expect((await pdfPageTexts(bytes)).join(' ')).not.toContain(s!.tracking_number);
    // kept in R2 and served from there afterwards
    expect(await env.FILES.head(`labels/${s!.tracking_number}-a6.pdf`)).not.toBeNull();
    const again = new Uint8Array(await (await b.get(s!.label_url!)).arrayBuffer());
    expect(again.length).toBe(bytes.length);

    const a4 = await b.get(s!.label_url!.replace('format=a6', 'format=a4'));
    expect(a4.status).toBe(200);

    expect(paid.invoice_url).toMatch(/^\/faktura\/[\w-]{43}$/);
    const invoice = await b.get(paid.invoice_pdf_url!);
    expect(invoice.status).toBe(200);
    const invoiceText = (await pdfPageTexts(new Uint8Array(await invoice.arrayBuffer()))).join(' ');
    expect(invoiceText).toContain(created.payment.variable_symbol);

    const paidMail = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE \"to\" = 'host@example.cz' AND template = 'payment_received' AND text LIKE ?").bind(`%${created.number}%`).first<{ n: number }>();
    expect(paidMail!.n).toBe(1);

    // a repeated statement line does not pay twice; an overpayment of another order goes nowhere without an account
    await statement(b, created, 5);
    expect((await fresh(b, created)).status).toBe('processing');
  });

  it('pays a signed-in customer’s overpayment into credit', async () => {
    const b = browser();
    const { id } = await register(b);
    const created = await order(b, orderBody({ email: 'eva@example.cz' }));
    await statement(b, created, created.total_vat + 100);
    expect((await fresh(b, created)).payment.status).toBe('paid');
    expect(await balance(id)).toBe(10000);
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key, refuses the key with another body (422), one order only', async () => {
    const b = browser();
    const k = key();
    const first = await order(b, orderBody(), k);
    const second = await order(b, orderBody(), k);
    expect(second.token).toBe(first.token);
    const other = await b.post('/api/v1/orders', orderBody({ email: 'jiny@example.cz' }), { 'idempotency-key': k });
    expect(other.status).toBe(422);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE token = ?').bind(first.token).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it('answers a concurrent duplicate with 409 or the same order, never a second order', async () => {
    const b = browser();
    const k = key();
    const answers = await Promise.all([0, 1, 2].map(() => b.post('/api/v1/orders', orderBody({ email: 'soubeh@example.cz' }), { 'idempotency-key': k })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE email = 'soubeh@example.cz'").first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it('requires the header', async () => {
    const res = await browser().post('/api/v1/orders', orderBody());
    expect(res.status).toBe(400);
  });
});

describe('validation', () => {
  it('refuses bad input with field errors and a price the customer did not see with 409', async () => {
    const b = browser();
    const bad = await b.post('/api/v1/orders', orderBody({ terms: false, email: 'x', items: [{ shipment: shipment({ service_id: 'no-such' }) }] }), { 'idempotency-key': key() });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(((await bad.json()) as ErrorJson).errors!.map((e) => [e.field, e.code]));
    expect(fields).toMatchObject({ terms: 'validation.terms', email: 'validation.email' });

    const unknown = await b.post('/api/v1/orders', orderBody({ items: [{ shipment: shipment({ service_id: 'no-such' }) }] }), { 'idempotency-key': key() });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'items.0.shipment.service_id', code: 'validation.unknown_service' });

    const changed = await b.post('/api/v1/orders', orderBody({ expected_total_vat: 1 }), { 'idempotency-key': key() });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as ErrorJson).errors![0]!.code).toBe('PRICE_CHANGED');

    const discount = await b.post('/api/v1/orders', orderBody({ discount_code: 'NEEXISTUJE' }), { 'idempotency-key': key() });
    expect(discount.status).toBe(400);
  });

  it('applies a discount code line by line', async () => {
    const b = browser();
    const plain = await order(b);
    const discounted = await order(b, orderBody({ discount_code: 'vitejte10', email: `sleva-${crypto.randomUUID().slice(0, 8)}@example.cz` }));
    expect(discounted.total).toBeCloseTo(plain.total * 0.9, 1);
    expect(Math.round(discounted.total_vat * 100)).toBe(Math.round(discounted.total * 100) + Math.floor((Math.round(discounted.total * 100) * 21 + 50) / 100));
  });
});

describe('discount codes', () => {
  it('VITEJTE10 is once per account and once per e-mail for guests; an order cancelled unpaid does not use it up', async () => {
    const used = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'discount_code', code: 'validation.discount_code_used', message: 'validation.discount_code_used' }]);
    };
    const member = browser();
    await register(member);
    await order(member, orderBody({ discount_code: 'VITEJTE10', email: `a-${crypto.randomUUID().slice(0, 8)}@example.cz` }));
    await used(await member.post('/api/v1/orders', orderBody({ discount_code: 'vitejte10', email: `b-${crypto.randomUUID().slice(0, 8)}@example.cz` }), { 'idempotency-key': key() }));
    await used(await member.post('/api/v1/orders/price', { items: [{ shipment: shipment() }], discount_code: 'VITEJTE10' }));
    expect((await member.post('/api/v1/orders', orderBody({ discount_code: 'SLEVA50' }), { 'idempotency-key': key() })).status).toBe(201);

    const guest = browser();
    const email = `host-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    const first = await order(guest, orderBody({ discount_code: 'VITEJTE10', email }));
    expect(first.discount).toBeGreaterThan(0);
    await used(await guest.post('/api/v1/orders', orderBody({ discount_code: 'VITEJTE10', email: email.toUpperCase() }), { 'idempotency-key': key() }));
    expect((await guest.post('/api/v1/orders', orderBody({ discount_code: 'VITEJTE10', email: `jina-${email}` }), { 'idempotency-key': key() })).status).toBe(201);

    const changedMind = `zrusil-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    const cancelled = await order(guest, orderBody({ discount_code: 'VITEJTE10', email: changedMind }));
    await guest.post(`/api/v1/orders/${cancelled.token}/cancel`);
    expect((await guest.post('/api/v1/orders', orderBody({ discount_code: 'VITEJTE10', email: changedMind }), { 'idempotency-key': key() })).status).toBe(201);
  });

  it('SLEVA50 takes exactly 50 Kč off, with one item or several, and the invoice adds up to the order', async () => {
    const b = browser();
    const bodies = [
      [{ shipment: shipment() }],
      [{ shipment: shipment() }, { shipment: shipment({ service_id: 'ppl-business' }) }],
      [{ shipment: shipment({ packages: [{ type: 0, weight: 7, width: 31, height: 17, length: 43 }] }) }, { shipment: shipment({ service_id: 'ppl-business', packages: [{ type: 0, weight: 3, width: 20, height: 10, length: 30 }] }) }, { shipment: shipment() }],
    ];
    for (const items of bodies) {
      const plain = await order(b, orderBody({ items }));
      const discounted = await order(b, orderBody({ items, discount_code: 'SLEVA50' }));
      expect(discounted.discount).toBe(50);
      expect(Math.round(plain.total_vat * 100) - Math.round(discounted.total_vat * 100)).toBe(5000);
      await statement(b, discounted);
      const paid = await fresh(b, discounted);
      const invoice = await dataOf<{ totals: { total_minor: number; base_minor: number } }>(await b.get(`/api/v1/invoices/${paid.invoice_url!.split('/').pop()}`));
      expect(invoice.totals.total_minor).toBe(Math.round(discounted.total_vat * 100));
      expect(invoice.totals.base_minor).toBe(Math.round(discounted.total * 100));
    }
  });
});

const ACTIONS = { paid: 'PAID', declined: 'DECLINED', cancelled: 'CANCELED', timeout: 'TIMEOUTED' } as const;
type Outcome = keyof typeof ACTIONS;
/** the customer on the GoPay sandbox's page: one of its buttons (no following of the redirect) */
const payAtGateway = (b: Browser, o: Order, outcome: Outcome = 'paid') => b.post(o.payment.redirect_url!, new URLSearchParams({ action: ACTIONS[outcome] }), { 'content-type': 'application/x-www-form-urlencoded' });
/** the GoPay payment's id: the last part of its gw_url */
const gopayId = (o: Order) => o.payment.redirect_url!.split('/').pop()!;
/** GoPay's notification: GET with ?id= only */
const notify = (b: Browser, id: string) => b.get(`/api/v1/payments/card/notify?id=${encodeURIComponent(id)}`);
const gopayRow = (id: string) => env.DB.prepare('SELECT state, sub_state, amount, refunded, request FROM sandbox_gopay_payments WHERE id = ?').bind(Number(id)).first<{ state: string; sub_state: string | null; amount: number; refunded: number; request: string }>();
const paymentReceivedMails = async (o: Order) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'payment_received' AND text LIKE ?").bind(`%${o.number}%`).first<{ n: number }>())!.n;
/** GoPay down: its credentials set, its API unreachable */
const gopayDown = { GOPAY_CLIENT_ID: 'down', GOPAY_CLIENT_SECRET: 'down', GOPAY_GOID: '8123456789', GOPAY_API_URL: 'http://127.0.0.1:9/api' };

describe('a discount adds up as printed (issue 25)', () => {
  type Priced = Order & { list_total_vat: number; vat: number; rounding: number; discount_code: string | null; items: { list_price: number; list_price_vat: number }[] };
  type InvoiceJson = {
    lines: { description: string; vat_rate: number; base_minor: number; vat_minor: number; total_minor: number }[];
    totals: { base_minor: number; vat_minor: number; rounding_minor: number; total_minor: number; by_rate: { rate: number; base_minor: number; vat_minor: number; total_minor: number }[] };
  };
  const minor = (value: number) => Math.round(value * 100);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  /** '1 234,50 Kč', '-30 Kč' → minor units */
  const amount = (text: string) => minor(Number(text.replace(/[\u2212–]/g, '-').replace(/[^\d,.-]/g, '').replace(',', '.')));

  /** the order e-mail's lines: items, the discount and the total with its base and VAT, each adding up */
  function expectMailAddsUp(text: string, o: Priced) {
    const lines = text.split('\n');
    const items = lines.filter((l) => /^\d+\. /.test(l)).map((l) => amount(l.slice(l.lastIndexOf(': ') + 2)));
    const discount = lines.find((l) => l.startsWith('Sleva VITEJTE10: '));
    const total = lines.find((l) => l.startsWith('Celkem k úhradě: ') && l.includes('bez DPH'))!;
    const [, paid, base, vat] = total.match(/^Celkem k úhradě: (.+) \(bez DPH (.+), DPH (.+)\)\.$/)!;
    expect(items).toEqual(o.items.map((i) => minor(i.list_price_vat)));
    expect(amount(discount!.slice('Sleva VITEJTE10: '.length))).toBe(-minor(o.discount));
    expect(sum(items) + amount(discount!.slice('Sleva VITEJTE10: '.length))).toBe(amount(paid!));
    expect(amount(paid!)).toBe(minor(o.total_vat));
    expect(amount(base!) + amount(vat!) + minor(o.rounding)).toBe(amount(paid!));
  }

  it('VITEJTE10 on three items: the order, its e-mails and its invoice (data and PDF) each add up to the haléř', async () => {
    const b = browser();
    const email = `soucty-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    const items = [{ shipment: shipment() }, { shipment: shipment({ packages: [{ type: 0, weight: 7, width: 31, height: 17, length: 43 }] }) }, { shipment: shipment({ service_id: 'ppl-business' }) }];
    const created = (await order(b, orderBody({ items, discount_code: 'VITEJTE10', email }))) as Priced;
    expect(created.discount).toBeGreaterThan(0);
    // the order: items at list price − the discount = the total = base + VAT
    expect(sum(created.items.map((i) => minor(i.list_price_vat)))).toBe(minor(created.list_total_vat));
    expect(minor(created.list_total_vat) - minor(created.discount)).toBe(minor(created.total_vat));
    expect(minor(created.total) + minor(created.vat) + minor(created.rounding)).toBe(minor(created.total_vat));
    // the checkout's price answer is the same
    const priced = await dataOf<Priced>(await b.post('/api/v1/orders/price', { items, discount_code: 'VITEJTE10' }));
    expect([priced.list_total_vat, priced.discount, priced.total_vat, priced.total, priced.vat]).toEqual([created.list_total_vat, created.discount, created.total_vat, created.total, created.vat]);

    const mail = async (template: string) => (await env.DB.prepare('SELECT text FROM outbox WHERE "to" = ? AND template = ? ORDER BY id DESC').bind(email, template).first<{ text: string }>())!.text;
    expectMailAddsUp(await mail('order_confirmation'), created);
    await statement(b, created);
    const paid = (await fresh(b, created)) as Priced;
    expectMailAddsUp(await mail('payment_received'), paid);

    // the invoice: the items at list price, the discount line, lines summing to the recap, VAT = round(base × rate)
    const invoice = await dataOf<InvoiceJson>(await b.get(`/api/v1/invoices/${paid.invoice_url!.split('/').pop()}`));
    const discountLine = invoice.lines.find((l) => l.description === 'Sleva VITEJTE10')!;
    expect(discountLine.total_minor).toBe(-minor(created.discount));
    // the items at their list prices; where no VAT base reaches the amount paid, the largest gives up the haléř of the rounding line
    const listLines = invoice.lines.filter((l) => l !== discountLine).map((l) => l.total_minor);
    expect(sum(listLines) + invoice.totals.rounding_minor).toBe(minor(created.list_total_vat));
    expect(listLines.filter((total, i) => total !== minor(created.items[i]!.list_price_vat)).length).toBe(invoice.totals.rounding_minor ? 1 : 0);
    for (const row of invoice.totals.by_rate) {
      const ofRate = invoice.lines.filter((l) => l.vat_rate === row.rate);
      expect([sum(ofRate.map((l) => l.base_minor)), sum(ofRate.map((l) => l.vat_minor)), sum(ofRate.map((l) => l.total_minor))]).toEqual([row.base_minor, row.vat_minor, row.total_minor]);
      expect(row.vat_minor).toBe(Math.floor((row.base_minor * row.rate + 50) / 100));
    }
    for (const l of invoice.lines) expect(l.base_minor + l.vat_minor).toBe(l.total_minor);
    expect(invoice.totals.total_minor).toBe(minor(created.total_vat));
    expect(invoice.totals.base_minor + invoice.totals.vat_minor + invoice.totals.rounding_minor).toBe(invoice.totals.total_minor);
    expect(invoice.totals.base_minor).toBe(minor(created.total));

    // the PDF prints those lines and sums
    const pdf = (await pdfPageTexts(new Uint8Array(await (await b.get(paid.invoice_pdf_url!)).arrayBuffer()))).join(' ').replace(/\s+/g, ' ');
    const { formatMinor: minorText, formatMoneyMinor: moneyText } = await import('../../src/server/documents/format');
    const formatMinor = (...a: Parameters<typeof minorText>) => minorText(...a).replace(/\s+/g, ' ');
    const formatMoneyMinor = (...a: Parameters<typeof moneyText>) => moneyText(...a).replace(/\s+/g, ' ');
    expect(pdf).toContain('Sleva VITEJTE10');
    if (invoice.totals.rounding_minor) expect(pdf).toContain(`Zaokrouhlení: ${formatMoneyMinor(invoice.totals.rounding_minor, 'CZK', 'cs')}`);
    for (const l of invoice.lines) for (const value of [l.base_minor, l.vat_minor, l.total_minor]) expect(pdf).toContain(formatMinor(value, 'CZK', 'cs'));
    for (const value of [invoice.totals.base_minor, invoice.totals.vat_minor, invoice.totals.total_minor]) expect(pdf).toContain(formatMoneyMinor(value, 'CZK', 'cs'));
  });
});

describe('card through GoPay (its sandbox)', () => {
  const gateway = async (b: Browser, o: Order, outcome: Outcome) => {
    const page = await b.get(o.payment.redirect_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SANDBOX');
    const res = await payAtGateway(b, o, outcome);
    expect(res.status).toBe(303);
    // GoPay sends the customer back to our return URL with ?id= added
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('id')).toBe(gopayId(o));
    expect(back.searchParams.get('token')).toBe(o.token);
    return b.get(`${back.pathname}${back.search}`);
  };

  it('pays by card: GoPay’s payment with the order’s lines and payer, the return with ?id= to the thank-you page; notifications are only hints', async () => {
    const b = browser();
    await signIn(b, DEMO_ACCOUNTS[0]);
    const created = await order(b, orderBody({ payment_method: 'card', items: [{ shipment: shipment() }, { shipment: shipment({ service_id: 'ppl-business' }) }] }));
    expect(created.payment).toMatchObject({ method: 'card', status: 'pending' });
    expect(created.payment.redirect_url).toMatch(/^http:\/\/zasilkovac\.test\/_sandbox\/gopay\/gw\/v3\/\d{10}$/);
    const id = gopayId(created);
    const sent = JSON.parse((await gopayRow(id))!.request) as { amount: number; currency: string; order_number: string; lang: string; items: { amount: number; name: string; count: number }[]; payer: { allowed_payment_instruments: string[]; allowed_swifts?: string[]; contact: Record<string, string> }; callback: { return_url: string; notification_url: string } };
    expect(sent).toMatchObject({ amount: Math.round(created.total_vat * 100), currency: 'CZK', order_number: created.number, lang: 'CS' });
    expect(sent.items).toHaveLength(2);
    expect(sent.items.reduce((sum, i) => sum + i.amount, 0)).toBe(sent.amount);
    expect(sent.items[0]!.name).toContain('Brno → Praha');
    expect(sent.payer.allowed_payment_instruments).toEqual(['PAYMENT_CARD', 'APPLE_PAY', 'GPAY', 'BANK_ACCOUNT']);
    expect(sent.payer.allowed_swifts).toContain('FIOBCZPP');
    expect(sent.payer.contact).toMatchObject({ email: 'host@example.cz', first_name: 'Jana', last_name: 'Nováková', phone_number: '+420777123456', country_code: 'CZE' });
    expect(sent.callback.return_url).toBe(`http://zasilkovac.test/api/v1/payments/card/return?token=${created.token}&lang=cs`);
    expect(sent.callback.notification_url).toBe('http://zasilkovac.test/api/v1/payments/card/notify');

    // before the customer paid (GoPay says CREATED), an id not ours, not an id at all: 200, nothing changes
    for (const hint of [id, '1234567890', 'abc', '']) expect((await notify(b, hint)).status).toBe(200);
    // ours while GoPay cannot be asked: 503, so GoPay notifies again later
    expect((await b.call('GET', `/api/v1/payments/card/notify?id=${id}`, undefined, {}, gopayDown)).status).toBe(503);
    expect((await fresh(b, created)).status).toBe('unpaid');

    const back = await gateway(b, created, 'paid');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/objednavka/hotovo/${created.token}`);
    const paid = await fresh(b, created);
    expect(paid.status).toBe('processing');
    expect(paid.payment.status).toBe('paid');

    // the notification again and again (GoPay repeats them): nothing changes, one e-mail
    for (let i = 0; i < 3; i++) expect((await notify(b, id)).status).toBe(200);
    const again = await fresh(b, created);
    expect(again.shipments).toHaveLength(2);
    expect(await paymentReceivedMails(created)).toBe(1);

    // the owner's list and latest shipments
    const list = await dataOf<Order[]>(await b.get('/api/v1/orders'));
    expect(list[0]!.token).toBe(created.token);
  });

  it('a notification is acted on only as GoPay’s API confirms it: a state about another amount changes nothing', async () => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card' }));
    const id = gopayId(created);
    // GoPay's answer would say PAID, but for another amount: not this payment's confirmation
    await env.DB.prepare("UPDATE sandbox_gopay_payments SET state = 'PAID', amount = amount + 100 WHERE id = ?").bind(Number(id)).run();
    expect((await notify(b, id)).status).toBe(200);
    expect(await fresh(b, created)).toMatchObject({ status: 'unpaid', payment: { status: 'pending' } });
    // and the customer's return with that id: the order page, not the thank-you page
    const back = await b.get(`/api/v1/payments/card/return?token=${created.token}&lang=cs&id=${id}`);
    expect(back.headers.get('location')).toBe(`/objednavka/${created.token}?payment=failed`);
    expect((await fresh(b, created)).status).toBe('unpaid');
  });

  it('a declined card leaves the order unpaid with a retry', async () => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card', language: 'en' }));
    const page = await (await b.get(created.payment.redirect_url!)).text();
    // the sandbox's page speaks the return URL's language
    expect(page).toContain('GoPay payment gateway (SANDBOX)');
    const back = await gateway(b, created, 'declined');
    expect(back.headers.get('location')).toBe(`/en/order/${created.token}?payment=failed`);
    const failed = await fresh(b, created);
    expect(failed).toMatchObject({ status: 'unpaid', can_retry_payment: true, payment: { status: 'failed', failure_reason: 'declined:_5006' } });
    const retried = await dataOf<Order>(await b.post(`/api/v1/orders/${created.token}/pay`));
    expect(retried.payment).toMatchObject({ status: 'pending' });
    expect(retried.payment.redirect_url).not.toBe(created.payment.redirect_url);
    await gateway(b, retried, 'paid');
    expect((await fresh(b, created)).payment.status).toBe('paid');
  });

  it.each([
    ['cancelled', 'cancelled:_5043'],
    ['timeout', 'timeout:_5024'],
  ] as const)('%s at the gateway: the order stays unpaid, the payment cancelled with the reason, a retry offered', async (outcome, reason) => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card' }));
    const page = await (await b.get(created.payment.redirect_url!)).text();
    expect(page).toContain('Platební brána GoPay (SANDBOX)');
    const back = await gateway(b, created, outcome);
    expect(back.headers.get('location')).toBe(`/objednavka/${created.token}?payment=failed`);
    expect(await fresh(b, created)).toMatchObject({ status: 'unpaid', can_retry_payment: true, payment: { status: 'cancelled', failure_reason: reason } });
    // a finished payment does not change: paying it now is refused at the gateway, and the order stays as it is
    await payAtGateway(b, created, 'paid');
    expect((await gopayRow(gopayId(created)))!.state).toBe(outcome === 'timeout' ? 'TIMEOUTED' : 'CANCELED');
    expect((await fresh(b, created)).status).toBe('unpaid');
  });

  it('a partial refund of a paid card payment through cardGateway(env).refund; more than is left is refused with a typed error', async () => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card', items: [{ shipment: shipment() }, { shipment: shipment({ service_id: 'ppl-business' }) }] }));
    await payAtGateway(b, created);
    expect((await fresh(b, created)).status).toBe('processing');
    const id = gopayId(created);
    const { cardGateway } = await import('../../src/server/payments/card/gateway');
    const { CardGatewayError } = await import('../../src/server/payments/card/types');
    const total = Math.round(created.total_vat * 100);
    await cardGateway(env as never).refund(id, 1000);
    expect(await gopayRow(id)).toMatchObject({ state: 'PARTIALLY_REFUNDED', refunded: 1000 });
    // what GoPay now says is still "the money was paid": the order does not move back
    expect(await cardGateway(env as never).status(id)).toMatchObject({ status: 'paid', amountMinor: total });
    expect((await notify(b, id)).status).toBe(200);
    expect((await fresh(b, created)).status).toBe('processing');
    const refused = await cardGateway(env as never).refund(id, total).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardGatewayError);
    expect(refused).toMatchObject({ kind: 'refused', code: 332 });
    await cardGateway(env as never).refund(id, total - 1000);
    expect(await gopayRow(id)).toMatchObject({ state: 'REFUNDED', refunded: total });
    // the gateway down: a typed error the refunds can keep 'requested' on and try again
    const down = await cardGateway({ ...env, ...gopayDown } as never).refund(id, 1).catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: 'unavailable' });
  });
});

describe('the card gateway down at checkout', () => {
  it('keeps the order unpaid with nothing lost, says so, and the same order is paid once the gateway is back', async () => {
    const b = browser();
    const k = key();
    const res = await b.call('POST', '/api/v1/orders', orderBody({ payment_method: 'card' }), { 'idempotency-key': k }, gopayDown);
    expect(res.status).toBe(201);
    const created = await dataOf<Order>(res);
    expect(created).toMatchObject({ status: 'unpaid', can_retry_payment: true, payment: { method: 'card', status: 'pending', redirect_url: null, failure_reason: 'gateway_unavailable' } });
    // the same request again (the customer's retry of the checkout): the same order, not a second one
    expect((await dataOf<Order>(await b.call('POST', '/api/v1/orders', orderBody({ payment_method: 'card' }), { 'idempotency-key': k }, gopayDown))).token).toBe(created.token);
    // still down: another try is answered 503 with the translated reason, nothing changes
    const still = await b.call('POST', `/api/v1/orders/${created.token}/pay`, {}, {}, gopayDown);
    expect(still.status).toBe(503);
    expect(((await still.json()) as ErrorJson).errors).toEqual([{ field: 'payment_method', code: 'order.card.gateway_unavailable', message: 'order.card.gateway_unavailable' }]);
    // back: the same payment starts now and is paid
    const retried = await dataOf<Order>(await b.post(`/api/v1/orders/${created.token}/pay`));
    expect(retried.payment).toMatchObject({ status: 'pending', failure_reason: null });
    expect(retried.payment.redirect_url).toMatch(/\/_sandbox\/gopay\/gw\/v3\/\d{10}$/);
    await payAtGateway(b, retried);
    expect(await fresh(b, created)).toMatchObject({ status: 'processing', payment: { method: 'card', status: 'paid' } });
  });

  it('or the customer pays the same order by bank transfer instead', async () => {
    const b = browser();
    const created = await dataOf<Order>(await b.call('POST', '/api/v1/orders', orderBody({ payment_method: 'card' }), { 'idempotency-key': key() }, gopayDown));
    const switched = await dataOf<Order>(await b.post(`/api/v1/orders/${created.token}/pay`, { method: 'bank_transfer' }));
    expect(switched).toMatchObject({ status: 'unpaid', can_retry_payment: false, payment: { method: 'bank_transfer', status: 'pending', iban: 'CZ6508000000192000145399', variable_symbol: created.payment.variable_symbol } });
    // once only: it is not a card order any more
    expect((await b.post(`/api/v1/orders/${created.token}/pay`, { method: 'bank_transfer' })).status).toBe(409);
    await statement(b, switched);
    expect(await fresh(b, created)).toMatchObject({ status: 'processing', payment: { method: 'bank_transfer', status: 'paid' } });
    // a card payment open at the gateway is not switched away from
    const open = await order(b, orderBody({ payment_method: 'card' }));
    expect((await b.post(`/api/v1/orders/${open.token}/pay`, { method: 'bank_transfer' })).status).toBe(409);
  });
});

describe('credit', () => {
  it('pays from credit in the same batch; two payments racing for one balance: only one wins', async () => {
    const b = browser();
    const { id } = await register(b);
    const probe = await order(b);
    const price = Math.round(probe.total_vat * 100);
    await topUp(id, price + 50);
    const answers = await Promise.all([0, 1].map(() => b.post('/api/v1/orders', orderBody({ payment_method: 'credit' }), { 'idempotency-key': key() })));
    const orders = await Promise.all(answers.filter((r) => r.status === 201).map((r) => dataOf<Order>(r)));
    const paid = orders.filter((o) => o.payment.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(await balance(id)).toBe(50);
    expect(paid[0]!.shipments[0]!.status).toBe('created');
  });

  it('refunds a cancelled shipment to credit, once', async () => {
    const b = browser();
    const { id } = await register(b);
    await topUp(id, 100_000);
    const created = await order(b, orderBody({ payment_method: 'credit' }));
    const [s] = created.shipments;
    expect(s!.cancellable).toBe(true);
    const before = await balance(id);
    const res = await b.post('/api/v1/shipments/storno', { shipments: [{ id: s!.id }] });
    expect(res.status).toBe(200);
    expect(await balance(id)).toBe(before + Math.round(created.total_vat * 100));
    await b.post('/api/v1/shipments/storno', { shipments: [{ id: s!.id }] });
    expect(await balance(id)).toBe(before + Math.round(created.total_vat * 100));
    const after = await fresh(b, created);
    expect(after.shipments[0]!.status).toBe('cancelled');
  });
});

describe('money for a cancelled order', () => {
  it('refuses to cancel an order once part of its money has arrived', async () => {
    const b = browser();
    const created = await order(b);
    await statement(b, created, 10);
    const res = await b.post(`/api/v1/orders/${created.token}/cancel`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorJson).errors![0]).toMatchObject({ code: 'order.cancel.money_received' });
    expect((await fresh(b, created)).status).toBe('unpaid');
  });

  it('credits a transfer that arrives after the order was cancelled to the owner’s account', async () => {
    const b = browser();
    const { id } = await register(b);
    const created = await order(b);
    expect((await b.post(`/api/v1/orders/${created.token}/cancel`)).status).toBe(200);
    const before = await balance(id);
    await statement(b, created);
    await statement(b, created, 1); // and more on top
    const after = await fresh(b, created);
    expect(after).toMatchObject({ status: 'cancelled', owed_back: 0, shipments: [] });
    expect(await balance(id)).toBe(before + Math.round(created.total_vat * 100) + 100);
    expect(Math.round(after.credited * 100)).toBe(Math.round(created.total_vat * 100) + 100);
  });

  it('shows a guest’s transfer after cancelling, an overpayment and cancelled shipments as owed back', async () => {
    const b = browser();
    const cancelled = await order(b);
    await b.post(`/api/v1/orders/${cancelled.token}/cancel`);
    await statement(b, cancelled);
    expect(await fresh(b, cancelled)).toMatchObject({ status: 'cancelled', owed_back: cancelled.total_vat, payment: { received: cancelled.total_vat } });

    const over = await order(b);
    await statement(b, over, Number((over.total_vat + 12.5).toFixed(2)));
    expect((await fresh(b, over)).owed_back).toBe(12.5);
    const paid = await fresh(b, over);
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: paid.shipments[0]!.id }], token: over.token })).status).toBe(200);
    expect((await fresh(b, over)).owed_back).toBeCloseTo(over.total_vat + 12.5, 2);
  });

  it('a card paid at the gateway after the order was cancelled: to the owner’s credit, back to a guest’s card', async () => {
    const guest = browser();
    const g = await order(guest, orderBody({ payment_method: 'card' }));
    expect((await guest.post(`/api/v1/orders/${g.token}/cancel`)).status).toBe(200);
    const back = await payAtGateway(guest, g);
    expect(back.status).toBe(303);
    expect(await fresh(guest, g)).toMatchObject({ status: 'cancelled', owed_back: 0, shipments: [], refunds: [{ amount: g.total_vat, method: 'card', state: 'settled' }] });

    const member = browser();
    const { id } = await register(member);
    const m = await order(member, orderBody({ payment_method: 'card' }));
    await member.post(`/api/v1/orders/${m.token}/cancel`);
    await payAtGateway(member, m);
    expect(await fresh(member, m)).toMatchObject({ status: 'cancelled', owed_back: 0, shipments: [] });
    expect(await balance(id)).toBe(Math.round(m.total_vat * 100));
  });
});

describe('storno once the carrier has the parcel', () => {
  it('refuses storno after the parcel is picked up (409 with the reason), records no refund and offers a change request or a claim', async () => {
    const b = browser();
    const { id } = await register(b);
    await topUp(id, 100_000);
    const created = await order(b, orderBody({ payment_method: 'credit' }));
    const [s] = created.shipments;
    expect(s).toMatchObject({ status: 'created', cancellable: true, storno_refusal: null });
    const advanced = await dataOf<{ status: string }>(await b.post(`/api/v1/sandbox/shipments/${s!.id}/advance`));
    expect(advanced.status).toBe('picked_up');
    const before = await balance(id);

    const res = await b.post('/api/v1/shipments/storno', { shipments: [{ id: s!.id }] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorJson).errors![0]).toMatchObject({ field: `shipments.${s!.id}`, code: 'order.storno.with_carrier' });
    expect(await balance(id)).toBe(before);
    const after = await fresh(b, created);
    expect(after).toMatchObject({ status: 'processing', refunded: 0 });
    expect(after.shipments[0]).toMatchObject({ status: 'created', cancellable: false, storno_refusal: 'with_carrier' });
    const row = await env.DB.prepare('SELECT refund_minor, cancelled_at FROM shipments WHERE id = ?').bind(s!.id).first<{ refund_minor: number; cancelled_at: string | null }>();
    expect(row).toEqual({ refund_minor: 0, cancelled_at: null });
  });
});

describe('a full order', () => {
  it(`books every shipment of an order of MAX_ORDER_ITEMS items (${MAX_ORDER_ITEMS}) paid from credit, and refuses one more`, async () => {
    const b = browser();
    const { id } = await register(b);
    await topUp(id, 100_000_000);
    const items = Array.from({ length: MAX_ORDER_ITEMS }, (_, i) => ({ shipment: shipment({ packages: [{ type: 0, weight: 1 + (i % 20), width: 20, height: 10, length: 30 }], service_id: i % 2 ? 'dpd-classic' : 'ppl-business' }) }));
    const created = await order(b, orderBody({ payment_method: 'credit', items }));
    expect(created.payment.status).toBe('paid');
    expect(created.shipments).toHaveLength(MAX_ORDER_ITEMS);
    expect(created.shipments.every((s) => s.status === 'created')).toBe(true);
    expect(new Set(created.shipments.map((s) => s.tracking_number)).size).toBe(MAX_ORDER_ITEMS);
    const over = await b.post('/api/v1/orders', orderBody({ items: [...items, items[0]] }), { 'idempotency-key': key() });
    expect(over.status).toBe(400);
    expect(((await over.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'items', code: 'validation.too_many' });
  }, 60_000);
});

describe('access', () => {
  it('another user’s order, label and invoice answer 404', async () => {
    const owner = browser();
    await signIn(owner, DEMO_ACCOUNTS[0]);
    const created = await order(owner, orderBody({ payment_method: 'bank_transfer' }));
    await statement(owner, created);
    const paid = await fresh(owner, created);
    const s = paid.shipments[0]!;

    const stranger = browser();
    await register(stranger);
    expect((await stranger.get(`/api/v1/orders/${created.token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/shipments/${s.id}/label?format=a6`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/shipments/${s.id}/label?format=a6&token=wrong-token-of-someone`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/invoices/${'x'.repeat(43)}/pdf`)).status).toBe(404);
    expect((await stranger.post('/api/v1/shipments/storno', { shipments: [{ id: s.id }] })).status).toBe(404);
    // the owner, signed in, needs no token
    expect((await owner.get(`/api/v1/shipments/${s.id}/label?format=a6`)).status).toBe(200);
  });
});

describe('payment methods', () => {
  it('offers bank transfer and card to guests, credit to signed-in users with a balance', async () => {
    const guest = await dataOf<{ id: string }[]>(await browser().get('/api/v1/payment/methods'));
    expect(guest.map((m) => m.id)).toEqual(['bank_transfer', 'card']);
    const b = browser();
    const { id } = await register(b);
    await topUp(id, 5000);
    const member = await dataOf<{ id: string; balance?: number }[]>(await b.get('/api/v1/payment/methods'));
    expect(member.map((m) => m.id)).toContain('credit');
  });
});

describe('the order’s currency is its territory’s', () => {
  it('refuses another currency on the item’s field (cz: CZK, sk: EUR), and the QR names only the order’s currency', async () => {
    const b = browser();
    for (const currency of ['USD', 'EUR']) {
      const res = await b.post('/api/v1/orders', orderBody({ items: [{ shipment: shipment({ currency }) }] }), { 'idempotency-key': key() });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'items.0.shipment.currency', code: 'validation.currency_unsupported', message: 'validation.currency_unsupported' }]);
    }
    const priced = await b.post('/api/v1/orders/price', { items: [{ shipment: shipment({ currency: 'USD' }) }] });
    expect(priced.status).toBe(400);
    const czk = await order(b, orderBody({ items: [{ shipment: shipment({ currency: 'CZK' }) }] }));
    expect(czk.currency).toBe('CZK');
    expect(czk.payment.spayd).toContain('*CC:CZK*');

    const sk = `http://${bindings.SK_HOST}`;
    const onSk = (currency: string) => b.call('POST', `${sk}/api/v1/orders`, orderBody({ items: [{ shipment: shipment({ currency }) }] }), { 'idempotency-key': key(), origin: sk });
    const refused = await onSk('CZK');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).errors![0]!.field).toBe('items.0.shipment.currency');
    const eur = await dataOf<Order>(await onSk('EUR'));
    expect(eur.currency).toBe('EUR');
    expect(eur.payment.bysquare).toBeTruthy();
    expect(eur.payment.spayd).toBeUndefined();

    // an order stored in another currency before the check: no QR at all rather than one in CZK
    const { paymentQr } = await import('../../src/server/services/orders/qr');
    const { SHOP_ACCOUNTS } = await import('../../src/server/payments/bank/account');
    expect(paymentQr({ currency: 'USD', variableSymbol: '1', number: 'OP1' }, 673, SHOP_ACCOUNTS.cz)).toEqual({});
  });
});

describe('payment methods on a deployment (no card gateway)', () => {
  it('answers 400 on payment_method for a card before anything is stored, as GET v1/payment/methods offers no card', async () => {
    const b = browser();
    const deployed = { LOCAL_DEV: undefined };
    const offered = await dataOf<{ id: string }[]>(await b.call('GET', '/api/v1/payment/methods', undefined, {}, deployed));
    expect(offered.map((m) => m.id)).toEqual(['bank_transfer']);
    const email = `karta-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    const k = key();
    const res = await b.call('POST', '/api/v1/orders', orderBody({ payment_method: 'card', email }), { 'idempotency-key': k }, deployed);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'payment_method', code: 'validation.payment_method_unavailable', message: 'validation.payment_method_unavailable' }]);
    const stored = await env.DB.prepare('SELECT (SELECT COUNT(*) FROM orders WHERE email = ?) AS orders, (SELECT COUNT(*) FROM idempotency_keys WHERE key LIKE ?) AS keys').bind(email, `%${k}`).first<{ orders: number; keys: number }>();
    expect(stored).toEqual({ orders: 0, keys: 0 });
    // credit is offered only with a balance: a guest is told to sign in
    const credit = await b.post('/api/v1/orders', orderBody({ payment_method: 'credit' }), { 'idempotency-key': key() });
    expect(((await credit.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'payment_method', code: 'validation.credit_needs_account' });
  });
});

describe('a carrier that fails', () => {
  it('leaves its shipment pending with the reason, the other shipment books, and the scheduled retry finishes it', async () => {
    const b = browser();
    const down = shipment({ reference: 'SANDBOX-CARRIER-DOWN' });
    const created = await order(b, orderBody({ items: [{ shipment: down }, { shipment: shipment({ service_id: 'ppl-business' }) }] }));
    await statement(b, created);
    const paid = await fresh(b, created);
    expect(paid.status).toBe('paid');
    const [first, second] = paid.shipments;
    expect(first).toMatchObject({ status: 'pending', label_url: null });
    expect(first!.error).toContain('unavailable');
    expect(first!.tracking_number).toMatch(/^IZ\d{10}$/);
    expect(second).toMatchObject({ status: 'created' });

    // the carrier is back: the 5-minute job books what is pending
    await env.DB.prepare("UPDATE order_items SET shipment = replace(shipment, 'SANDBOX-CARRIER-DOWN', 'zpet') WHERE order_id = (SELECT id FROM orders WHERE token = ?)").bind(created.token).run();
    const { retryOrderWork } = await import('../../src/server/services/orders/jobs');
    await retryOrderWork(env as never, () => {});
    const done = await fresh(b, created);
    expect(done.status).toBe('processing');
    expect(done.shipments.map((s) => s.status)).toEqual(['created', 'created']);
    expect(done.shipments[0]!.tracking_number).toBe(first!.tracking_number);
  });
});

describe('contract customers and refunds to the card', () => {
  it('books a shipment directly on the contract (v1/shipments/create), answers the same for the same key, and refuses others', async () => {
    const firm = browser();
    await signIn(firm, DEMO_ACCOUNTS[1]);
    const k = key();
    const res = await firm.post('/api/v1/shipments/create', { shipment: shipment() }, { 'idempotency-key': k });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { data: { tracking_number: string; status: string }[]; order: string } };
    expect(body.data.data[0]).toMatchObject({ status: 'created' });
    const again = (await (await firm.post('/api/v1/shipments/create', { shipment: shipment() }, { 'idempotency-key': k })).json()) as typeof body;
    expect(again.data.data[0]!.tracking_number).toBe(body.data.data[0]!.tracking_number);

    const person = browser();
    await register(person);
    expect((await person.post('/api/v1/shipments/create', { shipment: shipment() })).status).toBe(403);
    expect((await browser().post('/api/v1/shipments/create', { shipment: shipment() })).status).toBe(401);
  });

  it('a contract customer orders on the contract from the checkout: billed on the monthly invoice, no payment asked, booked at once; nobody else can', async () => {
    const firm = browser();
    await signIn(firm, DEMO_ACCOUNTS[1]);
    const onContract = orderBody({ payment_method: 'invoice', payer: { type: 'account' }, email: DEMO_ACCOUNTS[1].email });
    const created = await order(firm, onContract);
    expect(created.payment.method).toBe('invoice');
    expect(created.status).not.toBe('unpaid');
    expect(created.payment.redirect_url).toBeNull();
    expect(created.shipments.map((s) => s.status)).toEqual(['created']);
    const billed = await env.DB.prepare('SELECT payment_method, payer_type FROM orders WHERE token = ?').bind(created.token).first();
    expect(billed).toEqual({ payment_method: 'invoice', payer_type: 'account' });
    // mailed as ordered on the monthly invoice, never as a payment received
    const mails = (await env.DB.prepare('SELECT template, text FROM outbox WHERE text LIKE ?').bind(`%${created.number}%`).all<{ template: string; text: string }>()).results;
    expect(mails.map((m) => m.template)).toEqual(['order_confirmation']);
    expect(mails[0]!.text).toContain('vyúčtujeme v měsíční faktuře ke smlouvě');

    const refused = async (b: Browser, body: Record<string, unknown>) => {
      const res = await b.post('/api/v1/orders', body, { 'idempotency-key': key() });
      expect(res.status).toBe(400);
      return ((await res.json()) as ErrorJson).errors!;
    };
    // the contract's invoice only with the contract as the payer
    expect(await refused(firm, { ...onContract, payer: { type: 'person' } })).toEqual([expect.objectContaining({ field: 'payment_method', code: 'validation.payment_invoice' })]);
    const person = browser();
    const { email } = await register(person);
    expect(await refused(person, { ...onContract, email })).toEqual([expect.objectContaining({ field: 'payment_method', code: 'validation.payment_invoice' })]);
    expect(await refused(browser(), onContract)).toEqual([expect.objectContaining({ field: 'payment_method', code: 'validation.payment_invoice' })]);
  });

  it('a cancelled shipment of a card order is refunded through the gateway', async () => {
    const b = browser();
    const created = await order(b, orderBody({ payment_method: 'card' }));
    await payAtGateway(b, created);
    const paid = await fresh(b, created);
    expect(paid.shipments[0]!.status).toBe('created');
    const storno = await b.post('/api/v1/shipments/storno', { shipments: [{ id: paid.shipments[0]!.id }], token: created.token });
    expect(storno.status).toBe(200);
    expect(await gopayRow(gopayId(created))).toMatchObject({ state: 'REFUNDED', refunded: Math.round(created.total_vat * 100) });
    expect((await fresh(b, created)).status).toBe('refunded');
  });

  it('pickup dates per carrier', async () => {
    const dates = await dataOf<string[]>(await browser().get('/api/v1/pickups/dates?country=cz&carrier=dpd'));
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await browser().get('/api/v1/pickups/dates?country=cz&carrier=nope')).status).toBe(400);
  });
});

describe('VAT of an order on the Slovak site (docs/vat.md)', () => {
  const sk = (city: string, zip: string, name: string) => ({ ...party(city, zip, name), street: 'Hlavná 12', country: 'sk', phone: '+421900123456' });
  const items = [
    { shipment: shipment({ to: sk('Bratislava', '81101', 'Žofia') }) },
    { shipment: shipment({ from: sk('Bratislava', '81101', 'Ján'), to: sk('Košice', '04001', 'Žofia') }) },
  ];
  // on the Slovak host (the edge sets its territory), in Slovak
  const skHost = `http://${bindings.SK_HOST}`;
  const slovak = { origin: skHost, language: 'sk' };
  const placed = async (b: Browser, body: Record<string, unknown>) => {
    const res = await b.post(`${skHost}/api/v1/orders`, orderBody({ email: 'zakaznik@example.sk', ...body }), { 'idempotency-key': key(), ...slovak });
    if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
    const created = await dataOf<Order>(res);
    expect((await statement(b, created)).status).toBe(200);
    const row = await env.DB.prepare('SELECT id, language FROM orders WHERE token = ?').bind(created.token).first<{ id: number; language: string }>();
    const vat = await env.DB.prepare('SELECT vat_rate AS rate, price_minor AS base, price_vat_minor AS gross FROM order_items WHERE order_id = ? ORDER BY position').bind(row!.id).all<{ rate: number; base: number; gross: number }>();
    const invoice = await env.DB.prepare('SELECT data FROM invoices WHERE order_id = ?').bind(row!.id).first<{ data: string }>();
    return { created, language: row!.language, items: vat.results, invoice: JSON.parse(invoice!.data) as { vatLegend?: string; customer: { vatId?: string }; lines: { vatRate: number }[] } };
  };

  it('a consumer pays Czech VAT from Czechia (departure) and Slovak VAT within Slovakia (OSS), as the checkout priced it', async () => {
    const b = browser();
    const price = await dataOf<{ total_vat_minor: number; items: { price: number; price_vat: number }[] }>(await b.post(`${skHost}/api/v1/orders/price`, { items }, slovak));
    const { created, language, items: rows, invoice } = await placed(b, { items, expected_total_vat: price.total_vat_minor });
    expect(language).toBe('sk');
    expect(created.currency).toBe('EUR');
    expect(rows.map((r) => r.rate)).toEqual([21, 23]);
    for (const r of rows) expect(r.gross).toBe(r.base + Math.floor((r.base * r.rate + 50) / 100));
    expect(invoice.lines.map((l) => l.vatRate)).toEqual([21, 23]);
    expect(invoice.vatLegend).toContain('OSS');
    expect(invoice.vatLegend).toContain('Slovenská DPH 23 %');
    // the comparison quotes a consumer the same VAT by route (the Slovak site, CZ→SK at Czech 21 %)
    const draft = { from: { country: 'cz', zip: '60200', city: 'Brno' }, to: { country: 'sk', zip: '81101', city: 'Bratislava' }, packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], complete: true, service_group_id: 'dpd-classic' };
    const quote = await dataOf<{ price: { value: number; currency: string }; priceVat: { value: number } }>(await b.post(`${skHost}/api/v2/quote/detail`, draft, slovak));
    expect(quote.price.currency).toBe('EUR');
    expect(Math.round(quote.priceVat.value * 100)).toBe(Math.round(quote.price.value * 100) + Math.floor((Math.round(quote.price.value * 100) * 21 + 50) / 100));
  });

  it('a Slovak company with an IČ DPH is reverse-charged: no VAT, its IČ DPH and the legend on the invoice', async () => {
    const b = browser();
    const payer = { type: 'company', company: 'Kníhkupectvo s.r.o.', ico: '35763469', dic: '2020273893', ic_dph: 'SK2020273893', country: 'sk' };
    const consumer = await dataOf<{ total_vat_minor: number }>(await b.post(`${skHost}/api/v1/orders/price`, { items }, slovak));
    const price = await dataOf<{ total_vat_minor: number; total: number; vat: number }>(await b.post(`${skHost}/api/v1/orders/price`, { items, payer }, slovak));
    expect(price.vat).toBe(0);
    expect(price.total_vat_minor).toBeLessThan(consumer.total_vat_minor);
    const { created, items: rows, invoice } = await placed(b, { items, payer, expected_total_vat: price.total_vat_minor });
    expect(rows.map((r) => r.rate)).toEqual([0, 0]);
    expect(created.total_vat).toBe(created.total);
    expect(created.currency).toBe('EUR');
    expect(invoice.customer.vatId).toBe('SK2020273893');
    expect(invoice.vatLegend).toContain('Prenesenie daňovej povinnosti');
    const pdf = await b.get(`${skHost}${(await fresh(b, created)).invoice_pdf_url!}`, slovak);
    const [page] = await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()));
    expect(page).toContain('IČ DPH: SK2020273893');
    expect(page).toContain('Faktúra – daňový doklad');
    // a wrong IČ DPH is refused, not silently charged VAT
    const bad = await b.post(`${skHost}/api/v1/orders`, orderBody({ items, payer: { ...payer, ic_dph: 'SK2020273894' } }), { 'idempotency-key': key(), ...slovak });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'payer.ic_dph', code: 'validation.vatin' });
  });
});
