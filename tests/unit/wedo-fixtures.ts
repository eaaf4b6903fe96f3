import type { Money } from '../../src/lib/types/quote';
import type { Booking } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/**
 * Bookings for the One by Allegro (WE|DO) client's tests, and WE|DO's documented answers written
 * as fixtures in our own words and numbers (wedo/PROTOCOL.md: the REST API v2 examples).
 */
const parcel = (weight: number): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: 40 });

export function wedoBooking(
  options: { serviceId?: string; weights?: number[]; cod?: Money | null; insurance?: Money | null; reference?: string | null; deliveryPointId?: string | null; country?: string; trackingNumber?: string } = {},
): Booking {
  const serviceId = options.serviceId ?? 'wedo-home';
  const country = options.country ?? 'CZ';
  return {
    serviceId,
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '60200', city: 'Brno' },
      to: { country, zip: country === 'SK' ? '81101' : '37001', city: country === 'SK' ? 'Bratislava' : 'České Budějovice' },
      packages: (options.weights ?? [2.25]).map(parcel),
      cod: options.cod ?? null,
      insurance: options.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: serviceId === 'wedo-box',
      complete: true,
    },
    sender: { name: 'Radek Horák', company: 'Dřevěné hračky Horák s.r.o.', street: 'Cejl 481/27', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 605 111 222', email: 'radek@example.cz' },
    recipient: {
      name: 'Marie Anna Dvořáková',
      company: null,
      street: 'Lannova tř. 1052/6',
      city: country === 'SK' ? 'Bratislava' : 'České Budějovice',
      zip: country === 'SK' ? '811 01' : '370 01',
      country,
      phone: '731 222 333',
      email: 'marie@example.cz',
    },
    collectionPointId: null,
    deliveryPointId: options.deliveryPointId ?? (serviceId === 'wedo-box' ? 'B1234' : null),
    reference: options.reference ?? null,
    trackingNumber: options.trackingNumber ?? 'IZ2611270042',
  };
}

/** POST /package accepted: WE|DO's order number, one barcode per package, the sorting code */
export const createdAnswer = (barcodes = ['51K00000734*001002', '51K00000734*002002']) => ({
  order_number: '51K00000734',
  reference_number: 'IZ2611270042',
  barcode: barcodes,
  sorting_code: 'S3700412',
  product_name: 'Medium Colli 24-CZ - hmotnost do 30 kg',
  delivery_price: 0,
  product_code: 'M-24-CZ',
});

/** GET /package/{order_number}: the detail with its last state (WE|DO writes local time, no zone) */
export const detailAnswer = (code = 'DELIVERED') => ({ ...createdAnswer(), last_state: { id: 48213377, code, created: '2026-11-26 13:47:34' } });

/** DELETE /package/{order_number} accepted */
export const deletedAnswer = [{ code: '0', order_number: '51K00000734', barcode: [] }];

/** a refusal as WE|DO's documentation shows it (403, error_code and message) */
export const refusal = { error_code: 'INVALID_WEIGHT', message: 'The weight of a package is above the product limit.' };

/** POST /pickup accepted */
export const pickupAnswer = {
  pickup_address: { street: 'Cejl', building_number: '481/27', city: 'Brno', postal_code: '60200', country_code: 'CZ' },
  id: 'I40517',
  pickup_type: 'IRREGULAR',
  pickup_from: '10:15:00',
  pickup_to: null,
  created: '2026-11-27T10:15:00',
  is_deletable: true,
};
