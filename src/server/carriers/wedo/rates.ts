import type { CarrierSheet } from '../types';

/** One by Allegro (formerly WE|DO), 2026 broker rates in CZK without VAT. */
export const wedoRates: CarrierSheet = {
  carrier: 'wedo',
  territories: ['cz', 'sk'],
  rating: { score: 4.4, count: 4120 },
  fuelPercent: 0,
  services: [
    {
      code: 'box',
      name: 'Box',
      type: 'DROPOFF',
      packageTypes: ['package', 'envelope'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20],
      zones: {
        cz: { transitDays: 1, prices: [59, 59, 62, 65, 69, 79, 95, 109] },
        sk: { transitDays: 1, prices: [62, 62, 65, 68, 72, 83, 99, 114] },
        czsk: { transitDays: 2, prices: [99, 99, 105, 109, 115, 129, 149, 169] },
      },
      limits: { maxWeight: 20, maxLength: 64, maxGirth: 180, maxPackages: 1 },
      volumetricDivisor: null,
      surcharges: {
        cod: { fee: 22, percent: 0, max: 30_000, maxEur: 1_200 },
        insurance: { included: 10_000, includedEur: 400, permille: 5, min: 0, max: 50_000, maxEur: 2_000 },
      },
      orderTimeLimit: '18:00',
      pickupWindow: null,
      deliveryBranch: 'required',
      expressDelivery: false,
      labelPrintingRequired: false,
      ownInvoiceUploadAllowed: false,
    },
    {
      code: 'home',
      name: 'Home',
      type: 'ONDEMAND',
      packageTypes: ['package', 'envelope'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30],
      zones: {
        cz: { transitDays: 1, prices: [85, 88, 95, 99, 106, 122, 145, 169, 199, 229] },
        sk: { transitDays: 1, prices: [89, 92, 99, 104, 111, 128, 152, 177, 209, 240] },
        czsk: { transitDays: 2, prices: [129, 135, 145, 152, 162, 185, 219, 249, 289, 325] },
      },
      limits: { maxWeight: 30, maxLength: 150, maxGirth: 300 },
      volumetricDivisor: null,
      surcharges: {
        cod: { fee: 25, percent: 0, max: 50_000, maxEur: 2_000 },
        insurance: { included: 10_000, includedEur: 400, permille: 5, min: 0, max: 100_000, maxEur: 4_000 },
      },
      orderTimeLimit: '12:00',
      pickupWindow: { from: '08:00', to: '16:00' },
      deliveryBranch: 'optional',
      expressDelivery: false,
      labelPrintingRequired: true,
      ownInvoiceUploadAllowed: false,
    },
  ],
};
