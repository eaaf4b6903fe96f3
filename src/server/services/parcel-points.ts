import type { ParcelPointKind } from '../../lib/schemas/shipping-data';
import type { ParcelPointServiceFilter } from '../../lib/schemas/carriers';
import { PARCEL_POINT_CARRIERS, type ParcelPoint, type ParcelPointCarrier } from '../../lib/types/quote';
import { bboxAround, haversineMetres, type BBox, type LatLng } from '../maps/geo';
import { nearestInBox, pointById, type ParcelPointRow } from '../db/repositories/parcel-points';

/** A parcel point as stored; flags that follow from `kind` and the opening hours are derived on read. */
export type ParcelPointRecord = {
  id: string;
  carriers: ParcelPointCarrier[];
  name: string;
  kind: ParcelPointKind;
  street: string;
  city: string;
  zip: string;
  country: 'cz' | 'sk';
  lat: number;
  lng: number;
  isCollection: boolean;
  cardPayment: boolean;
  wheelchairAccess: boolean;
  openingHours: ParcelPoint['openingHours'];
  phones: string[];
  notes: string[];
  statuses: string[];
};

export type ParcelPointFilter = {
  carriers?: readonly ParcelPointCarrier[];
  kinds?: readonly ParcelPointKind[];
  /** only points that accept parcels from senders */
  collectionOnly?: boolean;
};

/** radii tried in turn when a near search has no radius, until `limit` points are found */
export const NEAR_SEARCH_RADII_M = [2_000, 5_000, 15_000, 50_000, 200_000] as const;

const openOn = (record: ParcelPointRecord, day: number) => record.openingHours.some((d) => d.day === day && d.hours.length > 0);

export function toParcelPoint(record: ParcelPointRecord, distance: number | null): ParcelPoint {
  return {
    id: record.id,
    carriers: record.carriers,
    name: record.name,
    street: record.street,
    city: record.city,
    zip: record.zip,
    country: record.country,
    phones: record.phones,
    distance,
    notes: record.notes,
    statuses: record.statuses,
    location: { lat: record.lat, lng: record.lng },
    attributes: {
      isCollection: record.isCollection,
      isLocker: record.kind === 'locker',
      isDepot: record.kind === 'depot',
      isPostOffice: record.kind === 'post_office',
    },
    services: {
      cardPayment: record.cardPayment,
      wheelchairAccess: record.wheelchairAccess,
      noLunchBreak: record.openingHours.every((d) => d.hours.length <= 1),
      openSaturday: openOn(record, 6),
      openSunday: openOn(record, 7),
    },
    openingHours: record.openingHours,
  };
}

const carrierOrder = (c: ParcelPointCarrier) => PARCEL_POINT_CARRIERS.indexOf(c);

const toRecord = (row: ParcelPointRow): ParcelPointRecord => ({
  id: row.id,
  carriers: ((row.carriers ?? '').split(',').filter(Boolean) as ParcelPointCarrier[]).sort((a, b) => carrierOrder(a) - carrierOrder(b)),
  name: row.name,
  kind: row.kind,
  street: row.street,
  city: row.city,
  zip: row.zip,
  country: row.country,
  lat: row.lat,
  lng: row.lng,
  isCollection: row.isCollection,
  cardPayment: row.cardPayment,
  wheelchairAccess: row.wheelchairAccess,
  openingHours: JSON.parse(row.openingHours),
  phones: JSON.parse(row.phones),
  notes: JSON.parse(row.notes),
  statuses: JSON.parse(row.statuses),
});

/** the record of a row, or null (logged) when a JSON column is corrupt: one bad row must not fail a search */
function fromRow(row: ParcelPointRow): ParcelPointRecord | null {
  try {
    return toRecord(row);
  } catch (error) {
    console.error(`parcel point ${row.id} skipped: corrupt row`, error);
    return null;
  }
}

