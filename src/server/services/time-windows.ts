import type { CarrierCode } from '../../lib/types/quote';
import { isWorkingDay, pragueNow, type CalendarCountry } from '../../lib/calendar';
import { pickupDates } from './pickups';

export type TimeWindow = { from: string; to: string };
export type TimeWindows = { date: string | null; windows: TimeWindow[] };

/** couriers that collect ONDEMAND: one window a day */
const COURIER_WINDOW: Partial<Record<CarrierCode, TimeWindow>> = {
  dpd: { from: '08:00', to: '16:00' },
  fedex: { from: '08:00', to: '16:00' },
  gls: { from: '08:00', to: '16:00' },
  ppl: { from: '08:00', to: '16:00' },
  toptrans: { from: '08:00', to: '16:00' },
  ups: { from: '08:00', to: '16:00' },
};

/** Liftago picks up within a chosen hour, 08:00-20:00, starting at least an hour from now */
const LIFTAGO_HOURS = Array.from({ length: 12 }, (_, i) => i + 8);
const LIFTAGO_LEAD_MINUTES = 60;

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function liftagoWindows(date: string, today: string, time: string): TimeWindow[] {
  if (date < today || !isWorkingDay(date, 'cz')) return [];
  const earliest = date === today ? minutesOf(time) + LIFTAGO_LEAD_MINUTES : 0;
  return LIFTAGO_HOURS.filter((h) => h * 60 >= earliest).map((h) => ({ from: hh(h), to: hh(h + 1) }));
}

/**
 * Pickup time windows of a carrier on `date`, or on the first date a pickup is possible when
 * `date` is null. A date with no pickup gives no windows; carriers without courier pickup
 * (parcel-point networks: balikovna, wedo) never have any.
 */
export function timeWindows(
  request: { carrier: CarrierCode; date: string | null; country: CalendarCountry },
  now: Date = new Date(),
): TimeWindows {
  const { date: today, time } = pragueNow(now);
  if (request.carrier === 'liftago') {
    if (request.date) return { date: request.date, windows: liftagoWindows(request.date, today, time) };
    // liftago works same-day, so the order cutoff of the courier pickups does not apply
    for (const date of [today, ...pickupDates('cz', now)]) {
      const windows = liftagoWindows(date, today, time);
      if (windows.length) return { date, windows };
    }
    return { date: null, windows: [] };
  }
  const window = COURIER_WINDOW[request.carrier];
  if (!window) return { date: request.date, windows: [] };
  const first = pickupDates(request.country, now, 1)[0];
  const date = request.date ?? first;
  const possible = date >= first && isWorkingDay(date, request.country);
  return { date, windows: possible ? [window] : [] };
}
