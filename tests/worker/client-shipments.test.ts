import { env } from 'cloudflare:test';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pragueNow } from '../../src/lib/calendar';
import { FILTERED_TOTAL_MAX } from '../../src/lib/paging';
import { pdfPageTexts } from '../../src/server/documents/pdf-text';
import { browser, dataOf, type Browser } from './client';

/**
 * The client section's shipments and orders (issue 12): the list's search, filters and
 * paging, a shipment's detail, many labels on one A4 PDF, the orders list with its view
 * mode, repeating an order, and another user's ids answering 404 everywhere.
 */
type Entry = { id: number; order: string; order_number: string; tracking_number: string; status: string; carrier: string; from: { city: string; name: string }; to: { city: string; name: string }; has_label: boolean; created_at: string };
type List = { data: Entry[]; meta: { total: number; total_exact: boolean; limit: number; offset: number; carriers: { code: string; name: string }[] } };
type OrderSummary = { token: string; number: string; status: string; total_vat: number; currency: string; shipment_count: number; route: { from: { city: string }; to: { city: string } } | null; shipments: { id: number | null; tracking_number: string | null; status: string | null }[] };
type Orders = { data: OrderSummary[]; meta: { total: number; view_mode: string } };
type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const party = (firstname: string, surname: string, city: string, zip: string, company = '') => ({ firstname, surname, company, street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'lide@example.cz' });
const item = (from: ReturnType<typeof party>, to: ReturnType<typeof party>, service_id: string, packages = [{ weight: 2 }]) => ({ shipment: { from, to, packages, service_id } });

