import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { DEMO_CONTRACT_TOKEN } from '../../src/server/db/seed/business';
import { createOriginApp } from '../../src/server/app';
import { browser, dataOf, type Browser } from './client';

/**
 * Issue 12 "bad input": someone else's address, invoice, order or shipment id in any client
 * call answers 404. A sweep over every origin endpoint with an id or token in its path: each
 * is either a capability (the token itself is the permission, by design) or owned, and then
 * a stranger gets 404 with the owner's real ids. A new endpoint with a parameter that is in
 * neither list fails the first test, so it cannot ship without an owner check being decided.
 */
const CAPABILITIES: Record<string, string> = {
  'GET /api/v1/nps/:token': 'the NPS link of an order e-mail',
  'POST /api/v1/nps/:token': 'the NPS link of an order e-mail',
  'GET /api/v1/orders/:token': "a guest's order page (also ?tracking=1 with a tracking number: public by spec)",
  'POST /api/v1/orders/:token/pay': "a guest's order page",
  'POST /api/v1/orders/:token/cancel': "a guest's order page",
  'POST /api/v1/orders/:token/refund-account': "a guest's order page (the account a bank refund goes to)",
  'GET /api/v1/app/refunds/payment-orders/:file{[0-9]{4}-[0-9]{2}-[0-9]{2}\\.xml}': 'no customer id: a date, and the operator only (internal users, as carriers/health; 404 to anyone else, tests/worker/refunds.test.ts)',
  'GET /api/v1/invoices/:token': 'the invoice page /faktura/:token',
  'GET /api/v1/invoices/:token/pdf': 'the invoice page /faktura/:token',
  'GET /api/v1/claims/:token': 'the claim page /reklamace/:token',
  'POST /api/v1/claims/:token/messages': 'the claim page /reklamace/:token',
  'GET /api/v1/claims/:token/files/:id': 'a file of the claim the token opens',
  'POST /api/v1/carriers/:carrier/events': 'the carriers’ signed webhook',
  'GET /api/v1/rates/:id': 'public rate sheets',
  'GET /api/v1/carriers/:code': 'public facts of a carrier (its page)',
  'GET /api/v1/page/news/:token': 'a published news article',
  'GET /api/v1/page/careers/:id': 'a published open position',
  'POST /api/v1/sandbox/shipments/:id/advance': 'local development only',
  'POST /api/v1/sandbox/claims/:token/status': 'local development only',
  'POST /api/v1/app/ledger/unmatched/:bankRef/match': 'the operator’s staff only (INTERNAL_USER_EMAILS), not a customer’s',
};

type Fixtures = { address: number; shipment: number; orderToken: string; invoiceToken: string; topUpToken: string; place: number; pickup: number; contract: number; customsInvoice: string };
type Call = { method: string; path: (f: Fixtures) => string; body?: (f: Fixtures) => unknown };

/** the owned endpoints, called by a stranger with the owner's ids */
const OWNED: Record<string, Call> = {
  'GET /api/v1/addresses/:id': { method: 'GET', path: (f) => `/api/v1/addresses/${f.address}` },
  'PATCH /api/v1/addresses/:id': { method: 'PATCH', path: (f) => `/api/v1/addresses/${f.address}`, body: () => ({ city: 'Brno' }) },
  'DELETE /api/v1/addresses/:id': { method: 'DELETE', path: (f) => `/api/v1/addresses/${f.address}` },
  'POST /api/v1/addresses/:id/default-sender': { method: 'POST', path: (f) => `/api/v1/addresses/${f.address}/default-sender`, body: () => ({}) },
  'GET /api/v1/shipments/:id{[0-9]+}': { method: 'GET', path: (f) => `/api/v1/shipments/${f.shipment}` },
  'GET /api/v1/shipments/:id/label': { method: 'GET', path: (f) => `/api/v1/shipments/${f.shipment}/label?format=a6` },
  'GET /api/v1/orders/:token/repeat': { method: 'GET', path: (f) => `/api/v1/orders/${f.orderToken}/repeat` },
  'POST /api/v1/invoices/:token/pay': { method: 'POST', path: (f) => `/api/v1/invoices/${f.invoiceToken}/pay`, body: () => ({ method: 'bank_transfer' }) },
  'GET /api/v1/invoices/:token/payment': { method: 'GET', path: (f) => `/api/v1/invoices/${f.invoiceToken}/payment` },
  'GET /api/v1/credit/top-up/:token': { method: 'GET', path: (f) => `/api/v1/credit/top-up/${f.topUpToken}` },
  'POST /api/v1/pickups/:id/cancel': { method: 'POST', path: (f) => `/api/v1/pickups/${f.pickup}/cancel`, body: () => ({}) },
  'PATCH /api/v1/pickup-places/:id': { method: 'PATCH', path: (f) => `/api/v1/pickup-places/${f.place}`, body: () => ({ note: 'x' }) },
  'DELETE /api/v1/pickup-places/:id': { method: 'DELETE', path: (f) => `/api/v1/pickup-places/${f.place}` },
  'POST /api/v1/contracts/:id/sign': { method: 'POST', path: (f) => `/api/v1/contracts/${f.contract}/sign`, body: () => ({}) },
  'DELETE /api/v1/shipments/customs-invoice/:id': { method: 'DELETE', path: (f) => `/api/v1/shipments/customs-invoice/${f.customsInvoice}` },
};

