import type { Money, Territory } from '../../src/lib/types/quote';
import type { Booking } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings for the GLS client's tests (unit and worker), in our own words and numbers */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

export type GlsBookingOptions = {
  territory?: Territory;
  weights?: number[];
  cod?: Money | null;
  insurance?: Money | null;
  reference?: string | null;
  serviceId?: string;
  deliveryPointId?: string | null;
  email?: string | null;
  phone?: string | null;
  trackingNumber?: string;
};

export function glsBooking(o: GlsBookingOptions = {}): Booking {
  const sk = o.territory === 'sk';
  return {
    serviceId: o.serviceId ?? (o.deliveryPointId ? 'gls-parcelshop' : 'gls-business-parcel'),
    shipment: {
      territory: o.territory ?? 'cz',
      language: sk ? 'sk' : 'cs',
      currency: sk ? 'EUR' : 'CZK',
      from: sk ? { country: 'SK', zip: '81101', city: 'Bratislava' } : { country: 'CZ', zip: '11000', city: 'Praha' },
      to: sk ? { country: 'SK', zip: '04001', city: 'Košice' } : { country: 'CZ', zip: '60200', city: 'Brno' },
      packages: (o.weights ?? [2.5]).map(parcel),
      cod: o.cod ?? null,
      insurance: o.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: Boolean(o.deliveryPointId),
      complete: true,
    },
    sender: sk
      ? { name: 'Marek Horváth', company: 'Drevo Horváth s.r.o.', street: 'Obchodná 7', city: 'Bratislava', zip: '811 01', country: 'SK', phone: '+421 902 111 222', email: 'marek@example.sk' }
      : { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Vodičkova 12/3a', city: 'Praha', zip: '110 00', country: 'CZ', phone: '+420 601 234 567', email: 'jana@example.cz' },
    recipient: sk
      ? { name: 'Zuzana Kováčová', company: null, street: 'Hlavná 21', city: 'Košice', zip: '040 01', country: 'SK', phone: o.phone === undefined ? '+421 905 333 444' : o.phone, email: o.email === undefined ? 'zuzana@example.sk' : o.email }
      : { name: 'Petr Svoboda', company: null, street: 'Masarykova 3', city: 'Brno', zip: '602 00', country: 'CZ', phone: o.phone === undefined ? '+420 777 000 111' : o.phone, email: o.email === undefined ? 'petr@example.cz' : o.email },
    collectionPointId: null,
    deliveryPointId: o.deliveryPointId ?? null,
    reference: o.reference ?? null,
    trackingNumber: o.trackingNumber ?? 'IZ2611270077',
  };
}
