/** Great-circle geometry on the WGS84 mean sphere; distances in metres. */
export type LatLng = { lat: number; lng: number };
export type BBox = { minLat: number; minLng: number; maxLat: number; maxLng: number };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The smallest lat/lng box holding the circle of `radiusM` around `centre` (away from the poles). */
export function bboxAround(centre: LatLng, radiusM: number): BBox {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.cos(rad(centre.lat));
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}

export const bboxCentre = (b: BBox): LatLng => ({ lat: (b.minLat + b.maxLat) / 2, lng: (b.minLng + b.maxLng) / 2 });
