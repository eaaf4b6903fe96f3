import type { CarrierSheet } from '../types';

/** Česká pošta (Balíkovna), 2026 broker rates in CZK without VAT; the sender hands parcels in at a post office or Balíkovna point. */
export const balikovnaRates: CarrierSheet = {
  carrier: 'balikovna',
  territories: ['cz', 'sk'],
  rating: { score: 4.3, count: 8421 },
  fuelPercent: 0,
  services: [
    {
      code: 'na-balikovnu',
      name: 'Na Balíkovnu',
      type: 'DROPOFF',
      packageTypes: ['package', 'envelope'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20],
      zones: {
        cz: { transitDays: 1, prices: [65, 65, 69, 72, 79, 95, 119, 139] },
      },
      limits: { maxWeight: 20, maxLength: 120, maxGirth: 300 },
      volumetricDivisor: null,
      surcharges: {
        cod: { fee: 25, percent: 0, max: 100_000, maxEur: 4_000 },
        insurance: { included: 5_000, includedEur: 200, permille: 5, min: 10, max: 100_000, maxEur: 4_000 },
      },
      orderTimeLimit: '16:00',
      pickupWindow: null,
      deliveryBranch: 'required',
      expressDelivery: false,
      labelPrintingRequired: false,
      ownInvoiceUploadAllowed: false,
    },
    {
      code: 'do-ruky',
      name: 'Do ruky',
      type: 'DROPOFF',
      packageTypes: ['package', 'envelope', 'tire'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30],
      zones: {
        cz: { transitDays: 1, prices: [89, 89, 99, 104, 112, 129, 155, 179, 209, 239] },
        czsk: { transitDays: 3, prices: [245, 255, 279, 299, 329, 399, 479, 549, 629, 699] },
      },
      limits: { maxWeight: 30, maxLength: 240, maxGirth: 300 },
      volumetricDivisor: null,
      surcharges: {
        cod: { fee: 29, percent: 0, max: 100_000, maxEur: 4_000 },
        insurance: { included: 5_000, includedEur: 200, permille: 5, min: 10, max: 100_000, maxEur: 4_000 },
      },
      orderTimeLimit: '16:00',
      pickupWindow: null,
      deliveryBranch: 'none',
      expressDelivery: false,
      labelPrintingRequired: false,
      ownInvoiceUploadAllowed: false,
    },
  ],
};
