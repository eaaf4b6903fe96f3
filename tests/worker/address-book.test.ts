import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_BOOK_MAX, type AddressBookEntry, type AddressBookPage } from '../../src/lib/schemas/address-book';
import { browser, dataOf, type Browser } from './client';

type ErrorJson = { type: string; status: number; message: string; errors?: { field: string; code: string; message: string }[] };

/**
 * The address book's endpoints that take an id, for the sweep over every client call with
 * another user's ids: method, path with `:id`, and a body that would be valid for the owner.
 */
export const ADDRESS_ID_ENDPOINTS = [
  { method: 'GET', path: '/api/v1/addresses/:id' },
  { method: 'PATCH', path: '/api/v1/addresses/:id', body: { city: 'Brno', zip: '60200' } },
  { method: 'DELETE', path: '/api/v1/addresses/:id' },
  { method: 'POST', path: '/api/v1/addresses/:id/default-sender', body: {} },
] as const;

const novak = {
  company: '',
  firstname: 'Jan',
  surname: 'Novák',
  phone: '+420 777 123 456',
  phone_number: '777 123 456',
  email: 'jan.novak@example.cz',
  street: 'Náměstí Republiky 1',
  city: 'Plzeň',
  zip: '301 00',
  country: 'CZ',
};

async function register(b: Browser) {
  const email = `a${crypto.randomUUID().slice(0, 8)}@example.cz`;
  const res = await b.post('/api/v1/user/register', { segment: 'A', email, password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777 123 456', terms: true });
  expect(res.status).toBe(200);
  return (await dataOf<{ id: number }>(await b.get('/api/v1/user/profile?basic=1'))).id;
}

async function signedIn() {
  const b = browser();
  const userId = await register(b);
  return Object.assign(b, { userId });
}

const patch = (b: Browser, path: string, body: unknown) => b.call('PATCH', path, body);
const del = (b: Browser, path: string) => b.call('DELETE', path);

async function create(b: Browser, body: Record<string, unknown> = novak): Promise<AddressBookEntry> {
  const res = await b.post('/api/v1/addresses', body);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return dataOf<AddressBookEntry>(res);
}

const list = async (b: Browser, query = '') => dataOf<AddressBookPage>(await b.get(`/api/v1/addresses${query}`));
const errorsOf = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorJson;
  expect(body.type).toBe('FORM_VALIDATION_ERROR');
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.code]));
};

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('address book CRUD', () => {
  it('creates, reads, updates in part and deletes an address in the §3 API shape', async () => {
    const b = await signedIn();
    const created = await create(b);
    expect(created).toMatchObject({
      company: '',
      firstname: 'Jan',
      surname: 'Novák',
      phone: '+420777123456',
      phone_number: '777123456',
      email: 'jan.novak@example.cz',
      street: 'Náměstí Republiky 1',
      city: 'Plzeň',
      zip: '30100',
      country: 'cz',
      tin: '',
      vatin: '',
      address_type: 'all',
      is_default_sender: false,
    });
    expect(created.id).toBeGreaterThan(0);
    expect(await dataOf<AddressBookEntry>(await b.get(`/api/v1/addresses/${created.id}`))).toEqual(created);

    const updated = await dataOf<AddressBookEntry>(await patch(b, `/api/v1/addresses/${created.id}`, { company: 'ACME s.r.o.', tin: '26765799', vatin: 'cz 26765799' }));
    expect(updated).toMatchObject({ company: 'ACME s.r.o.', firstname: 'Jan', tin: '26765799', vatin: 'CZ26765799', city: 'Plzeň' });

    // a new phone without its national part: the national part is found from the calling code
    const rephoned = await dataOf<AddressBookEntry>(await patch(b, `/api/v1/addresses/${created.id}`, { phone: '+49 30 1234567', country: 'de', zip: '10115', city: 'Berlin' }));
    expect(rephoned).toMatchObject({ phone: '+49301234567', phone_number: '301234567', country: 'de', zip: '10115' });

    expect((await del(b, `/api/v1/addresses/${created.id}`)).status).toBe(200);
    expect((await b.get(`/api/v1/addresses/${created.id}`)).status).toBe(404);
    expect((await del(b, `/api/v1/addresses/${created.id}`)).status).toBe(404);
    expect((await list(b)).total).toBe(0);
  });

  it('asks for sign-in on every call', async () => {
    const anonymous = browser();
    expect((await anonymous.get('/api/v1/addresses')).status).toBe(401);
    expect((await anonymous.post('/api/v1/addresses', novak)).status).toBe(401);
    expect((await anonymous.get('/api/v1/addresses/1')).status).toBe(401);
    expect((await patch(anonymous, '/api/v1/addresses/1', { city: 'Brno' })).status).toBe(401);
    expect((await del(anonymous, '/api/v1/addresses/1')).status).toBe(401);
    expect((await anonymous.post('/api/v1/addresses/1/default-sender')).status).toBe(401);
  });
});

