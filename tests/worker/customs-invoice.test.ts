import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeMiddleware, type Env } from '../../src/edge';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { DAILY_CRON, runScheduled } from '../../src/server/scheduled';
import { UPLOAD_QUOTA } from '../../src/server/services/customs-invoices/uploads';
import { MAX_CUSTOMS_INVOICE_UPLOAD_BYTES } from '../../src/lib/claim-files';
import { base, bindings, browser, type Browser } from './client';

/**
 * Issue 14: the customs step's own invoice goes to R2 through POST v1/shipments/customs-invoice
 * (multipart `file`: PDF/JPEG/PNG by its first bytes, ≤ 10 MB) and can be removed by its
 * uploader (the signed-in user, or the browser's anonymous id) until it is ordered.
 */

type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };
type Uploaded = { id: string; name: string; size: number };

const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.text('page'));

async function send(method: string, path: string, { cookie, form, ip = '203.0.113.91' }: { cookie?: string; form?: FormData; ip?: string } = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { origin: base, 'cf-connecting-ip': ip };
  if (cookie) headers.cookie = cookie;
  const res = await app.fetch(new Request(new URL(path, base), { method, headers, body: form }), { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const PDF = new TextEncoder().encode('%PDF-1.4\n%invoice\n1 0 obj <<>> endobj\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);
const formOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/pdf') => {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return form;
};
const anonymous = () => `zslt_anonymous_id=${crypto.randomUUID()}`;
const PATH = '/api/v1/shipments/customs-invoice';
const codeOf = async (res: Response) => ((await res.json()) as ErrorJson).errors?.[0]?.code;
const upload = async (cookie: string, bytes = PDF, name = 'faktura.pdf', ip?: string) => {
  const res = await send('POST', PATH, { cookie, form: formOf(bytes, name), ip });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Uploaded }).data;
};

let signedIn: Browser;
const cookieOf = (b: Browser) => [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  const firma = DEMO_ACCOUNTS.find((a) => a.email.startsWith('firma'))!;
  signedIn = browser();
  expect((await signedIn.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('POST v1/shipments/customs-invoice', () => {
  it('stores a PDF in R2 under its owner and answers id, name and size', async () => {
    const me = anonymous();
    const file = await upload(me, PDF, 'Faktura č. 12.pdf');
    expect(file).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Faktura č. 12.pdf', size: PDF.byteLength });
    const object = await env.FILES.get(`customs-invoices/${file.id}`);
    expect(object?.httpMetadata?.contentType).toBe('application/pdf');
    expect(object?.customMetadata?.anonymous).toBe(me.split('=')[1]);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
  });

  it('takes a PNG by its first bytes whatever its name says', async () => {
    const file = await upload(anonymous(), PNG, 'scan.pdf');
    expect((await env.FILES.head(`customs-invoices/${file.id}`))?.httpMetadata?.contentType).toBe('image/png');
  });

  it('refuses another type (magic bytes, not the name): 400 validation.file_type', async () => {
    const res = await send('POST', PATH, { cookie: anonymous(), form: formOf(EXE, 'faktura.pdf') });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('validation.file_type');
  });

  it('refuses a file over 10 MB: 400 validation.file_size; nothing stored', async () => {
    const before = (await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length;
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await send('POST', PATH, { cookie: anonymous(), form: formOf(big, 'velka.pdf') });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('validation.file_size');
    expect((await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length).toBe(before);
  });

  it('a body larger than one file and its framing is refused at the edge (413), never buffered up to the claims’ 101 MB', async () => {
    const before = (await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length;
    const big = new Uint8Array(MAX_CUSTOMS_INVOICE_UPLOAD_BYTES + 1);
    big.set(PDF);
    const res = await send('POST', PATH, { cookie: anonymous(), form: formOf(big, 'obri.pdf') });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorJson).type).toBe('API_PAYLOAD_TOO_LARGE_ERROR');
    expect((await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length).toBe(before);
  });

  it('needs a file, and an owner (a session or the anonymous id)', async () => {
    const empty = await send('POST', PATH, { cookie: anonymous(), form: new FormData() });
    expect(empty.status).toBe(400);
    expect(await codeOf(empty)).toBe('validation.required');
    expect((await send('POST', PATH, { form: formOf(PDF, 'a.pdf') })).status).toBe(400);
  });

  it('a JSON body is refused with 415', async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(new URL(PATH, base), { method: 'POST', headers: { origin: base, 'content-type': 'application/json', cookie: anonymous() }, body: '{}' }), { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(415);
  });
});

describe('DELETE v1/shipments/customs-invoice/:id', () => {
  it('someone else’s id answers 404 (another browser, a signed-in stranger, a made-up id); the owner removes it once', async () => {
    const me = anonymous();
    const file = await upload(me);
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: anonymous() })).status).toBe(404);
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: cookieOf(signedIn) })).status).toBe(404);
    expect((await send('DELETE', `${PATH}/${'0'.repeat(32)}`, { cookie: me })).status).toBe(404);
    expect((await send('DELETE', `${PATH}/..%2Fclaims`, { cookie: me })).status).toBe(404);
    expect(await env.FILES.head(`customs-invoices/${file.id}`)).not.toBeNull();

    const removed = await send('DELETE', `${PATH}/${file.id}`, { cookie: me });
    expect(removed.status).toBe(200);
    expect(await env.FILES.head(`customs-invoices/${file.id}`)).toBeNull();
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: me })).status).toBe(404);
  });

  it('a signed-in user owns by the account (another browser of the same account may remove it)', async () => {
    const file = await upload(cookieOf(signedIn));
    expect((await env.FILES.head(`customs-invoices/${file.id}`))?.customMetadata?.user).toMatch(/^\d+$/);
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: anonymous() })).status).toBe(404);
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: cookieOf(signedIn) })).status).toBe(200);
  });

  it('an order takes only the orderer’s own files, and keeps them: DELETE then answers 409', async () => {
    const party = (city: string, zip: string) => ({ firstname: 'Jana', surname: 'Nováková', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email: 'jana@example.cz' });
    const order = (files: string[]) => ({
      items: [{ shipment: { from: party('Brno', '60200'), to: party('Praha', '11000'), packages: [{ weight: 2 }], service_id: 'dpd-classic', customs: { reason: 'commercial', invoice: 'own', invoice_files: files, currency: 'CZK', items: [{ name: 'Kniha', country: 'cz', quantity: 1, value: 100 }] } } }],
      payment_method: 'bank_transfer',
      payer: { type: 'person' },
      email: 'jana@example.cz',
      terms: true,
    });
    const mine = await upload(cookieOf(signedIn));
    const theirs = await upload(anonymous());
    const refused = await signedIn.post('/api/v1/orders', order([mine.id, theirs.id]), { 'idempotency-key': `ci-${crypto.randomUUID()}` });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).errors).toEqual([expect.objectContaining({ field: 'items.0.shipment.customs.invoice_files', code: 'validation.invoice_file' })]);

    const created = await signedIn.post('/api/v1/orders', order([mine.id]), { 'idempotency-key': `ci-${crypto.randomUUID()}` });
    expect(created.status).toBe(201);
    const token = ((await created.json()) as { data: { token: string } }).data.token;
    expect(await (await env.FILES.get(`customs-invoices/${mine.id}.order`))?.text()).toBe(token);
    // taken by an order: no longer counted against the quota, never removed by the housekeeping
    expect((await env.DB.prepare('SELECT ordered_at FROM customs_invoice_uploads WHERE id = ?').bind(mine.id).first<{ ordered_at: string | null }>())?.ordered_at).toBeTruthy();
    expect((await send('DELETE', `${PATH}/${mine.id}`, { cookie: cookieOf(signedIn) })).status).toBe(409);
  });

  it('an ordered file stays: 409', async () => {
    const me = anonymous();
    const file = await upload(me);
    await env.FILES.put(`customs-invoices/${file.id}.order`, 'ORDER-TOKEN');
    const res = await send('DELETE', `${PATH}/${file.id}`, { cookie: me });
    expect(res.status).toBe(409);
    expect(await env.FILES.head(`customs-invoices/${file.id}`)).not.toBeNull();
  });
});

