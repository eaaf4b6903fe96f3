import { describe, expect, it } from 'vitest';
import { isErrorCode, type FieldError } from '../../src/lib/api-errors';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { createOriginApp } from '../../src/server/app';
import { browser, type Browser } from './client';

/**
 * Spec §5, §8: a field error carries the spec's code ('validation.required', …), never
 * valibot's own text ("Invalid key: Expected \"score\" but received undefined"). Every
 * endpoint of the origin, anonymous and signed in, gets bodies missing or mistyping fields.
 */
const endpoints = createOriginApp()
  .routes.filter((r) => r.method !== 'ALL' && !/logout|sandbox|\/carriers\/:carrier\/events/.test(r.path))
  .map((r) => ({ method: r.method, path: r.path.replace(/:[a-zA-Z]+/g, '1') }));

const BODIES: unknown[] = [
  {},
  { token: 1, id: [], email: 5, items: 'x', packages: {}, from: 3, to: [], name: {}, type: 7, value: 'x', date: 1, country: 0 },
  { from: { country: 'cz' }, to: {}, packages: [{ type: 0 }], items: [{}], services: [{}] },
];

async function fieldErrorsOf(res: Response): Promise<FieldError[]> {
  if (res.status !== 400 && res.status !== 422) {
    await res.arrayBuffer();
    return [];
  }
  const body = (await res.json().catch(() => ({}))) as { errors?: FieldError[] };
  return body.errors ?? [];
}

async function sweep(b: Browser): Promise<{ checked: number; bad: string[] }> {
  const bad: string[] = [];
  let checked = 0;
  for (const { method, path } of endpoints) {
    const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
    for (const body of bodies) {
      const errors = await fieldErrorsOf(await b.call(method, path, body));
      checked += errors.length;
      for (const e of errors) {
        if (!isErrorCode(e.code) || /^Invalid /.test(e.message)) bad.push(`${method} ${path} ${e.field}: ${e.code} / ${e.message}`);
      }
    }
  }
  return { checked, bad };
}

describe('server field errors are codes (spec §8)', () => {
  it('a missing rating answers validation.required on its field', async () => {
    const res = await browser().post('/api/v1/shipments/rating', { token: 'x'.repeat(43), id: 1 });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: FieldError[] };
    expect(errors).toContainEqual({ field: 'rating', code: 'validation.required', message: 'validation.required' });
  });

  it('every endpoint, anonymous and signed in, answers codes only', async () => {
    const anonymous = await sweep(browser());
    const firma = DEMO_ACCOUNTS.find((a) => a.email.startsWith('firma'))!;
    const signedIn = browser();
    expect((await signedIn.post('/api/v1/user/login', { email: firma.email, password: firma.password })).status).toBe(200);
    const own = await sweep(signedIn);
    expect([...anonymous.bad, ...own.bad]).toEqual([]);
    expect(anonymous.checked + own.checked).toBeGreaterThan(50);
  }, 120_000);
});
