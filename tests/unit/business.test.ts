import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MANAGER_APP_URL, managerAppUrl } from '../../src/lib/manager-app';
import { PickupOrderSchema, PickupPlaceSchema } from '../../src/lib/schemas/business';
import { byUpcoming, isPickupCancellable, nextPickupDate, type PickupTiming } from '../../src/server/services/business/pickup-rules';

const oneTime = (date: string, status: PickupTiming['status'] = 'ordered'): PickupTiming => ({ kind: 'one_time', date, weekdays: null, status });
const regular = (date: string, weekdays: number[]): PickupTiming => ({ kind: 'regular', date, weekdays, status: 'ordered' });

describe('pickup cancellation cut-off', () => {
  it('cancels a one-time pickup on an earlier day at any time', () => {
    expect(isPickupCancellable(oneTime('2026-11-25'), '12:00', '2026-11-24', '23:59')).toBe(true);
  });

  it('cancels on the pickup day only before the carrier cut-off', () => {
    expect(isPickupCancellable(oneTime('2026-11-25'), '12:00', '2026-11-25', '11:59')).toBe(true);
    expect(isPickupCancellable(oneTime('2026-11-25'), '12:00', '2026-11-25', '12:00')).toBe(false);
    expect(isPickupCancellable(oneTime('2026-11-25'), '10:00', '2026-11-25', '11:00')).toBe(false);
  });

  it('never cancels a past or an already cancelled pickup', () => {
    expect(isPickupCancellable(oneTime('2026-11-24'), '12:00', '2026-11-25', '08:00')).toBe(false);
    expect(isPickupCancellable(oneTime('2026-11-26', 'cancelled'), '12:00', '2026-11-25', '08:00')).toBe(false);
  });

  it('stops a regular pickup at any time', () => {
    expect(isPickupCancellable(regular('2026-11-02', [1, 3]), '12:00', '2026-11-25', '16:00')).toBe(true);
  });
});

describe('next pickup day', () => {
  // Mon 23 … Fri 27 Nov, Mon 30 Nov, Tue 1 Dec 2026
  const offered = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01'];

  it('is a one-time pickup its own day until that day is past', () => {
    expect(nextPickupDate(oneTime('2026-11-25'), '2026-11-25', offered)).toBe('2026-11-25');
    expect(nextPickupDate(oneTime('2026-11-25'), '2026-11-26', offered)).toBeNull();
  });

  it('is a regular pickup the first offered day on one of its weekdays, not before its first day', () => {
    expect(nextPickupDate(regular('2026-11-23', [3, 5]), '2026-11-23', offered)).toBe('2026-11-25');
    expect(nextPickupDate(regular('2026-11-27', [1]), '2026-11-23', offered)).toBe('2026-11-30');
  });

  it('has none when cancelled', () => {
    expect(nextPickupDate({ ...regular('2026-11-23', [1]), status: 'cancelled' }, '2026-11-23', offered)).toBeNull();
  });

  it('lists upcoming pickups first, soonest first, then the rest latest first', () => {
    const list = [
      { id: 1, date: '2026-11-01', next_date: null },
      { id: 2, date: '2026-11-30', next_date: '2026-11-30' },
      { id: 3, date: '2026-11-10', next_date: null },
      { id: 4, date: '2026-11-23', next_date: '2026-11-25' },
    ];
    expect(list.sort(byUpcoming).map((p) => p.id)).toEqual([4, 2, 3, 1]);
  });
});

describe('pickup requests', () => {
  const base = { pickup_place_id: 3, carrier: 'DPD', window: { from: '08:00', to: '16:00' }, parcel_count: 4 };

  it('needs a date for a one-time pickup and weekdays for a regular one', () => {
    const once = v.safeParse(PickupOrderSchema, { ...base, kind: 'one_time' });
    expect(once.success).toBe(false);
    expect(once.issues?.[0]?.path?.[0]?.key).toBe('date');
    const weekly = v.safeParse(PickupOrderSchema, { ...base, kind: 'regular', weekdays: [] });
    expect(weekly.issues?.[0]?.message).toBe('business.error.weekdays');
  });

  it('takes weekdays Monday to Friday, sorted without repeats, and the carrier in lower case', () => {
    const parsed = v.parse(PickupOrderSchema, { ...base, kind: 'regular', weekdays: [5, 1, 5] });
    expect(parsed).toMatchObject({ carrier: 'dpd', weekdays: [1, 5] });
    expect(v.safeParse(PickupOrderSchema, { ...base, kind: 'regular', weekdays: [6] }).success).toBe(false);
  });

  it('refuses impossible dates, times and counts', () => {
    expect(v.safeParse(PickupOrderSchema, { ...base, kind: 'one_time', date: '2026-02-30' }).success).toBe(false);
    expect(v.safeParse(PickupOrderSchema, { ...base, kind: 'one_time', date: '2026-11-25', window: { from: '8:00', to: '16:00' } }).success).toBe(false);
    expect(v.safeParse(PickupOrderSchema, { ...base, kind: 'one_time', date: '2026-11-25', parcel_count: 0 }).success).toBe(false);
  });
});

describe('pickup places', () => {
  const place = { name: 'Sklad', contact_person: 'Petr Svoboda', phone: '602 111 222', email: 'Sklad@Example.cz', street: 'Jankovcova 2', city: 'Praha 7', zip: '170 00', country: 'CZ' };

  it('are checked like an address to send from and stored normalised', () => {
    expect(v.parse(PickupPlaceSchema, place)).toMatchObject({ zip: '17000', country: 'cz', email: 'sklad@example.cz', company: '', note: '' });
  });

  it('name the fields that are wrong', () => {
    const result = v.safeParse(PickupPlaceSchema, { ...place, zip: '81101', phone: '12', email: 'x', country: 'de' });
    const fields = Object.fromEntries((result.issues ?? []).map((i) => [i.path?.map((p) => p.key).join('.'), i.message]));
    expect(fields).toMatchObject({ phone: 'validation.phone', email: 'validation.email', country: 'validation.country_code' });
    const slovakZip = v.safeParse(PickupPlaceSchema, { ...place, zip: '81101' });
    expect(slovakZip.issues?.map((i) => [i.path?.[0]?.key, i.message])).toEqual([['zip', 'validation.zipCountry']]);
    expect(v.safeParse(PickupPlaceSchema, { ...place, zip: '1700' }).issues?.map((i) => i.message)).toEqual(['validation.zip']);
  });
});

describe('manager app address', () => {
  it('is the production address unless configured', () => {
    expect(managerAppUrl(undefined)).toBe(DEFAULT_MANAGER_APP_URL);
    expect(managerAppUrl(' ')).toBe(DEFAULT_MANAGER_APP_URL);
  });

  it('takes a configured absolute address without its trailing slash', () => {
    expect(managerAppUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000');
  });

  it('refuses anything but an http(s) URL', () => {
    expect(() => managerAppUrl('manager.example.cz')).toThrow(/absolute/);
    expect(() => managerAppUrl('javascript:alert(1)')).toThrow(/absolute/);
  });
});
