import type { Money } from '../../src/lib/types/quote';
import type { Booking, BookingCustoms, PickupOrder } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings and pickup orders for the FedEx client's tests (unit and worker): Brno → Bratislava, or → Zürich with customs */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

const places = {
  sk: { country: 'SK', zip: '81101', city: 'Bratislava', street: 'Obchodná 8' },
  ch: { country: 'CH', zip: '8001', city: 'Zürich', street: 'Bahnhofstrasse 10' },
} as const;

export const swissCustoms = (invoiceFiles: string[] = []): BookingCustoms => ({
  reason: 'commercial',
  currency: 'EUR',
  items: [
    { name: 'Ceramic mug', country: 'cz', quantity: 4, value: 60, hsCode: '691200' },
    { name: 'Linen tea towel', country: 'pl', quantity: 2, value: 20, hsCode: null },
  ],
  invoiceFiles,
});

export function fedexBooking(options: { weights?: number[]; insurance?: Money | null; reference?: string | null; serviceId?: string; to?: keyof typeof places; customs?: BookingCustoms | null; trackingNumber?: string } = {}): Booking {
  const to = places[options.to ?? 'sk'];
  return {
    serviceId: options.serviceId ?? 'fedex-international-priority',
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '60200', city: 'Brno' },
      to: { country: to.country, zip: to.zip, city: to.city },
      packages: (options.weights ?? [2.5]).map(parcel),
      cod: null,
      insurance: options.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: false,
      complete: true,
    },
    sender: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Masarykova 12', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 601 234 567', email: 'jana@example.cz' },
    recipient: { name: 'Lukas Meier', company: null, street: to.street, city: to.city, zip: to.zip, country: to.country, phone: '+41 44 123 45 67', email: 'lukas@example.ch' },
    collectionPointId: null,
    deliveryPointId: null,
    reference: options.reference ?? null,
    trackingNumber: options.trackingNumber ?? 'IZ2611270042',
    customs: options.customs ?? null,
  };
}

export const fedexPickupOrder = (date: string, note = ''): PickupOrder => ({
  kind: 'one_time',
  date,
  weekdays: null,
  window: { from: '10:00', to: '17:00' },
  place: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Masarykova 12', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 601 234 567', email: null },
  parcelCount: 2,
  note,
});
