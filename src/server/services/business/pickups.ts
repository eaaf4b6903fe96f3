import { and, desc, eq } from 'drizzle-orm';
import { pragueNow, isoWeekday } from '../../../lib/calendar';
import type { PickupCountry, PickupKind, PickupOrderOutput } from '../../../lib/schemas/business';
import type { CarrierCode } from '../../../lib/types/quote';
import { carrierByCode, carriersFor } from '../../carriers';
import { CarrierRefusedError, type PickupOrder } from '../../carriers/booking';
import { carrierDisplayName } from '../../carriers/names';
import { CarrierUnavailableError, type CarrierAdapter } from '../../carriers/types';
import { carrierOrderable, carrierTransport, NO_PICKUP_API, ONE_TIME_PICKUPS_ONLY } from '../../carriers/availability';
import { database } from '../../db/client';
import type { OriginBindings } from '../../env';
import type { UserRow } from '../../db/repositories/users';
import { pickups } from '../../db/schema';
import { notFound } from '../../http/errors';
import { carrierCutoff, pickupDates, PICKUP_DATES_COUNT } from '../pickups';
import { timeWindows } from '../time-windows';
import { carrierDown, carrierRefused, invalid, notCancellable, requireContract } from './errors';
import { placeOf, placeView, type PickupPlaceView } from './pickup-places';
import { byUpcoming, isPickupCancellable, nextPickupDate, type PickupTiming } from './pickup-rules';

/**
 * Pickups (svozy) of contract customers: a courier ordered to one of their pickup places,
 * once or on chosen weekdays. The days and windows offered are those of GET v1/pickups/dates
 * and POST v2/carrier/time-windows, checked again here; the order goes to the carrier through
 * its transport (a sandbox here) and its number is kept.
 */

export type PickupRow = typeof pickups.$inferSelect;

export type PickupCarrier = { code: CarrierCode; name: string; regular: boolean; cutoff: string };

export type PickupView = {
  id: number;
  place: Omit<PickupPlaceView, 'id'> & { id: number | null };
  carrier: { code: string; name: string };
  kind: PickupKind;
  date: string;
  weekdays: number[] | null;
  window: { from: string; to: string };
  parcel_count: number;
  note: string;
  status: 'ordered' | 'cancelled' | 'done';
  next_date: string | null;
  cancellable: boolean;
  carrier_ref: string;
  created_at: string;
  cancelled_at: string | null;
};

/** a regular pickup needs the same window every day: a courier service with a fixed pickup window */
const collectsRegularly = (carrier: CarrierAdapter) => !ONE_TIME_PICKUPS_ONLY.has(carrier.code) && carrier.sheet.services.some((s) => s.type === 'ONDEMAND' && s.pickupWindow !== null);

const offersPickup = (carrier: CarrierAdapter, country: PickupCountry, now: Date) =>
  !NO_PICKUP_API.has(carrier.code) && carrier.sheet.territories.includes(country) && timeWindows({ carrier: carrier.code, date: null, country }, now).windows.length > 0;

/** the carriers that collect from a place in `country` (and can be booked here), with whether they take regular pickups */
export function pickupCarriers(country: PickupCountry, now = new Date(), orderable: (carrier: string, territory?: PickupCountry) => boolean = () => true): PickupCarrier[] {
  return carriersFor(country)
    .filter((carrier) => offersPickup(carrier, country, now) && orderable(carrier.code, country))
    .map((carrier) => ({ code: carrier.code, name: carrierDisplayName(carrier.code), regular: collectsRegularly(carrier), cutoff: carrierCutoff(carrier.sheet) }));
}

const weekdaysOf = (row: PickupRow) => (row.weekdays ? row.weekdays.split(',').map(Number) : null);
const timingOf = (row: PickupRow): PickupTiming => ({ kind: row.kind, date: row.date, weekdays: weekdaysOf(row), status: row.status });

function viewOf(row: PickupRow, now: Date): PickupView {
  const carrier = carrierByCode(row.carrier);
  const place = JSON.parse(row.place) as PickupPlaceView;
  const { date: today, time } = pragueNow(now);
  const cutoff = carrier ? carrierCutoff(carrier.sheet) : '00:00';
  const offered = row.status === 'ordered' && row.kind === 'regular' ? pickupDates(place.country, now, PICKUP_DATES_COUNT, cutoff) : [];
  const next = nextPickupDate(timingOf(row), today, offered);
  return {
    id: row.id,
    place: { ...place, id: row.placeId },
    carrier: { code: row.carrier, name: carrierDisplayName(row.carrier) },
    kind: row.kind,
    date: row.date,
    weekdays: weekdaysOf(row),
    window: { from: row.windowFrom, to: row.windowTo },
    parcel_count: row.parcelCount,
    note: row.note,
    status: row.status === 'cancelled' ? 'cancelled' : row.kind === 'one_time' && row.date < today ? 'done' : 'ordered',
    next_date: next,
    cancellable: isPickupCancellable(timingOf(row), cutoff, today, time),
    carrier_ref: row.carrierRef,
    created_at: row.createdAt,
    cancelled_at: row.cancelledAt,
  };
}

