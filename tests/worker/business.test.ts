import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { DEMO_CONTRACT_TOKEN } from '../../src/server/db/seed/business';
import { sha256Hex } from '../../src/server/identity/crypto';
import { browser, dataOf, type Browser } from './client';

type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string; message: string }[] };
type Contract = { id: number; number: string; tier: string; status: string; unsigned: boolean; signed_at: string | null; signed_ip: string | null; valid_from: string | null };
type Place = { id: number; name: string; phone: string; zip: string; note: string };
type Pickup = { id: number; kind: string; date: string; weekdays: number[] | null; status: string; next_date: string | null; cancellable: boolean; carrier_ref: string; place: { id: number | null; name: string } };

vi.setConfig({ testTimeout: 20_000 });

const [demo, firma] = DEMO_ACCOUNTS;

async function signIn(account: (typeof DEMO_ACCOUNTS)[number]) {
  const b = browser();
  const res = await b.post('/api/v1/user/login', { email: account.email, password: account.password });
  expect(res.status).toBe(200);
  return b;
}

async function register(): Promise<{ b: Browser; id: number }> {
  const b = browser();
  const email = `u${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
  return { b, id: (await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'))).id };
}

/** a user with a contract of their own (the flag is what the contract calls set) */
async function contractUser() {
  const user = await register();
  await env.DB.prepare("UPDATE users SET has_contract = 1, price_type = 'Easy' WHERE id = ?").bind(user.id).run();
  return user;
}

/** a contract the team issued, with its activation link's token */
async function issue(tier: string, userId: number | null = null) {
  const token = `t-${crypto.randomUUID()}-${crypto.randomUUID()}`;
  const number = `ZS-T-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO contracts (user_id, number, tier, status, activation_token_hash) VALUES (?, ?, ?, 'pending', ?)")
    .bind(userId, number, tier, await sha256Hex(token))
    .run();
  return { token, number };
}

const errorOf = async (res: Response) => (await res.json()) as ErrorJson;
const codesOf = async (res: Response) => Object.fromEntries(((await errorOf(res)).errors ?? []).map((e) => [e.field, e.code]));
const profileOf = async (b: Browser) => dataOf<{ has_contract: boolean; price_type: string | null }>(await b.get('/api/v1/user/profile'));
const contractsOf = async (b: Browser) => (await b.get('/api/v1/contracts')).json() as Promise<{ data: Contract[]; meta: { unsigned_contract: boolean } }>;

