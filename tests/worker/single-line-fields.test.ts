import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { browser, dataOf } from './client';

type ErrorJson = { type: string; status: number; errors?: { field: string; code: string; message: string }[] };

const party = (name: string, email: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz', phone: '+420777123456', email });
const orderBody = (to: ReturnType<typeof party>) => ({
  items: [{ shipment: { from: party('Jana', 'odesilatel@example.cz'), to, packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic' } }],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'radky@example.cz',
  terms: true,
});

/** a §8 validation error naming the field with the single-line message */
async function expectSingleLineError(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorJson;
  expect(body.type).toBe('FORM_VALIDATION_ERROR');
  expect(body.errors).toContainEqual(expect.objectContaining({ field, code: 'validation.single_line' }));
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

describe('one-line fields refuse line breaks and control characters (400 on the field)', () => {
  it('an order with "Jan\\nNovák" as the recipient stores nothing', async () => {
    const b = browser();
    const before = await count('orders');
    await expectSingleLineError(await b.post('/api/v1/orders', orderBody(party('Jan\nNovák', 'prijemce@example.cz')), { 'idempotency-key': `lines-${crypto.randomUUID()}` }), 'items.0.shipment.to.firstname');
    await expectSingleLineError(await b.post('/api/v1/orders', orderBody({ ...party('Jan', 'prijemce@example.cz'), street: 'Dlouhá 12\u202e' }), { 'idempotency-key': `lines-${crypto.randomUUID()}` }), 'items.0.shipment.to.street');
    expect(await count('orders')).toBe(before);
  });

  it('a registration with "Jan\\nNovák" creates no account', async () => {
    const b = browser();
    const email = `radky-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    await expectSingleLineError(await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Jan\nNovák', surname: 'Novák', phone: '777 123 456', terms: true }), 'firstname');
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
  });

  it('an address-book entry with "Jan\\nNovák" is not saved; a clean one is', async () => {
    const b = browser();
    const email = `adresar-${crypto.randomUUID().slice(0, 8)}@example.cz`;
    expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBeLessThan(300);
    const entry = { company: '', firstname: 'Jan\nNovák', surname: 'Novák', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz', phone: '+420777123456', email: 'jan@example.cz' };
    await expectSingleLineError(await b.post('/api/v1/addresses', entry), 'firstname');
    expect(await dataOf<unknown[]>(await b.get('/api/v1/addresses')).then((rows) => JSON.stringify(rows))).not.toContain('Jan\\nNov');
    expect((await b.post('/api/v1/addresses', { ...entry, firstname: 'Jan' })).status).toBe(201);
  });
});
