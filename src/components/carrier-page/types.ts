/** The answers of v1/carriers/:code, v1/carriers/parcel-point-prices and v1/rates/list, as their services type them (types only). */
export type { CarrierFacts, CarrierServiceFacts, ParcelPointPriceRow, ParcelPointPrices } from '../../server/services/carrier-info';
export type { RateMatrix } from '../../server/services/rates';
