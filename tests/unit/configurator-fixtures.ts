import type { ParcelPoint, Quote } from '../../src/lib/types/quote';

/** A complete, orderable quote; override what a test is about. */
export function sampleQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q-dpd-classic',
    serviceId: 'dpd-classic',
    serviceName: 'DPD Classic',
    complete: true,
    type: 'ONDEMAND',
    shipmentCategory: 'domestic',
    price: { value: 100, currency: 'CZK' },
    priceVat: { value: 121, currency: 'CZK' },
    restrictions: [],
    errors: [],
    carrier: { code: 'dpd', name: 'DPD' },
    rating: { score: 4.5, count: 120 },
    limits: { weight: 31.5, insurance: { value: 50000, currency: 'CZK' } },
    attributes: {
      affiliate: false,
      pickupBranchRequired: false,
      deliveryBranchRequired: false,
      deliveryBranchSupported: true,
      expressDelivery: false,
      trackingAvailable: true,
      labelPrintingRequired: true,
      customsClearanceRequired: false,
      ownInvoiceUploadAllowed: false,
      addressLevelLock: 2,
      freightType: 'parcel',
      deliveryBranchPreferred: false,
    },
    timeInTransit: {
      orderTimeLimit: '14:00',
      pickupDate: '2026-11-23',
      deliveryDate: '2026-11-24',
      pickupFromTime: '09:00',
      pickupToTime: '17:00',
      pickupWindow: null,
      deliveryFromTime: null,
      deliveryToTime: null,
      deliveryWindow: null,
      hoursInTransit: 24,
    },
    charges: [{ code: 'base', amount: { value: 100, currency: 'CZK' } }],
    ...overrides,
  };
}

export function sampleParcelPoint(overrides: Partial<ParcelPoint> = {}): ParcelPoint {
  return {
    id: 'pp-1',
    carriers: ['dpd'],
    name: 'DPD Pickup Trafika',
    street: 'Vodičkova 10',
    city: 'Praha',
    zip: '11000',
    country: 'cz',
    phones: [],
    distance: 120,
    notes: [],
    statuses: [],
    location: { lat: 50.08, lng: 14.42 },
    attributes: { isCollection: true, isLocker: false, isDepot: false, isPostOffice: false },
    services: { cardPayment: true, wheelchairAccess: false, noLunchBreak: true, openSaturday: true, openSunday: false },
    openingHours: [{ day: 1, hours: ['08:00-18:00'] }],
    ...overrides,
  };
}
