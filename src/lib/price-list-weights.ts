/** Weight columns (kg) of a price list by origin country (spec §9); pure. */

const STANDARD = [0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50];
const UP_TO_25 = [0.5, 1, 2, 3, 5, 10, 15, 20, 25];

export function priceListWeights(origin: string, destination?: string): number[] {
  switch (origin.toLowerCase()) {
    case 'sk': {
      const to = destination?.toLowerCase();
      return to === 'sk' || to === 'cz' ? [...UP_TO_25, 31.5, 50] : [...UP_TO_25, 31.5];
    }
    case 'mt':
      return STANDARD.filter((w) => w <= 30);
    default:
      return [...STANDARD];
  }
}

/** every weight a price list can have (spec §9): the only weights v1/rates/list prices */
export const PRICE_LIST_WEIGHT_VALUES = [...new Set([...STANDARD, 31.5])].sort((a, b) => a - b);
