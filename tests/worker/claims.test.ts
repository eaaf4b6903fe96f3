import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeMiddleware, type Env } from '../../src/edge';
import { MAX_CLAIM_UPLOAD_BYTES } from '../../src/lib/claim-files';
import { base, bindings, browser, dataOf, type Browser } from './client';

type Order = { token: string; total_vat: number; currency: string; payment: { variable_symbol: string }; shipments: { tracking_number: string }[] };
type ErrorJson = { type: string; status: number; errors?: { field: string; code: string }[] };
type Claim = {
  token: string;
  number: string;
  status: string;
  messages: { author: string; body: string; files: { id: number; name: string; size: number; url: string }[] }[];
};

const party = (city: string, zip: string, name: string, email: string) => ({ firstname: name, surname: 'Nováková', company: '', street: 'Dlouhá 12', city, zip, country: 'cz', phone: '+420777123456', email });
const orderBody = () => ({
  items: [
    {
      shipment: {
        from: party('Brno', '60200', 'Jana', 'Odesilatel@Example.cz'),
        to: party('Praha', '11000', 'Žofie', 'prijemce@example.cz'),
        packages: [{ type: 0, weight: 2, width: 20, height: 10, length: 30 }],
        service_id: 'dpd-classic',
      },
    },
  ],
  payment_method: 'bank_transfer',
  payer: { type: 'person' },
  email: 'objednavka@example.cz',
  terms: true,
});

/** an order paid by the sandbox bank: its shipment is booked with a tracking number */
async function paidShipment(b: Browser): Promise<{ order: Order; number: string }> {
  const res = await b.post('/api/v1/orders', orderBody(), { 'idempotency-key': `claims-${crypto.randomUUID()}` });
  expect(res.status).toBe(201);
  const order = await dataOf<Order>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const paid = await dataOf<Order>(await b.get(`/api/v1/orders/${order.token}`));
  expect(paid.shipments).toHaveLength(1);
  return { order, number: paid.shipments[0]!.tracking_number };
}

// multipart bodies through the edge (tests/worker/client.ts sends JSON only)
const app = new Hono<Env>();
app.use(edgeMiddleware());
app.all('*', (c) => c.text('page'));
async function postForm(path: string, form: FormData): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(new URL(path, base), { method: 'POST', headers: { origin: base, 'cf-connecting-ip': '203.0.113.77' }, body: form }),
    { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%claim\n1 0 obj <<>> endobj\n%%EOF\n');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const allClaimObjects = async () => (await env.FILES.list({ prefix: 'claims/' })).objects.length;
const claimCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM claims').first<{ n: number }>())!.n;

/** a multipart body streamed without a Content-Length: the fields, a small JPEG, then `filler` zero bytes as one file */
function streamedClaim(number: string, token: string, filler: number, afterFirstFile?: () => Promise<void>): { body: ReadableStream<Uint8Array>; type: string } {
  const boundary = `----claim${crypto.randomUUID().replace(/-/g, '')}`;
  const enc = new TextEncoder();
  const head = (name: string, filename?: string) =>
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/jpeg\r\n' : ''}\r\n`);
  const fields = { tracking_number: number, token, reason: 'damaged', description: 'Krabice dorazila promáčklá a hrnek uvnitř je rozbitý.', bank_account: '19-2000145399/0800', contact_email: 'reklamujici@example.cz' };
  const parts: Uint8Array[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(head(k), enc.encode(`${v}\r\n`));
  parts.push(head('files', 'ok.jpg'), JPEG, enc.encode('\r\n'), head('files', 'huge.jpg'));
  const chunk = new Uint8Array(1024 * 1024);
  let left = filler;
  let waited = false;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = parts.shift();
        if (next) return controller.enqueue(next);
        if (!waited) {
          waited = true;
          await afterFirstFile?.();
          return controller.enqueue(JPEG);
        }
        if (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          return controller.enqueue(chunk.subarray(0, n));
        }
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    }),
  };
}

