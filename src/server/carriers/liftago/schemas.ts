import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/** Liftago's Delivery API v1 (PROTOCOL.md): the fields we send and read */
const utc = v.pipe(v.string(), v.isoTimestamp());

export const address = object({
  street: v.pipe(v.string(), v.minLength(1)),
  houseNumber: v.pipe(v.string(), v.minLength(1)),
  city: v.pipe(v.string(), v.minLength(1)),
  zipCode: v.pipe(v.string(), v.minLength(1)),
  country: v.pipe(v.string(), v.length(2)),
  description: v.optional(v.string()),
});

export const stop = object({
  stopId: v.pipe(v.string(), v.minLength(1)),
  location: object({ address, coordinates: v.optional(object({ lat: v.number(), lon: v.number() })) }),
  contact: object({
    name: v.pipe(v.string(), v.minLength(1)),
    email: v.optional(v.string()),
    company: v.optional(v.string()),
    phoneNumber: v.pipe(v.string(), v.regex(/^\+\d{6,15}$/, 'phoneNumber must have an international prefix')),
  }),
  noteForDriver: v.string(),
  kind: v.picklist(['PICKUP', 'DESTINATION', 'FALLBACK_DESTINATION']),
  arrivalTime: v.optional(object({ from: utc, to: utc })),
});

const stops = v.pipe(
  v.array(stop),
  v.check((s) => s[0]?.kind === 'PICKUP' && s.slice(1).some((x) => x.kind === 'DESTINATION') && s.slice(1).every((x) => x.kind !== 'PICKUP'), 'stops must start with a PICKUP followed by DESTINATION stops'),
);

/** the quote's body (inferred, PROTOCOL.md): the ride's stops and its parcels' weights (kg) */
export const rideQuoteRequest = object({ productSettingId: v.optional(v.string()), stops, parcels: v.pipe(v.array(object({ weight: v.pipe(v.number(), v.minValue(0)) })), v.minLength(1)) });
export type RideQuoteRequest = v.InferOutput<typeof rideQuoteRequest>;

export const deliveryRideRequest = object({
  parcels: v.optional(v.array(object({ weight: v.number() }))),
  id: v.pipe(v.string(), v.maxLength(40), v.regex(/^[a-zA-Z0-9_-]+$/, 'id may hold letters, digits, - and _ only')),
  productSettingId: v.optional(v.string()),
  stops,
  webHook: v.optional(object({ url: v.string(), headers: v.optional(v.array(object({ name: v.string(), value: v.string() }))) })),
});
export type DeliveryRideRequest = v.InferOutput<typeof deliveryRideRequest>;

export const rideQuoteResponse = object({ price: object({ amount: v.number(), currency: v.string() }), validUntil: v.optional(v.string()) });
export const createRideResponse = object({ id: v.string() });

export const deliveryRide = object({
  id: v.string(),
  rideStatus: v.string(),
  pickupArrivalEstimateAt: v.optional(v.nullable(v.string())),
  destinationArrivalEstimateAt: v.optional(v.nullable(v.string())),
  completedAt: v.optional(v.nullable(v.string())),
  links: v.optional(object({ position: v.optional(v.nullable(v.string())), cancel: v.optional(v.nullable(v.string())) })),
});
export type DeliveryRide = v.InferOutput<typeof deliveryRide>;

/** the driver's last position (the answer of `links.position`; inferred, PROTOCOL.md) */
export const ridePosition = object({ lat: v.number(), lon: v.number(), updatedAt: v.string() });

export const errorResponse = object({ code: v.string(), message: v.string() });
