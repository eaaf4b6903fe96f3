import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of DPD's APIs we send and read (our own subset; see PROTOCOL.md): DPD CZ's
 * "DPD Shipping" REST API (NST, v1.1), DPD SK's Shipper API (JSON-RPC 2.0) and DPD's parcel
 * life cycle (tracking) answer. The client builds requests of these types and checks answers
 * with them; the sandbox validates requests with them.
 */
const str = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const positive = v.pipe(v.number(), v.minValue(0.01));
/** a 14-digit DPD parcel label number */
export const parcelNumber = v.pipe(v.string(), v.regex(/^\d{14}$/));
/** ids DPD's clients send as numbers or strings */
const id = v.union([v.pipe(v.string(), v.minLength(1), v.maxLength(40)), v.number()]);

// ---- DPD CZ: DPD Shipping API (NST) v1.1 ----

const account = { buCode: str(3, 3), customerId: str(1, 40) };

export const nstReceiver = object({
  name: str(1, 35),
  companyName: v.optional(str(1, 35)),
  contactName: v.optional(str(1, 35)),
  street: str(1, 35),
  houseNo: v.optional(str(1, 8)),
  zipCode: str(1, 9),
  city: str(1, 35),
  countryCode: str(2, 2),
  contactPhone: v.optional(str(1, 20)),
  contactEmail: v.optional(str(1, 60)),
});

export const nstParcel = object({
  weight: positive,
  dimensionLength: v.optional(v.number()),
  dimensionWidth: v.optional(v.number()),
  dimensionHeight: v.optional(v.number()),
  reference1: v.optional(str(1, 35)),
});

export const nstShipmentRequest = object({
  ...account,
  shipments: v.pipe(
    v.array(
      object({
        numOrder: v.number(),
        senderAddressId: id,
        reference1: v.optional(str(1, 35)),
        reference2: v.optional(str(1, 35)),
        receiver: nstReceiver,
        parcels: v.pipe(v.array(nstParcel), v.minLength(1), v.maxLength(99)),
        service: object({
          mainServiceElementCodes: v.pipe(v.array(str(3, 3)), v.minLength(1)),
          additionalService: v.optional(
            object({
              cod: v.optional(object({ amount: positive, currency: str(3, 3), paymentType: v.picklist(['Cash', 'Card']), reference: v.optional(str(1, 10)), split: v.optional(str(1, 20)) })),
              highInsurance: v.optional(object({ goodsValue: positive, currency: str(3, 3), content: v.optional(str(1, 35)) })),
              pudoId: v.optional(str(1, 20)),
              predicts: v.optional(v.array(object({ type: v.picklist(['SMS', 'email']), destination: str(1, 60) }))),
            }),
          ),
        }),
        saveMode: v.picklist(['parcel number', 'printed', 'draft']),
      }),
    ),
    v.minLength(1),
  ),
});
export type NstShipmentRequest = v.InferOutput<typeof nstShipmentRequest>;

export const nstError = object({ errorCode: v.string(), errorMessage: v.string() });
/** NST's error answer (not confirmed: see PROTOCOL.md) */
export const nstErrorResponse = object({ transactionId: v.optional(id), errors: v.pipe(v.array(nstError), v.minLength(1)) });

export const nstShipmentResponse = object({
  transactionId: id,
  shipmentResults: v.pipe(
    v.array(
      object({
        numOrder: v.number(),
        shipment: v.optional(object({ shipmentId: id, status: v.optional(v.number()) })),
        parcelResults: v.optional(v.array(object({ parcelNumber }))),
        errors: v.optional(v.array(nstError)),
      }),
    ),
    v.minLength(1),
  ),
});
export type NstShipmentResponse = v.InferOutput<typeof nstShipmentResponse>;

export const nstLabelRequest = object({ ...account, parcelNumberList: v.pipe(v.array(v.union([parcelNumber, v.number()])), v.minLength(1)), labelSize: v.picklist(['A4', 'A6']), printFormat: v.picklist(['pdf', 'zpl']), startPosition: v.optional(v.number()) });
export type NstLabelRequest = v.InferOutput<typeof nstLabelRequest>;
/** pdfFile: a data URL, data:application/pdf;base64,… */
export const nstLabelResponse = object({ transactionId: v.optional(id), pdfFile: v.pipe(v.string(), v.startsWith('data:application/pdf;base64,')) });

export const nstCancelRequest = object({ ...account, shipmentIds: v.pipe(v.array(id), v.minLength(1)) });
export const nstCancelResponse = object({ transactionId: id });

export const nstPickupRequest = object({
  ...account,
  pickupOrder: object({
    internalPickupAddressId: id,
    contactName: str(1, 35),
    contactPhone: str(1, 20),
    contactEmail: v.optional(str(1, 60)),
    pickupDate: v.pipe(v.string(), v.isoDate()),
    fromTime: v.optional(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))),
    toTime: v.optional(v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/))),
    parcelCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
    totalWeight: positive,
    additionalInfo: v.optional(str(1, 300)),
  }),
});
export type NstPickupRequest = v.InferOutput<typeof nstPickupRequest>;
export const nstPickupResponse = object({ transactionId: v.optional(id), pickupId: id });
export const nstPickupCancelRequest = object(account);

// ---- DPD SK: Shipper API, JSON-RPC 2.0 ----

