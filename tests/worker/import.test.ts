import { describe, expect, it, vi } from 'vitest';
import { countriesOf } from '../../src/lib/csv-import/country';
import { mappingFor } from '../../src/lib/csv-import/mapping';
import { parseCsv } from '../../src/lib/csv-import/parse';
import { checkRow, type RowContext } from '../../src/lib/csv-import/rows';
import { MAX_IMPORT_ROWS, PRICE_BATCH_ROWS } from '../../src/lib/csv-import/limits';
import { emptyAddress } from '../../src/lib/schemas/address';
import type { Quote } from '../../src/lib/types/quote';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { browser, dataOf, type Browser } from './client';

/**
 * v1/import (issue 12 item 7). None of these endpoints takes an id: the mapping is the
 * signed-in user's own, the others answer from what is sent.
 */
export const IMPORT_ENDPOINTS_WITH_IDS: readonly string[] = [];

type RowAnswer =
  | { index: number; status: 'priced'; quote: Quote }
  | { index: number; status: 'invalid'; errors: { field: string; code: string }[] }
  | { index: number; status: 'unpriced'; reason: string; problems: string[] };
type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };

vi.setConfig({ testTimeout: 60_000 });

const party = (name: string, city: string, zip: string, country = 'cz') => ({
  company: '',
  firstname: name,
  surname: 'Nováková',
  street: 'Dlouhá 12',
  city,
  zip,
  country,
  phone: country === 'sk' ? '+421905123456' : '+420777123456',
  email: 'prijemce@example.cz',
});
const row = (overrides: Record<string, unknown> = {}) => ({
  from: party('Jana', 'Brno', '60200'),
  to: party('Žofie', 'Praha', '11000'),
  packages: [{ type: 0, weight: '2', width: '30', height: '20', length: '10' }],
  services: [],
  currency: 'CZK',
  carrier: '',
  service: '',
  complete: true,
  ...overrides,
});

async function signIn(b: Browser, account: (typeof DEMO_ACCOUNTS)[number] = DEMO_ACCOUNTS[1]) {
  const res = await b.post('/api/v1/user/login', { email: account.email, password: account.password });
  expect(res.status).toBe(200);
  return b;
}

const price = (b: Browser, rows: unknown[], strategy: unknown = 'cheapest') => b.post('/api/v1/import/price', { rows, strategy });
const answersOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await dataOf<{ rows: RowAnswer[] }>(res)).rows;
};

describe('v1/import needs a signed-in user', () => {
  it.each([
    ['POST', '/api/v1/import/price', { rows: [row()] }],
    ['GET', '/api/v1/import/mapping', undefined],
    ['PUT', '/api/v1/import/mapping', { columns: {} }],
    ['GET', '/api/v1/import/carriers', undefined],
  ])('%s %s answers 401 to a visitor', async (method, path, body) => {
    const res = await browser().call(method, path, body);
    expect(res.status).toBe(401);
  });
});