describe('contract activation', () => {
  it('activates the demo link once: the contract is the user’s, the tier and has_contract follow it', async () => {
    const { b } = await register();
    const preview = await b.post('/api/v1/contracts/activation', { token: DEMO_CONTRACT_TOKEN });
    expect(await dataOf(preview)).toMatchObject({ state: 'ready', contract: { number: 'ZS-2026-0003', tier: 'Easy', status: 'pending' } });
    expect(await profileOf(b)).toMatchObject({ has_contract: false, price_type: null });

    const res = await b.post('/api/v1/contracts/activate', { token: DEMO_CONTRACT_TOKEN });
    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({ activated: true, contract: { number: 'ZS-2026-0003', status: 'active', unsigned: true } });
    expect(await profileOf(b)).toMatchObject({ has_contract: true, price_type: 'Easy' });
    const listed = await contractsOf(b);
    expect(listed.data.map((c) => c.number)).toEqual(['ZS-2026-0003']);
    expect(listed.data[0]!.valid_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(listed.meta.unsigned_contract).toBe(true);

    // opening the link again is harmless
    const again = await b.post('/api/v1/contracts/activate', { token: DEMO_CONTRACT_TOKEN });
    expect(again.status).toBe(200);
    expect(await dataOf(again)).toMatchObject({ activated: false, contract: { status: 'active' } });

    // the link is spent for everyone else
    const other = await register();
    const used = await other.b.post('/api/v1/contracts/activate', { token: DEMO_CONTRACT_TOKEN });
    expect(used.status).toBe(409);
    expect(await codesOf(used)).toEqual({ token: 'business.error.token_used' });
    expect(await profileOf(other.b)).toMatchObject({ has_contract: false, price_type: null });
    expect((await other.b.post('/api/v1/contracts/activation', { token: DEMO_CONTRACT_TOKEN })).status).toBe(409);
  });

  it('answers an unknown link, a missing token and a visitor who is not signed in clearly', async () => {
    const { b } = await register();
    const unknown = await b.post('/api/v1/contracts/activate', { token: 'no-such-token-anywhere-at-all-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await codesOf(unknown)).toEqual({ token: 'business.error.token_unknown' });
    const empty = await b.post('/api/v1/contracts/activate', { token: '  ' });
    expect(empty.status).toBe(400);
    expect(await codesOf(empty)).toEqual({ token: 'validation.required' });
    expect((await browser().post('/api/v1/contracts/activate', { token: DEMO_CONTRACT_TOKEN })).status).toBe(401);
  });

  it('replaces the user’s earlier active contract and moves the tier', async () => {
    const { b } = await register();
    const first = await issue('Profi');
    const second = await issue('Flexi');
    await b.post('/api/v1/contracts/activate', { token: first.token });
    expect(await profileOf(b)).toMatchObject({ has_contract: true, price_type: 'Profi' });
    await b.post('/api/v1/contracts/activate', { token: second.token });
    expect(await profileOf(b)).toMatchObject({ has_contract: true, price_type: 'Flexi' });
    const statuses = Object.fromEntries((await contractsOf(b)).data.map((c) => [c.number, c.status]));
    expect(statuses).toEqual({ [second.number]: 'active', [first.number]: 'terminated' });
    // an ended contract's link activates nothing
    const ended = await b.post('/api/v1/contracts/activate', { token: first.token });
    expect(ended.status).toBe(409);
    expect(await profileOf(b)).toMatchObject({ price_type: 'Flexi' });
  });

  it('keeps a contract issued to one account from being activated by another', async () => {
    const owner = await register();
    const { token } = await issue('Flexi', owner.id);
    const stranger = await register();
    expect((await stranger.b.post('/api/v1/contracts/activate', { token })).status).toBe(409);
    expect((await owner.b.post('/api/v1/contracts/activate', { token })).status).toBe(200);
  });
});

describe('contract signing', () => {
  it('lists the business demo account’s contracts with the unsigned one flagged, and signs it with time and address', async () => {
    const b = await signIn(firma);
    const before = await contractsOf(b);
    expect(before.meta.unsigned_contract).toBe(true);
    expect(before.data.map((c) => [c.number, c.status, c.unsigned])).toEqual([
      ['ZS-2026-0001', 'active', false],
      ['ZS-2026-0002', 'pending', true],
    ]);
    const unsigned = before.data.find((c) => c.unsigned)!;
    const res = await b.call('POST', `/api/v1/contracts/${unsigned.id}/sign`, {}, { 'cf-connecting-ip': '198.51.100.7' });
    expect(res.status).toBe(200);
    const signed = await dataOf<Contract>(res);
    expect(signed).toMatchObject({ unsigned: false, signed_ip: '198.51.100.7', status: 'pending' });
    expect(Date.now() - Date.parse(signed.signed_at!)).toBeLessThan(60_000);
    expect((await contractsOf(b)).meta.unsigned_contract).toBe(false);
    // signing twice changes nothing
    const again = await dataOf<Contract>(await b.post(`/api/v1/contracts/${unsigned.id}/sign`));
    expect(again.signed_at).toBe(signed.signed_at);
  });

  it('answers another user’s contract, a missing one and a malformed id alike: 404', async () => {
    const b = await signIn(firma);
    const theirs = (await contractsOf(b)).data[0]!;
    const { b: stranger } = await register();
    for (const path of [`/api/v1/contracts/${theirs.id}/sign`, '/api/v1/contracts/999999/sign', '/api/v1/contracts/abc/sign']) {
      const res = await stranger.post(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('does not sign a terminated contract', async () => {
    const { b, id } = await register();
    await env.DB.prepare("INSERT INTO contracts (user_id, number, tier, status) VALUES (?, ?, 'Easy', 'terminated')").bind(id, `ZS-T-${id}`).run();
    const [contract] = (await contractsOf(b)).data;
    expect(contract!.unsigned).toBe(false);
    const res = await b.post(`/api/v1/contracts/${contract!.id}/sign`);
    expect(res.status).toBe(409);
    expect(await codesOf(res)).toEqual({ contract: 'business.error.not_signable' });
  });
});

const place = { name: 'Sklad Brno', company: 'Pokus s.r.o.', contact_person: 'Jana Nováková', phone: '+420 777 123 456', email: 'sklad@example.cz', street: 'Dlouhá 12', city: 'Brno', zip: '602 00', country: 'cz', note: '' };

async function createPlace(b: Browser, body: Record<string, unknown> = place): Promise<Place> {
  const res = await b.post('/api/v1/pickup-places', body);
  expect(res.status).toBe(201);
  return dataOf<Place>(res);
}

describe('contract only', () => {
  it('answers users without a contract 403 business.error.contract_required on pickups and pickup places', async () => {
    const b = await signIn(demo);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/pickup-places'],
      ['POST', '/api/v1/pickup-places', place],
      ['POST', '/api/v1/pickup-places', {}],
      ['GET', '/api/v1/pickups'],
    ];
    for (const [method, path, body] of calls) {
      const res = await b.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      const error = await errorOf(res);
      expect(error.type).toBe('API_FORBIDDEN_ERROR');
      expect(error.errors).toEqual([{ field: 'contract', code: 'business.error.contract_required', message: 'business.error.contract_required' }]);
    }
    // contracts themselves are for everyone signed in
    expect((await b.get('/api/v1/contracts')).status).toBe(200);
  });

  it('keeps a user whose contract ended away from their own places', async () => {
    const { b, id } = await contractUser();
    const mine = await createPlace(b);
    await env.DB.prepare('UPDATE users SET has_contract = 0 WHERE id = ?').bind(id).run();
    expect((await b.call('PATCH', `/api/v1/pickup-places/${mine.id}`, { name: 'x' })).status).toBe(403);
    expect((await b.call('DELETE', `/api/v1/pickup-places/${mine.id}`)).status).toBe(403);
  });
});

describe('pickup places', () => {
  it('creates, lists, changes and deletes a place, stored normalised', async () => {
    const { b } = await contractUser();
    const created = await createPlace(b);
    expect(created).toMatchObject({ name: 'Sklad Brno', phone: '+420777123456', zip: '60200' });
    const changed = await b.call('PATCH', `/api/v1/pickup-places/${created.id}`, { note: 'Zvonit u vrat', city: 'Brno-sever' });
    expect(changed.status).toBe(200);
    expect(await dataOf(changed)).toMatchObject({ id: created.id, name: 'Sklad Brno', note: 'Zvonit u vrat', city: 'Brno-sever' });
    const listed = await dataOf<Place[]>(await b.get('/api/v1/pickup-places'));
    expect(listed.map((p) => p.id)).toEqual([created.id]);
    expect((await b.call('DELETE', `/api/v1/pickup-places/${created.id}`)).status).toBe(200);
    expect(await dataOf<Place[]>(await b.get('/api/v1/pickup-places'))).toEqual([]);
  });

  it('names each wrong field, on create and on change', async () => {
    const { b } = await contractUser();
    const bad = await b.post('/api/v1/pickup-places', { ...place, zip: '811 01', phone: '123', email: 'nope', contact_person: '' });
    expect(bad.status).toBe(400);
    expect(await codesOf(bad)).toEqual({ zip: 'validation.zipCountry', phone: 'validation.phone', email: 'validation.email', contact_person: 'validation.required' });
    const created = await createPlace(b);
    const badChange = await b.call('PATCH', `/api/v1/pickup-places/${created.id}`, { country: 'sk' });
    expect(badChange.status).toBe(400);
    expect(await codesOf(badChange)).toEqual({ zip: 'validation.zipCountry' });
  });

  it('answers another user’s place 404 on every call that takes its id', async () => {
    const owner = await contractUser();
    const theirs = await createPlace(owner.b);
    const { b } = await contractUser();
    expect((await b.call('PATCH', `/api/v1/pickup-places/${theirs.id}`, { name: 'Můj' })).status).toBe(404);
    expect((await b.call('DELETE', `/api/v1/pickup-places/${theirs.id}`)).status).toBe(404);
    const order = await b.post('/api/v1/pickups', { pickup_place_id: theirs.id, carrier: 'dpd', kind: 'regular', weekdays: [1], window: { from: '08:00', to: '16:00' }, parcel_count: 1 });
    expect(order.status).toBe(404);
    // and a non-contract stranger gets the same 404 for the id
    const demoBrowser = await signIn(demo);
    expect((await demoBrowser.call('PATCH', `/api/v1/pickup-places/${theirs.id}`, { name: 'Můj' })).status).toBe(404);
    expect(await dataOf<Place[]>(await owner.b.get('/api/v1/pickup-places'))).toMatchObject([{ id: theirs.id, name: 'Sklad Brno' }]);
  });
});

/** the carrier's offered days and windows, as the pickup form asks for them */
async function offer(b: Browser, carrier: string, country = 'cz') {
  const dates = await dataOf<string[]>(await b.get(`/api/v1/pickups/dates?country=${country}&carrier=${carrier}`));
  const last = dates.at(-1)!;
  const { windows } = await dataOf<{ windows: { from: string; to: string }[] }>(await b.post('/api/v2/carrier/time-windows', { date: last, carrier, country }));
  return { dates, last, window: windows[0]! };
}

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('pickups', () => {
  it('names the carriers that collect in each country, and which of them come regularly', async () => {
    const carriers = await dataOf<Record<'cz' | 'sk', { code: string; regular: boolean; cutoff: string }[]>>(await browser().get('/api/v1/pickups/carriers'));
    const cz = Object.fromEntries(carriers.cz.map((c) => [c.code, c.regular]));
    // the carriers' APIs order one-time pickups only: regular ones are agreed with the carrier in the contract
    expect(cz).toEqual({ dpd: false, ppl: false, ups: false, fedex: false, liftago: false });
    // MyGLS has no pickup order (GLS collects on its contract's regular pickup), a TOPTRANS order is its own collection, Balíkovna and WE|DO are handed in
    for (const code of ['gls', 'toptrans', 'balikovna', 'wedo']) expect(cz).not.toHaveProperty(code);
    expect(carriers.sk.map((c) => c.code)).not.toContain('ppl');
    expect(carriers.cz.find((c) => c.code === 'dpd')?.cutoff).toMatch(/^\d\d:\d\d$/);
  });

  it('orders a one-time pickup on a day the carrier offers and lists it with the carrier’s number', async () => {
    const b = await signIn(firma);
    const [seeded] = await dataOf<Place[]>(await b.get('/api/v1/pickup-places'));
    expect(seeded!.name).toBe('Sklad Praha-Holešovice');
    const { last, window } = await offer(b, 'dpd');
    const res = await b.post('/api/v1/pickups', { pickup_place_id: seeded!.id, carrier: 'dpd', kind: 'one_time', date: last, window, parcel_count: 5, note: 'Rampa 3' });
    expect(res.status).toBe(201);
    const pickup = await dataOf<Pickup>(res);
    expect(pickup).toMatchObject({ kind: 'one_time', date: last, status: 'ordered', next_date: last, cancellable: true, place: { id: seeded!.id, name: 'Sklad Praha-Holešovice' } });
    expect(pickup.carrier_ref).toMatch(/^CZ:\d+$/);
    const list = await dataOf<Pickup[]>(await b.get('/api/v1/pickups'));
    expect(list.map((p) => p.id)).toContain(pickup.id);
  });

  it('refuses a day, a window or a carrier that is not offered with a §8 validation error', async () => {
    const { b } = await contractUser();
    const mine = await createPlace(b);
    const { dates, last, window } = await offer(b, 'dpd');
    const body = { pickup_place_id: mine.id, carrier: 'dpd', kind: 'one_time', window, parcel_count: 2 };
    const notOffered = [addDays(last, 1), addDays(last, 30)].find((d) => !dates.includes(d))!;
    for (const date of [notOffered, addDays(dates[0]!, -1)]) {
      const res = await b.post('/api/v1/pickups', { ...body, date });
      expect(res.status, date).toBe(400);
      const error = await errorOf(res);
      expect(error.type).toBe('FORM_VALIDATION_ERROR');
      expect(error.errors?.[0]?.field).toBe('date');
    }
    const saturday = [...Array(14).keys()].map((n) => addDays(dates[0]!, n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
    expect(await codesOf(await b.post('/api/v1/pickups', { ...body, date: saturday }))).toEqual({ date: 'business.error.date_not_offered' });
    expect(await codesOf(await b.post('/api/v1/pickups', { ...body, date: last, window: { from: '06:00', to: '07:00' } }))).toEqual({ window: 'business.error.window_not_offered' });
    expect(await codesOf(await b.post('/api/v1/pickups', { ...body, date: last, carrier: 'balikovna' }))).toEqual({ carrier: 'business.error.carrier_no_pickup' });
    for (const carrier of ['gls', 'toptrans']) expect(await codesOf(await b.post('/api/v1/pickups', { ...body, date: last, carrier }))).toEqual({ carrier: 'business.error.carrier_no_pickup' });
    for (const carrier of ['dpd', 'ups', 'ppl']) expect(await codesOf(await b.post('/api/v1/pickups', { ...body, kind: 'regular', weekdays: [2], carrier }))).toEqual({ kind: 'business.error.regular_not_offered' });
    expect(await codesOf(await b.post('/api/v1/pickups', { ...body, kind: 'regular', weekdays: [2], carrier: 'liftago' }))).toEqual({ kind: 'business.error.regular_not_offered' });
    expect(await dataOf<Pickup[]>(await b.get('/api/v1/pickups'))).toEqual([]);
  });

  it('a place with a pickup ordered is kept until the pickup is cancelled; the history keeps the place', async () => {
    const { b } = await contractUser();
    const mine = await createPlace(b);
    const { last, window } = await offer(b, 'dpd');
    const res = await b.post('/api/v1/pickups', { pickup_place_id: mine.id, carrier: 'dpd', kind: 'one_time', date: last, window, parcel_count: 10 });
    expect(res.status).toBe(201);
    const pickup = await dataOf<Pickup>(res);
    expect(pickup.next_date).toBe(last);

    const inUse = await b.call('DELETE', `/api/v1/pickup-places/${mine.id}`);
    expect(inUse.status).toBe(409);
    expect(await codesOf(inUse)).toEqual({ place: 'business.error.place_in_use' });

    const cancelled = await b.post(`/api/v1/pickups/${pickup.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await dataOf(cancelled)).toMatchObject({ status: 'cancelled', next_date: null, cancellable: false });
    expect((await b.post(`/api/v1/pickups/${pickup.id}/cancel`)).status).toBe(200);
    expect((await b.call('DELETE', `/api/v1/pickup-places/${mine.id}`)).status).toBe(200);
    // the history keeps the place it was ordered for
    const [kept] = await dataOf<Pickup[]>(await b.get('/api/v1/pickups'));
    expect(kept!.place).toMatchObject({ id: null, name: 'Sklad Brno' });
  });

  it('does not cancel a pickup past its cut-off, nor another user’s', async () => {
    const { b, id } = await contractUser();
    const mine = await createPlace(b);
    await env.DB.prepare(
      "INSERT INTO pickups (user_id, place_id, place, carrier, kind, date, window_from, window_to, parcel_count, carrier_ref) VALUES (?, ?, '{\"name\":\"Sklad Brno\",\"country\":\"cz\"}', 'dpd', 'one_time', '2026-01-05', '08:00', '16:00', 1, 'PU0000000001')",
    )
      .bind(id, mine.id)
      .run();
    const [past] = await dataOf<Pickup[]>(await b.get('/api/v1/pickups'));
    expect(past).toMatchObject({ status: 'done', cancellable: false, next_date: null });
    const res = await b.post(`/api/v1/pickups/${past!.id}/cancel`);
    expect(res.status).toBe(409);
    expect(await codesOf(res)).toEqual({ pickup: 'business.error.not_cancellable' });

    const { b: stranger } = await contractUser();
    expect((await stranger.post(`/api/v1/pickups/${past!.id}/cancel`)).status).toBe(404);
    expect((await stranger.post('/api/v1/pickups/0/cancel')).status).toBe(404);
  });
});