describe('search', () => {
  it('finds across names, company, street, city, zip and e-mail, without regard to case or diacritics, and pages', async () => {
    const b = await signedIn();
    await create(b);
    await create(b, { ...novak, firstname: 'Petra', surname: 'Svobodová', city: 'Brno', zip: '602 00', street: 'Údolní 5', email: 'petra@firma.cz' });
    await create(b, { ...novak, company: 'Šťastná Ryba a.s.', firstname: '', surname: '', city: 'Žilina', zip: '010 01', country: 'sk', phone: '+421 905 123 456', phone_number: '', street: 'Hlavná 3', email: 'info@ryba.sk' });

    const names = async (q: string) => (await list(b, `?q=${encodeURIComponent(q)}`)).items.map((a) => a.surname || a.company);
    expect(await names('Plzen')).toEqual(['Novák']);
    expect(await names('novak')).toEqual(['Novák']);
    expect(await names('NOVÁK plzeň')).toEqual(['Novák']);
    expect(await names('stastna')).toEqual(['Šťastná Ryba a.s.']);
    expect(await names('zilina')).toEqual(['Šťastná Ryba a.s.']);
    expect(await names('udolni')).toEqual(['Svobodová']);
    expect(await names('602 00')).toEqual(['Svobodová']);
    expect(await names('60200')).toEqual(['Svobodová']);
    expect(await names('firma.cz')).toEqual(['Svobodová']);
    expect(await names('novak brno')).toEqual([]);
    // LIKE's wildcards are plain characters here
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);

    const all = await list(b);
    expect(all.total).toBe(3);
    // sorted by name (company or surname first), letters without their diacritics
    expect(all.items.map((a) => a.surname || a.company)).toEqual(['Novák', 'Šťastná Ryba a.s.', 'Svobodová']);
    const page = await list(b, '?limit=1&offset=2');
    expect(page).toMatchObject({ total: 3, items: [{ surname: 'Svobodová' }] });
    // the Slovak number's national part comes from its calling code
    expect((await list(b, '?q=ryba')).items[0]).toMatchObject({ phone: '+421905123456', phone_number: '905123456' });
  });

  it('refuses a bad paging query', async () => {
    const b = await signedIn();
    expect(await errorsOf(await b.get('/api/v1/addresses?limit=0'))).toEqual({ limit: 'validation.too_low' });
    expect(await errorsOf(await b.get('/api/v1/addresses?limit=1000'))).toEqual({ limit: 'validation.too_high' });
    expect(await errorsOf(await b.get('/api/v1/addresses?offset=-1'))).toEqual({ offset: 'validation.integer' });
    expect(await errorsOf(await b.get(`/api/v1/addresses?q=${'x'.repeat(101)}`))).toEqual({ q: 'validation.too_long' });
  });
});

