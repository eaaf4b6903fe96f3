import type { Booking } from '../../src/server/carriers/booking';

/**
 * Liftago's documented shapes (PROTOCOL.md), written in our own words and numbers: a ride from a
 * Prague shop to a Prague flat, Liftago's ride answer and its {code, message} error.
 */
export function liftagoBooking(options: { weights?: number[]; reference?: string | null; pickupDate?: string | null; fromTime?: string | null } = {}): Booking {
  return {
    serviceId: 'liftago-same-day',
    shipment: {
      territory: 'cz', language: 'cs', currency: 'CZK',
      from: { country: 'cz', zip: '11000', city: 'Praha' },
      to: { country: 'cz', zip: '17000', city: 'Praha' },
      packages: (options.weights ?? [2]).map((weight) => ({ type: 'package', weight, width: 20, height: 10, length: 30 })),
      cod: null, insurance: null, hdf: false,
      pickupDate: options.pickupDate ?? null, fromTime: options.fromTime ?? null, toTime: null,
      preferDeliveryBranch: false, complete: true,
    },
    sender: { name: 'Jana Nováková', company: 'Květiny u Jany', street: 'Vodičkova 12', city: 'Praha', zip: '110 00', country: 'cz', phone: '601 234 567', email: 'jana@example.cz' },
    recipient: { name: 'Petr Svoboda', company: null, street: 'Milady Horákové 3a', city: 'Praha', zip: '170 00', country: 'cz', phone: '00420777000111', email: null },
    collectionPointId: null,
    deliveryPointId: null,
    reference: options.reference ?? null,
    trackingNumber: 'IZ2611270001',
  };
}

/** GET /deliveryRides/{rideId}: a ride on its way */
export const rideOnBoard = {
  id: 'RIDE7Q2X9',
  rideStatus: 'ON_BOARD',
  pickupArrivalEstimateAt: '2026-12-01T09:05:00Z',
  destinationArrivalEstimateAt: '2026-12-01T09:40:00Z',
  completedAt: null,
  links: { position: 'https://liftago.test/v1/partners/p1/deliveryRides/RIDE7Q2X9/position', cancel: 'https://liftago.test/v1/partners/p1/deliveryRides/RIDE7Q2X9/cancel' },
};

export const liftagoError = (code: string, message: string) => ({ code, message });
