/**
 * Working days of the Czech Republic and Slovakia: weekends and public holidays that are
 * days off (dny pracovního klidu / dni pracovného pokoja). Pure; dates are ISO `yyyy-MM-dd`
 * calendar dates without a time zone, `pragueNow` maps an instant onto Europe/Prague.
 *
 * Slovak days off changed by the consolidation laws 530/2023 and 261/2025: Constitution Day
 * (Sep 1) is a working day from 2024, Struggle for Freedom and Democracy Day (Nov 17) from
 * 2025, and Victory Day (May 8) and Our Lady of Sorrows (Sep 15) are working days in 2026 only.
 */
export type CalendarCountry = 'cz' | 'sk';

type FixedHoliday = { monthDay: string; from?: number; until?: number; except?: number[] };

const FIXED: Record<CalendarCountry, FixedHoliday[]> = {
  cz: [
    { monthDay: '01-01' },
    { monthDay: '05-01' },
    { monthDay: '05-08' },
    { monthDay: '07-05' },
    { monthDay: '07-06' },
    { monthDay: '09-28' },
    { monthDay: '10-28' },
    { monthDay: '11-17' },
    { monthDay: '12-24' },
    { monthDay: '12-25' },
    { monthDay: '12-26' },
  ],
  sk: [
    { monthDay: '01-01' },
    { monthDay: '01-06' },
    { monthDay: '05-01' },
    { monthDay: '05-08', except: [2026] },
    { monthDay: '07-05' },
    { monthDay: '08-29' },
    { monthDay: '09-01', until: 2023 },
    { monthDay: '09-15', except: [2026] },
    { monthDay: '11-01' },
    { monthDay: '11-17', until: 2024 },
    { monthDay: '12-24' },
    { monthDay: '12-25' },
    { monthDay: '12-26' },
  ],
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function toUtc(isoDate: string): Date {
  const m = ISO_DATE.exec(isoDate);
  const date = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : new Date(NaN);
  if (!m || date.getUTCDate() !== +m[3] || date.getUTCMonth() !== +m[2] - 1) {
    throw new RangeError(`Not an ISO date: ${isoDate}`);
  }
  return date;
}

const fromUtc = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

const shiftDays = (isoDate: string, days: number) => fromUtc(new Date(toUtc(isoDate).getTime() + days * DAY_MS));

/** Gregorian Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const holidayCache = new Map<string, Set<string>>();

/** Public holidays that are days off, sorted ascending. */
export function holidaysOf(year: number, country: CalendarCountry): string[] {
  return [...holidaySet(year, country)];
}

function holidaySet(year: number, country: CalendarCountry): Set<string> {
  const key = `${country}${year}`;
  let set = holidayCache.get(key);
  if (!set) {
    const easter = easterSunday(year);
    const dates = FIXED[country]
      .filter((h) => (h.from ?? -Infinity) <= year && year <= (h.until ?? Infinity) && !h.except?.includes(year))
      .map((h) => `${year}-${h.monthDay}`);
    dates.push(shiftDays(easter, -2), shiftDays(easter, 1));
    set = new Set(dates.sort());
    holidayCache.set(key, set);
  }
  return set;
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (isoDate: string) => ((toUtc(isoDate).getUTCDay() + 6) % 7) + 1;

export function isWorkingDay(isoDate: string, country: CalendarCountry): boolean {
  return isoWeekday(isoDate) <= 5 && !holidaySet(Number(isoDate.slice(0, 4)), country).has(isoDate);
}

/** The date `n` working days after `isoDate` (n = 0 gives the date itself; negative goes back). */
export function addWorkingDays(isoDate: string, n: number, country: CalendarCountry): string {
  const step = n < 0 ? -1 : 1;
  let date = isoDate;
  for (let left = Math.abs(n); left > 0; ) {
    date = shiftDays(date, step);
    if (isWorkingDay(date, country)) left--;
  }
  return date;
}

/** `count` working days starting at `fromIsoDate` (inclusive when it is a working day). */
export function nextWorkingDays(fromIsoDate: string, count: number, country: CalendarCountry): string[] {
  const days: string[] = [];
  for (let date = fromIsoDate; days.length < count; date = shiftDays(date, 1)) {
    if (isWorkingDay(date, country)) days.push(date);
  }
  return days;
}

// made on first use (a time-zone formatter is costly to make at module load)
let pragueFormatter: Intl.DateTimeFormat | undefined;
const pragueFormat = () =>
  (pragueFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** Calendar date, wall-clock time and ISO weekday in Europe/Prague at `now`. */
export function pragueNow(now: Date = new Date()): { date: string; time: string; weekday: number } {
  // the answer changes only from one minute to the next (Prague's offsets are whole hours since
  // 1891): the last minute's is remembered (formatToParts was ~1 % of an order's CPU, issue 29)
  const t = now.getTime();
  const minute = t >= WHOLE_HOUR_OFFSETS_FROM ? Math.floor(t / 60_000) : NaN;
  if (minute === lastPragueMinute && lastPragueNow) return { ...lastPragueNow };
  const parts = Object.fromEntries(pragueFormat().formatToParts(now).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const answer = { date, time: `${parts.hour}:${parts.minute}`, weekday: isoWeekday(date) };
  lastPragueMinute = minute;
  lastPragueNow = answer;
  return { ...answer };
}

/** 1900-01-01 UTC: from then on Prague's offset from UTC is a whole number of hours (before 1891, local mean time) */
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1900, 0, 1);
let lastPragueMinute = NaN;
let lastPragueNow: { date: string; time: string; weekday: number } | null = null;

/** How far ahead a pickup may be booked: a carrier's calendar ends there. */
export const PICKUP_HORIZON_DAYS = 365;

/**
 * A pickup date is from today (in Prague) to PICKUP_HORIZON_DAYS ahead. Dates outside are
 * refused at the schema, before they reach the working-day calendar (9999-12-31 overflowed it).
 */
export function isWithinPickupHorizon(isoDate: string, now: Date = new Date()): boolean {
  const today = pragueNow(now).date;
  return isoDate >= today && isoDate <= shiftDays(today, PICKUP_HORIZON_DAYS);
}
