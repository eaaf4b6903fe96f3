import type { TimeInTransit } from '../../../lib/types/quote';
import type { ServiceSheet, TimeWindowRule } from '../types';
import { addWorkingDays, isWorkingDay, nextWorkingDays, pragueNow, type CalendarCountry } from '../../../lib/calendar';
import type { Shipment } from './shipment';

/** Pickup and delivery dates on CZ/SK working days, Europe/Prague wall-clock times. */

/** Foreign countries fall back to the Czech calendar (the only other one we know is Slovak). */
const calendarOf = (country: string): CalendarCountry => (country === 'sk' ? 'sk' : 'cz');

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const windowText = (from: string, to: string) => `${from} - ${to}`;

/** Today when it is a working day and the order time limit has not passed, else the next working day. */
export function earliestPickupDate(orderTimeLimit: string, originCountry: string, now: Date): string {
  const calendar = calendarOf(originCountry);
  const { date, time } = pragueNow(now);
  return isWorkingDay(date, calendar) && time < orderTimeLimit ? date : addWorkingDays(date, 1, calendar);
}

/** The requested pickup date when it is not earlier than the earliest (moved to a working day), else the earliest. */
function pickupDateOf(service: ServiceSheet, shipment: Shipment, now: Date): string {
  const earliest = earliestPickupDate(service.orderTimeLimit, shipment.from.country, now);
  const requested = shipment.pickupDate;
  return requested && requested > earliest ? nextWorkingDays(requested, 1, calendarOf(shipment.from.country))[0] : earliest;
}

/** The courier's pickup window, narrowed to the requested from/to times when they overlap it. */
function pickupWindowOf(service: ServiceSheet, shipment: Shipment): { from: string; to: string } | null {
  const window = service.pickupWindow;
  if (!window) return null;
  const from = shipment.fromTime && shipment.fromTime > window.from ? shipment.fromTime : window.from;
  const to = shipment.toTime && shipment.toTime < window.to ? shipment.toTime : window.to;
  return from < to ? { from, to } : window;
}

/** Times of a courier or drop-off service; without transit days (route not served) there is no delivery date. */
export function timeInTransit(service: ServiceSheet, shipment: Shipment, transitDays: number | null, now: Date): TimeInTransit {
  const pickupDate = pickupDateOf(service, shipment, now);
  const pickup = pickupWindowOf(service, shipment);
  const delivery = service.deliveryWindow ?? null;
  return {
    orderTimeLimit: service.orderTimeLimit,
    pickupDate,
    deliveryDate: transitDays === null ? null : addWorkingDays(pickupDate, transitDays, calendarOf(shipment.to.country)),
    pickupFromTime: pickup?.from ?? null,
    pickupToTime: pickup?.to ?? null,
    pickupWindow: pickup ? windowText(pickup.from, pickup.to) : null,
    deliveryFromTime: delivery?.from ?? null,
    deliveryToTime: delivery?.to ?? null,
    deliveryWindow: delivery ? windowText(delivery.from, delivery.to) : null,
    hoursInTransit: transitDays === null ? null : transitDays * 24,
  };
}

export type BookableWindow = { date: string; from: string; to: string; peak: boolean };

/**
 * The windows a same-day courier can still be booked for on one day: the requested date
 * (moved to a working day) when it is later than the earliest possible day, else the
 * earliest day that has a window starting at least `leadMinutes` from now.
 */
export function bookableWindows(rule: TimeWindowRule, originCountry: string, now: Date, requestedDate: string | null = null): BookableWindow[] {
  const calendar = calendarOf(originCountry);
  const { date: today, time } = pragueNow(now);
  const earliestStart = toMinutes(time) + rule.leadMinutes;
  const starts: number[] = [];
  for (let start = toMinutes(rule.firstStart); start <= toMinutes(rule.lastStart); start += rule.hours * 60) starts.push(start);

  const todayOpen = isWorkingDay(today, calendar) && starts.some((s) => s >= earliestStart);
  const earliestDay = todayOpen ? today : addWorkingDays(today, 1, calendar);
  const day = requestedDate && requestedDate > earliestDay ? nextWorkingDays(requestedDate, 1, calendar)[0] : earliestDay;
  return starts
    .filter((start) => day !== today || start >= earliestStart)
    .map((start) => ({
      date: day,
      from: toHhmm(start),
      to: toHhmm(start + rule.hours * 60),
      peak: start >= toMinutes(rule.peakFrom),
    }));
}

/**
 * The requested window when bookable (matched by its start, or the one that holds the requested
 * start: the configurator offers hour windows inside the sheet's longer ones), else the first.
 */
export function chooseWindow(windows: BookableWindow[], fromTime: string | null): BookableWindow {
  return windows.find((w) => w.from === fromTime) ?? (fromTime ? windows.find((w) => w.from <= fromTime && fromTime < w.to) : undefined) ?? windows[0];
}

/**
 * Times of a same-day delivery on `day`: picked up in the booked window, delivered within
 * the hour after it. Without a booked window (a find) only the day is known.
 */
export function windowTimeInTransit(service: ServiceSheet, day: string, window: BookableWindow | null): TimeInTransit {
  const deliveryFrom = window ? toHhmm(toMinutes(window.from) + 60) : null;
  const deliveryTo = window ? toHhmm(toMinutes(window.to) + 60) : null;
  return {
    orderTimeLimit: service.orderTimeLimit,
    pickupDate: day,
    deliveryDate: day,
    pickupFromTime: window?.from ?? null,
    pickupToTime: window?.to ?? null,
    pickupWindow: window ? windowText(window.from, window.to) : null,
    deliveryFromTime: deliveryFrom,
    deliveryToTime: deliveryTo,
    deliveryWindow: window ? windowText(deliveryFrom!, deliveryTo!) : null,
    hoursInTransit: window ? 1 : null,
  };
}