async function register(b: Browser) {
  const email = `z${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
}

/** an order paid by the sandbox bank's statement: its shipments are booked with labels */
async function paidOrder(b: Browser, items: ReturnType<typeof item>[]) {
  const res = await b.post('/api/v1/orders', { items, payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true }, { 'idempotency-key': `cs-${crypto.randomUUID()}` });
  expect(res.status).toBe(201);
  const order = await dataOf<{ token: string; number: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ status: string; shipments: { id: number; tracking_number: string; status: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  expect(paid.shipments.every((s) => s.status === 'created')).toBe(true);
  return { ...order, shipments: paid.shipments };
}

const list = async (b: Browser, query = '') => {
  const res = await b.get(`/api/v1/shipments/list${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as List;
};
const numbers = (l: List) => l.data.map((e) => e.tracking_number).sort();
const pageCount = async (res: Response) => (await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount();

let owner: Browser;
let stranger: Browser;
let orders: Awaited<ReturnType<typeof paidOrder>>[];
let mine: { plzen: number; ostrava: number; liberec: number; twoPackages: number };
let foreign: Awaited<ReturnType<typeof paidOrder>>;

beforeAll(async () => {
  owner = browser();
  stranger = browser();
  await register(owner);
  await register(stranger);
  orders = [
    await paidOrder(owner, [item(party('Jana', 'Nováková', 'Brno', '60200'), party('Žofie', 'Dvořáková', 'Plzeň', '30100'), 'dpd-classic')]),
    await paidOrder(owner, [
      item(party('Petr', 'Svoboda', 'Praha', '11000'), party('Ondřej', 'Černý', 'Ostrava', '70200'), 'ppl-business'),
      item(party('Petr', 'Svoboda', 'Praha', '11000'), party('', '', 'Liberec', '46001', 'Kola Ještěd s.r.o.'), 'dpd-classic'),
    ]),
    await paidOrder(owner, [item(party('Eva', 'Malá', 'Olomouc', '77900'), party('Eva', 'Malá', 'Brno', '60200'), 'ppl-business', [{ weight: 2 }, { weight: 3 }])]),
  ];
  mine = { plzen: orders[0]!.shipments[0]!.id, ostrava: orders[1]!.shipments[0]!.id, liberec: orders[1]!.shipments[1]!.id, twoPackages: orders[2]!.shipments[0]!.id };
  foreign = await paidOrder(stranger, [item(party('Cizí', 'Člověk', 'Plzeň', '30100'), party('Jiný', 'Člověk', 'Praha', '11000'), 'dpd-classic')]);
}, 60_000);

describe('shipments list', () => {
  it('answers the latest three by default (the navbar), with the total, newest first', async () => {
    const latest = await list(owner);
    expect(latest.meta).toEqual({ total: 4, total_exact: true, limit: 3, offset: 0, next: expect.any(String), carriers: [{ code: 'dpd', name: 'DPD' }, { code: 'ppl', name: 'PPL' }] });
    expect(latest.data.map((e) => e.id)).toEqual([mine.twoPackages, mine.liberec, mine.ostrava]);
    expect(latest.data[0]).toMatchObject({ order: orders[2]!.token, order_number: orders[2]!.number, status: 'pending', carrier: 'ppl', has_label: true, from: { city: 'Olomouc' }, to: { city: 'Brno', name: 'Eva Malá' } });
    expect((await browser().get('/api/v1/shipments/list')).status).toBe(401);
  });

  it('pages with limit and offset', async () => {
    const second = await list(owner, '?limit=2&offset=2');
    expect(second.meta).toMatchObject({ total: 4, limit: 2, offset: 2 });
    expect(second.data.map((e) => e.id)).toEqual([mine.ostrava, mine.plzen]);
    expect((await list(owner, '?limit=2&offset=10')).data).toEqual([]);
  });

  it('searches numbers, names, companies and towns without case or diacritics', async () => {
    const plzen = await list(owner, '?q=Plzen&limit=100');
    expect(plzen.data.map((e) => e.id)).toEqual([mine.plzen]);
    expect(plzen.meta.total).toBe(1);
    expect((await list(owner, `?q=${encodeURIComponent('ŽOFIE')}`)).data.map((e) => e.id)).toEqual([mine.plzen]);
    expect((await list(owner, '?q=jested')).data.map((e) => e.id)).toEqual([mine.liberec]);
    expect((await list(owner, '?q=svoboda%20ostrava')).data.map((e) => e.id)).toEqual([mine.ostrava]);
    expect((await list(owner, '?q=brno&limit=10')).meta.total).toBe(2); // a sender's town and a recipient's
    const number = orders[1]!.shipments[1]!.tracking_number;
    expect((await list(owner, `?q=${number.slice(-6).toLowerCase()}`)).data.map((e) => e.id)).toEqual([mine.liberec]);
    expect((await list(owner, `?q=${orders[1]!.number}&limit=10`)).meta.total).toBe(2);
    // the other user's Plzeň is not the owner's
    expect((await list(stranger, '?q=plzen')).data.map((e) => e.id)).toEqual([foreign.shipments[0]!.id]);
    expect((await list(owner, '?q=%25')).meta.total).toBe(0);
  });

  it('filters by status, carrier and days', async () => {
    const advanced = await dataOf<{ status: string }>(await owner.post(`/api/v1/sandbox/shipments/${mine.ostrava}/advance`));
    // PPL reports no pickup scan of its own: its first event after the order is InTransport
    expect(advanced.status).toBe('in_transit');
    expect((await list(owner, '?status=in_transit')).data.map((e) => e.id)).toEqual([mine.ostrava]);
    expect((await list(owner, '?status=pending,in_transit&limit=10')).meta.total).toBe(4);
    expect((await list(owner, '?status=delivered')).meta.total).toBe(0);
    expect(numbers(await list(owner, '?carrier=dpd&limit=10'))).toEqual([orders[0]!.shipments[0]!.tracking_number, orders[1]!.shipments[1]!.tracking_number].sort());
    expect((await list(owner, '?carrier=PPL&q=olomouc')).data.map((e) => e.id)).toEqual([mine.twoPackages]);
    const today = pragueNow().date;
    expect((await list(owner, `?from=${today}&to=${today}&limit=10`)).meta.total).toBe(4);
    expect((await list(owner, '?to=2020-12-31')).meta.total).toBe(0);
    expect((await list(owner, '?from=2099-01-01')).meta.total).toBe(0);
  });

  it("counts the account's shipments by its counter (triggers on insert, delete and change of owner) and a filter up to FILTERED_TOTAL_MAX", async () => {
    const columns = async (table: string) => (await env.DB.prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{ name: string }>()).results.map((c) => c.name);
    /** `n` copies of one row, with some columns given as SQL over the copy's number n.i */
    const copies = async (table: string, id: number, n: number, given: Record<string, string>) => {
      const cols = await columns(table);
      const values = cols.map((c) => given[c] ?? `"${c}"`);
      await env.DB.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2) INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM "${table}", n WHERE "${table}".id = ?1`).bind(id, n).run();
    };
    const [plzen, ostrava] = [mine.plzen, mine.ostrava];
    const shipment = (id: number) => env.DB.prepare('SELECT item_id AS itemId, user_id AS userId FROM shipments WHERE id = ?').bind(id).first<{ itemId: number; userId: number }>();
    const { itemId, userId } = (await shipment(plzen))!;
    const strangerId = (await shipment(foreign.shipments[0]!.id))!.userId;
    const counter = async (id: number) => (await env.DB.prepare('SELECT shipments_count AS n FROM users WHERE id = ?').bind(id).first<{ n: number }>())!.n;
    expect(await counter(userId)).toBe(4);
    const profileTotal = async () => ((await (await owner.get('/api/v1/user/profile')).json()) as { data: { stats: { shipments_total: number } } }).data.stats.shipments_total;
    expect(await profileTotal()).toBe(4);

    // a change of owner moves the shipment between the counters
    await env.DB.prepare('UPDATE shipments SET user_id = ? WHERE id = ?').bind(strangerId, ostrava).run();
    expect((await list(owner)).meta.total).toBe(3);
    expect((await list(stranger)).meta.total).toBe(2);
    await env.DB.prepare('UPDATE shipments SET user_id = ? WHERE id = ?').bind(userId, ostrava).run();
    expect((await list(owner)).meta.total).toBe(4);

    // FILTERED_TOTAL_MAX + 1 more DPD shipments (each with an item of its own): the unfiltered total counts them
    // all, a filtered one stops at the cap and says so
    const extra = FILTERED_TOTAL_MAX + 1;
    const base = (await env.DB.prepare('SELECT MAX(id) AS m FROM order_items').first<{ m: number }>())!.m;
    await copies('order_items', itemId, extra, { id: `${base} + n.i`, position: `1000 + n.i` });
    await copies('shipments', plzen, extra, { id: 'NULL', item_id: `${base} + n.i`, tracking_number: `tracking_number || '-' || n.i` });
    try {
      expect(await counter(userId)).toBe(4 + extra);
      expect((await list(owner)).meta).toMatchObject({ total: 4 + extra, total_exact: true });
      expect((await list(owner, '?carrier=dpd')).meta).toMatchObject({ total: FILTERED_TOTAL_MAX, total_exact: false, next: expect.any(String) });
      expect((await list(owner, '?carrier=ppl')).meta).toMatchObject({ total: 2, total_exact: true });
      expect(await profileTotal()).toBe(4 + extra);
    } finally {
      await env.DB.prepare('DELETE FROM shipments WHERE item_id > ?').bind(base).run();
      await env.DB.prepare('DELETE FROM order_items WHERE id > ?').bind(base).run();
    }
    expect(await counter(userId)).toBe(4);
    expect((await list(owner, '?carrier=dpd')).meta).toMatchObject({ total: 2, total_exact: true });
  });

  it('names the field of a bad filter', async () => {
    for (const [query, field, code] of [
      ['?status=lost', 'status', 'validation.status'],
      ['?carrier=dhl', 'carrier', 'validation.carrier'],
      ['?from=2026-02-30', 'from', 'validation.date'],
      ['?from=2026-03-02&to=2026-03-01', 'to', 'validation.date_range'],
      ['?limit=101', 'limit', 'validation.too_high'],
      ['?offset=x', 'offset', 'validation.integer'],
    ] as const) {
      const res = await owner.get(`/api/v1/shipments/list${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as ErrorJson).errors).toEqual([{ field, code, message: code }]);
    }
  });
});

