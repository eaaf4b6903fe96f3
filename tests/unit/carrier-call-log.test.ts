import { describe, expect, it, vi } from 'vitest';
import { CarrierRefusedError, type CarrierTransport } from '../../src/server/carriers/booking';
import { withCallLog, type CarrierCall } from '../../src/server/carriers/call-log';
import { CarrierUnavailableError } from '../../src/server/carriers/types';

const transport = (create: () => Promise<never>): CarrierTransport => ({
  create: create as never,
  cancel: async () => {},
  track: async () => [],
  orderPickup: async () => ({ carrierRef: 'PU1' }),
  cancelPickup: async () => {},
});

describe('the carriers’ call log (withCallLog)', () => {
  it.each([
    ['ok', () => Promise.resolve({ carrierRef: 'X' }) as never],
    ['refused', () => Promise.reject(new CarrierRefusedError('too heavy', '123'))],
    ['unavailable', () => Promise.reject(new CarrierUnavailableError('gls', 'down'))],
    ['error', () => Promise.reject(new TypeError('bug'))],
  ] as const)('records one %s call with its duration, and passes the answer or the error through unchanged', async (outcome, create) => {
    const calls: CarrierCall[] = [];
    const logged = withCallLog(transport(create as () => Promise<never>), 'gls', async (call) => void calls.push(call));
    const result = logged.create({} as never, {} as never).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const answer = await result;
    if (outcome === 'ok') expect(answer).toEqual({ value: { carrierRef: 'X' } });
    else expect((answer as { error: Error }).error.constructor.name).toBe({ refused: 'CarrierRefusedError', unavailable: 'CarrierUnavailableError', error: 'TypeError' }[outcome]);
    expect(calls).toEqual([{ carrier: 'gls', call: 'create', outcome, ms: expect.any(Number) }]);
  });

  it('logs every operation under its name, keeps `find` absent when the carrier has none, and never fails a call because the log failed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: string[] = [];
    const logged = withCallLog(transport(() => Promise.resolve({}) as never), 'wedo', async (call) => {
      calls.push(call.call);
      throw new Error('D1 down');
    });
    expect(logged.find).toBeUndefined();
    await logged.cancel('1', null, new Date(), 'wedo-box');
    await logged.track({} as never, new Date());
    expect(await logged.orderPickup({} as never, new Date())).toEqual({ carrierRef: 'PU1' });
    await logged.cancelPickup('PU1', null, new Date());
    expect(calls).toEqual(['cancel', 'track', 'orderPickup', 'cancelPickup']);
    expect(error).toHaveBeenCalledTimes(4);
    error.mockRestore();
  });
});
