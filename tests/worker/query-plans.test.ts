import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { carrierWebhookSecret, signCarrierBody } from '../../src/server/api/tracking';
import { DAILY_CRON, runScheduled } from '../../src/server/scheduled';
import { periodToInvoice } from '../../src/server/services/billing/status';
import { ingestBankTransactions } from '../../src/server/services/orders/payments';
import { bookSandboxLine, sandboxStatement } from '../../src/server/payments/bank/sandbox';
import { browser, dataOf, type Browser } from './client';
import { recordingD1, type Recorded } from './query-recorder';
import { handleQueue } from '../../src/server/queues';
import { QUEUES } from '../../src/server/queues/messages';
import { ANALYZED, OPTIMIZED, type Stat1Row } from './volume-stat1';
import { OPTIMIZE } from '../../src/server/db/statistics';

/**
 * Issue 28 item 3: every statement the product sends to D1 while the API's flows run is
 * recorded (tests/worker/query-recorder.ts), then explained with its parameters; a full scan
 * of a table that grows with parcels or users fails, with the SQL and its plan.
 */

/** tables that grow with parcels, orders or users (reference tables may be scanned) */
const GROWING_TABLES = [
  'users', 'api_keys', 'one_time_tokens', 'sign_in_attempts', 'social_identities', 'user_settings', 'tutorial_tasks',
  'addresses', 'contracts', 'pickup_places', 'pickups',
  'orders', 'order_items', 'payments', 'bank_transactions', 'credit_entries', 'idempotency_keys',
  'shipments', 'shipment_search', 'shipment_notifications', 'tracking_events', 'change_requests', 'customs_invoice_uploads',
  'invoices', 'invoice_orders', 'billing_payments', 'ledger_entries', 'refunds',
  'outbox', 'app_errors', 'handshakes', 'carrier_calls',
  'claims', 'claim_messages', 'claim_files', 'ratings', 'nps_responses', 'contact_messages',
];
/** tables whose rows belong to a user and grow with that user's parcels (one account may have 50,000) */
const USER_TABLES = ['orders', 'shipments', 'invoices', 'credit_entries', 'addresses', 'payments'];
/** fewer distinct statements than this means the recorder or the flows broke */
const MIN_STATEMENTS = 150;
/** scans that are bounded walks, not full reads */
const BOUNDED_WALKS: { sql: RegExp; why: string }[] = [
  { sql: /^select "shipments"\."id", "shipments"\."carrier", "order_items"\."shipment", "orders"\."paid_at" from "shipments" .* order by "shipments"\."id" desc limit \?$/, why: 'recent sales: the newest shipments along the primary key, stopping after LIMIT (almost every shipment qualifies)' },
];

const seen: Recorded = new Map();
let owner: R;
const DB = recordingD1(env.DB, seen);
const firma = DEMO_ACCOUNTS.find((a) => a.email.startsWith('firma'))!;
/** the queues' messages, kept to be consumed on the recording binding (the real consumers read the plain one) */
const queued: unknown[] = [];
const capture = { send: async (body: unknown) => void queued.push(body), sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((m) => m.body)) };
const extra = { DB, INTERNAL_USER_EMAILS: firma.email, TRACKING_QUEUE: capture, MAIL_QUEUE: capture } as never;

/** a browser whose app reads and writes through the recording binding */
const failed: string[] = [];
function recorded(b: Browser = browser()) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await b.call(method, path, body, headers, extra);
    if (res.status >= 400) failed.push(`${method} ${path} ${res.status} ${(await res.clone().text()).slice(0, 200)}`);
    return res;
  };
  return {
    get: (path: string, headers: Record<string, string> = {}) => call('GET', path, undefined, headers),
    post: (path: string, body: unknown = {}, headers: Record<string, string> = {}) => call('POST', path, body, headers),
    call: (method: string, path: string, body?: unknown) => call(method, path, body),
  };
}
type R = ReturnType<typeof recorded>;

