import { describe, expect, it, vi } from 'vitest';
import { CARRIERS, carriersFor } from '../../src/server/carriers';
import { CarrierUnavailableError, type CarrierAdapter } from '../../src/server/carriers/types';
import { findQuotes, quoteDetail, streamQuotes } from '../../src/server/services/quote-service';
import { context, shipment } from './quote-fixtures';

const DEADLINE = 200;

const byCode = (code: string) => CARRIERS.find((c) => c.code === code)!;
const slow = (carrier: CarrierAdapter, ms: number): CarrierAdapter => ({
  ...carrier,
  quote: (...args) => new Promise((resolve) => setTimeout(() => resolve(carrier.quote(...args)), ms)),
});
const failing = (carrier: CarrierAdapter): CarrierAdapter => ({ ...carrier, quote: async () => Promise.reject(new CarrierUnavailableError(carrier.code, 'HTTP 503')) });
/** a bug of ours inside a carrier's pricing */
const buggy = (carrier: CarrierAdapter): CarrierAdapter => ({
  ...carrier,
  quote: async () => {
    const sheet = undefined as unknown as { services: unknown[] };
    return sheet.services as never;
  },
});
const hanging = (carrier: CarrierAdapter): CarrierAdapter => ({ ...carrier, quote: () => new Promise(() => {}) });

const withFakes = () => CARRIERS.map((c) => (c.code === 'gls' ? hanging(c) : c.code === 'ups' ? failing(c) : c));

vi.spyOn(console, 'warn').mockImplementation(() => {});
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

describe('findQuotes', () => {
  it('asks every carrier of the territory and keeps carrier order', async () => {
    const quotes = await findQuotes(shipment(), context());
    const order = [...new Set(quotes.map((q) => q.carrier.code))];
    expect(order).toEqual(carriersFor('cz').map((c) => c.code));
    const sk = await findQuotes(shipment({ territory: 'sk' }), context());
    expect(sk.some((q) => q.carrier.code === 'ppl')).toBe(false);
  });

  it('turns a failing and a late carrier into unavailable quotes while the others answer within the deadline', async () => {
    const started = performance.now();
    const quotes = await findQuotes(shipment(), context(), { carriers: withFakes(), deadlineMs: DEADLINE });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(DEADLINE + 150);

    for (const code of ['gls', 'ups']) {
      const [quote] = quotes.filter((q) => q.carrier.code === code);
      expect(quote.errors).toEqual([{ code: 'CARRIER_UNAVAILABLE', message: 'Služba není pro zadané parametry zásilky dostupná.' }]);
      expect(quote.priceVat).toBeNull();
    }
    const dpd = quotes.find((q) => q.serviceId === 'dpd-classic')!;
    expect(dpd.priceVat).not.toBeNull();
  });
});

describe('a bug is not an outage', () => {
  it('logs a programming error as an error, reports it and marks the quote INTERNAL_ERROR, not CARRIER_UNAVAILABLE', async () => {
    errors.mockClear();
    const reportBug = vi.fn();
    const carriers = CARRIERS.map((c) => (c.code === 'dpd' ? buggy(c) : c));
    const quotes = await findQuotes(shipment(), context(), { carriers, deadlineMs: DEADLINE, reportBug });
    const dpd = quotes.filter((q) => q.carrier.code === 'dpd');
    expect(dpd).toHaveLength(1);
    expect(dpd[0]!.errors.map((e) => e.code)).toEqual(['INTERNAL_ERROR']);
    expect(dpd[0]!.priceVat).toBeNull();
    expect(reportBug).toHaveBeenCalledOnce();
    expect(reportBug.mock.calls[0]![0]).toMatchObject({ carrier: 'dpd', serviceId: null });
    expect(reportBug.mock.calls[0]![0].error).toBeInstanceOf(TypeError);
    expect(errors).toHaveBeenCalled();
    // the others are priced as usual
    expect(quotes.find((q) => q.serviceId === 'ppl-parcel-connect' || q.carrier.code === 'ppl')!.priceVat).not.toBeNull();
  });

  it('keeps an outage an outage: a transport error, an abort or a late carrier is not reported', async () => {
    const reportBug = vi.fn();
    const aborted = (carrier: CarrierAdapter): CarrierAdapter => ({ ...carrier, quote: async () => Promise.reject(AbortSignal.abort().reason) });
    const fakes: Record<string, (c: CarrierAdapter) => CarrierAdapter> = { ups: failing, dpd: aborted, gls: hanging };
    const carriers = CARRIERS.map((c) => fakes[c.code]?.(c) ?? c);
    const quotes = await findQuotes(shipment(), context(), { carriers, deadlineMs: DEADLINE, reportBug });
    for (const code of Object.keys(fakes)) {
      expect(quotes.find((q) => q.carrier.code === code)!.errors.map((e) => e.code), code).toEqual(['CARRIER_UNAVAILABLE']);
    }
    expect(reportBug).not.toHaveBeenCalled();
  });
});