describe('default sender', () => {
  it('is at most one address per user, whichever way it is set', async () => {
    const b = await signedIn();
    const first = await create(b, { ...novak, is_default_sender: true });
    expect(first.is_default_sender).toBe(true);
    const second = await create(b, { ...novak, firstname: 'Karel', is_default_sender: true });
    const third = await create(b, { ...novak, firstname: 'Lucie' });
    const defaults = async () => (await list(b)).items.filter((a) => a.is_default_sender).map((a) => a.id);
    expect(await defaults()).toEqual([second.id]);
    // the default sender is listed first
    expect((await list(b)).items[0]!.id).toBe(second.id);

    const made = await dataOf<AddressBookEntry>(await b.post(`/api/v1/addresses/${third.id}/default-sender`));
    expect(made).toMatchObject({ id: third.id, is_default_sender: true });
    expect(await defaults()).toEqual([third.id]);

    await patch(b, `/api/v1/addresses/${first.id}`, { is_default_sender: true });
    expect(await defaults()).toEqual([first.id]);
    await patch(b, `/api/v1/addresses/${first.id}`, { is_default_sender: false });
    expect(await defaults()).toEqual([]);

    const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ? AND is_default_sender = 1').bind(b.userId).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it('of one user leaves another user’s default sender alone', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = await create(a, { ...novak, is_default_sender: true });
    await create(b, { ...novak, is_default_sender: true });
    expect(await dataOf<AddressBookEntry>(await a.get(`/api/v1/addresses/${mine.id}`))).toMatchObject({ is_default_sender: true });
  });
});

