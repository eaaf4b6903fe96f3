import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../src/lib/types/quote';
import { createOriginApp } from '../../src/server/app';

// DPD's pricing has a bug of ours: it reads a property of undefined
vi.mock('../../src/server/carriers', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/carriers')>();
  const buggy = actual.CARRIERS.map((carrier) =>
    carrier.code === 'dpd'
      ? {
          ...carrier,
          quote: async () => {
            const sheet = undefined as unknown as { services: Quote[] };
            return sheet.services;
          },
        }
      : carrier,
  );
  return { ...actual, CARRIERS: buggy };
});

describe('a bug in a carrier is not a carrier outage', () => {
  it('answers INTERNAL_ERROR for that carrier and stores a server error report naming it and the request', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = createExecutionContext();
    const body = { from: { country: 'cz', zip: '11000' }, to: { country: 'cz', zip: '60200' }, packages: [{ weight: 2 }] };
    const res = await createOriginApp().fetch(
      new Request('http://origin/api/v2/quote/find', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const quotes = ((await res.json()) as { data: Quote[] }).data;
    expect(quotes.filter((q) => q.carrier.code === 'dpd').map((q) => q.errors.map((e) => e.code))).toEqual([['INTERNAL_ERROR']]);
    expect(quotes.some((q) => q.carrier.code === 'ppl' && q.priceVat !== null)).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('dpd'), expect.any(TypeError));

    const row = await env.DB.prepare("SELECT url, error, context FROM app_errors WHERE build = 'server' ORDER BY id DESC LIMIT 1").first<Record<string, string>>();
    expect(row!.url).toBe('POST /api/v2/quote/find');
    expect(JSON.parse(row!.error)).toMatchObject({ name: 'TypeError' });
    expect(JSON.parse(row!.context)).toMatchObject({ carrier: 'dpd', shipment: { from: { country: 'cz', zip: '11000' } } });
  });
});