describe('POST v1/import/price', () => {
  it('prices each valid row with the cheapest quote the checkout takes as it is, and refuses the bad rows one by one', async () => {
    const b = await signIn(browser());
    const rows = [
      row(),
      row({ to: { ...party('Eva', 'Praha', '999'), email: 'eva@' } }),
      row({ to: party('Petr', 'Bratislava', '81101', 'sk'), carrier: 'DPD' }),
      'not a row',
      row({ reference: '=HYPERLINK("http://evil.example","x")' }),
      row({ carrier: 'Pošta Kocourkov' }),
      row({ packages: [{ type: 0, weight: '900', width: '30', height: '20', length: '10' }] }),
    ];
    const answers = await answersOf(await price(b, rows));
    expect(answers.map((a) => [a.index, a.status])).toEqual([
      [0, 'priced'],
      [1, 'invalid'],
      [2, 'priced'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'unpriced'],
    ]);
    const [first, bad, own, junk, formula, unknown, heavy] = answers as [RowAnswer, ...RowAnswer[]];
    if (first.status !== 'priced' || own.status !== 'priced' || bad.status !== 'invalid' || heavy.status !== 'unpriced') throw new Error('shape');
    expect(first.quote).toMatchObject({ complete: true, errors: [], restrictions: [], attributes: { pickupBranchRequired: false, deliveryBranchRequired: false } });
    expect(first.quote.priceVat?.currency).toBe('CZK');
    expect(own.quote.carrier.code).toBe('dpd');
    expect(bad.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'to.zip', code: 'validation.zip' }), expect.objectContaining({ field: 'to.email', code: 'validation.email' })]));
    expect(junk).toMatchObject({ status: 'invalid', errors: [{ field: '_', code: 'validation.object' }] });
    expect(formula).toMatchObject({ status: 'invalid', errors: [{ field: 'reference', code: 'import.error.formula' }] });
    expect(unknown).toMatchObject({ status: 'invalid', errors: [{ field: 'carrier', code: 'validation.unknown_carrier' }] });
    expect(heavy.reason).toBe('none');
    expect(heavy.problems.length).toBeGreaterThan(0);
  });

  it('keeps to the strategy carrier and to a row service, and says when only parcel-point services carry a row', async () => {
    const b = await signIn(browser());
    const [gls] = await answersOf(await price(b, [row()], { carrier: 'GLS' }));
    expect(gls).toMatchObject({ status: 'priced', quote: { carrier: { code: 'gls' } } });
    const [service, byName] = await answersOf(await price(b, [row({ service: 'dpd-express-12' }), row({ carrier: 'DPD', service: 'Express 12' })]));
    expect(service).toMatchObject({ status: 'priced', quote: { serviceId: 'dpd-express-12' } });
    expect(byName).toMatchObject({ status: 'priced', quote: { serviceId: 'dpd-express-12' } });
    const [pointOnly] = await answersOf(await price(b, [row({ service: 'balikovna-na-balikovnu' })]));
    expect(pointOnly).toMatchObject({ status: 'unpriced', reason: 'parcel_point' });
    const [unknown] = await answersOf(await price(b, [row({ service: 'teleport' })]));
    expect(unknown).toMatchObject({ status: 'invalid', errors: [{ field: 'service', code: 'validation.unknown_service' }] });
    const res = await price(b, [row()], { carrier: 'Pošta Kocourkov' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'strategy.carrier', code: 'validation.unknown_carrier' })]);
  });

  it('prices a row as the checkout does: the order of that service at that price is taken', async () => {
    const b = await signIn(browser());
    const [answer] = await answersOf(await price(b, [row()]));
    if (answer?.status !== 'priced') throw new Error('not priced');
    const { carrier: _c, service: _s, ...shipment } = row();
    const res = await b.post(
      '/api/v1/orders',
      { items: [{ shipment: { ...shipment, service_id: answer.quote.serviceId } }], payment_method: 'bank_transfer', payer: { type: 'person' }, email: 'firma@example.cz', terms: true, expected_total_vat: Math.round(answer.quote.priceVat!.value * 100) },
      { 'idempotency-key': `import-${crypto.randomUUID()}` },
    );
    expect(res.status).toBe(201);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows, none and a body over the API's limit`, async () => {
    const b = await signIn(browser());
    const many = await price(b, Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({})));
    expect(many.status).toBe(400);
    expect(((await many.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'rows', code: 'validation.too_many' })]);
    const none = await price(b, []);
    expect(none.status).toBe(400);
    const huge = await price(b, Array.from({ length: 500 }, () => row({ reference: 'x'.repeat(600) })));
    expect(huge.status).toBe(413);
  });

  it('prices the two example rows of the template as the page sends them', async () => {
    const b = await signIn(browser());
    for (const language of ['cs', 'en'] as const) {
      const res = await b.get(`/api/v1/import/template?language=${language}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const text = await res.text();
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text).toContain(language === 'cs' ? 'Příjemce – PSČ' : 'Recipient ZIP code');
      const parsed = parseCsv(text);
      if (!parsed.ok) throw new Error(parsed.problem);
      const mapping = mappingFor(parsed.headers);
      expect(mapping).not.toContain(null);
      const context: RowContext = {
        territory: 'cz',
        countries: countriesOf([
          { code: 'cz', prefix: '+420', names: ['Česko'] },
          { code: 'sk', prefix: '+421', names: ['Slovensko'] },
        ]),
        defaultSender: { ...emptyAddress('cz', '+420'), isProfile: true, companyName: 'Demo Expres s.r.o.', firstName: 'Petr', lastName: 'Svoboda', phoneNumber: { prefix: '+420', number: '602111222' }, email: 'firma@zasilkovac.test', street: 'Na Poříčí 1041/12', city: 'Praha 1', zip: '11000' },
      };
      const checked = parsed.rows.map((r) => checkRow(r.cells, mapping, context));
      expect(checked.map((c) => c.errors)).toEqual([[], []]);
      const answers = await answersOf(await price(b, checked.map((c) => c.request)));
      expect(answers.map((a) => a.status)).toEqual(['priced', 'priced']);
      expect(answers[1]).toMatchObject({ quote: { carrier: { code: 'dpd' } } });
    }
  });

  it('prices 1,000 rows in the batches the page sends (time printed)', async () => {
    const b = await signIn(browser());
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) =>
      row({ reference: `OBJ-${i}`, packages: [{ type: 0, weight: String(1 + (i % 20)), width: '30', height: '20', length: '10' }], ...(i % 3 === 0 ? { to: party('Petr', 'Bratislava', '81101', 'sk') } : {}) }),
    );
    const started = performance.now();
    const answers: RowAnswer[] = [];
    for (let i = 0; i < rows.length; i += PRICE_BATCH_ROWS) answers.push(...(await answersOf(await price(b, rows.slice(i, i + PRICE_BATCH_ROWS)))));
    const ms = performance.now() - started;
    console.log(`1,000 rows priced on the worker in ${rows.length / PRICE_BATCH_ROWS} calls of ${PRICE_BATCH_ROWS}: ${ms.toFixed(0)} ms`);
    expect(answers.filter((a) => a.status === 'priced')).toHaveLength(MAX_IMPORT_ROWS);
  });
});

describe('v1/import/mapping and carriers', () => {
  it('remembers the mapping per user', async () => {
    const firm = await signIn(browser());
    const columns = { 'prijemce psc': 'recipient.zip', poznamka: null };
    expect(await dataOf(await firm.call('PUT', '/api/v1/import/mapping', { columns }))).toEqual({ columns });
    expect(await dataOf(await firm.get('/api/v1/import/mapping'))).toEqual({ columns });
    const person = await signIn(browser(), DEMO_ACCOUNTS[0]);
    expect(await dataOf(await person.get('/api/v1/import/mapping'))).toEqual({ columns: {} });
  });

  it('refuses an unknown field and too many headers', async () => {
    const b = await signIn(browser());
    const bad = await b.call('PUT', '/api/v1/import/mapping', { columns: { psc: 'admin' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).errors?.[0]).toMatchObject({ field: 'columns.psc', code: 'import.error.field' });
    const many = await b.call('PUT', '/api/v1/import/mapping', { columns: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`h${i}`, null])) });
    expect(many.status).toBe(400);
  });

  it('lists the carriers of the territory with their services', async () => {
    const b = await signIn(browser());
    const carriers = await dataOf<{ code: string; name: string; services: { id: string; name: string }[] }[]>(await b.get('/api/v1/import/carriers'));
    expect(carriers.map((c) => c.code)).toContain('dpd');
    expect(carriers.find((c) => c.code === 'wedo')?.name).toBe('One by Allegro');
    expect(carriers.find((c) => c.code === 'dpd')?.services).toContainEqual({ id: 'dpd-classic', name: 'Classic' });
  });
});
