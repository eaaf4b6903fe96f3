import { describe, expect, it } from 'vitest';
import { beforePickupCutoff } from '../../src/server/carriers/booking';

// 2026-11-24 is a Tuesday; Prague is UTC+1 in November
const at = (iso: string) => new Date(iso);

describe('a booked shipment can be cancelled until the carrier closes its pickup day', () => {
  it('any time before the pickup date', () => {
    expect(beforePickupCutoff('2026-11-25', '12:00', at('2026-11-24T16:00:00Z'))).toBe(true);
  });
  it('on the pickup day until the order time limit, Prague time', () => {
    expect(beforePickupCutoff('2026-11-24', '12:00', at('2026-11-24T00:30:00Z'))).toBe(true); // 01:30 in Prague
    expect(beforePickupCutoff('2026-11-24', '12:00', at('2026-11-24T10:59:00Z'))).toBe(true); // 11:59
    expect(beforePickupCutoff('2026-11-24', '12:00', at('2026-11-24T11:00:00Z'))).toBe(false); // 12:00
  });
  it('the Prague day decides, not the UTC one', () => {
    // 23:30 UTC on the 23rd is already the 24th in Prague: a pickup on the 24th is today there
    expect(beforePickupCutoff('2026-11-24', '12:00', at('2026-11-23T23:30:00Z'))).toBe(true);
    expect(beforePickupCutoff('2026-11-23', '12:00', at('2026-11-23T23:30:00Z'))).toBe(false);
  });
  it('never after the pickup day; a service without a known limit not on the day; always without a pickup date', () => {
    expect(beforePickupCutoff('2026-11-23', '12:00', at('2026-11-24T08:00:00Z'))).toBe(false);
    expect(beforePickupCutoff('2026-11-24', null, at('2026-11-24T08:00:00Z'))).toBe(false);
    expect(beforePickupCutoff(null, '12:00', at('2026-11-24T08:00:00Z'))).toBe(true);
  });
});