/** the points of a box nearest to `origin` (limited in SQL); callers re-sort by the exact (haversine) distance */
async function pointsInBox(db: D1Database, box: BBox, origin: LatLng, filter: ParcelPointFilter & { limit: number }): Promise<ParcelPointRecord[]> {
  const rows = await nearestInBox(db, { box, origin, kinds: filter.kinds, carriers: filter.carriers, collectionOnly: filter.collectionOnly, limit: filter.limit });
  return rows.map(fromRow).filter((record): record is ParcelPointRecord => record !== null);
}

const byDistanceFrom = (origin: LatLng, records: ParcelPointRecord[]) =>
  records
    .map((record) => ({ record, distance: Math.round(haversineMetres(origin, record)) }))
    .sort((a, b) => a.distance - b.distance || a.record.id.localeCompare(b.record.id));

/**
 * Points nearest to `origin`, nearest first, at most `limit`. With `radius` (metres) only points
 * within it; without, the search widens through NEAR_SEARCH_RADII_M until `limit` are found.
 */
export async function searchParcelPointsNear(
  db: D1Database,
  origin: LatLng,
  options: ParcelPointFilter & { limit: number; radius?: number },
): Promise<ParcelPoint[]> {
  const radii = options.radius === undefined ? NEAR_SEARCH_RADII_M : [options.radius];
  let found: { record: ParcelPointRecord; distance: number }[] = [];
  for (const radius of radii) {
    found = byDistanceFrom(origin, await pointsInBox(db, bboxAround(origin, radius), origin, options)).filter((f) => f.distance <= radius);
    if (found.length >= options.limit) break;
  }
  return found.slice(0, options.limit).map((f) => toParcelPoint(f.record, f.distance));
}

/** Points inside `box`, nearest to `from` first (distances measured from it), at most `limit`. */
export async function searchParcelPointsInBox(
  db: D1Database,
  box: BBox,
  from: LatLng,
  options: ParcelPointFilter & { limit: number },
): Promise<ParcelPoint[]> {
  return byDistanceFrom(from, await pointsInBox(db, box, from, options))
    .slice(0, options.limit)
    .map((f) => toParcelPoint(f.record, f.distance));
}

export async function getParcelPoint(db: D1Database, id: string): Promise<ParcelPoint | null> {
  const row = await pointById(db, id);
  const record = row && fromRow(row);
  return record ? toParcelPoint(record, null) : null;
}

const SERVICE_OF: Record<ParcelPointServiceFilter, keyof ParcelPoint['services']> = {
  card_payment: 'cardPayment',
  wheelchair_access: 'wheelchairAccess',
  no_lunch_break: 'noLunchBreak',
  open_saturday: 'openSaturday',
  open_sunday: 'openSunday',
};

/** how many points of a box are read when services filter them after the query (they follow from stored JSON) */
const SERVICE_SCAN_LIMIT = 500;

/**
 * Points nearest to `origin` that offer every one of `services` (besides the filter's
 * networks and collection flag), at most `limit`; the search widens through NEAR_SEARCH_RADII_M.
 */
export async function findParcelPoints(
  db: D1Database,
  origin: LatLng,
  options: ParcelPointFilter & { services?: readonly ParcelPointServiceFilter[]; limit: number },
): Promise<ParcelPoint[]> {
  const wanted = (options.services ?? []).map((s) => SERVICE_OF[s]);
  const scan = wanted.length > 0 ? SERVICE_SCAN_LIMIT : options.limit;
  let found: ParcelPoint[] = [];
  for (const radius of NEAR_SEARCH_RADII_M) {
    found = byDistanceFrom(origin, await pointsInBox(db, bboxAround(origin, radius), origin, { ...options, limit: scan }))
      .filter((f) => f.distance <= radius)
      .map((f) => toParcelPoint(f.record, f.distance))
      .filter((point) => wanted.every((service) => point.services[service]));
    if (found.length >= options.limit) break;
  }
  return found.slice(0, options.limit);
}