const party = (city: string, zip: string, name: string, service = '') => ({ firstname: name, surname: `Nováková${service}`, company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'prijemce@example.cz' });
type Paid = { token: string; number: string; shipments: { id: number; tracking_number: string; carrier_ref: string }[] };

/**
 * what POST v1/sandbox/bank/statement does, without the gateway's 20 s limit (a cold isolate's
 * first label can take that long on a busy machine)
 */
async function payByStatement(variableSymbol: string, amount: number, currency: string) {
  await bookSandboxLine(DB, { variableSymbol, amountMinor: Math.round(amount * 100), currency, counterAccount: null, bookedOn: new Date().toISOString().slice(0, 10) });
  const deferred: Promise<unknown>[] = [];
  await ingestBankTransactions({ ...env, DB } as never, await sandboxStatement(DB).incoming(), (work) => void deferred.push(work));
  await Promise.all(deferred);
}

async function paidOrder(b: R, service: string, count = 1): Promise<Paid> {
  const items = Array.from({ length: count }, (_, i) => ({ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', `Petr${i}`), packages: [{ weight: 2 }], service_id: service } }));
  const res = await b.post('/api/v1/orders', { items, payment_method: 'bank_transfer', payer: { type: 'person' }, email: firma.email, terms: true }, { 'idempotency-key': `qp-${crypto.randomUUID()}` });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = await dataOf<{ token: string; number: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await payByStatement(order.payment.variable_symbol, order.total_vat, order.currency);
  const paid = await dataOf<Paid>(await b.get(`/api/v1/orders/${order.token}`));
  return { ...paid, token: order.token, number: order.number };
}

const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  expect(r.status, `${r.url}: ${await r.clone().text()}`).toBe(status);
  return r;
};

type Plan = { id: number; parent: number; detail: string };
/** the full scans of growing tables in a plan (a scan of an index is a bounded walk of it) */
function growingScans(plan: Plan[]): string[] {
  return plan
    .map((p) => p.detail)
    .filter((d) => {
      const m = /^SCAN (\S+)(?: AS \S+)?( USING (?:COVERING )?INDEX| USING INTEGER PRIMARY KEY)?/.exec(d);
      // `user_id IS NOT NULL` as the only bound walks (nearly) every row of the index
      const notNull = /^SEARCH (\S+)(?: AS \S+)? USING (?:COVERING )?INDEX \S+ \(user_id>\?\)$/.exec(d);
      return (m && !m[2] && GROWING_TABLES.includes(m[1]!)) || (notNull && GROWING_TABLES.includes(notNull[1]!));
    });
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const guest = recorded();
  owner = recorded();
  await ok(owner.post('/api/v1/user/login', { email: firma.email, password: firma.password }));

  // public pages' reads
  for (const path of ['/api/v1/app/aggregate-rating', '/api/v1/app/ratings?sort=newest', '/api/v1/app/ratings?sort=newest&page=2', '/api/v2/recent-sales', '/api/v1/page/news', '/api/v1/page/news?page=2', '/api/v1/payment/methods']) {
    await guest.get(path);
  }
  await guest.post('/api/v2/quote/find', { from: { country: 'cz' }, to: { country: 'cz' }, packages: [{ weight: 2 }] });
  await guest.post('/api/v1/orders/price', { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 2 }], service_id: 'dpd-classic' } }] });

  // orders of a business account across carriers, paid; a guest's order by card
  // (DPD's sandbox labels are quick; a cold GLS label takes seconds on a busy machine)
  const orders = [await paidOrder(owner, 'dpd-classic', 2), await paidOrder(owner, 'dpd-classic')];
  const guestOrder = await guest.post('/api/v1/orders', { items: [{ shipment: { from: party('Brno', '60200', 'Jana'), to: party('Praha', '11000', 'Petr'), packages: [{ weight: 1 }], service_id: 'dpd-classic' } }], payment_method: 'card', payer: { type: 'person' }, email: 'host@example.cz', terms: true }, { 'idempotency-key': `qp-${crypto.randomUUID()}` });
  const guestToken = (await dataOf<{ token: string }>(guestOrder)).token;
  await guest.post(`/api/v1/orders/${guestToken}/pay`, { method: 'card' });
  await guest.get(`/api/v1/orders/${guestToken}`);
  await guest.post(`/api/v1/orders/${guestToken}/cancel`, {});

  // the carrier webhook and tracking (public and with the token)
  const parcel = orders[0]!.shipments[0]!;
  expect(parcel.carrier_ref, 'the order was paid and booked').toBeTruthy();
  const body = { events: [{ parcel: parcel.carrier_ref, event_id: 'q1', status: '15', time: '2026-11-24T13:00:00.000Z' }, { parcel: parcel.carrier_ref, event_id: 'q2', status: '01', time: '2026-11-24T19:00:00.000Z', location: 'Hub Brno' }] };
  const sig = await signCarrierBody(carrierWebhookSecret(env as never, 'dpd')!, JSON.stringify(body));
  await ok(browser().call('POST', '/api/v1/carriers/dpd/events', body, { 'x-carrier-signature': sig }, extra), 202);
  await consumeQueued();
  await guest.get(`/api/v1/orders/${parcel.tracking_number}?tracking=1`);
  await guest.get(`/api/v1/orders/${parcel.tracking_number}?tracking=1&token=${orders[0]!.token}`);
  // a parcel delivered: rated, claimed, a change request
  const delivered = orders[1]!.shipments[0]!;
  for (let i = 0; i < 8; i++) if (!(await dataOf<{ advanced: boolean }>(await owner.post(`/api/v1/sandbox/shipments/${delivered.id}/advance`))).advanced) break;
  await guest.get(`/api/v1/shipments/rating?token=${orders[1]!.token}&id=${delivered.id}`);
  await guest.post('/api/v1/shipments/rating', { token: orders[1]!.token, id: delivered.id, score: 4.5, comment: 'Rychlé.' });
  await guest.get('/api/v1/app/ratings?sort=newest');
  const form = new FormData();
  for (const [k, v] of Object.entries({ tracking_number: delivered.tracking_number, token: orders[1]!.token, reason: 'damaged', description: 'Krabice dorazila promáčklá a hrnek uvnitř je rozbitý.', bank_account: '19-2000145399/0800', contact_email: 'reklamujici@example.cz', language: 'cs' })) form.append(k, v);
  const claim = await ok(guest.post('/api/v1/claims', form), 201);
  const { token: claimToken } = await dataOf<{ token: string }>(claim);
  await ok(guest.get(`/api/v1/claims/${claimToken}`));
  const message = new FormData();
  message.append('body', 'Doplňuji fotografii obalu.');
  await guest.post(`/api/v1/claims/${claimToken}/messages`, message);
  await guest.get(`/api/v1/change-request/find?id=${orders[0]!.shipments[1]!.tracking_number}&token=${orders[0]!.token}`);
  await guest.get(`/api/v2/issues/find-reference?number=${orders[0]!.shipments[1]!.tracking_number}&token=${orders[0]!.token}`);

  // the client section: overview, lists with filters and later pages, details, labels
  for (const path of [
    '/api/v1/client/overview', '/api/v1/user/profile', '/api/v1/user/profile?basic=1', '/api/v2/user/settings/list-common', '/api/v2/user/tutorial/list',
    '/api/v1/shipments/list', '/api/v1/shipments/list?limit=2&offset=2', '/api/v1/shipments/list?q=Praha', '/api/v1/shipments/list?status=delivered&carrier=dpd',
    '/api/v1/shipments/list?date_from=2020-01-01&date_to=2099-01-01&limit=20', '/api/v1/orders?limit=2', '/api/v1/orders?limit=2&offset=2', '/api/v1/orders?limit=10&view_mode=shipments',
    '/api/v1/addresses', '/api/v1/addresses?q=Pra', '/api/v1/addresses?limit=1&offset=1', '/api/v1/credit', '/api/v1/credit/summary', '/api/v1/contracts', '/api/v1/pickup-places', '/api/v1/pickups',
    `/api/v1/shipments/${parcel.id}`, `/api/v1/shipments/${parcel.id}/label?format=a6`, `/api/v1/orders/${orders[0]!.token}/repeat`,
    '/api/v1/app/ratings?sort=best&page=2', '/api/v1/app/ratings?sort=worst', '/api/v1/app/ratings?sort=oldest&page=3', '/api/v1/credit?page=2',
  ]) await owner.get(path);
  // keyset pages: the next page of each long list after its cursor
  for (const list of ['/api/v1/shipments/list?limit=1', '/api/v1/shipments/list?limit=1&carrier=dpd', '/api/v1/orders?limit=1']) {
    const { meta } = (await (await ok(owner.get(list))).json()) as { meta: { next: string | null } };
    expect(meta.next, list).toBeTruthy();
    await ok(owner.get(`${list}&after=${meta.next}`));
  }
  const address = await owner.post('/api/v1/addresses', { firstname: 'Eva', surname: 'Malá', street: 'Dlouhá 1', city: 'Plzeň', zip: '30100', country: 'cz', phone: '+420777123456', email: 'eva@example.cz' });
  if (address.status === 200 || address.status === 201) {
    const { id } = await dataOf<{ id: number }>(address);
    await owner.get(`/api/v1/addresses/${id}`);
    await owner.call('PATCH', `/api/v1/addresses/${id}`, { city: 'Brno' });
    await owner.post(`/api/v1/addresses/${id}/default-sender`, {});
    await owner.call('DELETE', `/api/v1/addresses/${id}`);
  }
  const topUp = await owner.post('/api/v1/credit/top-up', { amount: 500, currency: 'CZK', method: 'bank_transfer' });
  if (topUp.ok) await owner.get(`/api/v1/credit/top-up/${(await dataOf<{ token: string }>(topUp)).token}`);
  await owner.post('/api/v1/shipments/storno', { shipments: [{ id: orders[0]!.shipments[1]!.id }] });

  // invoices: the monthly run, the list and one invoice
  await ok(owner.post('/api/v1/sandbox/invoices/monthly', { period: periodToInvoice(new Date()) }));
  for (const query of ['', '?limit=1', '?limit=1&offset=1']) {
    const list = await owner.post(`/api/v2/user/invoice/list${query}`, {});
    if (list.ok && query === '') {
      const invoices = (await dataOf<{ invoices: { token: string }[] }>(list)).invoices;
      for (const inv of invoices.slice(0, 1)) {
        await owner.get(`/api/v1/invoices/${inv.token}`);
        await owner.get(`/api/v1/invoices/${inv.token}/payment`);
      }
    }
  }

  // the operator: the daily ledger, the carriers' health
  const today = new Date().toISOString().slice(0, 10);
  await owner.get(`/api/v1/app/ledger/daily?date=${today}`);
  await owner.get(`/api/v1/app/ledger/daily?date=${today}&format=csv`);
  await ok(owner.get('/api/v1/app/carriers/health'));

  // the scheduled jobs: the 5-minute one and the daily housekeeping
  const origin = { ...env, DB, TRACKING_QUEUE: capture, MAIL_QUEUE: capture } as never;
  await runScheduled({ cron: '*/5 * * * *', scheduledTime: Date.now() }, origin);
  // The checks of 'query plans' are of the planner's guesses (no sqlite_stat1: local development, the tests, a new
  // deployment until its first daily housekeeping): the daily job's PRAGMA optimize is left out here, as statistics of
  // these few rows make the planner scan every small table (rightly). "query plans with the planner's statistics" runs it.
  const guessing = new Proxy(DB, { get: (target, prop) => (prop === 'prepare' ? (sql: string) => target.prepare(sql === OPTIMIZE ? 'SELECT 1' : sql) : Reflect.get(target, prop, target)) });
  await runScheduled({ cron: DAILY_CRON, scheduledTime: Date.now() }, { ...env, DB: guessing, TRACKING_QUEUE: capture, MAIL_QUEUE: capture } as never);
  await consumeQueued();
}, 120_000);

