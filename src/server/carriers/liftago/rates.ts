import type { CarrierSheet } from '../types';

/**
 * Liftago ('Kurýr na přesný čas'), 2026 broker rates in CZK without VAT: a same-day courier
 * inside Prague or inside Brno (the `city` zone), booked for a two-hour window.
 */
export const liftagoRates: CarrierSheet = {
  carrier: 'liftago',
  territories: ['cz', 'sk'],
  rating: { score: 4.8, count: 962 },
  fuelPercent: 0,
  services: [
    {
      code: 'same-day',
      name: 'Doručení ještě dnes',
      type: 'ONDEMAND',
      packageTypes: ['package', 'envelope'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30],
      zones: {
        city: { transitDays: 0, prices: [199, 199, 199, 209, 219, 249, 279, 309, 339, 369] },
      },
      limits: { maxWeight: 30, maxLength: 120, maxGirth: null, maxPackages: 5 },
      volumetricDivisor: null,
      surcharges: {
        cod: null,
        insurance: { included: 20_000, includedEur: 800, permille: 5, min: 0, max: 100_000, maxEur: 4_000 },
      },
      orderTimeLimit: '17:00',
      pickupWindow: null,
      deliveryBranch: 'none',
      expressDelivery: true,
      labelPrintingRequired: false,
      ownInvoiceUploadAllowed: false,
      timeWindows: { firstStart: '08:00', lastStart: '18:00', hours: 2, leadMinutes: 60, peakFrom: '16:00', peakSurcharge: 60 },
    },
  ],
};
