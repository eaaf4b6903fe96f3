import { isoWeekday } from '../../../lib/calendar';
import type { PickupKind } from '../../../lib/schemas/business';

/** Rules of ordered pickups, pure: today and the time are Europe/Prague wall-clock values. */

export type PickupTiming = { kind: PickupKind; date: string; weekdays: readonly number[] | null; status: 'ordered' | 'cancelled' };

/**
 * A one-time pickup is cancelled until the carrier's order cut-off on its day (after that the
 * courier is on the way); a regular one can be stopped at any time (the carrier's cut-off
 * decides whether today's round still happens).
 */
export function isPickupCancellable(pickup: PickupTiming, cutoff: string, today: string, time: string): boolean {
  if (pickup.status !== 'ordered') return false;
  if (pickup.kind === 'regular') return true;
  return pickup.date > today || (pickup.date === today && time < cutoff);
}

/**
 * The pickup's next day: a one-time pickup's day while it is not past; a regular pickup's
 * first `offered` day (the carrier's coming pickup days) on one of its weekdays, not before
 * its first day. Null when there is none: done, cancelled, or nothing offered.
 */
export function nextPickupDate(pickup: PickupTiming, today: string, offered: readonly string[]): string | null {
  if (pickup.status !== 'ordered') return null;
  if (pickup.kind === 'one_time') return pickup.date >= today ? pickup.date : null;
  return offered.find((day) => day >= pickup.date && (pickup.weekdays ?? []).includes(isoWeekday(day))) ?? null;
}

/** upcoming pickups first, soonest first; then the rest, latest day first */
export function byUpcoming<T extends { next_date: string | null; date: string; id: number }>(a: T, b: T): number {
  if (a.next_date && b.next_date) return a.next_date.localeCompare(b.next_date) || a.id - b.id;
  if (a.next_date || b.next_date) return a.next_date ? -1 : 1;
  return b.date.localeCompare(a.date) || b.id - a.id;
}
