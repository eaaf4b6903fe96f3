import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of PPL's CPL API ("myAPI2") we send and read: our own subset of the definitions
 * published on PPL's documentation portal (PROTOCOL.md). The client builds requests of these
 * types and checks answers with them; the sandbox validates requests with them.
 */
const str = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const opt = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema));
/** PPL's parcel (shipment) numbers: 11 digits */
export const shipmentNumber = v.pipe(v.string(), v.regex(/^\d{11}$/));

export const tokenResponse = object({
  access_token: v.string(),
  token_type: v.optional(v.string()),
  expires_in: v.number(),
  scope: v.optional(v.string()),
});
export type TokenResponse = v.InferOutput<typeof tokenResponse>;

/** an RFC 7807 problem (PPL's ProblemJsonModel): validation errors by field, or a code of its own */
export const problemResponse = object({
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  status: v.optional(v.number()),
  detail: v.optional(v.nullable(v.string())),
  instance: v.optional(v.nullable(v.string())),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  code: v.optional(v.nullable(v.string())),
});
export type ProblemResponse = v.InferOutput<typeof problemResponse>;

/** the OAuth token endpoint's error (RFC 6749) */
export const oauthError = object({ error: v.string(), error_description: v.optional(v.string()) });

export const address = object({
  name: str(1, 50),
  name2: opt(str(1, 50)),
  street: str(1, 60),
  city: str(1, 50),
  zipCode: str(1, 10),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  contact: opt(str(1, 50)),
  phone: opt(str(1, 30)),
  email: opt(str(1, 50)),
});
export type PplAddress = v.InferOutput<typeof address>;

const money = { currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), price: v.pipe(v.number(), v.minValue(0)) };

export const shipment = object({
  referenceId: str(1, 128),
  productType: str(1, 4),
  note: opt(str(1, 300)),
  shipmentSet: opt(
    object({
      numberOfShipments: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
      shipmentSetItems: opt(v.array(object({ weighedShipmentInfo: opt(object({ weight: v.pipe(v.number(), v.minValue(0)) })), insurance: opt(object({ insuranceCurrency: money.currency, insurancePrice: money.price })) }))),
    }),
  ),
  sender: opt(address),
  recipient: address,
  specificDelivery: opt(object({ parcelShopCode: opt(str(1, 50)) })),
  cashOnDelivery: opt(
    object({
      codCurrency: money.currency,
      codPrice: money.price,
      codVarSym: v.pipe(v.string(), v.regex(/^\d{1,10}$/)),
      iban: opt(str(1, 34)),
      swift: opt(str(1, 11)),
      bankAccount: opt(str(1, 10)),
      bankCode: opt(str(4, 4)),
    }),
  ),
  insurance: opt(object({ insuranceCurrency: money.currency, insurancePrice: money.price })),
  externalNumbers: opt(v.array(object({ code: str(1, 4), externalNumber: str(1, 50) }))),
});
export type PplShipment = v.InferOutput<typeof shipment>;

export const LABEL_FORMATS = ['Zpl', 'Pdf', 'Jpeg', 'Png', 'Svg'] as const;

export const shipmentBatchRequest = object({
  returnChannel: opt(object({ type: v.picklist(['None', 'Email', 'Ftp']), address: opt(str(1, 100)) })),
  labelSettings: opt(
    object({
      format: v.picklist(LABEL_FORMATS),
      dpi: opt(v.pipe(v.number(), v.integer(), v.minValue(203), v.maxValue(1200))),
      completeLabelSettings: opt(object({ isCompleteLabelRequested: v.boolean(), pageSize: opt(v.picklist(['Default', 'A4', 'A6'])), position: opt(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4))) })),
    }),
  ),
  shipments: v.pipe(v.array(shipment), v.minLength(1), v.maxLength(1000)),
});
export type ShipmentBatchRequest = v.InferOutput<typeof shipmentBatchRequest>;

export const IMPORT_STATES = ['Received', 'InProcess', 'Complete', 'Error'] as const;

/** GET /shipment/batch/{batchId}: one item per parcel (a set's parcels share the referenceId) */
export const shipmentBatchResponse = object({
  items: v.array(
    object({
      referenceId: v.optional(v.nullable(v.string())),
      shipmentNumber: v.optional(v.nullable(v.string())),
      importState: v.picklist(IMPORT_STATES),
      labelUrl: v.optional(v.nullable(v.string())),
      errorCode: v.optional(v.nullable(v.string())),
      errorMessage: v.optional(v.nullable(v.string())),
    }),
  ),
  completeLabel: v.optional(v.nullable(object({ labelUrls: v.optional(v.nullable(v.array(v.string()))) }))),
});
export type ShipmentBatchResponse = v.InferOutput<typeof shipmentBatchResponse>;

export const trackEvent = object({
  statusId: v.optional(v.nullable(v.number())),
  code: v.optional(v.nullable(v.string())),
  phase: v.optional(v.nullable(v.string())),
  group: v.optional(v.nullable(v.string())),
  eventDate: v.string(),
  name: v.optional(v.nullable(v.string())),
});
export type TrackEvent = v.InferOutput<typeof trackEvent>;

/** GET /shipment: one entry per parcel */
export const shipmentInfo = object({
  shipmentNumber: v.string(),
  productType: v.optional(v.nullable(v.string())),
  shipmentState: v.optional(v.nullable(v.string())),
  shipmentSet: v.optional(v.nullable(object({ masterShipmentNumber: v.optional(v.nullable(v.string())), shipmentsInSet: v.optional(v.nullable(v.number())), shipmentInSetNumber: v.optional(v.nullable(v.number())) }))),
  externalNumbers: v.optional(v.nullable(v.array(object({ code: v.optional(v.nullable(v.string())), externalNumber: v.optional(v.nullable(v.string())) })))),
  trackAndTrace: v.optional(v.nullable(object({ lastEventCode: v.optional(v.nullable(v.string())), lastEventDate: v.optional(v.nullable(v.string())), events: v.optional(v.nullable(v.array(trackEvent))) }))),
});
export type ShipmentInfo = v.InferOutput<typeof shipmentInfo>;
export const shipmentInfoList = v.array(shipmentInfo);

export const orderBatchRequest = object({
  orders: v.pipe(
    v.array(
      object({
        orderType: v.picklist(['CollectionOrder', 'TransportOrder']),
        referenceId: str(1, 128),
        customerReference: opt(str(1, 40)),
        shipmentCount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
        email: opt(str(1, 50)),
        note: opt(str(1, 300)),
        sendDate: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/)),
        sendTimeFrom: opt(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))),
        sendTimeTo: opt(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))),
        productType: opt(str(1, 4)),
        sender: address,
        recipient: opt(address),
      }),
    ),
    v.minLength(1),
  ),
});
export type OrderBatchRequest = v.InferOutput<typeof orderBatchRequest>;

export const orderBatchResponse = object({
  items: v.array(object({ referenceId: v.optional(v.nullable(v.string())), orderNumber: v.optional(v.nullable(v.string())), importState: v.picklist(IMPORT_STATES), errorCode: v.optional(v.nullable(v.string())), errorMessage: v.optional(v.nullable(v.string())) })),
});
export type OrderBatchResponse = v.InferOutput<typeof orderBatchResponse>;

export const orderInfoList = v.array(object({ orderNumber: v.optional(v.nullable(v.string())), customerReference: v.optional(v.nullable(v.string())), referenceId: v.optional(v.nullable(v.string())), orderState: v.optional(v.nullable(v.string())), sendDate: v.optional(v.nullable(v.string())) }));
export type OrderInfoList = v.InferOutput<typeof orderInfoList>;