export async function pickupsOf(d1: D1Database, user: UserRow, now = new Date()): Promise<PickupView[]> {
  requireContract(user);
  const rows = await database(d1).select().from(pickups).where(eq(pickups.userId, user.id)).orderBy(desc(pickups.date), desc(pickups.id)).limit(500).all();
  return rows.map((row) => viewOf(row, now)).sort(byUpcoming);
}

/** the first day of a regular pickup: the first offered day on one of its weekdays */
function checkedDate(input: PickupOrderOutput, offered: string[]): string {
  if (input.kind === 'one_time') {
    if (!offered.includes(input.date!)) throw invalid('date', 'business.error.date_not_offered');
    return input.date!;
  }
  const first = offered.find((day) => input.weekdays!.includes(isoWeekday(day)));
  if (!first) throw invalid('weekdays', 'business.error.date_not_offered');
  return first;
}

export async function orderPickup(env: OriginBindings, user: UserRow, input: PickupOrderOutput, now = new Date()): Promise<PickupView> {
  const d1 = env.DB;
  const place = await placeOf(d1, user, input.pickup_place_id);
  const carrier = carrierByCode(input.carrier);
  if (!carrier || !offersPickup(carrier, place.country, now)) throw invalid('carrier', 'business.error.carrier_no_pickup');
  const transport = carrierTransport(env, carrier);
  if (!transport || !carrierOrderable(env, carrier.code, place.country)) throw invalid('carrier', 'business.error.carrier_not_orderable');
  if (input.kind === 'regular' && !collectsRegularly(carrier)) throw invalid('kind', 'business.error.regular_not_offered');
  const offered = pickupDates(place.country, now, PICKUP_DATES_COUNT, carrierCutoff(carrier.sheet));
  const date = checkedDate(input, offered);
  const { windows } = timeWindows({ carrier: carrier.code, date, country: place.country }, now);
  if (!windows.some((w) => w.from === input.window.from && w.to === input.window.to)) throw invalid('window', 'business.error.window_not_offered');

  const order: PickupOrder = {
    kind: input.kind,
    date,
    weekdays: input.kind === 'regular' ? input.weekdays : null,
    window: input.window,
    place: { name: place.contactPerson, company: place.company || place.name, street: place.street, city: place.city, zip: place.zip, country: place.country, phone: place.phone, email: place.email },
    parcelCount: input.parcel_count,
    note: input.note,
  };
  let carrierRef: string;
  try {
    ({ carrierRef } = await transport.orderPickup(order, now));
  } catch (error) {
    if (error instanceof CarrierRefusedError) throw carrierRefused(error.message);
    if (error instanceof CarrierUnavailableError) throw carrierDown(error.message);
    throw error;
  }
  const row = await database(d1)
    .insert(pickups)
    .values({
      userId: user.id,
      placeId: place.id,
      place: JSON.stringify(placeView(place)),
      carrier: carrier.code,
      kind: input.kind,
      date,
      weekdays: order.weekdays?.join(',') ?? null,
      windowFrom: input.window.from,
      windowTo: input.window.to,
      parcelCount: input.parcel_count,
      note: input.note,
      carrierRef,
    })
    .returning()
    .get();
  return viewOf(row!, now);
}

/** the user's own pickup (404 otherwise), then the contract check */
async function ownPickup(d1: D1Database, user: UserRow, id: number): Promise<PickupRow> {
  const row = await database(d1).select().from(pickups).where(and(eq(pickups.id, id), eq(pickups.userId, user.id))).get();
  if (!row) throw notFound('No such pickup');
  requireContract(user);
  return row;
}

export async function cancelPickup(env: OriginBindings, user: UserRow, id: number, now = new Date()): Promise<PickupView> {
  const d1 = env.DB;
  const row = await ownPickup(d1, user, id);
  if (row.status === 'cancelled') return viewOf(row, now);
  const carrier = carrierByCode(row.carrier);
  const { date: today, time } = pragueNow(now);
  if (!carrier || !isPickupCancellable(timingOf(row), carrierCutoff(carrier.sheet), today, time)) throw notCancellable();
  const transport = carrierTransport(env, carrier);
  if (!transport) throw carrierDown(`${carrier.code} cannot be reached here to cancel the pickup`);
  try {
    await transport.cancelPickup(row.carrierRef, row.kind === 'one_time' ? row.date : null, now);
  } catch (error) {
    if (error instanceof CarrierRefusedError) throw notCancellable(error.message);
    if (error instanceof CarrierUnavailableError) throw carrierDown(error.message);
    throw error;
  }
  const cancelled = await database(d1)
    .update(pickups)
    .set({ status: 'cancelled', cancelledAt: now.toISOString() })
    .where(and(eq(pickups.id, id), eq(pickups.userId, user.id), eq(pickups.status, 'ordered')))
    .returning()
    .get();
  return viewOf(cancelled ?? (await ownPickup(d1, user, id)), now);
}