export const skSecurity = object({ SecurityToken: object({ ClientKey: str(1, 200), Email: str(3, 100) }) });

export const skShipment = object({
  reference: str(1, 35),
  delisId: str(1, 20),
  note: v.optional(str(0, 70)),
  product: v.number(),
  pickup: object({ date: v.pipe(v.string(), v.regex(/^\d{8}$/)), timeWindow: v.optional(object({ beginning: v.pipe(v.string(), v.regex(/^\d{4}$/)), end: v.pipe(v.string(), v.regex(/^\d{4}$/)) })) }),
  addressSender: object({ id: id }),
  addressRecipient: object({
    type: v.picklist(['b2b', 'b2c']),
    name: str(1, 35),
    nameDetail: v.optional(str(0, 35)),
    street: str(1, 35),
    zip: str(1, 9),
    /** ISO 3166 numeric */
    country: v.number(),
    city: str(1, 35),
    phone: v.optional(str(1, 20)),
    email: v.optional(str(1, 60)),
  }),
  parcels: object({ parcel: v.pipe(v.array(object({ reference1: v.optional(str(1, 35)), weight: positive, height: v.optional(v.number()), width: v.optional(v.number()), depth: v.optional(v.number()) })), v.minLength(1), v.maxLength(99)) }),
  services: v.optional(
    object({
      cod: v.optional(object({ amount: positive, currency: str(3, 3), bankAccount: object({ id: id }), variableSymbol: v.pipe(v.string(), v.regex(/^\d{1,10}$/)), paymentMethod: v.picklist([0, 1]) })),
      parcelShopDelivery: v.optional(object({ parcelShopId: str(1, 20) })),
    }),
  ),
});
export type SkShipment = v.InferOutput<typeof skShipment>;

const rpc = <P extends v.GenericSchema>(method: string, params: P) => object({ jsonrpc: v.literal('2.0'), method: v.literal(method), params, id: v.union([v.string(), v.number()]) });

export const skCreateRequest = rpc('create', object({ DPDSecurity: skSecurity, shipment: v.pipe(v.array(skShipment), v.minLength(1)) }));
export const skPrintLabelsRequest = rpc('printLabels', object({ DPDSecurity: skSecurity, label: object({ parcels: object({ parcel: v.pipe(v.array(object({ parcelno: parcelNumber })), v.minLength(1)) }) }) }));
export const skCancelRequest = rpc('cancel', object({ DPDSecurity: skSecurity, shipment: v.pipe(v.array(object({ mpsid: v.pipe(v.string(), v.regex(/^\d{22}$/)) })), v.minLength(1)) }));
export const skPickupRequest = rpc(
  'createPickup',
  object({
    DPDSecurity: skSecurity,
    pickup: object({
      delisId: str(1, 20),
      addressSender: object({ id: id }),
      date: v.pipe(v.string(), v.regex(/^\d{8}$/)),
      timeWindow: object({ beginning: v.pipe(v.string(), v.regex(/^\d{4}$/)), end: v.pipe(v.string(), v.regex(/^\d{4}$/)) }),
      parcelCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
      contactName: str(1, 35),
      contactPhone: str(1, 20),
      note: v.optional(str(0, 70)),
    }),
  }),
);
export const skCancelPickupRequest = rpc('cancelPickup', object({ DPDSecurity: skSecurity, pickup: object({ id: str(1, 40) }) }));

export const skMessage = object({ element: v.optional(v.string()), value: v.string(), envelope: v.optional(v.string()) });
/** one item of result.result: the outcome of one shipment (or pickup) */
export const skResultItem = object({
  success: v.boolean(),
  ackCode: v.string(),
  reference: v.optional(v.string()),
  /** the first parcel's number followed by the pickup date (yyyyMMdd) */
  mpsid: v.optional(v.string()),
  label: v.optional(v.string()),
  parcels: v.optional(v.array(object({ parcelno: parcelNumber }))),
  pickupId: v.optional(v.string()),
  messages: v.optional(v.array(skMessage)),
});
export type SkResultItem = v.InferOutput<typeof skResultItem>;
export const skResultResponse = object({ jsonrpc: v.literal('2.0'), id: v.union([v.string(), v.number(), v.null()]), result: object({ result: v.pipe(v.array(skResultItem), v.minLength(1)) }) });
/** JSON-RPC's error object (103: the security token is refused) */
export const skErrorResponse = object({ jsonrpc: v.literal('2.0'), id: v.union([v.string(), v.number(), v.null()]), error: object({ code: v.number(), message: v.string(), data: v.optional(v.unknown()) }) });

// ---- tracking: DPD's parcel life cycle ----

export const plcScan = object({
  /** local time of the scanning depot, YYYY-MM-DDTHH:mm:ss */
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)),
  scanData: object({ location: v.optional(v.string()), scanType: object({ code: v.string(), name: v.optional(v.string()) }) }),
  scanDescription: v.optional(object({ label: v.optional(v.string()), content: v.optional(v.array(v.string())) })),
});
export type PlcScan = v.InferOutput<typeof plcScan>;
export const plcResponse = object({
  parcellifecycleResponse: object({ parcelLifeCycleData: v.nullish(object({ scanInfo: v.nullish(object({ scan: v.nullish(v.array(plcScan)) })) })) }),
});
export type PlcResponse = v.InferOutput<typeof plcResponse>;