/** what the flows queued (events, mails, the poller's fan-out), through the queues' consumer on the recording binding */
async function consumeQueued() {
  const bodies = queued.splice(0);
  const message = (body: unknown) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} });
  for (const queue of [QUEUES.tracking, QUEUES.mail]) {
    const messages = bodies.filter((b) => ((b as { kind: string }).kind === 'mail') === (queue === QUEUES.mail)).map(message);
    if (messages.length) await handleQueue({ queue, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>, { ...env, DB } as never);
  }
}

/**
 * prepared once per binding (src/server/db/prepared.ts) but never bound while recording: a
 * statement with parameters and none bound cannot have been sent (D1 refuses it), e.g. the
 * checkout's order insert for a key claimed on its own when every order here claimed it in its batch
 */
const neverSent = (sql: string, params: unknown[]) => params.length === 0 && sql.includes('?');

/** each recorded statement's plan as the planner has it now (statistics or none), one line per statement */
async function plans(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [sql, params] of seen) {
    if (/^\s*(PRAGMA|EXPLAIN)/i.test(sql) || neverSent(sql, params)) continue;
    out.set(sql, (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<Plan>()).results.map((p) => p.detail).join(' | '));
  }
  return out;
}

/** the recorded statements whose plans scan a growing table (not a bounded walk; not one of `small`, tables the statistics say are small) */
async function growingScanOffenders(small = new Set<string>()) {
  const offending: string[] = [];
  const ofSmall: string[] = [];
  let explained = 0;
  for (const [sql, params] of seen) {
    if (/^\s*(PRAGMA|EXPLAIN)/i.test(sql) || neverSent(sql, params)) continue;
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<Plan>()).results;
    explained++;
    const scans = growingScans(plan);
    const found = `${sql}\n  params: ${JSON.stringify(params).slice(0, 200)}\n  plan: ${plan.map((p) => p.detail).join(' | ')}`;
    if (scans.length && !BOUNDED_WALKS.some((w) => w.sql.test(sql))) (scans.every((d) => small.has(/^SCAN (\S+)/.exec(d)?.[1] ?? '')) ? ofSmall : offending).push(found);
  }
  return { offending, ofSmall, explained };
}

