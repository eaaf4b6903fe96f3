import type { Money } from '../../src/lib/types/quote';
import type { Booking, PickupOrder } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/** bookings, pickup orders and TOPTRANS answers for the TOPTRANS client's tests (unit and worker), in our own words and numbers */
const parcel = (weight: number, type: Parcel['type'] = 'package'): Parcel => (type === 'pallet' ? { type, weight, width: 80, height: 100, length: 120 } : { type, weight, width: 30, height: 20, length: 40 });

export function toptransBooking(options: { weights?: number[]; type?: Parcel['type']; cod?: Money | null; insurance?: Money | null; reference?: string | null; serviceId?: string; toSk?: boolean; trackingNumber?: string } = {}): Booking {
  const type = options.type ?? 'package';
  return {
    serviceId: options.serviceId ?? (type === 'pallet' ? 'toptrans-pallet' : 'toptrans-standard'),
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '60200', city: 'Brno' },
      to: options.toSk ? { country: 'SK', zip: '81101', city: 'Bratislava' } : { country: 'CZ', zip: '11000', city: 'Praha' },
      packages: (options.weights ?? [12]).map((w) => parcel(w, type)),
      cod: options.cod ?? null,
      insurance: options.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: false,
      complete: true,
    },
    sender: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Křenová 57/12', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 601 234 567', email: 'jana@example.cz' },
    recipient: options.toSk
      ? { name: 'Peter Horváth', company: null, street: 'Obchodná 7', city: 'Bratislava', zip: '811 01', country: 'SK', phone: '0905 123 456', email: null }
      : { name: 'Petr Svoboda', company: null, street: 'Masarykova 3', city: 'Praha', zip: '110 00', country: 'CZ', phone: '777 000 111', email: 'petr@example.cz' },
    collectionPointId: null,
    deliveryPointId: null,
    reference: options.reference ?? null,
    trackingNumber: options.trackingNumber ?? 'IZ2611270001',
  };
}

export const toptransPickupOrder = (date: string, note = ''): PickupOrder => ({
  kind: 'one_time',
  date,
  weekdays: null,
  window: { from: '08:00', to: '16:00' },
  place: { name: 'Jana Nováková', company: 'Keramika Nováková s.r.o.', street: 'Křenová 57/12', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 601 234 567', email: null },
  parcelCount: 3,
  note,
});

/** order/search's answer for a sent order of two pieces, loaded and on its way */
export const searchAnswer = (overrides: Record<string, unknown> = {}) => ({
  status: 'ok',
  data: [
    {
      id: 48213,
      order_number: '5200418837',
      source: 3,
      label: 'IZ2611270001 FA-2026-17',
      labels_printed: 1,
      quantity_sum: 2,
      piece_number_from: '730000125560',
      piece_numbers: ['730000125560', '730000125561'],
      state: 'TRANSIT',
      history: [
        { state: 'TRANSIT', date: '2026-11-27T18:05:00+01:00', place: 'Brno', text: 'Zásilka na cestě' },
        { state: 'NEW', date: '2026-11-27T08:40:00+01:00', place: 'Brno', text: 'Objednávka přijata' },
        { state: 'LOADED', date: '2026-11-27T14:20:00+01:00', place: 'Brno', text: 'Zásilka naložena' },
        { state: 'VAZENI', date: '2026-11-27T16:00:00+01:00', place: 'Brno', text: 'Převážení' },
      ],
      ...overrides,
    },
  ],
  errors: [],
});
