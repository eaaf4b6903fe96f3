import type { CarrierCode } from '../../lib/types/quote';

/**
 * What a carrier's refusal of a booking means, by the carrier's own error code, so the order page
 * can say it in the customer's language (spec §8; the carriers answer in English). A code not in
 * the table is `other`: the page then says only that the carrier refused the shipment.
 */
export const REFUSAL_KINDS = ['weight', 'postcode', 'address', 'route', 'point', 'cod', 'contact', 'service', 'price', 'other'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

const KINDS: Partial<Record<CarrierCode, Record<string, RefusalKind>>> = {
  // UPS Shipping API error codes (ups/PROTOCOL.md)
  ups: { '120541': 'weight', '121211': 'service', '121139': 'cod' },
  // PPL's batch item errorCode (ppl/PROTOCOL.md)
  ppl: { WeightExceeded: 'weight', InvalidZipCode: 'postcode', CountryNotAllowed: 'route', ParcelShopRequired: 'point', CodMismatch: 'cod', ProductNotAllowed: 'service' },
  // DPD CZ's errorCode (dpd/PROTOCOL.md); DPD SK answers ackCode "error" with a field, left as other
  dpd: { PARCEL_WEIGHT_EXCEEDED: 'weight', INVALID_COUNTRY: 'route', PUDO_ID_REQUIRED: 'point' },
  // Česká pošta's parcelStateResponse codes (balikovna/PROTOCOL.md)
  // FedEx's error codes (fedex/PROTOCOL.md; the weight code is the sandbox's, not confirmed at FedEx)
  fedex: { 'PACKAGE.WEIGHT.EXCEEDED': 'weight', 'SERVICE.TYPE.INVALID': 'service', 'CUSTOMSCLEARANCEDETAIL.REQUIRED': 'route', 'COMMERCIALINVOICE.REQUIRED': 'route' },
  // Liftago's codes (liftago/PROTOCOL.md; PRICE_CHANGED and PHONE_REQUIRED are our client's)
  liftago: { PRICE_CHANGED: 'price', PHONE_REQUIRED: 'contact', OUT_OF_AREA: 'address', PARCEL_TOO_HEAVY: 'weight' },
  balikovna: { '104': 'weight', '247': 'address', '138': 'contact', '124': 'cod', '108': 'cod', '107': 'cod' },
  // WE|DO's error_code (wedo/PROTOCOL.md: the sandbox's codes, WE|DO publishes none)
  wedo: { INVALID_WEIGHT: 'weight', INVALID_STATE: 'route', MISSING_BOX: 'point', MISSING_PUP_BRANCH: 'point', INVALID_COD: 'cod', INVALID_PRODUCT: 'service' },
};

export function refusalKind(carrier: string, code: string): RefusalKind {
  return KINDS[carrier as CarrierCode]?.[code] ?? 'other';
}
