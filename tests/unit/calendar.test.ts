import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  holidaysOf,
  isoWeekday,
  isWithinPickupHorizon,
  isWorkingDay,
  nextWorkingDays,
  pragueNow,
} from '../../src/lib/calendar';

const referenceHolidays = (year: number, country: 'CZ' | 'SK') =>
  new Holidays(country)
    .getHolidays(year)
    .filter((h) => h.type === 'public')
    .map((h) => h.date.slice(0, 10))
    .sort();

describe('holidaysOf', () => {
  it('computes Easter Sunday for known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the 13 Czech days off of 2025', () => {
    expect(holidaysOf(2025, 'cz')).toEqual([
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-05-08', '2025-07-05', '2025-07-06',
      '2025-09-28', '2025-10-28', '2025-11-17', '2025-12-24', '2025-12-25', '2025-12-26',
    ]);
  });

  it('drops the Slovak days off abolished by the consolidation laws', () => {
    expect(holidaysOf(2023, 'sk')).toContain('2023-09-01');
    expect(holidaysOf(2024, 'sk')).not.toContain('2024-09-01');
    expect(holidaysOf(2024, 'sk')).toContain('2024-11-17');
    expect(holidaysOf(2025, 'sk')).not.toContain('2025-11-17');
    expect(holidaysOf(2025, 'sk')).toContain('2025-09-15');
    expect(holidaysOf(2026, 'sk')).not.toContain('2026-05-08');
    expect(holidaysOf(2026, 'sk')).not.toContain('2026-09-15');
    expect(holidaysOf(2027, 'sk')).toEqual(expect.arrayContaining(['2027-05-08', '2027-09-15']));
  });

  it.each([2025, 2026, 2027, 2028, 2029, 2030])('matches date-holidays for CZ %i', (year) => {
    expect(holidaysOf(year, 'cz')).toEqual(referenceHolidays(year, 'CZ'));
  });

  // date-holidays 3.37 keeps SK May 8 and Sep 15 as working days after 2026; law 261/2025
  // suspends them for 2026 only, so from 2027 we list them and the package does not.
  it.each([2025, 2026, 2027, 2028, 2029, 2030])('matches date-holidays for SK %i (bar the 2026-only suspension)', (year) => {
    const restoredAfter2026 = year > 2026 ? [`${year}-05-08`, `${year}-09-15`] : [];
    const ours = holidaysOf(year, 'sk').filter((d) => !restoredAfter2026.includes(d));
    expect(ours).toEqual(referenceHolidays(year, 'SK'));
  });
});

describe('isWorkingDay', () => {
  it('is false on weekends and holidays, true otherwise', () => {
    expect(isWorkingDay('2025-06-02', 'cz')).toBe(true); // Monday
    expect(isWorkingDay('2025-06-07', 'cz')).toBe(false); // Saturday
    expect(isWorkingDay('2025-06-08', 'sk')).toBe(false); // Sunday
    expect(isWorkingDay('2025-07-07', 'cz')).toBe(true);
    expect(isWorkingDay('2025-09-29', 'cz')).toBe(true);
    expect(isWorkingDay('2025-10-28', 'cz')).toBe(false);
    expect(isWorkingDay('2025-10-28', 'sk')).toBe(true);
    expect(isWorkingDay('2025-01-06', 'sk')).toBe(false);
    expect(isWorkingDay('2025-01-06', 'cz')).toBe(true);
    expect(isWorkingDay('2025-04-18', 'cz')).toBe(false); // Good Friday
    expect(isWorkingDay('2025-04-21', 'sk')).toBe(false); // Easter Monday
  });

  it('rejects malformed dates', () => {
    expect(() => isWorkingDay('2025-02-30', 'cz')).toThrow(RangeError);
    expect(() => isWorkingDay('25-1-1', 'cz')).toThrow(RangeError);
  });
});

describe('addWorkingDays', () => {
  it('skips weekends and holidays', () => {
    expect(addWorkingDays('2025-12-23', 1, 'cz')).toBe('2025-12-29');
    expect(addWorkingDays('2025-04-17', 1, 'sk')).toBe('2025-04-22');
    expect(addWorkingDays('2025-06-06', 1, 'cz')).toBe('2025-06-09');
    expect(addWorkingDays('2025-06-02', 5, 'cz')).toBe('2025-06-09');
  });

  it('returns the date itself for 0 and goes back for negative n', () => {
    expect(addWorkingDays('2025-06-07', 0, 'cz')).toBe('2025-06-07');
    expect(addWorkingDays('2025-12-29', -1, 'cz')).toBe('2025-12-23');
  });

  it('crosses year ends', () => {
    expect(addWorkingDays('2025-12-31', 1, 'cz')).toBe('2026-01-02');
  });
});