describe('streamQuotes', () => {
  it('yields each carrier as it answers, fastest first, the late one at its deadline', async () => {
    const carriers = [slow(byCode('dpd'), 120), byCode('ppl'), hanging(byCode('gls'))];
    const started = performance.now();
    const seen: { code: string; at: number; error: boolean }[] = [];
    for await (const quote of streamQuotes(shipment(), context(), { carriers, deadlineMs: DEADLINE })) {
      seen.push({ code: quote.carrier.code, at: performance.now() - started, error: quote.errors.length > 0 });
    }
    const firstOf = (code: string) => seen.find((s) => s.code === code)!;
    expect(seen.map((s) => s.code).filter((c, i, all) => all.indexOf(c) === i)).toEqual(['ppl', 'dpd', 'gls']);
    expect(firstOf('ppl').at).toBeLessThan(60);
    expect(firstOf('dpd').at).toBeGreaterThanOrEqual(100);
    expect(firstOf('gls')).toMatchObject({ error: true });
    expect(firstOf('gls').at).toBeGreaterThanOrEqual(DEADLINE - 5);
  });

  it('yields the first carrier before the others are priced (issue 29: the first line leaves at once)', async () => {
    const asked: string[] = [];
    const carriers = ['dpd', 'ppl', 'gls'].map((code): CarrierAdapter => {
      const carrier = byCode(code);
      return { ...carrier, quote: (...args) => (asked.push(code), carrier.quote(...args)) };
    });
    const stream = streamQuotes(shipment(), context(), { carriers });
    const first = await stream.next();
    expect(first.value).toMatchObject({ carrier: { code: 'dpd' } });
    expect(asked).toEqual(['dpd']);
    const codes = [first.value!.carrier.code];
    for await (const quote of stream) codes.push(quote.carrier.code);
    expect(new Set(codes)).toEqual(new Set(['dpd', 'ppl', 'gls']));
    expect(asked).toEqual(['dpd', 'ppl', 'gls']);
  });
});

describe('quoteDetail', () => {
  const inPrague = shipment({ from: { country: 'cz', zip: '11000', city: 'Praha' }, to: { country: 'cz', zip: '17000', city: 'Praha' } });

  it('completes a quote the find left incomplete', async () => {
    const found = (await findQuotes(inPrague, context())).find((q) => q.serviceId === 'liftago-same-day')!;
    expect(found.complete).toBe(false);
    const detail = await quoteDetail(inPrague, found.serviceId, context());
    expect(detail).toMatchObject({ serviceId: 'liftago-same-day', complete: true });
    expect(detail!.timeInTransit.pickupWindow).toBe('10:00 - 12:00');
    expect(detail!.priceVat).not.toBeNull();
  });

  it('prices delivery to a parcel point when preferred (address versus parcel point)', async () => {
    const address = await quoteDetail(shipment(), 'gls-business-parcel', context());
    const point = await quoteDetail(shipment({ preferDeliveryBranch: true }), 'gls-business-parcel', context());
    expect(point!.priceVat!.value).toBeLessThan(address!.priceVat!.value);
    expect(point!.attributes.deliveryBranchPreferred).toBe(true);
  });

  it('is null for a service of no carrier in the territory', async () => {
    expect(await quoteDetail(shipment(), 'nope-service', context())).toBeNull();
    expect(await quoteDetail(shipment({ territory: 'sk' }), 'ppl-business', context())).toBeNull();
  });

  it('answers an unavailable quote when the carrier fails', async () => {
    const detail = await quoteDetail(shipment(), 'ups-standard', context(), { carriers: withFakes() });
    expect(detail).toMatchObject({ serviceId: 'ups-standard', complete: true, price: null, errors: [{ code: 'CARRIER_UNAVAILABLE' }] });
  });
});
