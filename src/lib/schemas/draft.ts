import * as v from 'valibot';
import { object } from './object';
import { MAX_PACKAGES } from '../quote-defaults';
import { PARCEL_POINT_CARRIERS, type ParcelPoint, type Quote, type QuoteAttributes, type Territory } from '../types/quote';
import { AddressDraftSchema, emptyAddress } from './address';
import { CustomsDraftSchema } from './customs';
import { storedBoolean, storedNullableString, storedNumberText, storedString } from './fields';
import { emptyPackage, PackageDraftSchema } from './package';
import { COLLECTION_TYPES, QUOTE_CURRENCIES } from './quote';
import { emptyServices, ServicesDraftSchema } from './services';

/**
 * What the configurator keeps between visits (spec §3 shipment draft), plus the quote and
 * parcel points it was configured with. These schemas read stored state: a malformed
 * field of a draft becomes its default; a malformed quote or parcel point is rejected
 * as a whole (the caller drops it).
 */

const TERRITORY_DEFAULTS: Record<Territory, { country: string; currency: string; phonePrefix: string }> = {
  cz: { country: 'cz', currency: 'CZK', phonePrefix: '+420' },
  sk: { country: 'sk', currency: 'EUR', phonePrefix: '+421' },
};

const storedAddress = () => v.fallback(v.optional(AddressDraftSchema, () => emptyAddress()), () => emptyAddress());

export const ShipmentDraftSchema = object({
  sender: storedAddress(),
  recipient: storedAddress(),
  /** one package at least (spec §4 migration), at most MAX_PACKAGES */
  content: v.fallback(
    v.optional(
      v.pipe(v.array(PackageDraftSchema), v.minLength(1), v.transform((items) => items.slice(0, MAX_PACKAGES))),
      () => [emptyPackage()],
    ),
    () => [emptyPackage()],
  ),
  services: v.fallback(v.optional(ServicesDraftSchema, emptyServices), emptyServices),
  shipmentValue: v.fallback(v.optional(object({ value: storedNumberText(), currency: storedString() }), () => ({ value: '', currency: '' })), () => ({
    value: '',
    currency: '',
  })),
  currency: storedString(),
  note: storedString(),
  reference: storedString(),
  /** 'yyyy-MM-dd' or '' */
  pickupDate: storedString(),
  /** 'from - to' or '' */
  pickupTime: storedString(),
  fromTime: storedString(),
  toTime: storedString(),
  saveSenderAddress: storedBoolean(),
  saveRecipientAddress: storedBoolean(),
  customsClearance: v.fallback(v.nullish(CustomsDraftSchema, null), null),
  /** the cart item this draft edits; null for a new shipment */
  cartId: storedNullableString(),
});
export type ShipmentDraft = v.InferOutput<typeof ShipmentDraftSchema>;

export function emptyDraft(territory: Territory): ShipmentDraft {
  const { country, currency, phonePrefix } = TERRITORY_DEFAULTS[territory];
  return {
    ...v.getDefaults(ShipmentDraftSchema),
    sender: emptyAddress(country, phonePrefix),
    recipient: emptyAddress(country, phonePrefix),
    content: [emptyPackage()],
    services: emptyServices(),
    shipmentValue: { value: '', currency },
    currency,
    customsClearance: null,
  };
}

const MoneySchema = object({ value: v.number(), currency: v.picklist(QUOTE_CURRENCIES) });
const ProblemSchema = object({ code: v.string(), message: v.string(), field: v.optional(v.string()) });
const nullableText = v.nullable(v.string());

export const QuoteAttributesSchema: v.GenericSchema<unknown, QuoteAttributes> = object({
  affiliate: v.boolean(),
  pickupBranchRequired: v.boolean(),
  deliveryBranchRequired: v.boolean(),
  deliveryBranchSupported: v.boolean(),
  expressDelivery: v.boolean(),
  trackingAvailable: v.boolean(),
  labelPrintingRequired: v.boolean(),
  customsClearanceRequired: v.boolean(),
  ownInvoiceUploadAllowed: v.boolean(),
  addressLevelLock: v.picklist([0, 1, 2]),
  freightType: v.picklist(['parcel', 'pallet', 'envelope', 'tire']),
  deliveryBranchPreferred: v.boolean(),
});

/** A quote as the API returned it (spec §3); the annotation keeps it in step with `Quote`. */
export const StoredQuoteSchema: v.GenericSchema<unknown, Quote> = object({
  id: v.string(),
  serviceId: v.string(),
  serviceName: v.string(),
  complete: v.boolean(),
  type: v.picklist(COLLECTION_TYPES),
  shipmentCategory: v.picklist(['domestic', 'import', 'export']),
  price: v.nullable(MoneySchema),
  priceVat: v.nullable(MoneySchema),
  codAmount: v.optional(v.nullable(MoneySchema)),
  restrictions: v.array(ProblemSchema),
  errors: v.array(ProblemSchema),
  carrier: object({ code: v.pipe(v.string(), v.minLength(1)), name: v.string() }),
  rating: object({ score: v.number(), count: v.number() }),
  limits: object({ weight: v.number(), insurance: MoneySchema, cod: v.optional(object({ CZK: v.number(), EUR: v.number() })) }),
  attributes: QuoteAttributesSchema,
  timeInTransit: object({
    orderTimeLimit: nullableText,
    pickupDate: nullableText,
    deliveryDate: nullableText,
    pickupFromTime: nullableText,
    pickupToTime: nullableText,
    pickupWindow: nullableText,
    deliveryFromTime: nullableText,
    deliveryToTime: nullableText,
    deliveryWindow: nullableText,
    hoursInTransit: v.nullable(v.number()),
  }),
  charges: v.array(
    object({
      code: v.picklist(['base', 'fuel', 'cod', 'insurance', 'express', 'hdf', 'toll', 'vat']),
      amount: MoneySchema,
    }),
  ),
});

/** A parcel point as the API returned it (spec §3). */
export const StoredParcelPointSchema: v.GenericSchema<unknown, ParcelPoint> = object({
  id: v.string(),
  carriers: v.array(v.picklist(PARCEL_POINT_CARRIERS)),
  name: v.string(),
  street: v.string(),
  city: v.string(),
  zip: v.string(),
  country: v.string(),
  phones: v.array(v.string()),
  distance: v.nullable(v.number()),
  notes: v.array(v.string()),
  statuses: v.array(v.string()),
  location: object({ lat: v.number(), lng: v.number() }),
  attributes: object({ isCollection: v.boolean(), isLocker: v.boolean(), isDepot: v.boolean(), isPostOffice: v.boolean() }),
  services: object({
    cardPayment: v.boolean(),
    wheelchairAccess: v.boolean(),
    noLunchBreak: v.boolean(),
    openSaturday: v.boolean(),
    openSunday: v.boolean(),
  }),
  openingHours: v.array(object({ day: v.number(), hours: v.array(v.string()) })),
});

/** Stored quote or parcel point that no longer matches its shape reads as null. */
export const storedOrNull = <T>(schema: v.GenericSchema<unknown, T>) => v.fallback(v.nullish(schema, null), null);
