import { Hono } from 'hono';
import { ParcelPointDetailQuerySchema, ParcelPointSearchQuerySchema, type ParcelPointSearchQuery } from '../../lib/schemas/shipping-data';
import type { OriginEnv } from '../env';
import { notFound, validationError } from '../http/errors';
import { readQuery } from '../http/validate';
import { bboxCentre, type LatLng } from '../maps/geo';
import { placeByName, placeByZip, type Place } from '../maps/places';
import { findParcelPoints, getParcelPoint, searchParcelPointsInBox, searchParcelPointsNear } from '../services/parcel-points';
import { ParcelPointFindQuerySchema } from '../../lib/schemas/carriers';

const placeRef = (p: Place) => ({ id: p.id, title: p.title, city: p.city, zip: p.zip, country: p.country });

/** the search point: `lat`+`lng`, else the town a `zip` or `city` names (unknown ones fail validation on that field) */
function originOf(q: ParcelPointSearchQuery): { origin: LatLng; place: Place | null } {
  if (q.lat !== undefined && q.lng !== undefined) return { origin: { lat: q.lat, lng: q.lng }, place: null };
  const countries = q.country ? [q.country] : undefined;
  const place = q.zip !== undefined ? placeByZip(q.zip, { countries }) : placeByName(q.city ?? '', { countries });
  if (place) return { origin: { lat: place.lat, lng: place.lng }, place };
  const field = q.zip !== undefined ? 'zip' : 'city';
  throw validationError([{ field, code: `validation.unknown_${field}`, message: `validation.unknown_${field}` }]);
}

export const parcelPoints = new Hono<OriginEnv>()
  /** → { data: { points: ParcelPoint[] (nearest first), origin: {lat,lng}, place: resolved zip/city or null } } */
  .get('/search', async (c) => {
    const q = readQuery(c, ParcelPointSearchQuerySchema);
    const filter = { carriers: q.carrier, kinds: q.type, collectionOnly: q.collection, limit: q.limit };
    if (q.bbox) {
      const origin = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : bboxCentre(q.bbox);
      const points = await searchParcelPointsInBox(c.env.DB, q.bbox, origin, filter);
      return c.json({ data: { points, origin, place: null } });
    }
    const { origin, place } = originOf(q);
    const points = await searchParcelPointsNear(c.env.DB, origin, { ...filter, radius: q.radius });
    return c.json({ data: { points, origin, place: place && placeRef(place) } });
  })
  /**
   * The parcel-point pages' search: `q` a PSČ (`602 00`, `60200`) or a town (diacritics and case
   * ignored), optional `carrier`, `service` (all must hold), `collection`, `country`, `limit`.
   * → { data: { points (nearest to the town's centre first), origin, place } }; an unknown PSČ or town fails on `q`.
   */
  .get('/find', async (c) => {
    const q = readQuery(c, ParcelPointFindQuerySchema);
    const isZip = /^\d{3} ?\d{2}$/.test(q.q);
    const countries = q.country ? [q.country] : undefined;
    const place = isZip ? placeByZip(q.q, { countries }) : placeByName(q.q, { countries });
    if (!place) {
      const code = isZip ? 'validation.unknown_zip' : 'validation.unknown_city';
      throw validationError([{ field: 'q', code, message: code }]);
    }
    const origin = { lat: place.lat, lng: place.lng };
    const points = await findParcelPoints(c.env.DB, origin, { carriers: q.carrier, services: q.service, collectionOnly: q.collection, limit: q.limit });
    return c.json({ data: { points, origin, place: placeRef(place) } });
  })
  .get('/detail', async (c) => {
    const { id } = readQuery(c, ParcelPointDetailQuerySchema);
    const point = await getParcelPoint(c.env.DB, id);
    if (!point) throw notFound(`Unknown parcel point ${id}`);
    return c.json({ data: point });
  });
