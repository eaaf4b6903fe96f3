import type { Money } from '../../src/lib/types/quote';
import type { Booking, PickupOrder } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings and pickup orders for the PPL client's tests (unit and worker), in our own words and numbers */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

export function pplBooking(options: { weights?: number[]; cod?: Money | null; insurance?: Money | null; reference?: string | null; serviceId?: string; deliveryPointId?: string | null; trackingNumber?: string; toZip?: string } = {}): Booking {
  return {
    serviceId: options.serviceId ?? 'ppl-business',
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '60200', city: 'Brno' },
      to: { country: 'CZ', zip: '11000', city: 'Praha' },
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
    sender: { name: 'Marie Dvořáková', company: 'Včelařství Dvořák s.r.o.', street: 'Údolní 15', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 603 111 222', email: 'marie@example.cz' },
    recipient: { name: 'Tomáš Černý', company: null, street: 'Korunní 8', city: 'Praha', zip: options.toZip ?? '120 00', country: 'CZ', phone: '+420 731 222 333', email: 'tomas@example.cz' },
    collectionPointId: null,
    deliveryPointId: options.deliveryPointId ?? null,
    reference: options.reference ?? null,
    trackingNumber: options.trackingNumber ?? `IZ26112${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
  };
}

export const pplPickupOrder = (date: string, note = '', kind: PickupOrder['kind'] = 'one_time'): PickupOrder => ({
  kind,
  date,
  weekdays: kind === 'regular' ? [1, 3] : null,
  window: { from: '12:00', to: '16:00' },
  place: { name: 'Marie Dvořáková', company: 'Včelařství Dvořák s.r.o.', street: 'Údolní 15', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 603 111 222', email: 'marie@example.cz' },
  parcelCount: 4,
  note,
});
