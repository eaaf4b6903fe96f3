import { and, asc, between, eq, exists, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { replicaDatabase } from '../replica';
import { parcelPointCarriers, parcelPoints } from '../schema';

/** Parcel points with the networks they serve (comma-separated, as group_concat gives them). */

// qualified by hand: drizzle leaves column names bare in a single-table select
const carriers = sql<string | null>`(SELECT group_concat(c.carrier) FROM parcel_point_carriers c WHERE c.point_id = "parcel_points"."id")`.as('carriers');
const columns = { ...getTableColumns(parcelPoints), carriers };

export type ParcelPointRow = typeof parcelPoints.$inferSelect & { carriers: string | null };

export type BoxQuery = {
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number };
  origin: { lat: number; lng: number };
  kinds?: readonly (typeof parcelPoints.$inferSelect)['kind'][];
  carriers?: readonly (typeof parcelPointCarriers.$inferSelect)['carrier'][];
  collectionOnly?: boolean;
  limit: number;
};

/**
 * The points of a box nearest to `origin`, at most `limit`, by an equirectangular distance
 * computed in SQL (longitude scaled by cos(latitude)): the database applies the limit.
 */
export function nearestInBox(d1: D1Database, q: BoxQuery): Promise<ParcelPointRow[]> {
  const p = parcelPoints;
  const where: SQL[] = [between(p.lat, q.box.minLat, q.box.maxLat), between(p.lng, q.box.minLng, q.box.maxLng)];
  if (q.kinds?.length) where.push(inArray(p.kind, [...q.kinds]));
  if (q.collectionOnly) where.push(eq(p.isCollection, true));
  if (q.carriers?.length) {
    const c = parcelPointCarriers;
    where.push(exists(replicaDatabase(d1).select({ one: sql`1` }).from(c).where(and(eq(c.pointId, p.id), inArray(c.carrier, [...q.carriers])))));
  }
  const scale = Math.cos((q.origin.lat * Math.PI) / 180);
  const distance = sql`(${p.lat} - ${q.origin.lat}) * (${p.lat} - ${q.origin.lat}) + (${p.lng} - ${q.origin.lng}) * (${p.lng} - ${q.origin.lng}) * ${scale * scale}`;
  return replicaDatabase(d1)
    .select(columns)
    .from(p)
    .where(and(...where))
    .orderBy(distance, asc(p.id))
    .limit(q.limit);
}

export const pointById = (d1: D1Database, id: string): Promise<ParcelPointRow | undefined> =>
  replicaDatabase(d1).select(columns).from(parcelPoints).where(eq(parcelPoints.id, id)).get();