/** the recorded statements that read one user's rows along an index all users share */
async function otherUsersOffenders() {
  // e.g. the overview's parcels on their way along shipments_status read every user's 'created' shipments
  const unique = new Set<string>();
  for (const t of USER_TABLES) for (const i of (await env.DB.prepare(`PRAGMA index_list(${t})`).all<{ name: string; unique: number }>()).results) if (i.unique) unique.add(i.name);
  const offending: string[] = [];
  for (const [sql, params] of seen) {
    if (neverSent(sql, params)) continue;
    const tables = USER_TABLES.filter((t) => sql.includes(`"${t}"."user_id" = ?`));
    if (!tables.length) continue;
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<Plan>()).results;
    const wrong = plan.map((p) => p.detail).filter((d) => {
      const m = /^SEARCH (\S+)(?: AS \S+)? USING (?:COVERING )?INDEX (\S+) \((.*)\)$/.exec(d);
      // an index that starts with the user (by equality), or a unique key, finds only the user's rows
      return m && tables.includes(m[1]!) && !unique.has(m[2]!) && !m[3]!.startsWith('user_id=');
    });
    // a DISTINCT over the rows of a user's search reads every one of them (the list's carriers: a skip scan instead)
    if (plan.some((p) => p.detail === 'USE TEMP B-TREE FOR DISTINCT') && plan.some((p) => tables.some((t) => p.detail.startsWith(`SEARCH ${t} USING INDEX `)))) wrong.push('DISTINCT over the user\'s rows');
    if (wrong.length) offending.push(`${sql}\n  plan: ${plan.map((p) => p.detail).join(' | ')}`);
  }
  return offending;
}

