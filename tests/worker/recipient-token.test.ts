import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf, type Browser } from './client';

/** issue 22 item 1: the recipient's e-mail carries a token of their own that opens the parcel's tracking and nothing of the order */
type Party = { name: string; street: string; email: string | null };
type Tracking = { tracking_number: string; full: boolean; from?: Party; to?: Party; order?: unknown; shipment_id?: number };
type Order = { status: string; invoice_pdf_url: string | null; shipments: { id: number; tracking_number: string; status: string; label_url: string | null }[] };
type Mail = { to: string; template: string; text: string };

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });
const ORDERER = 'objednal@example.cz';
const SENDER = 'odesilatel@example.cz';

/** a paid guest order of two parcels to the same recipient */
async function paidOrder(b: Browser) {
  const recipientEmail = `r${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const shipment = { from: party('Brno', '60200', 'Jana', SENDER), to: party('Praha', '11000', 'Žofie', recipientEmail), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' };
  const res = await b.post('/api/v1/orders', { items: [{ shipment }, { shipment }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: ORDERER, terms: true }, { 'idempotency-key': `rcp-${crypto.randomUUID()}` });
  expect(res.status).toBe(201);
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<Order>(await b.get(`/api/v1/orders/${order.token}`));
  expect(paid.shipments).toHaveLength(2);
  return { token: order.token, shipments: paid.shipments, recipientEmail };
}

/** the link of the recipient's tracking mail, as the local mailbox shows it */
async function mailedLink(b: Browser, to: string, template: string) {
  const mails = await dataOf<Mail[]>(await b.get('/_dev/mailbox.json'));
  const mail = mails.find((m) => m.to === to && m.template === template);
  expect(mail, `${template} to ${to}`).toBeDefined();
  const match = /\/sledovani-zasilek\/(IZ\d{10})\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { path: match![0], trackingNumber: match![1]!, token: match![2]! };
}

const track = (b: Browser, number: string, token: string) => b.get(`/api/v1/orders/${number}?tracking=1&token=${encodeURIComponent(token)}`);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the recipient token', () => {
  it('the mailed link opens that parcel with its addresses, and nothing of the order', { timeout: 30_000 }, async () => {
    const b = browser();
    const { token, shipments, recipientEmail } = await paidOrder(b);
    const [first, second] = shipments;
    expect((await dataOf<{ status: string }>(await b.post(`/api/v1/sandbox/shipments/${first!.id}/advance`))).status).toBe('picked_up');

    const link = await mailedLink(b, recipientEmail, 'tracking_picked_up');
    expect(link.trackingNumber).toBe(first!.tracking_number);
    expect(link.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect((await b.get(link.path)).status).toBe(200);

    // the order's capabilities answer 404 to the recipient token
    const rt = encodeURIComponent(link.token);
    expect((await b.get(`/api/v1/orders/${rt}`)).status).toBe(404);
    expect((await b.post(`/api/v1/orders/${rt}/cancel`)).status).toBe(404);
    expect((await b.get(`/api/v1/invoices/${rt}`)).status).toBe(404);
    expect((await b.get(`/api/v1/invoices/${rt}/pdf`)).status).toBe(404);
    expect((await b.get(`/api/v1/shipments/${first!.id}/label?token=${rt}`)).status).toBe(404);
    expect((await b.get(`/api/v1/shipments/${second!.id}/label?token=${rt}`)).status).toBe(404);
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: second!.id }], token: link.token })).status).toBe(404);
    expect((await b.post('/api/v1/shipments/storno', { shipments: [{ id: first!.id }], token: link.token })).status).toBeGreaterThanOrEqual(400);
    expect((await b.get(`/api/v1/shipments/rating?token=${rt}&id=${first!.id}`)).status).toBe(404);
    expect((await b.get(`/api/v1/change-request/find?id=${first!.tracking_number}&token=${rt}`)).status).toBe(404);
    expect((await b.get(`/api/v2/issues/find-reference?number=${first!.tracking_number}&token=${rt}`)).status).toBe(404);

    const view = await dataOf<Tracking>(await track(b, link.trackingNumber, link.token));
    expect(view.full).toBe(true);
    expect(view.to).toMatchObject({ street: 'Dlouhá 12', email: recipientEmail });
    expect(view.from).toMatchObject({ street: 'Dlouhá 12', email: null });
    expect(view).not.toHaveProperty('order');
    expect(view).not.toHaveProperty('shipment_id');
    expect(JSON.stringify(view)).not.toContain(token);
    expect(link.token).not.toBe(token);
    expect(JSON.stringify(view)).not.toContain(ORDERER);
    expect(JSON.stringify(view)).not.toContain(SENDER);
    // one parcel's token: the other parcel of the order stays public
    expect((await dataOf<Tracking>(await track(b, second!.tracking_number, link.token))).full).toBe(false);

    // the order token still serves the orderer: the order, its labels and invoice; nothing was cancelled
    const order = await dataOf<Order>(await b.get(`/api/v1/orders/${token}`));
    expect(order.shipments.map((s) => s.status)).toEqual(['created', 'created']);
    expect((await b.get(order.shipments[1]!.label_url!)).status).toBe(200);
    expect(order.invoice_pdf_url).not.toBeNull();
    expect((await b.get(order.invoice_pdf_url!)).status).toBe(200);
  });

  it('an order token in a tracking URL (as older recipient e-mails carried it) no longer reaches the order', { timeout: 30_000 }, async () => {
    const b = browser();
    const { token, shipments } = await paidOrder(b);
    const view = await dataOf<Tracking>(await track(b, shipments[0]!.tracking_number, token));
    expect(view.full).toBe(true);
    expect(view).not.toHaveProperty('order');
    expect(view).not.toHaveProperty('shipment_id');
    expect(JSON.stringify(view)).not.toContain(token);
  });

  it('every shipment has its own token, existing ones included (the backfill), and the mails of later events repeat it', { timeout: 30_000 }, async () => {
    const b = browser();
    const { shipments, recipientEmail } = await paidOrder(b);
    const nonces = await env.DB.prepare('SELECT recipient_nonce AS n FROM shipments WHERE id IN (?, ?)').bind(shipments[0]!.id, shipments[1]!.id).all<{ n: string | null }>();
    expect(nonces.results.map((r) => r.n?.length)).toEqual([32, 32]);
    expect(nonces.results[0]!.n).not.toBe(nonces.results[1]!.n);
    // a row from before the migration: the backfill's statement gives it a nonce of its own
    await env.DB.prepare('UPDATE shipments SET recipient_nonce = NULL WHERE id = ?').bind(shipments[1]!.id).run();
    await env.DB.prepare('UPDATE `shipments` SET `recipient_nonce` = lower(hex(randomblob(16))) WHERE `recipient_nonce` IS NULL').run();
    const backfilled = await env.DB.prepare('SELECT recipient_nonce AS n FROM shipments WHERE id = ?').bind(shipments[1]!.id).first<{ n: string }>();
    expect(backfilled!.n).toMatch(/^[0-9a-f]{32}$/);

    const id = shipments[1]!.id;
    let status = '';
    for (let i = 0; i < 8 && status !== 'delivered'; i++) status = (await dataOf<{ status: string }>(await b.post(`/api/v1/sandbox/shipments/${id}/advance`))).status;
    expect(status).toBe('delivered');
    const picked = await mailedLink(b, recipientEmail, 'tracking_picked_up');
    const delivered = await mailedLink(b, recipientEmail, 'tracking_delivered');
    expect(delivered).toEqual(picked);
    expect((await dataOf<Tracking>(await track(b, delivered.trackingNumber, delivered.token))).full).toBe(true);
  });
});