describe('shipment detail', () => {
  it('shows the owner the tracking timeline, both sides, the order and the label links', async () => {
    const res = await owner.get(`/api/v1/shipments/${mine.ostrava}`);
    expect(res.status).toBe(200);
    const detail = await dataOf<Record<string, unknown> & { events: { status: string }[]; label_urls: { a6: string; a4: string } }>(res);
    expect(detail).toMatchObject({
      id: mine.ostrava,
      tracking_number: orders[1]!.shipments[0]!.tracking_number,
      status: 'in_transit',
      full: true,
      carrier: { code: 'ppl' },
      from: { name: 'Petr Svoboda', city: 'Praha' },
      to: { name: 'Ondřej Černý', city: 'Ostrava', phone: '+420777123456' },
      order: { number: orders[1]!.number, token: orders[1]!.token, status: 'processing' },
      packages: 1,
    });
    expect(detail.events.map((e) => e.status)).toEqual(['in_transit']);
    const a6 = await owner.get(detail.label_urls.a6);
    expect(a6.headers.get('content-type')).toBe('application/pdf');
    expect(await pageCount(a6)).toBe(1);
  });

  it('answers 404 for another user’s shipment, a missing one and a malformed id', async () => {
    for (const path of [`/api/v1/shipments/${foreign.shipments[0]!.id}`, '/api/v1/shipments/99999999', '/api/v1/shipments/0', '/api/v1/shipments/12abc']) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await stranger.get(`/api/v1/shipments/${mine.plzen}`)).status).toBe(404);
    expect((await browser().get(`/api/v1/shipments/${mine.plzen}`)).status).toBe(401);
  });
});