describe('query plans', () => {
  it('records a representative set of statements', () => {
    const tables = new Set([...seen.keys()].flatMap((sql) => GROWING_TABLES.filter((t) => new RegExp(`["\`\\s(]${t}["\`\\s)]`).test(`${sql} `))));
    expect(seen.size, 'distinct statements recorded').toBeGreaterThanOrEqual(MIN_STATEMENTS);
    for (const t of ['orders', 'order_items', 'shipments', 'tracking_events', 'payments', 'ledger_entries', 'outbox', 'invoices', 'addresses', 'ratings', 'claims', 'carrier_calls', 'idempotency_keys']) expect(tables, t).toContain(t);
  });

  it('no statement scans a table that grows', async () => {
    const { offending, explained } = await growingScanOffenders();
    if (failed.length) console.info(`calls that did not succeed (their statements still count):\n${failed.join('\n')}`);
    console.info(`query plans: ${explained} distinct statements explained`);
    expect(offending, `${offending.length} statements scan a growing table:\n\n${offending.join('\n\n')}`).toEqual([]);
  });

  it("reads one user's rows along an index that starts with the user, not one all users share", async () => {
    const offending = await otherUsersOffenders();
    expect(offending, `${offending.length} statements read other users' rows:\n\n${offending.join('\n\n')}`).toEqual([]);
  });
});