describe('quota and housekeeping of files no order took', () => {
  const rows = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

  it('an anonymous id gets a bounded number of unordered files a day: then 429 validation.upload_quota, nothing stored', async () => {
    const me = anonymous();
    const ip = '198.51.100.71';
    const mine: string[] = [];
    for (let i = 0; i < UPLOAD_QUOTA.owner.files; i++) mine.push((await upload(me, PDF, 'faktura.pdf', ip)).id);
    const stored = (await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length;
    const refused = await send('POST', PATH, { cookie: me, form: formOf(PDF, 'navic.pdf'), ip });
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('validation.upload_quota');
    expect((await env.FILES.list({ prefix: 'customs-invoices/' })).objects.length).toBe(stored);
    // files an order took, and uploads older than a day, no longer count
    await rows('UPDATE customs_invoice_uploads SET ordered_at = ? WHERE id = ?', new Date().toISOString(), mine[0]);
    await upload(me, PDF, 'faktura.pdf', ip);
    expect((await send('POST', PATH, { cookie: me, form: formOf(PDF, 'navic.pdf'), ip })).status).toBe(429);
    await rows('UPDATE customs_invoice_uploads SET created_at = ? WHERE client_address = ?', hoursAgo(25), ip);
    await upload(me, PDF, 'faktura.pdf', ip);
  });

  it('counts bytes too, and made-up anonymous ids from one address share the address’s quota', async () => {
    const me = anonymous();
    await rows("INSERT INTO customs_invoice_uploads (id, anonymous_id, client_address, size, created_at) VALUES ('a1', ?, '198.51.100.1', ?, ?)", me.split('=')[1], UPLOAD_QUOTA.owner.bytes - 10, hoursAgo(1));
    expect(await codeOf(await send('POST', PATH, { cookie: me, form: formOf(PDF, 'a.pdf'), ip: '198.51.100.72' }))).toBe('validation.upload_quota');

    const taken = UPLOAD_QUOTA.address.files - 1;
    const statements = Array.from({ length: taken }, (_, i) =>
      env.DB.prepare("INSERT INTO customs_invoice_uploads (id, anonymous_id, client_address, size, created_at) VALUES (?, ?, '198.51.100.73', 100, ?)").bind(`b${i}`, `made-up-id-${i}-xxxxxxxx`, hoursAgo(2)),
    );
    await env.DB.batch(statements);
    await upload(anonymous(), PDF, 'b.pdf', '198.51.100.73');
    const refused = await send('POST', PATH, { cookie: anonymous(), form: formOf(PDF, 'b.pdf'), ip: '198.51.100.73' });
    expect(refused.status).toBe(429);
    expect(await codeOf(refused)).toBe('validation.upload_quota');
  });

  it('removing a file gives its place back', async () => {
    const me = anonymous();
    const file = await upload(me);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM customs_invoice_uploads WHERE id = ?').bind(file.id).first<{ n: number }>())!.n).toBe(1);
    expect((await send('DELETE', `${PATH}/${file.id}`, { cookie: me })).status).toBe(200);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM customs_invoice_uploads WHERE id = ?').bind(file.id).first<{ n: number }>())!.n).toBe(0);
  });

  it('the daily housekeeping removes files no order took within 24 hours (R2 object and row), and keeps the others', async () => {
    const me = anonymous();
    const [stale, fresh, ordered] = [await upload(me), await upload(me), await upload(me)];
    await env.FILES.put(`customs-invoices/${ordered.id}.order`, 'ORDER-TOKEN');
    await rows('UPDATE customs_invoice_uploads SET ordered_at = ? WHERE id = ?', hoursAgo(30), ordered.id);
    await rows('UPDATE customs_invoice_uploads SET created_at = ? WHERE id IN (?, ?)', hoursAgo(25), stale.id, ordered.id);
    vi.spyOn(console, 'log').mockImplementation(() => {});

    await runScheduled({ cron: '*/5 * * * *', scheduledTime: Date.now() }, env);
    expect(await env.FILES.head(`customs-invoices/${stale.id}`)).not.toBeNull();
    await runScheduled({ cron: DAILY_CRON, scheduledTime: Date.now() }, env);

    expect(await env.FILES.head(`customs-invoices/${stale.id}`)).toBeNull();
    expect(await env.FILES.head(`customs-invoices/${fresh.id}`)).not.toBeNull();
    expect(await env.FILES.head(`customs-invoices/${ordered.id}`)).not.toBeNull();
    const left = await env.DB.prepare('SELECT id FROM customs_invoice_uploads WHERE id IN (?, ?, ?)').bind(stale.id, fresh.id, ordered.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id).sort()).toEqual([fresh.id, ordered.id].sort());
  });
});

