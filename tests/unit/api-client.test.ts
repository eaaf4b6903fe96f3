import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiStream } from '../../src/api/client';

afterEach(() => vi.restoreAllMocks());

const ndjson = (...lines: unknown[]) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { headers: { 'content-type': 'application/x-ndjson' } });

describe('apiStream', () => {
  it('hands over every line and resolves with all of them', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(ndjson({ id: 1 }, { id: 2 }));
    const seen: unknown[] = [];
    expect(await apiStream('/v2/quote/find/stream', {}, (item) => seen.push(item))).toEqual([{ id: 1 }, { id: 2 }]);
    expect(seen).toHaveLength(2);
  });

  it('fails with the §8 error of a stream that ended with an error line, after handing over what came before', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(ndjson({ id: 1 }, { error: { type: 'API_ERROR', status: 500, message: 'stopped' } }));
    const seen: unknown[] = [];
    const failure = await apiStream('/v2/quote/find/stream', {}, (item) => seen.push(item)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiClientError);
    expect(failure).toMatchObject({ status: 500, type: 'API_ERROR', message: 'stopped' });
    expect(seen).toEqual([{ id: 1 }]);
  });
});