type Page = { data: { id?: number; token?: string }[]; meta: { next: string | null; total: number } };
/** every row of a list, a page of `limit` at a time along `meta.next` */
async function walk(path: string, limit: number) {
  const keys: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page = (await (await ok(owner.get(`${path}?limit=${limit}${after ? `&after=${after}` : ''}`))).json()) as Page;
    keys.push(...page.data.map((e) => String(e.id ?? e.token)));
    after = page.meta.next;
    if (!after) return keys;
  }
  throw new Error('the walk did not end');
}

describe('keyset paging', () => {
  it('walks every shipment and order exactly once, newest first, also when they were created at the same moment', async () => {
    const userId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(firma.email).first<{ id: number }>())!.id;
    // ties on the sort key: the first half at one instant, the rest at another
    for (const table of ['shipments', 'orders']) {
      await env.DB.prepare(`UPDATE ${table} SET created_at = CASE WHEN id % 2 = 0 THEN '2026-01-01T10:00:00.000Z' ELSE '2026-01-01T09:00:00.000Z' END WHERE user_id = ?`).bind(userId).run();
    }
    for (const path of ['/api/v1/shipments/list', '/api/v1/orders']) {
      const all = (await (await ok(owner.get(`${path}?limit=100`))).json()) as Page;
      const expected = all.data.map((e) => String(e.id ?? e.token));
      expect(expected.length, path).toBeGreaterThanOrEqual(2);
      for (const limit of [1, 2, 3]) expect(await walk(path, limit), `${path} by ${limit}`).toEqual(expected);
      // page numbers still answer the same rows
      const byOffset: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 2) {
        byOffset.push(...((await (await ok(owner.get(`${path}?limit=2&offset=${offset}`))).json()) as Page).data.map((e) => String(e.id ?? e.token)));
      }
      expect(byOffset, path).toEqual(expected);
    }
    // newest first, ties by the larger id first
    const shipmentsInOrder = (await env.DB.prepare('SELECT id FROM shipments WHERE user_id = ? ORDER BY created_at DESC, id DESC').bind(userId).all<{ id: number }>()).results.map((r) => String(r.id));
    expect(await walk('/api/v1/shipments/list', 2)).toEqual(shipmentsInOrder);
  });

  it('refuses a cursor that is not one', async () => {
    expect((await owner.get('/api/v1/shipments/list?after=not*a*cursor')).status).toBe(400);
    expect((await owner.get('/api/v1/orders?after=YWJj')).status).toBe(400);
  });
});

