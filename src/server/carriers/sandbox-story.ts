import type { TrackingStatus, TrackingStatusMap } from './types';

/**
 * What a sandbox carrier tells about a parcel over time: picked up on the pickup day, in
 * transit that evening, then out for delivery (or ready at the parcel point) and delivered
 * on the delivery day. One parcel in seven has a failed delivery attempt first and is
 * delivered a day later. Deterministic per tracking number, in the carrier's own raw codes.
 */
export type RawTrackingEvent = {
  eventId: string;
  rawStatus: string;
  time: string;
  location: string | null;
  description: string | null;
  /** the courier's position then, for carriers that report it (Liftago) */
  position?: CourierPosition | null;
};
export type CourierPosition = { lat: number; lon: number; at: string };

export type TrackQuery = {
  carrierRef: string;
  trackingNumber: string;
  /** 'YYYY-MM-DD' */
  pickupDate: string | null;
  deliveryDate: string | null;
  toParcelPoint: boolean;
  fromCity: string;
  toCity: string;
  /** when the carrier accepted it (the story starts no earlier) */
  createdAt: string;
};

const DAY = 86_400_000;
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00.000Z`).toISOString();
const nextDay = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY).toISOString().slice(0, 10);

/** the carrier's first raw code for a normalized status (the status itself, upper case, when it has none) */
export function rawCodeOf(map: TrackingStatusMap, status: Exclude<TrackingStatus, 'unknown'>): string {
  return Object.entries(map).find(([, s]) => s === status)?.[0] ?? status.toUpperCase();
}

const failsOnce = (trackingNumber: string) => [...trackingNumber].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 7 === 0;

export function sandboxStory(q: TrackQuery, map: TrackingStatusMap): RawTrackingEvent[] {
  const created = q.createdAt.slice(0, 10);
  const pickup = q.pickupDate && q.pickupDate > created ? q.pickupDate : created;
  const delivery = q.deliveryDate && q.deliveryDate > pickup ? q.deliveryDate : nextDay(pickup);
  const steps: [Exclude<TrackingStatus, 'unknown'>, string, string][] = [
    ['picked_up', at(pickup, '13:00'), q.fromCity],
    ['in_transit', at(pickup, '19:30'), q.fromCity],
  ];
  let last = delivery;
  if (failsOnce(q.trackingNumber) && !q.toParcelPoint) {
    steps.push(['out_for_delivery', at(delivery, '06:45'), q.toCity], ['delivery_failed', at(delivery, '12:10'), q.toCity]);
    last = nextDay(delivery);
  }
  if (q.toParcelPoint) steps.push(['ready_for_pickup', at(last, '09:20'), q.toCity], ['delivered', at(last, '15:40'), q.toCity]);
  else steps.push(['out_for_delivery', at(last, '06:50'), q.toCity], ['delivered', at(last, '11:35'), q.toCity]);
  // a carrier without a code for a step does not report it (a same-day courier has no transit hub)
  const known = new Set(Object.values(map));
  return steps.filter(([status]) => known.has(status)).map(([status, time, location], i) => ({ eventId: `${q.carrierRef}-${i + 1}`, rawStatus: rawCodeOf(map, status), time, location: location || null, description: null }));
}
