import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARRIER_CODES } from '../../src/lib/types/quote';
import { carrierTransport } from '../../src/server/carriers/availability';
import { SANDBOX_CARRIER_DOWN } from '../../src/server/carriers/booking';
import { CarrierUnavailableError } from '../../src/server/carriers/types';
import { ups } from '../../src/server/carriers/ups';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed';
import { pruneAppEvents, RETENTION_DAYS } from '../../src/server/services/app-events';
import type { CarrierHealth } from '../../src/server/services/carrier-health';
import { upsBooking } from '../unit/ups-fixtures';
import { browser, dataOf } from './client';

const PATH = '/api/v1/app/carriers/health';
const context = { exchangeRates: { CZK: 1, EUR: 25 }, now: new Date() };
const deployed = { LOCAL_DEV: undefined };
const upsOf = (health: CarrierHealth[]) => health.find((h) => h.carrier === 'ups')!;

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('GET v1/app/carriers/health (issue 24)', () => {
  it('locally lists the nine carriers in sandbox mode, with each call to a carrier in the log: last call, outcome and the last hour’s error rate', async () => {
    const before = upsOf(await dataOf<CarrierHealth[]>(await browser().get(PATH)));
    const transport = carrierTransport(env as never, ups)!;
    await transport.create(upsBooking({ weights: [2] }), context);
    await expect(transport.create(upsBooking({ reference: SANDBOX_CARRIER_DOWN }), context)).rejects.toBeInstanceOf(CarrierUnavailableError);

    const res = await browser().get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const health = await dataOf<CarrierHealth[]>(res);
    expect(health.map((h) => h.carrier)).toEqual([...CARRIER_CODES]);
    expect(new Set(health.map((h) => h.mode))).toEqual(new Set(['sandbox']));
    const after = upsOf(health);
    expect(after.last_call).toMatchObject({ call: 'create', outcome: 'unavailable' });
    expect(after.last_call!.ms).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(after.last_call!.at)).toBeLessThan(60_000);
    expect(after.last_hour.calls).toBe(before.last_hour.calls + 2);
    expect(after.last_hour.failed).toBe(before.last_hour.failed + 1);
    expect(after.last_hour.error_rate).toBeCloseTo(after.last_hour.failed / after.last_hour.calls, 3);
  });

  it('a refusal is the carrier’s answer, not a failure: counted apart from the error rate', async () => {
    const before = upsOf(await dataOf<CarrierHealth[]>(await browser().get(PATH)));
    const transport = carrierTransport(env as never, ups)!;
    // a day long past: UPS refuses the pickup order
    const refused = transport.orderPickup({ kind: 'one_time', date: '2020-01-06', weekdays: null, window: { from: '09:00', to: '12:00' }, place: upsBooking().sender, parcelCount: 1, note: '' }, new Date());
    await expect(refused).rejects.toThrow();
    const after = upsOf(await dataOf<CarrierHealth[]>(await browser().get(PATH)));
    expect(after.last_call).toMatchObject({ call: 'orderPickup', outcome: 'refused' });
    expect(after.last_hour.refused).toBe(before.last_hour.refused + 1);
    expect(after.last_hour.failed).toBe(before.last_hour.failed);
  });

  it('deployed, it exists only for a signed-in internal user; modes say which carriers have credentials', async () => {
    expect((await browser().call('GET', PATH, undefined, {}, deployed)).status).toBe(404);
    const b = browser();
    const demo = DEMO_ACCOUNTS[0];
    expect((await b.post('/api/v1/user/login', { email: demo.email, password: demo.password })).status).toBe(200);
    expect((await b.call('GET', PATH, undefined, {}, { ...deployed, INTERNAL_USER_EMAILS: 'provoz@zasilkovac.test' } as never)).status).toBe(404);
    const res = await b.call('GET', PATH, undefined, {}, { ...deployed, INTERNAL_USER_EMAILS: `provoz@zasilkovac.test, ${demo.email.toUpperCase()}`, UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' } as never);
    expect(res.status).toBe(200);
    const modes = Object.fromEntries((await dataOf<CarrierHealth[]>(res)).map((h) => [h.carrier, h.mode]));
    expect(modes).toEqual({ ...Object.fromEntries(CARRIER_CODES.map((c) => [c, 'not_configured'])), ups: 'live' });
  });

  it('the call log is kept seven days: older calls are pruned by the daily job', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await env.DB.prepare("INSERT INTO carrier_calls (created_at, carrier, call, outcome, ms) VALUES (?, 'gls', 'track', 'ok', 5), (?, 'gls', 'track', 'ok', 6)")
      .bind(daysAgo(RETENTION_DAYS.carrier_calls + 1), daysAgo(RETENTION_DAYS.carrier_calls - 1))
      .run();
    const deleted = await pruneAppEvents(env.DB, new Date());
    expect(deleted.carrier_calls).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT ms FROM carrier_calls WHERE carrier = 'gls' AND call = 'track' AND ms IN (5, 6)").all<{ ms: number }>();
    expect(left.results.map((r) => r.ms)).toEqual([6]);
  });
});
