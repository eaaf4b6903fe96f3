import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { createOriginApp } from '../../src/server/app';

// the comparison fails after its first carrier answered
vi.mock('../../src/server/services/quote-service', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/services/quote-service')>();
  return {
    ...actual,
    streamQuotes: async function* (...args: Parameters<typeof actual.streamQuotes>) {
      const quotes = actual.streamQuotes(...args);
      const first = await quotes.next();
      if (!first.done) yield first.value;
      throw new TypeError('boom');
    },
  };
});

describe('the NDJSON quote stream', () => {
  it('ends with one error line in the §8 shape, not a silently cut 200', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createOriginApp().request(
      '/api/v2/quote/find/stream',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: { country: 'cz' }, to: { country: 'cz' }, packages: [{ weight: 2 }] }) },
      env,
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveProperty('serviceId');
    expect(lines[1]).toEqual({ error: { type: 'API_ERROR', status: 500, message: expect.any(String) } });
  });
});
