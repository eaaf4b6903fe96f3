import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf, type Browser } from './client';

/** issue 30 item 5: the API takes the names spec §3 and §7 give; older names stay as aliases */

const party = (city: string, zip: string, name: string) => ({ firstname: name, surname: 'Veselá', street: 'Krátká 3', city, zip, country: 'cz', phone: '+420777123456', email: 'vesela@example.cz' });

async function deliveredParcel(b: Browser) {
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(
    await b.post(
      '/api/v1/orders',
      { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 1 }], service_id: 'dpd-classic' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'jana@example.cz', terms: true },
      { 'idempotency-key': `names-${crypto.randomUUID()}` },
    ),
  );
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const { shipments } = await dataOf<{ shipments: { id: number }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  const id = shipments[0]!.id;
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${id}/advance`))).advanced) break;
  return { token: order.token, id };
}

const unique = () => `n${crypto.randomUUID().slice(0, 8)}@example.cz`;
const contact = (email: string, changes: Record<string, unknown> = {}) => ({
  form: 'contact',
  name: 'Jana Nováková',
  email,
  message: 'Dobrý den, mám dotaz k vašim službám.',
  started_at: Date.now() - 60_000,
  ...changes,
});
const topicOf = async (email: string) => (await env.DB.prepare('SELECT topic FROM contact_messages WHERE email = ?').bind(email).first<{ topic: string }>())?.topic;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('API names of the spec', () => {
  it('POST v1/shipments/rating takes `rating` (and still `score`)', async () => {
    const b = browser();
    const { token, id } = await deliveredParcel(b);
    const rated = await b.post('/api/v1/shipments/rating', { token, id, rating: 4 });
    expect(rated.status).toBe(200);
    expect((await dataOf<{ rating: { score: number; comment: string } }>(rated)).rating).toMatchObject({ score: 4, comment: '' });
    const edited = await dataOf<{ rating: { score: number } }>(await b.post('/api/v1/shipments/rating', { token, id, score: 3.5 }));
    expect(edited.rating.score).toBe(3.5);
  });

  it('contact submissions take `type`, default other (and still `topic`)', async () => {
    const b = browser('198.51.100.30');
    const [plain, typed, old] = [unique(), unique(), unique()];
    expect((await b.post('/api/v1/contact/submit', contact(plain))).status).toBe(200);
    expect(await topicOf(plain)).toBe('other');
    expect((await b.post('/api/v1/contact/submit', contact(typed, { type: 'pr_marketing' }))).status).toBe(200);
    expect(await topicOf(typed)).toBe('pr_marketing');
    expect((await b.post('/api/v1/contact/submit', contact(old, { topic: 'sales' }))).status).toBe(200);
    expect(await topicOf(old)).toBe('sales');
  });

  it('GET v1/shipments/customs-additional-info lists the kinds, named in the language', async () => {
    const b = browser();
    const cs = await dataOf<{ type: string; name: string }[]>(await b.get('/api/v1/shipments/customs-additional-info'));
    expect(cs).toContainEqual({ type: 'recipient_eori', name: 'EORI příjemce' });
    const en = await dataOf<{ type: string; name: string }[]>(await b.get('/api/v1/shipments/customs-additional-info', { language: 'en' }));
    expect(en).toContainEqual({ type: 'recipient_eori', name: "Recipient's EORI number" });
  });

  it('POST v1/affil/redirect returns a code', async () => {
    const res = await browser().post('/api/v1/affil/redirect');
    expect(res.status).toBe(200);
    expect((await dataOf<{ code: string }>(res)).code).toMatch(/^[0-9a-f]{32}$/);
  });
});
