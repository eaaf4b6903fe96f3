import type { Money } from '../../src/lib/types/quote';
import type { Booking } from '../../src/server/carriers/booking';
import type { Parcel } from '../../src/server/carriers/pricing/shipment';

/**
 * Bookings for the Balíkovna (Česká pošta) client's tests, and Česká pošta's documented answers
 * written as fixtures in our own words and numbers (the shapes of B2B-ZSKService 1.4.0).
 */
const parcel = (weight: number, longest = 40): Parcel => ({ type: 'package', weight, width: 30, height: 20, length: longest });

export function cpostBooking(
  options: { serviceId?: string; weights?: number[]; longest?: number; cod?: Money | null; insurance?: Money | null; reference?: string | null; deliveryPointId?: string | null; recipientPhone?: string | null; recipientEmail?: string | null } = {},
): Booking {
  const serviceId = options.serviceId ?? 'balikovna-do-ruky';
  return {
    serviceId,
    shipment: {
      territory: 'cz',
      language: 'cs',
      currency: 'CZK',
      from: { country: 'CZ', zip: '60200', city: 'Brno' },
      to: { country: 'CZ', zip: '37001', city: 'České Budějovice' },
      packages: (options.weights ?? [2.25]).map((w) => parcel(w, options.longest)),
      cod: options.cod ?? null,
      insurance: options.insurance ?? null,
      hdf: false,
      pickupDate: null,
      fromTime: null,
      toTime: null,
      preferDeliveryBranch: serviceId === 'balikovna-na-balikovnu',
      complete: true,
    },
    sender: { name: 'Radek Horák', company: 'Dřevěné hračky Horák s.r.o.', street: 'Cejl 481/27', city: 'Brno', zip: '602 00', country: 'CZ', phone: '+420 605 111 222', email: 'radek@example.cz' },
    recipient: {
      name: 'Marie Anna Dvořáková',
      company: null,
      street: 'Lannova tř. 1052/6',
      city: 'České Budějovice',
      zip: '370 01',
      country: 'CZ',
      phone: options.recipientPhone === undefined ? '731 222 333' : options.recipientPhone,
      email: options.recipientEmail === undefined ? 'marie@example.cz' : options.recipientEmail,
    },
    collectionPointId: null,
    deliveryPointId: options.deliveryPointId ?? (serviceId === 'balikovna-na-balikovnu' ? '37011' : null),
    reference: options.reference ?? null,
    trackingNumber: 'IZ2611270042',
  };
}

/** parcelService accepted: the main parcel and one more, an INFO_ note on the first, the labels' PDF */
export const acceptedAnswer = (file?: string) => ({
  responseHeader: {
    resultHeader: { responseCode: 1, responseText: 'OK' },
    resultParcelData: [
      { recordNumber: 'IZ2611270042-1', parcelCode: 'DR1234567894U', parcelStateResponse: [{ responseCode: 1, responseText: 'OK' }, { responseCode: 408, responseText: 'INFO_ADDRESS_WAS_MODIFIED' }] },
      { recordNumber: 'IZ2611270042-2', parcelCode: 'DR0000000005U', parcelStateResponse: [{ responseCode: 1, responseText: 'OK' }] },
    ],
    ...(file ? { responsePrintParams: { file, printParamsResponse: [{ responseCode: 1, responseText: 'OK' }] } } : {}),
  },
});

/** parcelService refused with HTTP 200: the batch invalid, the parcel's own reason beside it, no parcel code */
export const refusedAnswer = {
  responseHeader: {
    resultHeader: { responseCode: 19, responseText: 'BATCH_INVALID' },
    resultParcelData: [{ recordNumber: 'IZ2611270042', parcelCode: '', parcelStateResponse: [{ responseCode: 261, responseText: 'MISSING_SIZE_CATEGORY' }] }],
  },
};

/** parcelStatus: a Balíkovna parcel ready at its point; Česká pošta lists the states oldest first */
export const statusAnswer = {
  detail: [
    {
      idParcel: 'NB1234567894U',
      parcelType: 'NB',
      weight: '1.5',
      parcelsQuantity: 1,
      parcelStatuses: [
        { id: '-M', date: '2026-11-24', text: 'Obdrženy údaje k zásilce.' },
        { id: '21', date: '2026-11-25T14:05:00+01:00', text: 'Zásilka převzata do přepravy.', postCode: '60200', name: 'Brno 2' },
        { id: 'BG4', date: '2026-11-25T19:00:00+01:00', text: '' },
        { id: 'P2', date: '2026-11-26T09:40:00+01:00', text: 'Zásilka je připravena k vyzvednutí.', postCode: '37011', name: 'Balíkovna České Budějovice 11' },
      ],
    },
  ],
};

/** an HTTP error: the definition's array of Error */
export const errorAnswer = [{ 'x-request-id': 'req-7f3a', code: -21, status: '400', message: 'parcelServiceData.parcelParams.weight does not match the pattern', date: '2026-11-27T10:00:00+01:00' }];
