import { and, asc, count, eq, gte, or } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import { phoneE164 } from '../../../lib/schemas/account';
import type { PickupPlaceOutput } from '../../../lib/schemas/business';
import { database } from '../../db/client';
import type { UserRow } from '../../db/repositories/users';
import { pickupPlaces, pickups } from '../../db/schema';
import { notFound } from '../../http/errors';
import { placeInUse, requireContract, tooManyPlaces } from './errors';

/**
 * Pickup places (svozová místa) of contract customers. Every call that takes an id looks the
 * place up under the user first: another user's id answers 404 like a missing one.
 */

export const MAX_PICKUP_PLACES = 100;

export type PickupPlaceRow = typeof pickupPlaces.$inferSelect;
export type PickupPlaceView = {
  id: number;
  name: string;
  company: string;
  contact_person: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  zip: string;
  country: 'cz' | 'sk';
  note: string;
};

export const placeView = (p: PickupPlaceRow): PickupPlaceView => ({
  id: p.id,
  name: p.name,
  company: p.company,
  contact_person: p.contactPerson,
  phone: p.phone,
  email: p.email,
  street: p.street,
  city: p.city,
  zip: p.zip,
  country: p.country,
  note: p.note,
});

const columnsOf = (input: PickupPlaceOutput) => ({
  name: input.name,
  company: input.company,
  contactPerson: input.contact_person,
  phone: phoneE164(input.phone)!,
  email: input.email,
  street: input.street,
  city: input.city,
  zip: input.zip,
  country: input.country,
  note: input.note,
});

export async function placesOf(d1: D1Database, user: UserRow): Promise<PickupPlaceRow[]> {
  requireContract(user);
  return database(d1).select().from(pickupPlaces).where(eq(pickupPlaces.userId, user.id)).orderBy(asc(pickupPlaces.name), asc(pickupPlaces.id)).all();
}

/** the user's own place (404 otherwise), then the contract check */
export async function placeOf(d1: D1Database, user: UserRow, id: number): Promise<PickupPlaceRow> {
  const place = await database(d1).select().from(pickupPlaces).where(and(eq(pickupPlaces.id, id), eq(pickupPlaces.userId, user.id))).get();
  if (!place) throw notFound('No such pickup place');
  requireContract(user);
  return place;
}

export async function createPlace(d1: D1Database, user: UserRow, input: PickupPlaceOutput): Promise<PickupPlaceRow> {
  requireContract(user);
  const db = database(d1);
  const [{ n }] = await db.select({ n: count() }).from(pickupPlaces).where(eq(pickupPlaces.userId, user.id)).all();
  if (n >= MAX_PICKUP_PLACES) throw tooManyPlaces();
  return (await db.insert(pickupPlaces).values({ userId: user.id, ...columnsOf(input) }).returning().get())!;
}

export async function updatePlace(d1: D1Database, user: UserRow, id: number, input: PickupPlaceOutput): Promise<PickupPlaceRow> {
  await placeOf(d1, user, id);
  const updated = await database(d1)
    .update(pickupPlaces)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(and(eq(pickupPlaces.id, id), eq(pickupPlaces.userId, user.id)))
    .returning()
    .get();
  if (!updated) throw notFound('No such pickup place');
  return updated;
}

/** a place with a pickup still to come (one-time from today on, or any regular one) stays until that is cancelled */
export async function deletePlace(d1: D1Database, user: UserRow, id: number, now = new Date()): Promise<void> {
  await placeOf(d1, user, id);
  const db = database(d1);
  const coming = await db
    .select({ id: pickups.id })
    .from(pickups)
    .where(and(eq(pickups.placeId, id), eq(pickups.status, 'ordered'), or(eq(pickups.kind, 'regular'), gte(pickups.date, pragueNow(now).date))))
    .limit(1)
    .get();
  if (coming) throw placeInUse();
  await db.delete(pickupPlaces).where(and(eq(pickupPlaces.id, id), eq(pickupPlaces.userId, user.id)));
}
