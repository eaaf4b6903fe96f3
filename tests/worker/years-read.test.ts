import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { archiveOrderRecords } from '../../src/server/services/archive/orders';
import { archiveTrackingEvents } from '../../src/server/services/archive/tracking';
import { moveYear } from '../../src/server/services/archive/years/move';
import { browser, dataOf, type Browser } from './client';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { bookSandboxLine, sandboxStatement } from '../../src/server/payments/bank/sandbox';

// docs/retention.md, "A D1 database per closed accounting year": what a moved order still shows

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Dvořáková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });
const count = async (db: D1Database, sql: string, ...bind: unknown[]) => (await db.prepare(sql).bind(...bind).first<{ n: number }>())!.n;

let b: Browser;
let token: string;
let invoiceToken: string;
let trackingNumber: string;
const before: Record<string, unknown> = {};
/** the public tracking as a stranger (the owner, signed in, sees the full view) */
const read = async (path: string) => {
  const res = await (path.endsWith('?tracking=1') ? browser() : b).get(path);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  if (res.headers.get('content-type')?.includes('pdf')) return [...new Uint8Array(await res.arrayBuffer())].length;
  const body = (await res.json()) as { data: unknown; meta?: unknown };
  return body.meta ? body : body.data;
};
const paths = () => ({ order: `/api/v1/orders/${token}`, invoice: `/api/v1/invoices/${invoiceToken}`, pdf: `/api/v1/invoices/${invoiceToken}/pdf`, tracking: `/api/v1/orders/${trackingNumber}?tracking=1`, trackingWithToken: `/api/v1/orders/${trackingNumber}?tracking=1&token=${token}`, shipments: '/api/v1/shipments/list', shipmentsFiltered: '/api/v1/shipments/list?carrier=gls&limit=1' });

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  b = browser();
  const email = `y${crypto.randomUUID().slice(0, 8)}@example.cz`;
  expect((await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true })).status).toBe(200);
  const res = await b.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Praha', '11000', 'Žofie', 'zofie@example.cz'), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email, terms: true },
    { 'idempotency-key': `yr-${crypto.randomUUID()}` },
  );
  const order = await dataOf<{ id: number; token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  token = order.token;
  // what POST v1/sandbox/bank/statement does, without the gateway's 20 s limit (a cold label can take that long)
  await bookSandboxLine(env.DB, { variableSymbol: order.payment.variable_symbol, amountMinor: Math.round(order.total_vat * 100), currency: order.currency, counterAccount: null, bookedOn: new Date().toISOString().slice(0, 10) });
  const deferred: Promise<unknown>[] = [];
  await ingestBankTransactions(env as never, await sandboxStatement(env.DB).incoming(), (work) => void deferred.push(work));
  await Promise.all(deferred);
  const paid = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await b.get(`/api/v1/orders/${token}`));
  trackingNumber = paid.shipments[0]!.tracking_number;
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await b.post(`/api/v1/sandbox/shipments/${paid.shipments[0]!.id}/advance`))).advanced) break;
  invoiceToken = (await env.DB.prepare('SELECT i.token FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.token = ?').bind(token).first<{ token: string }>())!.token;
  // the order was made in 2025: its events and records archived (as the daily jobs do), the year closed
  await env.DB.prepare(`UPDATE orders SET created_at = '2025-06-10T10:00:00.000Z' WHERE token = ?`).bind(token).run();
  // the daily jobs more than 6 months after the parcel was delivered (RECORDS_ARCHIVE_AFTER_MONTHS counts from then)
  const later = new Date(Date.now() + 200 * 86_400_000);
  await archiveTrackingEvents(env, later);
  await archiveOrderRecords(env, later);
  for (const [name, path] of Object.entries(paths())) before[name] = await read(path);
  for (let i = 0; i < 20; i++) if ((await moveYear(env, 2025)).complete) break;
}, 180_000);

describe("a closed year's order", () => {
  it('is in the year database, not in DB', async () => {
    expect(await count(env.DB, 'SELECT COUNT(*) AS n FROM orders WHERE token = ?', token)).toBe(0);
    expect(await count(env.DB_Y2025, 'SELECT COUNT(*) AS n FROM orders WHERE token = ?', token)).toBe(1);
    expect(await count(env.DB_Y2025, 'SELECT COUNT(*) AS n FROM invoices WHERE token = ?', invoiceToken)).toBe(1);
  });

  it('shows its order page, invoice (page and PDF) and tracking (public and with the token) as before the move', async () => {
    for (const [name, path] of Object.entries(paths())) expect(await read(path), name).toEqual(before[name]);
    expect((before.trackingWithToken as { full: boolean }).full).toBe(true);
    expect((before.tracking as { full: boolean }).full).toBe(false);
    // the client's list: the moved shipment, its total from the year's counter
    expect(before.shipments).toMatchObject({ data: [{ tracking_number: trackingNumber }], meta: { total: 1, total_exact: true } });
    expect(before.shipmentsFiltered).toMatchObject({ data: [{ tracking_number: trackingNumber }], meta: { total: 1 } });
  });

  it('a token or number in no database is still 404', async () => {
    expect((await b.get(`/api/v1/orders/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await b.get(`/api/v1/invoices/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await b.get(`/api/v1/orders/IZ9999999999?tracking=1`)).status).toBe(404);
  });
});