describe('validation', () => {
  it('names the field and code of every bad value (§8)', async () => {
    const b = await signedIn();
    expect(await errorsOf(await b.post('/api/v1/addresses', {}))).toEqual({
      firstname: 'validation.required',
      surname: 'validation.required',
      phone: 'validation.required',
      email: 'validation.required',
      street: 'validation.required',
      city: 'validation.required',
      zip: 'validation.required',
      country: 'validation.required',
    });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, phone: '+420 123', phone_number: '' }))).toEqual({ phone: 'validation.phone' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, phone_number: '111 222 333' }))).toEqual({ phone: 'validation.phone' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, email: 'jan@' }))).toEqual({ email: 'validation.email' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, zip: '3010' }))).toEqual({ zip: 'validation.zip' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, zip: '811 01' }))).toEqual({ zip: 'validation.zipCountry' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, company: 'ACME', tin: '12345678' }))).toEqual({ tin: 'validation.tin' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, company: 'ACME', vatin: 'CZ123' }))).toEqual({ vatin: 'validation.vatin' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, country: 'xx' }))).toEqual({ country: 'validation.country_code' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, country: 'cze' }))).toEqual({ country: 'validation.too_long' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, street: 'x'.repeat(101) }))).toEqual({ street: 'validation.too_long' });
    expect(await errorsOf(await b.post('/api/v1/addresses', { ...novak, is_default_sender: 'yes' }))).toEqual({ is_default_sender: 'validation.boolean' });
    expect(await errorsOf(await b.post('/api/v1/addresses', [novak]))).toEqual({ _: 'validation.object' });
    // a company stands for the name
    expect(await create(b, { ...novak, company: 'ACME s.r.o.', firstname: '', surname: '' })).toMatchObject({ company: 'ACME s.r.o.', firstname: '' });

    const malformed = await b.call('POST', '/api/v1/addresses', new URLSearchParams('{"city":'), { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorJson).type).toBe('API_BAD_REQUEST_ERROR');
    expect((await list(b)).total).toBe(1);
  });

  it('checks a PATCH against the whole address and keeps the stored one on an error', async () => {
    const b = await signedIn();
    const created = await create(b);
    expect(await errorsOf(await patch(b, `/api/v1/addresses/${created.id}`, { country: 'sk' }))).toEqual({ zip: 'validation.zipCountry' });
    expect(await errorsOf(await patch(b, `/api/v1/addresses/${created.id}`, { firstname: '' }))).toEqual({ firstname: 'validation.required' });
    expect(await errorsOf(await patch(b, `/api/v1/addresses/${created.id}`, { email: 42 }))).toEqual({ email: 'validation.string' });
    expect(await dataOf<AddressBookEntry>(await b.get(`/api/v1/addresses/${created.id}`))).toEqual(created);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
    const b = await signedIn();
    const one = await create(b);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO addresses (user_id, phone, email, street, city, zip, country, search, fingerprint)
       SELECT ?, '+420777123456', 'x@example.cz', 'Ulice ' || i, 'Praha', '11000', 'cz', 'x', 'f' || i FROM n`,
    )
      .bind(ADDRESS_BOOK_MAX - 1, b.userId)
      .run();
    const full = await b.post('/api/v1/addresses', { ...novak, is_default_sender: true });
    expect(full.status).toBe(409);
    expect(((await full.json()) as ErrorJson).errors).toEqual([{ field: '_', code: 'addresses.error.full', message: 'addresses.error.full' }]);
    expect((await list(b)).total).toBe(ADDRESS_BOOK_MAX);
    // editing still works when the book is full
    expect((await patch(b, `/api/v1/addresses/${one.id}`, { is_default_sender: true })).status).toBe(200);
  });
});

describe('another user’s address', () => {
  it('answers 404 on every endpoint that takes an id, exactly like a missing one, and changes nothing', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const theirs = await create(owner, { ...novak, is_default_sender: false });
    for (const endpoint of ADDRESS_ID_ENDPOINTS) {
      for (const id of [String(theirs.id), '999999999', 'abc', '0', '-1', '1e3']) {
        const body = 'body' in endpoint ? endpoint.body : undefined;
        const res = await stranger.call(endpoint.method, endpoint.path.replace(':id', id), body);
        expect(res.status, `${endpoint.method} ${endpoint.path} ${id}`).toBe(404);
        expect(((await res.json()) as ErrorJson).type).toBe('API_NOT_FOUND_ERROR');
      }
    }
    // a foreign id with a malformed body is still just not found
    expect((await stranger.call('PATCH', `/api/v1/addresses/${theirs.id}`, { email: 42 })).status).toBe(404);
    expect(await dataOf<AddressBookEntry>(await owner.get(`/api/v1/addresses/${theirs.id}`))).toEqual(theirs);
    expect((await list(stranger)).total).toBe(0);
  });
});

describe('the save-address flags of an order', () => {
  const party = (firstname: string, city: string, zip: string) => ({ firstname, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420 777 123 456', email: `${firstname.toLowerCase()}@example.cz` });
  const orderBody = (flags: { save_from_address?: boolean; save_to_address?: boolean }, items = 1) => ({
    items: Array.from({ length: items }, () => ({
      shipment: { from: party('Jana', 'Brno', '60200'), to: party('Žofie', 'Praha', '11000'), packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }], service_id: 'dpd-classic', ...flags },
    })),
    payment_method: 'bank_transfer',
    payer: { type: 'person' },
    email: 'host@example.cz',
    terms: true,
  });
  const order = async (b: Browser, body: unknown) => {
    const res = await b.post('/api/v1/orders', body, { 'idempotency-key': `test-${crypto.randomUUID()}` });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  it('store the sender and the recipient in the signed-in user’s book once', async () => {
    const b = await signedIn();
    await order(b, orderBody({}));
    expect((await list(b)).total).toBe(0);

    await order(b, orderBody({ save_from_address: true }));
    expect((await list(b)).items.map((a) => a.firstname)).toEqual(['Jana']);

    // two items with the same addresses, and the sender again: each address once
    await order(b, orderBody({ save_from_address: true, save_to_address: true }, 2));
    const book = await list(b);
    expect(book.items.map((a) => a.firstname).sort()).toEqual(['Jana', 'Žofie']);
    expect(book.items.find((a) => a.firstname === 'Žofie')).toMatchObject({ phone: '+420777123456', phone_number: '777123456', city: 'Praha', zip: '11000', country: 'cz', is_default_sender: false });

    // an address typed in other case and spacing is the same address
    const again = orderBody({ save_to_address: true });
    again.items[0]!.shipment.to = { ...again.items[0]!.shipment.to, city: 'PRAHA', street: 'Dlouhá  12', zip: '110 00' };
    await order(b, again);
    expect((await list(b)).total).toBe(2);
  });

  it('store nothing for a guest', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM addresses').first<{ n: number }>();
    await order(browser(), orderBody({ save_from_address: true, save_to_address: true }));
    const after = await env.DB.prepare('SELECT COUNT(*) AS n FROM addresses').first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});