async function postStream(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(new URL(path, base), { method: 'POST', headers: { origin: base, 'cf-connecting-ip': '203.0.113.78', ...headers }, body }),
    { ...bindings, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

function claimForm(number: string, token: string, files: [Uint8Array<ArrayBuffer>, string, string][] = [], overrides: Record<string, string> = {}) {
  const form = new FormData();
  const fields = { tracking_number: number, token, reason: 'damaged', description: 'Krabice dorazila promáčklá a hrnek uvnitř je rozbitý.', bank_account: '19-2000145399/0800', contact_email: 'reklamujici@example.cz', language: 'cs', ...overrides };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [bytes, name, type] of files) form.append('files', new File([bytes], name, { type }));
  return form;
}

const r2Keys = async (token: string) => (await env.FILES.list({ prefix: `claims/${token}/` })).objects.map((o) => o.key);

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

let b: Browser;
let shipment: { order: Order; number: string };
beforeAll(async () => {
  b = browser();
  shipment = await paidShipment(b);
}, 30_000); // an order paid and created: slow when the whole suite shares two cores

describe('v2/issues/find-reference', () => {
  it('finds the shipment with the order token, or with an e-mail of the order, the sender or the recipient in any case', async () => {
    const byToken = await b.post('/api/v2/issues/find-reference', { tracking_number: shipment.number, token: shipment.order.token });
    expect(byToken.status).toBe(200);
    const data = await dataOf<{ shipment: { tracking_number: string; carrier: { code: string }; status: string; delivered_at: string | null }; reference: string }>(byToken);
    expect(data.shipment).toMatchObject({ tracking_number: shipment.number, carrier: { code: 'dpd' }, delivered_at: null });
    expect(data.reference).toBe(shipment.order.token);
    for (const email of ['objednavka@example.cz', 'odesilatel@example.cz', 'PRIJEMCE@example.cz']) {
      const res = await b.post('/api/v2/issues/find-reference', { tracking_number: shipment.number.toLowerCase(), email });
      expect(res.status, email).toBe(200);
      expect((await dataOf<{ reference: string }>(res)).reference).toMatch(/^r\./);
    }
  });

  it('answers a wrong e-mail, a wrong token and an unknown number with the same 404', async () => {
    const answers = await Promise.all([
      b.post('/api/v2/issues/find-reference', { tracking_number: shipment.number, email: 'cizi@example.cz' }),
      b.post('/api/v2/issues/find-reference', { tracking_number: shipment.number, token: 'x'.repeat(43) }),
      b.post('/api/v2/issues/find-reference', { tracking_number: 'IZ0000000001', email: 'objednavka@example.cz' }),
    ]);
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(bodies[0]!.status).toBe(404);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });
});

describe('v1/claims', () => {
  it('files a claim with a JPEG and a PDF kept in R2, readable only under the claim token, and e-mails the customer', async () => {
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [[JPEG, 'foto.jpg', 'image/jpeg'], [PDF, 'doklad.pdf', 'application/pdf']]));
    expect(res.status).toBe(201);
    const { token, number } = await dataOf<{ token: string; number: string }>(res);
    expect(number).toMatch(new RegExp(`^RK${new Date().getUTCFullYear()}\\d{6}$`));
    expect(await r2Keys(token)).toHaveLength(2);

    const claim = await dataOf<Claim>(await b.get(`/api/v1/claims/${token}`));
    expect(claim).toMatchObject({ number, status: 'received' });
    const files = claim.messages[0]!.files;
    expect(files.map((f) => f.name)).toEqual(['foto.jpg', 'doklad.pdf']);
    const jpeg = await b.get(files[0]!.url);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await jpeg.arrayBuffer())).toEqual(JPEG);
    const pdf = await b.get(files[1]!.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toContain('%PDF-');
    // another claim's token (or none) does not reach the file
    const other = await dataOf<{ token: string }>(await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token)));
    expect((await b.get(`/api/v1/claims/${other.token}/files/${files[0]!.id}`)).status).toBe(404);
    expect((await b.get(`/api/v1/claims/${'y'.repeat(43)}/files/${files[0]!.id}`)).status).toBe(404);

    const mail = await env.DB.prepare("SELECT subject, text FROM outbox WHERE \"to\" = 'reklamujici@example.cz' AND template = 'claim_received' AND subject LIKE ?").bind(`%${number}%`).first<{ subject: string; text: string }>();
    expect(mail!.text).toContain(`/reklamace/${token}`);
  });

  it('files a claim proven by an e-mail through the signed reference', async () => {
    const found = await dataOf<{ reference: string }>(await b.post('/api/v2/issues/find-reference', { tracking_number: shipment.number, email: 'prijemce@example.cz' }));
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, found.reference, [], { reason: 'late' }));
    expect(res.status).toBe(201);
    const byEmail = await postForm('/api/v1/claims', claimForm(shipment.number, '', [], { email: 'prijemce@example.cz' }));
    expect(byEmail.status).toBe(201);
    const stranger = await postForm('/api/v1/claims', claimForm(shipment.number, '', [], { email: 'cizi@example.cz' }));
    expect(stranger.status).toBe(404);
  });

  it('refuses an .exe named photo.jpg with the field error and stores nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM claims').first<{ n: number }>();
    const objects = (await env.FILES.list({ prefix: 'claims/' })).objects.length;
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [[JPEG, 'ok.jpg', 'image/jpeg'], [EXE, 'photo.jpg', 'image/jpeg']]));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorJson;
    expect(body.type).toBe('FORM_VALIDATION_ERROR');
    expect(body.errors).toContainEqual(expect.objectContaining({ field: 'files', code: 'claims.error.file_type' }));
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM claims').first<{ n: number }>())!.n).toBe(before!.n);
    expect((await env.FILES.list({ prefix: 'claims/' })).objects.length).toBe(objects);
  });

  it('refuses 11 files, and names the form fields of other errors', async () => {
    const eleven = Array.from({ length: 11 }, (_, i): [Uint8Array<ArrayBuffer>, string, string] => [JPEG, `f${i}.jpg`, 'image/jpeg']);
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, eleven, { description: 'krátce', bank_account: '124/0800' }));
    expect(res.status).toBe(400);
    const errors = ((await res.json()) as ErrorJson).errors!;
    expect(errors).toContainEqual(expect.objectContaining({ field: 'files', code: 'claims.error.file_count' }));
    expect(errors).toContainEqual(expect.objectContaining({ field: 'description', code: 'claims.error.description_short' }));
    expect(errors).toContainEqual(expect.objectContaining({ field: 'bank_account', code: 'claims.error.bank_account' }));
  });

  it('refuses a file over 10 MB with its field error and keeps none of the files sent with it', async () => {
    const [claimsBefore, objectsBefore] = [await claimCount(), await allClaimObjects()];
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(JPEG);
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [[JPEG, 'ok.jpg', 'image/jpeg'], [big, 'velka.jpg', 'image/jpeg']]));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).errors).toContainEqual(expect.objectContaining({ field: 'files', code: 'claims.error.file_size' }));
    expect(await claimCount()).toBe(claimsBefore);
    expect(await allClaimObjects()).toBe(objectsBefore);
  });

  it('streams an upload: over the total limit it answers 413 as it streams (no Content-Length) and stores nothing; a declared one is refused before reading', async () => {
    const [claimsBefore, objectsBefore] = [await claimCount(), await allClaimObjects()];
    const huge = streamedClaim(shipment.number, shipment.order.token, MAX_CLAIM_UPLOAD_BYTES);
    const res = await postStream('/api/v1/claims', huge.body, { 'content-type': huge.type });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ type: 'API_PAYLOAD_TOO_LARGE_ERROR', status: 413 });
    expect(await claimCount()).toBe(claimsBefore);
    expect(await allClaimObjects()).toBe(objectsBefore);

    let pulled = 0;
    const declared = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const refused = await postStream('/api/v1/claims', declared, { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_CLAIM_UPLOAD_BYTES + 1) });
    expect(refused.status).toBe(413);
    expect(pulled).toBeLessThan(5);

    // the same stream within the limits is a claim with its two files; the first is in R2 before the second has been sent
    let storedEarly = false;
    const waitForFirstFile = async () => {
      for (let i = 0; i < 40 && !storedEarly; i++) {
        storedEarly = (await allClaimObjects()) > objectsBefore;
        if (!storedEarly) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const fine = streamedClaim(shipment.number, shipment.order.token, 1024 * 1024, waitForFirstFile);
    const ok = await postStream('/api/v1/claims', fine.body, { 'content-type': fine.type });
    expect(ok.status).toBe(201);
    expect(storedEarly).toBe(true);
    const { token } = await dataOf<{ token: string }>(ok);
    expect(await r2Keys(token)).toHaveLength(2);
  });

  it('stores files under generated names with the extension of their sniffed type and shows the client names cleaned', async () => {
    const res = await postForm(
      '/api/v1/claims',
      claimForm(shipment.number, shipment.order.token, [
        [JPEG, 'poly.html', 'text/html'],
        [PNG, 'invoice\u202Egnp.exe', 'application/octet-stream'],
        [PDF, '..\\..\\C:\\tmp\\a:b<c>.pdf', 'application/pdf'],
      ]),
    );
    expect(res.status).toBe(201);
    const { token } = await dataOf<{ token: string }>(res);
    const keys = await r2Keys(token);
    expect(keys.map((k) => k.slice(k.lastIndexOf('.'))).sort()).toEqual(['.jpg', '.pdf', '.png']);
    for (const key of keys) expect(key).toMatch(new RegExp(`^claims/${token}/[0-9a-f]{32}\\.(jpg|png|pdf)$`));

    const claim = await dataOf<Claim>(await b.get(`/api/v1/claims/${token}`));
    const files = claim.messages[0]!.files as (Claim['messages'][0]['files'][0] & { download_name: string })[];
    expect(files.map((f) => f.name)).toEqual(['poly.html', 'invoicegnp.exe', 'a_b_c_.pdf']);
    expect(files.map((f) => f.download_name)).toEqual([`${claim.number}-${files[0]!.id}.jpg`, `${claim.number}-${files[1]!.id}.png`, `${claim.number}-${files[2]!.id}.pdf`]);
    const png = await b.get(files[1]!.url);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="${claim.number}-${files[1]!.id}.png"`);
  });

  it('keeps the line breaks of a description and refuses a control character in it', async () => {
    const ok = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [], { description: 'Krabice dorazila promáčklá.\r\nHrnek uvnitř je rozbitý.' }));
    expect(ok.status).toBe(201);
    const bad = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [], { description: 'Krabice dorazila promáčklá.\u202eHrnek uvnitř je rozbitý.' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).errors).toContainEqual(expect.objectContaining({ field: 'description', code: 'validation.control_chars' }));
  });

  it('refuses a JSON body with 415 and accepts an IBAN', async () => {
    expect((await b.post('/api/v1/claims', { tracking_number: shipment.number })).status).toBe(415);
    const res = await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token, [], { bank_account: 'CZ65 0800 0000 1920 0014 5399' }));
    expect(res.status).toBe(201);
  });

  it('adds a customer message with a file; the sandbox moves the claim, e-mails the customer and refuses a transition the machine does not allow', async () => {
    const { token } = await dataOf<{ token: string }>(await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token)));
    const move = (status: string, message?: string) => b.post(`/api/v1/sandbox/claims/${token}/status`, { status, message });

    expect((await move('paid_out')).status).toBe(409);
    const waiting = await move('waiting_for_customer', 'Pošlete prosím fotografii obalu.');
    expect(waiting.status).toBe(200);
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE \"to\" = 'reklamujici@example.cz' AND template = 'claim_updated' AND text LIKE ?").bind(`%${token}%`).first<{ text: string }>();
    expect(mail!.text).toContain('Pošlete prosím fotografii obalu.');

    const form = new FormData();
    form.append('body', 'Posílám fotografii obalu.');
    form.append('files', new File([JPEG], 'obal.jpg', { type: 'image/jpeg' }));
    const answered = await postForm(`/api/v1/claims/${token}/messages`, form);
    expect(answered.status).toBe(201);
    const claim = await dataOf<Claim>(answered);
    expect(claim.status).toBe('in_review');
    expect(claim.messages.map((m) => m.author)).toEqual(['customer', 'team', 'customer']);
    expect(claim.messages[2]!.files).toHaveLength(1);

    expect((await move('accepted')).status).toBe(200);
    expect((await move('paid_out')).status).toBe(200);
    expect((await move('in_review')).status).toBe(409);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE template = 'claim_updated' AND text LIKE ?").bind(`%${token}%`).first<{ n: number }>();
    expect(count!.n).toBe(3);
  });

  it('has no sandbox outside local development', async () => {
    const { token } = await dataOf<{ token: string }>(await postForm('/api/v1/claims', claimForm(shipment.number, shipment.order.token)));
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(new URL(`/api/v1/sandbox/claims/${token}/status`, base), { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'in_review' }) }),
      { ...bindings, LOCAL_DEV: undefined, RATE_LIMIT_WRITES: undefined, RATE_LIMIT_EXPENSIVE: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
  });
});
