import { describe, expect, it, vi } from 'vitest';

const answer = vi.hoisted(() => ({ current: { ok: false, status: 500, body: null as unknown } }));
vi.mock('../../src/api/server', () => ({ apiCall: async () => answer.current }));

const { loadTracking } = await import('../../src/components/tracking/load');

/** what the tracking page shows when the API refuses (spec §8: the failure is kept in the tracking state and shown) */
describe('loadTracking', () => {
  it('shows an archive that cannot be read back as such (archive.records_missing), a plain 500 as a passing outage', async () => {
    const missing = { type: 'API_ERROR', status: 500, message: 'archive.records_missing', errors: [{ field: 'archive', code: 'archive.records_missing', message: 'archive.records_missing' }] };
    answer.current = { ok: false, status: 500, body: missing };
    expect(await loadTracking('ZA12345678CZ')).toEqual({ error: 'archive.records_missing' });
    answer.current = { ok: false, status: 500, body: { type: 'API_ERROR', status: 500, message: 'Internal error' } };
    expect(await loadTracking('ZA12345678CZ')).toEqual({ error: 'tracking.unavailable' });
  });
});