describe('labels of many shipments on one A4', () => {
  it('puts every package’s label on A4 pages, four per page, in the order chosen', async () => {
    const all = [mine.plzen, mine.ostrava, mine.liberec, mine.twoPackages];
    const res = await owner.call('POST', '/api/v1/shipments/labels', { ids: all, format: 'a4' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const texts = await pdfPageTexts(bytes);
    expect(texts).toHaveLength(2); // 5 labels: ceil(5 / 4)
    // DPD's and PPL's labels are the carriers' own pages, embedded (ours would print the IZ number)
    const joined = texts.join(' ').replace(/\s/g, '');
    for (const o of orders) for (const s of o.shipments) expect(joined).not.toContain(s.tracking_number);
    expect(new TextDecoder('latin1').decode(bytes).match(/\/Subtype\s*\/Form/g)).toHaveLength(5);
    const three = await owner.call('POST', '/api/v1/shipments/labels', { ids: [mine.liberec, mine.plzen, mine.liberec] });
    expect(await pageCount(three)).toBe(1);
  });

  it('works from a plain form (GET with repeated ids)', async () => {
    const res = await owner.get(`/api/v1/shipments/labels?format=a4&ids=${mine.plzen}&ids=${mine.ostrava}`);
    expect(res.status).toBe(200);
    expect(await pageCount(res)).toBe(1);
    expect((await owner.get('/api/v1/shipments/labels?format=a4')).status).toBe(400);
  });

  it('refuses the whole request with 404 when one id is another user’s or missing', async () => {
    for (const ids of [[mine.plzen, foreign.shipments[0]!.id], [mine.plzen, 99999999]]) {
      const res = await owner.post('/api/v1/shipments/labels', { ids });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('json');
    }
    expect((await owner.get(`/api/v1/shipments/labels?ids=${foreign.shipments[0]!.id}`)).status).toBe(404);
    expect((await stranger.post('/api/v1/shipments/labels', { ids: [mine.plzen] })).status).toBe(404);
  });

  it('refuses bad input on its fields, and names a shipment without a label', async () => {
    const codes = async (body: unknown) => ((await (await owner.post('/api/v1/shipments/labels', body)).json()) as ErrorJson).errors?.map((e) => [e.field, e.code]);
    expect(await codes({ ids: [] })).toEqual([['ids', 'validation.required']]);
    expect(await codes({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).toEqual([['ids', 'validation.too_many']]);
    expect(await codes({ ids: [mine.plzen], format: 'a6' })).toEqual([['format', 'validation.label_format']]);
    expect(await codes({ ids: ['x'] })).toEqual([['ids.0', 'validation.integer']]);

    const extra = await paidOrder(owner, [item(party('Jana', 'Nováková', 'Brno', '60200'), party('Zrušená', 'Zásilka', 'Zlín', '76001'), 'dpd-classic')]);
    const cancelled = extra.shipments[0]!.id;
    expect((await owner.post('/api/v1/shipments/storno', { shipments: [{ id: cancelled }] })).status).toBe(200);
    const res = await owner.post('/api/v1/shipments/labels', { ids: [mine.plzen, cancelled] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([{ field: 'ids.1', code: 'shipments.labels.notReady', message: 'shipments.labels.notReady' }]);
    expect((await list(owner, '?status=cancelled')).data.map((e) => [e.id, e.has_label])).toEqual([[cancelled, false]]);
  });
});

describe('orders', () => {
  it('lists the user’s orders newest first with their shipments, a page at a time, in tiles until the list is chosen', async () => {
    const res = await owner.get('/api/v1/orders?limit=2');
    expect(res.status).toBe(200);
    const page = (await res.json()) as Orders;
    expect(page.meta).toMatchObject({ total: 4, view_mode: 'tiles' });
    expect(page.data).toHaveLength(2);
    const all = ((await (await owner.get('/api/v1/orders?limit=10')).json()) as Orders).data;
    const two = all.find((o) => o.token === orders[1]!.token)!;
    expect(two).toMatchObject({ number: orders[1]!.number, status: 'processing', currency: 'CZK', total_vat: orders[1]!.total_vat, shipment_count: 2, route: { from: { city: 'Praha' }, to: { city: 'Ostrava' } } });
    expect(two.shipments.map((s) => s.tracking_number)).toEqual(orders[1]!.shipments.map((s) => s.tracking_number));
    expect(((await (await owner.get('/api/v1/orders?limit=2&offset=2')).json()) as Orders).data.map((o) => o.token)).toEqual(all.slice(2, 4).map((o) => o.token));
    expect(all.map((o) => o.token)).not.toContain(foreign.token);
    expect((await owner.get('/api/v1/orders?limit=0')).status).toBe(400);
    expect((await browser().get('/api/v1/orders')).status).toBe(401);
  });

  it('remembers the list view in the user’s settings, for every device', async () => {
    expect((await owner.post('/api/v1/app/settings', { ordersViewMode: 'list' })).status).toBe(200);
    const elsewhere = browser();
    const signIn = await elsewhere.post('/api/v1/user/login', { email: (await dataOf<{ email: string }>(await owner.get('/api/v1/user/profile'))).email, password: 'Kocka-v-botach-77' });
    expect(signIn.status).toBe(200);
    expect(((await (await elsewhere.get('/api/v1/orders')).json()) as Orders).meta.view_mode).toBe('list');
    expect(await dataOf<Record<string, unknown>>(await elsewhere.get('/api/v2/user/settings/list-common'))).toMatchObject({ ordersViewMode: 'list' });
    expect(((await (await stranger.get('/api/v1/orders')).json()) as Orders).meta.view_mode).toBe('tiles');
    await owner.post('/api/v1/app/settings', { ordersViewMode: 'tiles' });
    expect(((await (await owner.get('/api/v1/orders')).json()) as Orders).meta.view_mode).toBe('tiles');
  });

  it('repeats an order as drafts priced again now; another user’s order is not found', async () => {
    const res = await owner.get(`/api/v1/orders/${orders[1]!.token}/repeat`);
    expect(res.status).toBe(200);
    const repeated = await dataOf<{ number: string; items: { position: number; shipment: { sender: { city: string }; recipient: { companyName: string; city: string }; pickupDate: string; cartId: null }; quote: { serviceId: string; priceVat: { value: number; currency: string } }; previous_price_vat: number }[]; skipped: unknown[] }>(res);
    expect(repeated.number).toBe(orders[1]!.number);
    expect(repeated.skipped).toEqual([]);
    expect(repeated.items.map((i) => [i.shipment.sender.city, i.shipment.recipient.city, i.quote.serviceId])).toEqual([
      ['Praha', 'Ostrava', 'ppl-business'],
      ['Praha', 'Liberec', 'dpd-classic'],
    ]);
    expect(repeated.items[1]!.shipment.recipient.companyName).toBe('Kola Ještěd s.r.o.');
    expect(repeated.items.every((i) => i.quote.priceVat.value > 0 && i.shipment.pickupDate === '' && i.shipment.cartId === null)).toBe(true);
    for (const path of [`/api/v1/orders/${foreign.token}/repeat`, `/api/v1/orders/${'x'.repeat(43)}/repeat`, '/api/v1/orders/short/repeat']) {
      expect((await owner.get(path)).status, path).toBe(404);
    }
    expect((await stranger.get(`/api/v1/orders/${orders[0]!.token}/repeat`)).status).toBe(404);
    expect((await browser().get(`/api/v1/orders/${orders[0]!.token}/repeat`)).status).toBe(401);
  });
});
