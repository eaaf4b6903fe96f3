import type { RouteId } from '../../routes';

/**
 * What the carrier pages (spec §2.4) know beside the API: which carrier code a page shows,
 * the destinations of its price table and whether its parcel points are in our search.
 * Services, limits and rating come from v1/carriers/:code, prices from v1/rates/list.
 */
export type CarrierPageId = Extract<RouteId, `carrier-${string}`>;

export type CarrierPage = {
  id: CarrierPageId;
  /** carrier code of the API (One by Allegro is still `wedo` there) */
  code: 'balikovna' | 'dpd' | 'fedex' | 'gls' | 'ppl' | 'toptrans' | 'ups' | 'wedo';
  /** price-table columns: destination countries the carrier's main services reach */
  destinations: string[];
  /** the carrier's network in the parcel-point search (PARCEL_POINT_CARRIERS), or null */
  network: 'balikovna' | 'dpd' | 'gls' | 'ppl' | 'wedo' | null;
};

export const CARRIER_PAGES: readonly CarrierPage[] = [
  { id: 'carrier-balikovna', code: 'balikovna', destinations: ['cz', 'sk'], network: 'balikovna' },
  { id: 'carrier-dpd', code: 'dpd', destinations: ['cz', 'sk', 'de', 'pl', 'at', 'fr'], network: 'dpd' },
  { id: 'carrier-fedex', code: 'fedex', destinations: ['sk', 'de', 'gb', 'us', 'cn'], network: null },
  { id: 'carrier-gls', code: 'gls', destinations: ['cz', 'sk', 'de', 'pl', 'at', 'hu'], network: 'gls' },
  { id: 'carrier-one-by-allegro', code: 'wedo', destinations: ['cz', 'sk'], network: 'wedo' },
  { id: 'carrier-ppl', code: 'ppl', destinations: ['cz', 'sk', 'de', 'pl', 'at'], network: 'ppl' },
  { id: 'carrier-toptrans', code: 'toptrans', destinations: ['cz', 'sk'], network: null },
  { id: 'carrier-ups', code: 'ups', destinations: ['cz', 'sk', 'de', 'gb', 'us'], network: null },
];

export const carrierPage = (id: string): CarrierPage | undefined => CARRIER_PAGES.find((p) => p.id === id);

/** the carrier page of a parcel-point network or carrier code, if it has one */
export const carrierPageOfCode = (code: string): CarrierPage | undefined => CARRIER_PAGES.find((p) => p.code === code);

/** The combinations of a price table: from the territory's home country to each destination. */
export const priceTableCombinations = (page: Pick<CarrierPage, 'destinations'>, home: 'cz' | 'sk') =>
  page.destinations.map((to) => ({ from: home, to }));

/** display names of the parcel-point networks (brands, the same in every language) */
export const NETWORK_NAMES: Record<string, string> = {
  balikovna: 'Balíkovna',
  dpd: 'DPD',
  gls: 'GLS',
  ppl: 'PPL',
  zasilkovna: 'Zásilkovna',
  wedo: 'One by Allegro',
};
