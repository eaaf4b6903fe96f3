import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf, type Browser } from './client';

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Nová', street: 'Úzká 7', city, zip, country: 'cz', phone: '+420777123456', email: 'nova@example.cz' });

async function parcel(b: Browser, email: string) {
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(
    await b.post(
      '/api/v1/orders',
      {
        items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 1 }], service_id: 'dpd-classic', services: [{ code: 'cod', data: { value: { value: 1500, currency: 'CZK' } } }] } }],
        payment_method: 'bank_transfer',
        payer: { type: 'person' },
        email,
        terms: true,
      },
      { 'idempotency-key': `chg-${crypto.randomUUID()}` },
    ),
  );
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const { shipments } = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  return { token: order.token, ...shipments[0]! };
}
type State = { status: string; allowed: Record<string, boolean>; requests: { kind: string; status: string }[] };
type ErrorJson = { errors?: { field: string; code: string }[] };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('change requests', () => {
  it('accepts what the carrier allows at the status, refuses after delivery, e-mails each answer', async () => {
    const b = browser();
    const email = `chg${crypto.randomUUID().slice(0, 6)}@example.cz`;
    const { token, id, tracking_number } = await parcel(b, email);
    const find = () => b.get(`/api/v1/change-request/find?id=${tracking_number}&token=${token}`);
    expect(await dataOf<State>(await find())).toMatchObject({ status: 'pending', allowed: { address: true, contact: true, cod: true, date: true } });
    expect((await b.get(`/api/v1/change-request/find?id=${tracking_number}&token=${'z'.repeat(43)}`)).status).toBe(404);

    const cod = await b.post('/api/v1/change-request', { id: tracking_number, token, change: { kind: 'cod', value: 1200 } });
    expect(cod.status).toBe(200);
    await b.post(`/api/v1/sandbox/shipments/${id}/advance`);
    // picked up: cash on delivery can no longer change, the address still can
    const after = await dataOf<State>(await find());
    expect(after.allowed).toMatchObject({ cod: false, address: true });
    const late = await b.post('/api/v1/change-request', { id: tracking_number, token, change: { kind: 'cod', value: 900 } });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorJson).errors![0]!.code).toBe('change.error.not_allowed');
    expect((await b.post('/api/v1/change-request', { id: tracking_number, token, change: { kind: 'address', street: 'Nová 1', city: 'Praha', zip: '110 00' } })).status).toBe(200);

    for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${id}/advance`))).advanced) break;
    const delivered = await dataOf<State>(await find());
    expect(delivered.status).toBe('delivered');
    expect(Object.values(delivered.allowed).every((a) => !a)).toBe(true);
    expect((await b.post('/api/v1/change-request', { id: tracking_number, token, change: { kind: 'contact', phone: '+420601222333', email: 'x@example.cz' } })).status).toBe(409);
    expect(delivered.requests.map((r) => `${r.kind}:${r.status}`)).toEqual(['address:accepted', 'cod:rejected', 'cod:accepted']);

    const mails = await env.DB.prepare('SELECT template FROM outbox WHERE "to" = ? ORDER BY id').bind(email).all<{ template: string }>();
    expect(mails.results.map((m) => m.template).filter((t) => t.startsWith('change_'))).toEqual(['change_accepted', 'change_rejected', 'change_accepted', 'change_rejected']);
  });

  it('refuses a change that asks for what the shipment already has, without recording or mailing it', async () => {
    const b = browser();
    const email = `same${crypto.randomUUID().slice(0, 6)}@example.cz`;
    const { token, tracking_number } = await parcel(b, email);
    const ask = (change: Record<string, unknown>) => b.post('/api/v1/change-request', { id: tracking_number, token, change });
    const refused = async (change: Record<string, unknown>) => {
      const res = await ask(change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(((await res.json()) as ErrorJson).errors![0]).toMatchObject({ field: 'kind', code: 'change.error.nothing_changed' });
    };
    // the order's own values, typed the way people type them
    await refused({ kind: 'address', street: 'úzká  7', city: 'Praha', zip: '110 00' });
    await refused({ kind: 'contact', phone: '+420 777 123 456', email: 'Nova@example.cz' });
    await refused({ kind: 'cod', value: 1500 });
    // after an accepted change, asking for it again changes nothing either
    expect((await ask({ kind: 'cod', value: 1200 })).status).toBe(200);
    await refused({ kind: 'cod', value: 1200 });
    expect((await ask({ kind: 'cod', value: 1500 })).status).toBe(200);
    const state = await dataOf<State>(await b.get(`/api/v1/change-request/find?id=${tracking_number}&token=${token}`));
    expect(state.requests.map((r) => `${r.kind}:${r.status}`)).toEqual(['cod:accepted', 'cod:accepted']);
    const mails = await env.DB.prepare('SELECT template FROM outbox WHERE "to" = ? ORDER BY id').bind(email).all<{ template: string }>();
    expect(mails.results.map((m) => m.template).filter((t) => t.startsWith('change_'))).toEqual(['change_accepted', 'change_accepted']);
  });

  it("greets a guest by the sender's name entered on the order, not by the e-mail address", async () => {
    const b = browser();
    const email = `greet${crypto.randomUUID().slice(0, 6)}@example.cz`;
    const { token, tracking_number } = await parcel(b, email);
    expect((await b.post('/api/v1/change-request', { id: tracking_number, token, change: { kind: 'cod', value: 1000 } })).status).toBe(200);
    const mails = await env.DB.prepare('SELECT template, text FROM outbox WHERE "to" = ? ORDER BY id').bind(email).all<{ template: string; text: string }>();
    expect(mails.results.map((m) => m.template)).toEqual(expect.arrayContaining(['order_confirmation', 'payment_received', 'change_accepted']));
    for (const mail of mails.results) {
      expect(mail.text, mail.template).toContain('Jana Nová');
      expect(mail.text.split('\n')[0], mail.template).not.toContain(email);
    }
  });

  it('sends the link only to the order’s e-mail, answering the same either way', async () => {
    const b = browser();
    const email = `lnk${crypto.randomUUID().slice(0, 6)}@example.cz`;
    const { tracking_number } = await parcel(b, email);
    expect(await dataOf(await b.post('/api/v1/change-request/link', { id: tracking_number, email: 'cizi@example.cz' }))).toEqual({ ok: true });
    expect(await dataOf(await b.post('/api/v1/change-request/link', { id: tracking_number, email: email.toUpperCase() }))).toEqual({ ok: true });
    const links = await env.DB.prepare("SELECT \"to\" FROM outbox WHERE template = 'change_link' AND text LIKE ?").bind(`%${tracking_number}%`).all<{ to: string }>();
    expect(links.results.map((r) => r.to)).toEqual([email]);
  });
});
