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

/** MyGLS answers as the documentation describes them, in our own numbers */
export const glsAnswers = {
  printLabels: (labels: number[] | null) => ({
    Labels: labels,
    PrintLabelsInfoList: [
      { ClientReference: 'IZ2611270077', ParcelId: 512340002, ParcelNumber: 71234500002 },
      { ClientReference: 'IZ2611270077', ParcelId: 512340001, ParcelNumber: 71234500001 },
    ],
    PrintLabelsErrorList: [],
  }),
  printRefused: { Labels: null, PrintLabelsInfoList: [], PrintLabelsErrorList: [{ ErrorCode: 13, ErrorDescription: 'Parcel validation issue: ZipCode', ClientReferenceList: ['IZ2611270077'], ParcelIdList: [] }] },
  unauthorized: { PrintLabelsErrorList: [{ ErrorCode: -1, ErrorDescription: 'Unauthorized.', ClientReferenceList: [], ParcelIdList: [] }] },
  internal: { PrintLabelsErrorList: [{ ErrorCode: 1000, ErrorDescription: 'Unexpected exception happened', ClientReferenceList: [], ParcelIdList: [] }] },
  deleted: { SuccessfullyDeletedList: [{ ParcelId: 512340001, SubParcelIdList: [512340002] }], DeleteLabelsErrorList: [] },
  notPrinted: { SuccessfullyDeletedList: [], DeleteLabelsErrorList: [{ ErrorCode: 6, ErrorDescription: 'Parcel with this ID has different status than PRINTED.', ClientReferenceList: [], ParcelIdList: [512340001] }] },
  notExists: { SuccessfullyDeletedList: [], DeleteLabelsErrorList: [{ ErrorCode: 4, ErrorDescription: 'Parcel not exists.', ClientReferenceList: [], ParcelIdList: [512340001] }] },
  /** newest first, WCF dates with the local offset (the milliseconds are UTC) */
  statuses: {
    ClientReference: 'IZ2611270077',
    ParcelNumber: 71234500001,
    ParcelStatusList: [
      { DepotCity: 'Brno', DepotNumber: 'CZ62', StatusCode: '4', StatusDate: '/Date(1795762800000+0100)/', StatusDescription: 'The parcel is expected to be delivered during the day.', StatusInfo: '' },
      { DepotCity: 'Jihlava', DepotNumber: 'CZ58', StatusCode: '2', StatusDate: '/Date(1795719600000+0100)/', StatusDescription: 'The parcel has left the parcel center.', StatusInfo: '' },
      { DepotCity: 'Praha', DepotNumber: 'CZ10', StatusCode: '1', StatusDate: '/Date(1795708800000+0100)/', StatusDescription: 'The parcel was handed over to GLS.', StatusInfo: '' },
      { DepotCity: null, DepotNumber: null, StatusCode: 51, StatusDate: '/Date(1795676000000+0100)/', StatusDescription: 'The parcel data was entered into the GLS IT system.', StatusInfo: null },
    ],
    GetParcelStatusErrors: [],
  },
  statusNotFound: { ParcelStatusList: [], GetParcelStatusErrors: [{ ErrorCode: 26, ErrorDescription: 'Parcel not found with current settings.', ClientReferenceList: [], ParcelIdList: [] }] },
  parcelList: {
    PrintDataInfoList: [
      { ParcelId: 512340101, ParcelNumber: 71234500101, ParcelNumberWithCheckdigit: 712345001011, ClientReference: 'IZ2611270099' },
      { ParcelId: 512340002, ParcelNumber: 71234500002, ParcelNumberWithCheckdigit: 712345000028, ClientReference: 'IZ2611270077' },
      { ParcelId: 512340001, ParcelNumber: 71234500001, ParcelNumberWithCheckdigit: 712345000011, ClientReference: 'IZ2611270077' },
    ],
    GetParcelListErrors: [],
  },
};