/**
 * The checks above are of the planner's guesses; here the same statements are explained with
 * statistics. First this file's own from PRAGMA optimize (the daily housekeeping's,
 * src/server/db/statistics.ts) on its few rows: the plans that change are printed, nothing more (a
 * scan of a table of three rows is the right plan for it). Then those of the 300,000-parcel volume
 * (tests/worker/volume-stat1.ts): as the daily optimize leaves them (a bounded sample) and as a full
 * ANALYZE does, written into sqlite_stat1 and loaded (an ANALYZE of a reference table reloads them
 * all). A scan of a growing table or a user's rows read along an index all users share fails, as
 * without statistics, except a scan of a table the volume has fewer than SMALL rows of (the
 * generator leaves sign_in_attempts and api_keys at 5 rows; printed).
 */
const SMALL = 1000;
let plansWithoutStatistics: Map<string, string>;

async function loadStatistics(rows: Stat1Row[]) {
  await env.DB.prepare('DELETE FROM sqlite_stat1').run();
  for (let i = 0; i < rows.length; i += 50) {
    await env.DB.batch(rows.slice(i, i + 50).map(([tbl, idx, stat]) => env.DB.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)').bind(tbl, idx, stat)));
  }
  await env.DB.prepare('ANALYZE "countries"').run();
  const shipments = await env.DB.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'shipments_status'").first<{ stat: string }>();
  expect(shipments?.stat, 'the volume statistics are in place').toBe(rows.find((r) => r[1] === 'shipments_status')![2]);
}

function changedPlans(label: string, now: Map<string, string>) {
  const changed = [...plansWithoutStatistics].filter(([sql, plan]) => now.get(sql) !== plan).map(([sql, plan]) => `${sql}\n  without statistics: ${plan}\n  ${label}: ${now.get(sql)}`);
  console.info(`query plans ${label}: ${changed.length} of ${plansWithoutStatistics.size} changed from the planner's guesses${changed.length ? `\n\n${changed.join('\n\n')}` : ''}`);
  return changed;
}

describe("query plans with the planner's statistics", () => {
  it("this file's own, from the daily housekeeping's PRAGMA optimize (the plans that change, printed)", async () => {
    expect((await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").first<{ n: number }>())!.n, 'no statistics before').toBe(0);
    plansWithoutStatistics = await plans();
    await env.DB.prepare(OPTIMIZE).run();
    expect((await env.DB.prepare('SELECT count(*) AS n FROM sqlite_stat1').first<{ n: number }>())!.n, 'sqlite_stat1 rows').toBeGreaterThan(0);
    changedPlans('after PRAGMA optimize on these rows', await plans());
  });

  for (const [label, rows] of [['with the 300k volume after PRAGMA optimize', OPTIMIZED], ['with the 300k volume after a full ANALYZE', ANALYZED]] as const) {
    it(label, async () => {
      await loadStatistics(rows);
      changedPlans(label, await plans());
      const small = new Set(rows.filter(([, idx, stat]) => idx !== null && Number(stat.split(' ')[0]) < SMALL).map(([tbl]) => tbl));
      const { offending, ofSmall } = await growingScanOffenders(small);
      if (ofSmall.length) console.info(`${label}, scans of tables the volume has fewer than ${SMALL} rows of:\n\n${ofSmall.join('\n\n')}`);
      expect(offending, `${offending.length} statements scan a growing table ${label}:\n\n${offending.join('\n\n')}`).toEqual([]);
      const users = await otherUsersOffenders();
      expect(users, `${users.length} statements read other users' rows ${label}:\n\n${users.join('\n\n')}`).toEqual([]);
    });
  }
});
