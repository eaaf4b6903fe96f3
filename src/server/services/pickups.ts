import { nextWorkingDays, pragueNow, type CalendarCountry } from '../../lib/calendar';

/** orders after this (Europe/Prague) are picked up on the next working day at the earliest */
export const PICKUP_ORDER_CUTOFF = '12:00';
export const PICKUP_DATES_COUNT = 10;

/** The next pickup dates: working days from today on, today only before the order cutoff. */
export function pickupDates(country: CalendarCountry, now: Date = new Date(), count = PICKUP_DATES_COUNT, cutoff = PICKUP_ORDER_CUTOFF): string[] {
  const { date, time } = pragueNow(now);
  const days = nextWorkingDays(date, count + 1, country);
  return (days[0] === date && time >= cutoff ? days.slice(1) : days).slice(0, count);
}

/** a carrier's cutoff: the earliest order time limit of its courier-pickup services */
export const carrierCutoff = (sheet: { services: { type: string; orderTimeLimit: string }[] }) =>
  sheet.services.filter((s) => s.type === 'ONDEMAND').map((s) => s.orderTimeLimit).sort()[0] ?? PICKUP_ORDER_CUTOFF;
