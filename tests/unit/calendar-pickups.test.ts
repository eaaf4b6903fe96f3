import { describe, expect, it } from 'vitest';
import { pickupDates } from '../../src/server/services/pickups';
import { timeWindows } from '../../src/server/services/time-windows';

/** an instant given as Prague wall-clock time (offset spelled out) */
const at = (isoWithOffset: string) => new Date(isoWithOffset);

describe('pickupDates', () => {
  it('starts today before the 12:00 cutoff and skips the Christmas holidays', () => {
    expect(pickupDates('cz', at('2025-12-22T10:00:00+01:00'))).toEqual([
      '2025-12-22', '2025-12-23', '2025-12-29', '2025-12-30', '2025-12-31',
      '2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08',
    ]);
  });

  it('starts the next working day from the cutoff on', () => {
    expect(pickupDates('cz', at('2025-12-22T12:00:00+01:00'))[0]).toBe('2025-12-23');
    expect(pickupDates('cz', at('2025-12-22T11:59:00+01:00'))[0]).toBe('2025-12-22');
  });

  it('reads the cutoff in Prague time across the change to summer time', () => {
    expect(pickupDates('cz', new Date('2025-03-28T10:30:00Z'))[0]).toBe('2025-03-28'); // 11:30 CET
    expect(pickupDates('cz', new Date('2025-03-31T10:30:00Z'))[0]).toBe('2025-04-01'); // 12:30 CEST
  });

  it('starts on Monday at the weekend and follows each country’s holidays', () => {
    expect(pickupDates('cz', at('2025-06-07T09:00:00+02:00'))[0]).toBe('2025-06-09');
    expect(pickupDates('cz', at('2026-01-05T13:00:00+01:00'))[0]).toBe('2026-01-06');
    expect(pickupDates('sk', at('2026-01-05T13:00:00+01:00'))[0]).toBe('2026-01-07'); // Epiphany in SK
  });

  it('gives ten ascending distinct dates', () => {
    const dates = pickupDates('sk', at('2025-04-17T15:00:00+02:00'));
    expect(dates).toHaveLength(10);
    expect(dates[0]).toBe('2025-04-22'); // Good Friday and Easter Monday off
    expect(new Set(dates).size).toBe(10);
    expect([...dates].sort()).toEqual(dates);
  });
});

describe('timeWindows', () => {
  const hours = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => ({
      from: `${String(from + i).padStart(2, '0')}:00`,
      to: `${String(from + i + 1).padStart(2, '0')}:00`,
    }));

  it('offers liftago hours starting an hour from now at the earliest', () => {
    expect(timeWindows({ carrier: 'liftago', date: null, country: 'cz' }, at('2025-06-02T10:20:00+02:00'))).toEqual({
      date: '2025-06-02',
      windows: hours(12, 20),
    });
    expect(timeWindows({ carrier: 'liftago', date: null, country: 'cz' }, at('2025-06-02T07:00:00+02:00')).windows).toEqual(hours(8, 20));
  });

  it('moves liftago to the next working day when no hour is left today', () => {
    expect(timeWindows({ carrier: 'liftago', date: null, country: 'cz' }, at('2025-06-02T19:30:00+02:00'))).toEqual({
      date: '2025-06-03',
      windows: hours(8, 20),
    });
    expect(timeWindows({ carrier: 'liftago', date: null, country: 'cz' }, at('2025-12-23T19:00:00+01:00')).date).toBe('2025-12-29');
  });

  it('gives liftago no hours on a weekend, a holiday or a past date', () => {
    const now = at('2025-06-02T10:00:00+02:00');
    expect(timeWindows({ carrier: 'liftago', date: '2025-06-07', country: 'cz' }, now).windows).toEqual([]);
    expect(timeWindows({ carrier: 'liftago', date: '2025-07-07', country: 'cz' }, now).windows).toEqual(hours(8, 20));
    expect(timeWindows({ carrier: 'liftago', date: '2025-07-06', country: 'cz' }, now).windows).toEqual([]);
    expect(timeWindows({ carrier: 'liftago', date: '2025-05-30', country: 'cz' }, now).windows).toEqual([]);
  });

  it('gives couriers one window on the first pickup date', () => {
    const window = [{ from: '08:00', to: '16:00' }];
    expect(timeWindows({ carrier: 'dpd', date: null, country: 'cz' }, at('2025-06-02T10:00:00+02:00'))).toEqual({ date: '2025-06-02', windows: window });
    expect(timeWindows({ carrier: 'ppl', date: null, country: 'cz' }, at('2025-06-02T13:00:00+02:00'))).toEqual({ date: '2025-06-03', windows: window });
    for (const carrier of ['gls', 'ups', 'fedex', 'toptrans'] as const) {
      expect(timeWindows({ carrier, date: '2025-06-04', country: 'cz' }, at('2025-06-02T13:00:00+02:00')).windows).toEqual(window);
    }
  });

  it('gives couriers no window before the first pickup date or on a day off', () => {
    const now = at('2025-06-02T13:00:00+02:00');
    expect(timeWindows({ carrier: 'dpd', date: '2025-06-02', country: 'cz' }, now).windows).toEqual([]);
    expect(timeWindows({ carrier: 'dpd', date: '2025-06-07', country: 'cz' }, now).windows).toEqual([]);
    expect(timeWindows({ carrier: 'gls', date: '2025-09-15', country: 'sk' }, now).windows).toEqual([]);
    expect(timeWindows({ carrier: 'gls', date: '2025-09-15', country: 'cz' }, now).windows).toHaveLength(1);
  });

  it('gives parcel-point networks no courier windows', () => {
    expect(timeWindows({ carrier: 'balikovna', date: null, country: 'cz' })).toEqual({ date: null, windows: [] });
    expect(timeWindows({ carrier: 'wedo', date: '2025-06-04', country: 'cz' })).toEqual({ date: '2025-06-04', windows: [] });
  });
});
