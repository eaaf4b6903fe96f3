import type { Money, Territory } from '../../src/lib/types/quote';
import type { Booking, PickupOrder } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings and pickup orders for the DPD client's tests (unit and worker), in both territories */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

const places = {
  cz: { from: { country: 'CZ', zip: '11000', city: 'Praha' }, to: { country: 'CZ', zip: '60200', city: 'Brno' }, currency: 'CZK' as const },
  sk: { from: { country: 'SK', zip: '81104', city: 'Bratislava' }, to: { country: 'SK', zip: '04001', city: 'Košice' }, currency: 'EUR' as const },
};

export function dpdBooking(options: { territory?: Territory; weights?: number[]; cod?: Money | null; insurance?: Money | null; reference?: string | null; serviceId?: string; company?: string | null; deliveryPointId?: string | null } = {}): Booking {
  const territory = options.territory ?? 'cz';
  const p = places[territory];
  return {
    serviceId: options.serviceId ?? 'dpd-classic',
    shipment: {
      territory,
      language: 'cs',
      currency: p.currency,
      from: p.from,
      to: p.to,
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
    sender: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Vodičkova 12', city: p.from.city, zip: p.from.zip, country: p.from.country, phone: '+420 601 234 567', email: 'jana@example.cz' },
    recipient: { name: 'Petr Svoboda', company: options.company ?? null, street: 'Masarykova 3', city: p.to.city, zip: territory === 'cz' ? '602 00' : '040 01', country: p.to.country, phone: '+420 777 000 111', email: 'petr@example.cz' },
    collectionPointId: null,
    deliveryPointId: options.deliveryPointId ?? null,
    reference: options.reference ?? null,
    trackingNumber: 'IZ2611270042',
  };
}

export const dpdPickupOrder = (date: string, options: { country?: 'CZ' | 'SK'; note?: string; kind?: 'one_time' | 'regular' } = {}): PickupOrder => ({
  kind: options.kind ?? 'one_time',
  date,
  weekdays: options.kind === 'regular' ? [2] : null,
  window: { from: '09:00', to: '16:00' },
  place: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Vodičkova 12', city: 'Praha', zip: '110 00', country: options.country ?? 'CZ', phone: '+420 601 234 567', email: null },
  parcelCount: 3,
  note: options.note ?? '',
});
