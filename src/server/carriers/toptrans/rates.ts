import type { CarrierSheet } from '../types';

/** TOPTRANS, 2026 broker rates in CZK without VAT: heavy parcels and pallets within CZ and SK, plus road toll. */
export const toptransRates: CarrierSheet = {
  carrier: 'toptrans',
  territories: ['cz', 'sk'],
  rating: { score: 4.3, count: 1532 },
  fuelPercent: 12,
  tollPercent: 5,
  services: [
    {
      code: 'standard',
      name: 'Standard',
      type: 'ONDEMAND',
      packageTypes: ['package', 'envelope', 'tire'],
      weights: [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200],
      zones: {
        cz: { transitDays: 1, prices: [119, 119, 125, 129, 135, 149, 165, 179, 195, 215, 249, 279, 349, 419, 549, 679] },
        sk: { transitDays: 1, prices: [129, 129, 135, 139, 145, 159, 175, 189, 205, 225, 259, 289, 359, 429, 559, 689] },
        czsk: { transitDays: 2, prices: [189, 189, 199, 205, 215, 235, 259, 285, 309, 335, 385, 429, 529, 629, 809, 989] },
      },
      limits: { maxWeight: 200, maxLength: 300, maxGirth: 600 },
      volumetricDivisor: 4000,
      surcharges: {
        cod: { fee: 39, percent: 0, max: 200_000, maxEur: 8_000 },
        insurance: { included: 30_000, includedEur: 1_200, permille: 3, min: 30, max: 1_000_000, maxEur: 40_000 },
        hdf: 120,
      },
      orderTimeLimit: '10:00',
      pickupWindow: { from: '08:00', to: '16:00' },
      deliveryBranch: 'none',
      expressDelivery: false,
      labelPrintingRequired: true,
      ownInvoiceUploadAllowed: false,
    },
    {
      code: 'pallet',
      name: 'Paleta',
      type: 'ONDEMAND',
      packageTypes: ['pallet'],
      weights: [100, 200, 300, 400, 500, 600, 800, 1000],
      zones: {
        cz: { transitDays: 1, prices: [890, 1090, 1290, 1450, 1590, 1720, 1990, 2290] },
        sk: { transitDays: 2, prices: [1090, 1340, 1590, 1790, 1960, 2120, 2450, 2820] },
        czsk: { transitDays: 2, prices: [1490, 1790, 2090, 2350, 2590, 2790, 3190, 3590] },
      },
      limits: { maxWeight: 1000, maxLength: 240, maxGirth: null },
      volumetricDivisor: null,
      surcharges: {
        cod: { fee: 39, percent: 0, max: 200_000, maxEur: 8_000 },
        insurance: { included: 100_000, includedEur: 4_000, permille: 3, min: 30, max: 2_000_000, maxEur: 80_000 },
        hdf: 250,
      },
      orderTimeLimit: '10:00',
      pickupWindow: { from: '08:00', to: '16:00' },
      deliveryBranch: 'none',
      expressDelivery: false,
      labelPrintingRequired: true,
      ownInvoiceUploadAllowed: false,
    },
  ],
};