/** ids in a body or query: the same rule */
const OWNED_IN_BODY: Record<string, Call> = {
  'POST /api/v1/shipments/labels': { method: 'POST', path: () => '/api/v1/shipments/labels', body: (f) => ({ ids: [f.shipment], format: 'a4' }) },
  'GET /api/v1/shipments/labels': { method: 'GET', path: (f) => `/api/v1/shipments/labels?ids=${f.shipment}&format=a4` },
  'POST /api/v1/pickups': { method: 'POST', path: () => '/api/v1/pickups', body: (f) => ({ pickup_place_id: f.place, carrier: 'dpd', kind: 'one_time', date: '2030-01-07', window: { from: '10:00', to: '14:00' }, parcel_count: 1 }) },
  'POST /api/v1/shipments/storno': { method: 'POST', path: () => '/api/v1/shipments/storno', body: (f) => ({ shipments: [{ id: f.shipment }] }) },
};

const party = (city: string, zip: string) => ({ firstname: 'Jana', surname: 'Nováková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'jana@example.cz' });

let owner: Browser;
let stranger: Browser;
let fixtures: Fixtures;

beforeAll(async () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email.startsWith('firma'))!;
  owner = browser();
  expect((await owner.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
  // the stranger has a contract too (the demo activation link), so contract-only calls reach their owner checks
  stranger = browser();
  const email = `s${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await stranger.post('/api/v1/user/register', { segment: 'B', email, password: 'Kocka-v-botach-77', firstname: 'Petr', surname: 'Cizí', phone: '777 123 456', terms: true, company: 'Cizí s.r.o.', ico: '27074358', street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'cz' })).status).toBe(200);
  expect((await stranger.post('/api/v1/contracts/activate', { token: DEMO_CONTRACT_TOKEN })).status).toBe(200);

  const address = await dataOf<{ id: number }>(await owner.post('/api/v1/addresses', { firstname: 'Eva', surname: 'Malá', street: 'Dlouhá 1', city: 'Plzeň', zip: '30100', country: 'cz', phone: '+420777123456', email: 'eva@example.cz' }));
  const created = await owner.post('/api/v1/orders', { items: [{ shipment: { from: party('Brno', '60200'), to: party('Praha', '11000'), packages: [{ weight: 2 }], service_id: 'ppl-business' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'firma@zasilkovac.test', terms: true }, { 'idempotency-key': `own-${crypto.randomUUID()}` });
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(created);
  await owner.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ shipments: { id: number }[] }>(await owner.get(`/api/v1/orders/${order.token}`));
  const invoices = await dataOf<{ invoices: { token: string }[] }>(await owner.post('/api/v2/user/invoice/list?limit=1', {}));
  const topUp = await dataOf<{ token: string }>(await owner.post('/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'bank_transfer' }));
  const places = await dataOf<{ id: number }[]>(await owner.get('/api/v1/pickup-places'));
  const contracts = await dataOf<{ id: number }[]>(await owner.get('/api/v1/contracts'));
  const ownerId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(firma.email).first<{ id: number }>())!.id;
  const pickup = await env.DB.prepare(
    "INSERT INTO pickups (user_id, place_id, place, carrier, kind, date, window_from, window_to, parcel_count, carrier_ref) VALUES (?, ?, '{}', 'dpd', 'one_time', '2030-01-07', '10:00', '14:00', 1, 'PU0000000001') RETURNING id",
  )
    .bind(ownerId, places[0]!.id)
    .first<{ id: number }>();
  // a customs invoice the owner uploaded (as POST v1/shipments/customs-invoice stores it)
  const customsInvoice = crypto.randomUUID().replace(/-/g, '');
  await env.FILES.put(`customs-invoices/${customsInvoice}`, '%PDF-1.4\n', { customMetadata: { name: 'faktura.pdf', user: String(ownerId), anonymous: '' } });
  fixtures = { address: address.id, shipment: paid.shipments[0]!.id, orderToken: order.token, invoiceToken: invoices.invoices[0]!.token, topUpToken: topUp.token, place: places[0]!.id, pickup: pickup!.id, contract: contracts[0]!.id, customsInvoice };
}, 60_000);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('every client call refuses another user’s ids', () => {
  it('every endpoint with an id or token in its path is decided: a capability, or owned and swept here', () => {
    const withParams = [...new Set(createOriginApp().routes.filter((r) => r.method !== 'ALL' && r.path.includes(':')).map((r) => `${r.method} ${r.path}`))];
    const undecided = withParams.filter((key) => !(key in CAPABILITIES) && !(key in OWNED));
    expect(undecided, 'new endpoints with a parameter: add an owner check and list them in OWNED, or list them in CAPABILITIES with the reason').toEqual([]);
    // nothing listed that no longer exists
    for (const key of [...Object.keys(CAPABILITIES), ...Object.keys(OWNED)]) expect(withParams, key).toContain(key);
  });

  it.each(Object.entries({ ...OWNED, ...OWNED_IN_BODY }))('%s answers 404 to a stranger', async (_key, call) => {
    const res = await stranger.call(call.method, call.path(fixtures), call.body?.(fixtures));
    expect(res.status).toBe(404);
  });

  it.each(Object.entries({ ...OWNED, ...OWNED_IN_BODY }).filter(([, c]) => c.method === 'GET'))('%s answers its owner (the fixture is real)', { timeout: 30_000 }, async (_key, call) => {
    const res = await owner.call(call.method, call.path(fixtures), call.body?.(fixtures));
    expect(res.status).toBe(200);
  });
});
