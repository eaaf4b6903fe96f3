import type { Money } from '../../src/lib/types/quote';
import type { Booking, PickupOrder } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings and pickup orders for the UPS client's tests (contract and worker) */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

export function upsBooking(options: { weights?: number[]; cod?: Money | null; insurance?: Money | null; reference?: string | null; serviceId?: string } = {}): Booking {
  return {
    serviceId: options.serviceId ?? 'ups-standard',
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '11000', city: 'Praha' },
      to: { country: 'CZ', zip: '60200', city: 'Brno' },
      packages: (options.weights ?? [2.5]).map(parcel),
      cod: options.cod ?? null,
      insurance: options.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: false,
      complete: true,
    },
    sender: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Vodičkova 12', city: 'Praha', zip: '110 00', country: 'CZ', phone: '+420 601 234 567', email: 'jana@example.cz' },
    recipient: { name: 'Petr Svoboda', company: null, street: 'Masarykova 3', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 777 000 111', email: null },
    collectionPointId: null,
    deliveryPointId: null,
    reference: options.reference ?? null,
    trackingNumber: 'IZ2611270001',
  };
}

export const upsPickupOrder = (date: string, note = ''): PickupOrder => ({
  kind: 'one_time',
  date,
  weekdays: null,
  window: { from: '09:00', to: '17:00' },
  place: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Vodičkova 12', city: 'Praha', zip: '110 00', country: 'CZ', phone: '+420 601 234 567', email: null },
  parcelCount: 3,
  note,
});
