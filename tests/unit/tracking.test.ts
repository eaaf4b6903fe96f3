import { describe, expect, it } from 'vitest';
import { CARRIERS } from '../../src/server/carriers';
import { rawCodeOf, sandboxStory } from '../../src/server/carriers/sandbox-story';
import { TRACKING_STATUSES } from '../../src/server/carriers/types';
import { eventKeyOf } from '../../src/server/services/tracking/ingest';

const query = (trackingNumber: string, toParcelPoint = false) => ({
  carrierRef: 'REF1',
  trackingNumber,
  pickupDate: '2026-11-24',
  deliveryDate: '2026-11-25',
  toParcelPoint,
  fromCity: 'Brno',
  toCity: 'Praha',
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('carrier status mappings', () => {
  for (const carrier of CARRIERS) {
    it(`${carrier.code}: every raw code maps onto a normalized status, unknown codes to unknown`, () => {
      for (const [raw, status] of Object.entries(carrier.tracking)) {
        expect(TRACKING_STATUSES).toContain(status);
        expect(carrier.trackingStatus(raw.toLowerCase())).toBe(status);
      }
      expect(carrier.trackingStatus('NO-SUCH-CODE')).toBe('unknown');
      // the sandbox story speaks only the carrier's own codes, and always reaches delivered
      const story = sandboxStory(query('IZ0000000003'), carrier.tracking).map((e) => carrier.trackingStatus(e.rawStatus));
      expect(story).not.toContain('unknown');
      expect(story.at(-1)).toBe('delivered');
      expect(carrier.trackingStatus(rawCodeOf(carrier.tracking, 'delivered'))).toBe('delivered');
    });
  }
});

describe('the sandbox carrier story', () => {
  // the rate-sheet sandbox's story, told here in GLS's codes (GLS itself now books through its MyGLS sandbox)
  const carrier = CARRIERS.find((c) => c.code === 'gls')!;
  const statuses = (n: string, point = false) => sandboxStory(query(n, point), carrier.tracking).map((e) => carrier.trackingStatus(e.rawStatus));

  it('goes picked up → in transit → out for delivery → delivered, in time order, from the pickup day', () => {
    const events = sandboxStory(query('IZ0000000001'), carrier.tracking);
    const times = events.map((e) => e.time);
    expect([...times].sort()).toEqual(times);
    expect(times[0]!.startsWith('2026-11-24')).toBe(true);
    expect(new Set(events.map(eventKeyOf)).size).toBe(events.length);
  });

  it('ends at the parcel point when the parcel goes there, and sometimes fails once before delivering', () => {
    const numbers = Array.from({ length: 40 }, (_, i) => `IZ${String(1000000000 + i)}`);
    const stories = numbers.map((n) => statuses(n));
    expect(stories.every((s) => s[0] === 'picked_up' && s.at(-1) === 'delivered')).toBe(true);
    expect(stories.some((s) => s.includes('delivery_failed'))).toBe(true);
    expect(stories.some((s) => !s.includes('delivery_failed'))).toBe(true);
    expect(statuses('IZ0000000002', true)).toEqual(['picked_up', 'in_transit', 'ready_for_pickup', 'delivered']);
  });

  it('is the same story every time it is asked (the poller and the advance control agree)', () => {
    expect(sandboxStory(query('IZ5555555555'), carrier.tracking)).toEqual(sandboxStory(query('IZ5555555555'), carrier.tracking));
  });
});

describe('event keys', () => {
  it('use the carrier event id, or the raw status and its time', () => {
    expect(eventKeyOf({ eventId: 'e1', rawStatus: 'X', time: 't' })).toBe('e1');
    expect(eventKeyOf({ eventId: '', rawStatus: 'DELIVERED', time: '2026-11-25T10:00:00Z' })).toBe('DELIVERED@2026-11-25T10:00:00Z');
  });
});