describe('nextWorkingDays', () => {
  it('includes the start date when it is a working day', () => {
    expect(nextWorkingDays('2025-06-02', 3, 'cz')).toEqual(['2025-06-02', '2025-06-03', '2025-06-04']);
  });

  it('starts at the next working day after a holiday weekend', () => {
    expect(nextWorkingDays('2025-07-05', 2, 'cz')).toEqual(['2025-07-07', '2025-07-08']);
    expect(nextWorkingDays('2025-12-24', 2, 'sk')).toEqual(['2025-12-29', '2025-12-30']);
  });

  it('gives exactly count working days in ascending order', () => {
    const days = nextWorkingDays('2025-12-20', 10, 'cz');
    expect(days).toHaveLength(10);
    expect(days.every((d) => isWorkingDay(d, 'cz'))).toBe(true);
    expect([...days].sort()).toEqual(days);
    expect(days).not.toContain('2026-01-01');
  });
});

describe('pragueNow', () => {
  it('uses CET in winter and CEST in summer', () => {
    expect(pragueNow(new Date('2025-01-15T10:30:00Z'))).toEqual({ date: '2025-01-15', time: '11:30', weekday: 3 });
    expect(pragueNow(new Date('2025-07-15T10:30:00Z'))).toEqual({ date: '2025-07-15', time: '12:30', weekday: 2 });
  });

  it('rolls over to the Prague date before UTC midnight', () => {
    expect(pragueNow(new Date('2025-06-01T22:15:00Z'))).toEqual({ date: '2025-06-02', time: '00:15', weekday: 1 });
    expect(pragueNow(new Date('2025-12-31T23:00:00Z'))).toEqual({ date: '2026-01-01', time: '00:00', weekday: 4 });
  });

  it('answers each minute as its own, asked again and again (the last minute is remembered) and across the change to summer time', () => {
    expect(pragueNow(new Date('2025-03-30T00:59:59.999Z'))).toEqual({ date: '2025-03-30', time: '01:59', weekday: 7 });
    expect(pragueNow(new Date('2025-03-30T00:59:00Z'))).toEqual({ date: '2025-03-30', time: '01:59', weekday: 7 });
    expect(pragueNow(new Date('2025-03-30T01:00:00Z'))).toEqual({ date: '2025-03-30', time: '03:00', weekday: 7 });
    expect(pragueNow(new Date('2025-03-30T01:00:59Z'))).toEqual({ date: '2025-03-30', time: '03:00', weekday: 7 });
    expect(pragueNow(new Date('2025-03-30T01:01:00Z'))).toEqual({ date: '2025-03-30', time: '03:01', weekday: 7 });
    // a caller's change to its answer is not the next caller's
    const first = pragueNow(new Date('2025-03-30T01:01:30Z'));
    first.time = '99:99';
    expect(pragueNow(new Date('2025-03-30T01:01:40Z')).time).toBe('03:01');
    // local mean time (+0:57:44): minutes do not start on UTC's
    expect(pragueNow(new Date('1880-01-01T00:00:10Z')).time).toBe('00:57');
    expect(pragueNow(new Date('1880-01-01T00:00:20Z')).time).toBe('00:58');
  });
});

describe('rules the mutation run asked for', () => {
  it('computes Easter Sunday in a year divisible by 19 and at the ends of its range', () => {
    // years whose correction term m is 1 (rare: 1954, 1981, 2049, 2076)
    expect(easterSunday(1981)).toBe('1981-04-19');
    expect(easterSunday(2049)).toBe('2049-04-18');
    expect(easterSunday(2014)).toBe('2014-04-20');
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2011)).toBe('2011-04-24');
    expect(easterSunday(1943)).toBe('1943-04-25');
  });

  it('refuses a day, month or form that does not exist', () => {
    for (const date of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-1', ' 2026-01-01', '2026-01-01T00:00']) {
      expect(() => isoWeekday(date)).toThrow(new RangeError(`Not an ISO date: ${date}`));
    }
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(['2026-11-23', '2026-11-24', '2026-11-28', '2026-11-29'].map(isoWeekday)).toEqual([1, 2, 6, 7]);
  });

  it('takes pickup dates from today in Prague up to 365 days ahead', () => {
    const now = new Date('2026-11-27T23:30:00Z'); // already the 28th in Prague
    expect(pragueNow(now)).toEqual({ date: '2026-11-28', time: '00:30', weekday: 6 });
    expect(isWithinPickupHorizon('2026-11-27', now)).toBe(false);
    expect(isWithinPickupHorizon('2026-11-28', now)).toBe(true);
    expect(isWithinPickupHorizon('2027-11-28', now)).toBe(true);
    expect(isWithinPickupHorizon('2027-11-29', now)).toBe(false);
  });

  it('keeps Slovak holidays of the years before their abolition', () => {
    expect(holidaysOf(2023, 'sk')).toContain('2023-09-01');
    expect(holidaysOf(2024, 'sk')).not.toContain('2024-09-01');
    expect(holidaysOf(2024, 'sk')).toContain('2024-11-17');
    expect(holidaysOf(2025, 'sk')).not.toContain('2025-11-17');
    expect(holidaysOf(2027, 'sk')).toEqual(expect.arrayContaining(['2027-05-08', '2027-09-15']));
  });
});
