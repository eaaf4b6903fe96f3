import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser, dataOf, type Browser } from './client';
import { clientOverview } from '../../src/server/services/client-overview';

type ErrorJson = { errors?: { field: string; code: string }[] };

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Nováková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });

async function register(b: Browser) {
  const email = `c${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
  return { email, id: (await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'))).id };
}

async function paidOrder(b: Browser, recipientEmail: string) {
  const res = await b.post(
    '/api/v1/orders',
    { items: [{ shipment: { from: party('Brno', '60200', 'Jana', 'jana@example.cz'), to: party('Plzeň', '30100', 'Žofie', recipientEmail), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'objednal@example.cz', terms: true },
    { 'idempotency-key': `cs-${crypto.randomUUID()}` },
  );
  const order = await dataOf<{ token: string; number: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<{ shipments: { id: number; tracking_number: string }[] }>(await b.get(`/api/v1/orders/${order.token}`));
  return { ...order, shipment: paid.shipments[0]! };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('§2.8 new-client-section redirects in the edge', () => {
  it('sends old client pages to v2 or the manager app only while the user prefers the new section; the exceptions stay', async () => {
    const b = browser();
    await register(b);
    expect((await b.get('/klient/adresar/upravit/5')).status).toBe(200);
    expect((await b.post('/api/v1/user/profile', { client_section_preference_new_client_section: true })).status).toBe(200);
    const moved = async (path: string) => {
      const res = await b.get(path);
      return res.status === 302 ? new URL(res.headers.get('location')!, 'http://x').href.replace('http://x', '') : res.status;
    };
    expect(await moved('/klient/adresar/upravit/5')).toBe('/klient/v2/adresar');
    expect(await moved('/en/client/invoices')).toBe('/en/klient/v2/faktury');
    expect(await moved('/klient/heslo')).toBe('/klient/v2/nastaveni');
    expect(await moved('/klient/zasilky')).toBe('/klient/v2/prehled');
    expect(await moved('/klient/svozy')).toMatch(/^https:\/\/.+\/pickups\/plan$/);
    expect(await moved('/klient/kredit/dobit')).toMatch(/\/settings\/credit$/);
    for (const stays of ['/klient/import', '/klient/clear', '/klient/smlouvy', '/klient/odhlaseni', '/klient/v2/adresar']) expect(await moved(stays), stays).toBe(200);
    // the common setting is the same preference: switching back takes effect at once
    expect((await b.post('/api/v1/app/settings', { clientSectionPreferenceNewClientSection: false })).status).toBe(200);
    expect(await moved('/klient/adresar')).toBe(200);
    // a setting the product reads takes only its own values
    expect((await b.post('/api/v1/app/settings', { clientSectionPreferenceNewClientSection: 'yes' })).status).toBe(400);
    expect((await b.post('/api/v1/app/settings', { ordersViewMode: 'grid' })).status).toBe(400);
    const settings = await dataOf<Record<string, unknown>>(await b.get('/api/v2/user/settings/list-common'));
    expect(settings.clientSectionPreferenceNewClientSection).toBe(false);
  });

  it('anonymous visitors are not redirected by the preference rule', async () => {
    expect((await browser().get('/klient/adresar')).status).toBe(200);
  });
});

describe('client section: overview, settings, claims', () => {
  it('the overview counts the parcels on their way, the latest orders and this month spend of the user only', async () => {
    const b = browser();
    await register(b);
    const order = await paidOrder(b, 'prijemce@example.cz');
    await b.post(`/api/v1/sandbox/shipments/${order.shipment.id}/advance`);
    const o = await dataOf<{ in_transit: { total: number; items: { tracking_number: string }[] }; latest_orders: { number: string }[]; month_spend: { currency: string; amount: number; orders: number }[] }>(await b.get('/api/v1/client/overview'));
    expect(o.in_transit.total).toBe(1);
    expect(o.in_transit.items[0]!.tracking_number).toBe(order.shipment.tracking_number);
    expect(o.latest_orders.map((x) => x.number)).toEqual([order.number]);
    expect(o.month_spend).toEqual([{ currency: order.currency, amount: order.total_vat, orders: 1 }]);

    const other = browser();
    await register(other);
    const empty = await dataOf<{ in_transit: { total: number }; latest_orders: unknown[] }>(await other.get('/api/v1/client/overview'));
    expect(empty.in_transit.total).toBe(0);
    expect(empty.latest_orders).toEqual([]);
    expect((await browser().get('/api/v1/client/overview')).status).toBe(401);
  });

  it("the month's spend (user_month_spend, kept by triggers) follows an order's month in Prague, its refunds and its cancellation", async () => {
    const b = browser();
    const { id } = await register(b);
    const order = await paidOrder(b, 'prijemce@example.cz');
    const minor = Math.round(order.total_vat * 100);
    const rows = async () => (await env.DB.prepare('SELECT month, currency, total_minor, orders FROM user_month_spend WHERE user_id = ? AND orders <> 0 ORDER BY month').bind(id).all()).results;
    const spendAt = async (now: string) => (await clientOverview(env.DB, { id } as never, 'cz', new Date(now))).month_spend;
    const move = (sql: string, ...params: unknown[]) => env.DB.prepare(`UPDATE orders SET ${sql} WHERE token = ?`).bind(...params, order.token).run();
    // 22:30 UTC on 30 September is 00:30 on 1 October in Prague (summer time, +2)
    await move('created_at = ?', '2026-09-30T22:30:00.000Z');
    expect(await rows()).toEqual([{ month: '2026-10', currency: order.currency, total_minor: minor, orders: 1 }]);
    expect(await spendAt('2026-10-15T10:00:00.000Z')).toEqual([{ currency: order.currency, amount: order.total_vat, orders: 1 }]);
    expect(await spendAt('2026-09-30T21:00:00.000Z')).toEqual([]);
    // 22:30 UTC on 31 October is still 23:30 on 31 October in Prague (winter time, +1)
    await move('created_at = ?', '2026-10-31T22:30:00.000Z');
    expect(await rows()).toEqual([{ month: '2026-10', currency: order.currency, total_minor: minor, orders: 1 }]);
    await move('created_at = ?', '2026-10-31T23:30:00.000Z');
    expect(await rows()).toEqual([{ month: '2026-11', currency: order.currency, total_minor: minor, orders: 1 }]);
    await move('refunded_minor = ?', 100);
    expect(await spendAt('2026-11-20T10:00:00.000Z')).toEqual([{ currency: order.currency, amount: (minor - 100) / 100, orders: 1 }]);
    await move("status = 'cancelled'");
    expect(await rows()).toEqual([]);
    expect(await spendAt('2026-11-20T10:00:00.000Z')).toEqual([]);
  });

  it('company data are checked like a registration: IČO checksum, DIČ, PSČ', async () => {
    const b = browser();
    await register(b);
    const bad = await b.post('/api/v1/user/company', { company: 'Pekárna s.r.o.', ico: '12345678', dic: 'CZ1', zip: '123', country: 'cz' });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as ErrorJson).errors!.map((e) => `${e.field}:${e.code}`);
    expect(fields).toEqual(expect.arrayContaining(['ico:validation.tin', 'dic:validation.dic', 'zip:validation.zip']));
    const ok = await b.post('/api/v1/user/company', { company: 'Pekárna s.r.o.', ico: '27074358', street: 'Dlouhá 1', city: 'Praha', zip: '110 00', country: 'cz' });
    expect(ok.status).toBe(200);
    expect(await dataOf<{ company: string; ico: string; zip: string }>(ok)).toMatchObject({ company: 'Pekárna s.r.o.', ico: '27074358', zip: '11000' });
  });

  it('the default package is kept in the profile; a nonsense one is refused', async () => {
    const b = browser();
    await register(b);
    expect((await b.post('/api/v1/user/default-package', { weight: 0, width: 10, height: 10, length: 10 })).status).toBe(400);
    const saved = await dataOf<{ default_package: unknown }>(await b.post('/api/v1/user/default-package', { weight: 2.5, width: 20, height: 10, length: 30 }));
    expect(saved.default_package).toEqual({ weight: 2.5, width: 20, height: 10, length: 30 });
    expect((await dataOf<{ default_package: unknown }>(await b.post('/api/v1/user/default-package', null))).default_package).toBeNull();
  });

  it('the default COD account is checked like the configurator\'s, kept normalized in the profile, and cleared by null', async () => {
    const b = browser();
    await register(b);
    const refused = async (body: unknown) => {
      const res = await b.post('/api/v1/user/default-cod-account', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return ((await res.json()) as ErrorJson).errors?.map((e) => `${e.field}:${e.code}`);
    };
    expect(await refused({ accountNumber: '19-2000145399', bankCode: '4248' })).toEqual(['bankCode:validation.bankCode']);
    expect(await refused({ accountNumber: '19-2000145398', bankCode: '0800' })).toEqual(['accountNumber:validation.bankAccount']);
    expect(await refused({ accountNumber: '19-2000145399', bankCode: '' })).toEqual(['bankCode:validation.required']);
    expect(await refused({ accountNumber: 'CZ7272955777345206809020', bankCode: '' })).toEqual(['accountNumber:validation.iban']);
    expect(await refused({ accountNumber: '', bankCode: '0800' })).toEqual(['accountNumber:validation.required']);
    expect((await browser().post('/api/v1/user/default-cod-account', { accountNumber: '19-2000145399', bankCode: '0800' })).status).toBe(401);
    type Cod = { default_cod_account: unknown };
    expect((await dataOf<Cod>(await b.get('/api/v1/user/profile'))).default_cod_account).toBeNull();
    expect((await dataOf<Cod>(await b.post('/api/v1/user/default-cod-account', { accountNumber: ' 19-2000145399 ', bankCode: '0800' }))).default_cod_account).toEqual({ account_number: '19-2000145399', bank_code: '0800' });
    expect((await dataOf<Cod>(await b.post('/api/v1/user/default-cod-account', { accountNumber: 'cz65 0800 0000 1920 0014 5399', bankCode: '0800' }))).default_cod_account).toEqual({ account_number: 'CZ6508000000192000145399', bank_code: '' });
    expect((await dataOf<Cod>(await b.get('/api/v1/user/profile'))).default_cod_account).toEqual({ account_number: 'CZ6508000000192000145399', bank_code: '' });
    expect((await dataOf<Cod>(await b.post('/api/v1/user/default-cod-account', null))).default_cod_account).toBeNull();
  });

  it('with recipient tracking e-mails off, a delivered parcel mails nobody; the claims list shows the user’s claims only', async () => {
    const b = browser();
    await register(b);
    expect((await b.post('/api/v1/app/settings', { 'notifications.recipientTracking': false })).status).toBe(200);
    const recipient = `r${crypto.randomUUID().slice(0, 6)}@example.cz`;
    const order = await paidOrder(b, recipient);
    for (let i = 0; i < 6; i++) await b.post(`/api/v1/sandbox/shipments/${order.shipment.id}/advance`);
    const mails = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE "to" = ?').bind(recipient).first<{ n: number }>();
    expect(mails!.n).toBe(0);
    expect((await dataOf<{ notifications: { recipient_tracking: boolean } }>(await b.get('/api/v1/user/profile'))).notifications.recipient_tracking).toBe(false);

    expect(await dataOf<unknown[]>(await b.get('/api/v1/claims'))).toEqual([]);
    expect((await browser().get('/api/v1/claims')).status).toBe(401);
  });

  it('reads remember the key for a few seconds; a write checks it in D1 and forgets it', async () => {
    const b = browser();
    const { id } = await register(b);
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
    // revoked elsewhere (another isolate's logout): this isolate's reads still know the key briefly
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE user_id = ?').bind(new Date().toISOString(), id).run();
    expect((await b.get('/api/v1/user/profile')).status).toBe(200);
    expect((await b.post('/api/v1/app/settings', { ordersViewMode: 'list' })).status).toBe(401);
  });
});
