import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of Česká pošta's B2B ZSKService we send and read (our own subset of its published
 * OpenAPI definition B2B-ZSKService 1.4.0; see PROTOCOL.md). The client builds requests of these
 * types and checks answers with them; the sandbox validates requests with them.
 */
const str = (max: number) => v.pipe(v.string(), v.maxLength(max));
const text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
/** kilograms as a string: up to 5 digits, up to 3 decimals */
export const weight = v.pipe(v.string(), v.regex(/^((\d{1,5})|(\d{1,5}\.\d{1,3}))$/));
const amount = v.pipe(v.number(), v.minValue(0), v.maxValue(999_999_999.99));
const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** additional services by Česká pošta's codes ('7' declared value, '41' COD, '70' multi-part, 'S'…'XL' size) */
const services = v.pipe(v.array(text(3)), v.minLength(1));

/** one entry of the Error array every HTTP error answers with */
export const apiError = object({
  'x-request-id': v.optional(v.string()),
  code: v.optional(v.number()),
  status: v.optional(v.string()),
  message: v.string(),
  moreInfo: v.optional(v.string()),
  date: v.optional(v.string()),
});
export const errorList = v.pipe(v.array(apiError), v.maxLength(10));
export type ApiError = v.InferOutput<typeof apiError>;

/** {responseCode, responseText}: 1 OK, INFO_… notes, everything else an error */
export const statusItem = object({ responseCode: v.number(), responseText: v.string() });
export type StatusItem = v.InferOutput<typeof statusItem>;

const address = object({
  street: v.optional(str(40)),
  houseNumber: v.optional(str(6)),
  sequenceNumber: v.optional(str(6)),
  city: v.optional(str(40)),
  zipCode: v.optional(str(25)),
  isoCountry: v.optional(str(2)),
});

/** `senderAddress` (the Address schema: a name, city and zip required) */
const senderAddress = object({
  companyName: text(50),
  aditionAddress: v.optional(str(50)),
  street: v.optional(str(40)),
  houseNumber: v.optional(str(6)),
  sequenceNumber: v.optional(str(6)),
  city: text(40),
  zipCode: text(25),
  isoCountry: v.optional(str(2)),
});

export const parcelParams = object({
  recordID: text(50),
  prefixParcelCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  weight: v.optional(weight),
  insuredValue: v.optional(amount),
  amount: v.optional(amount),
  currency: v.optional(str(3)),
  vsVoucher: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/))),
  sequenceParcel: v.optional(int(0, 99)),
  quantityParcel: v.optional(int(0, 99)),
  note: v.optional(str(50)),
  notePrint: v.optional(str(50)),
});
export type ParcelParams = v.InferOutput<typeof parcelParams>;

export const parcelAddress = object({
  recordID: v.optional(str(20)),
  firstName: v.optional(v.string()),
  surname: v.optional(v.string()),
  company: v.optional(v.string()),
  aditionAddress: v.optional(v.string()),
  subject: v.optional(v.picklist(['F', 'P'])),
  address: v.optional(address),
  mobilNumber: v.optional(v.string()),
  phoneNumber: v.optional(v.string()),
  emailAddress: v.optional(v.string()),
});
export type ParcelAddress = v.InferOutput<typeof parcelAddress>;

export const parcelServiceRequest = object({
  parcelServiceHeader: object({
    parcelServiceHeaderCom: object({
      transmissionDate: isoDate,
      customerID: v.optional(str(6)),
      postCode: v.optional(str(5)),
      locationNumber: v.optional(v.pipe(v.number(), v.integer())),
    }),
    senderAddress: v.optional(senderAddress),
    printParams: v.optional(object({ idForm: v.optional(v.pipe(v.number(), v.integer())), shiftHorizontal: v.optional(v.number()), shiftVertical: v.optional(v.number()) })),
    position: v.optional(v.number()),
  }),
  parcelServiceData: object({ parcelParams, parcelServices: v.optional(services), parcelAddress }),
  /** the 2nd to 5th parcel of a multi-part consignment (service 70) */
  multipartParcelData: v.optional(v.pipe(v.array(object({ addParcelData: parcelParams, addParcelDataServices: v.optional(services) })), v.minLength(1), v.maxLength(4))),
});
export type ParcelServiceRequest = v.InferOutput<typeof parcelServiceRequest>;

export const parcelServiceResponse = object({
  responseHeader: object({
    resultHeader: statusItem,
    resultParcelData: v.optional(v.array(object({ recordNumber: v.optional(v.string()), parcelCode: v.optional(v.string()), parcelStateResponse: v.optional(v.array(statusItem)) }))),
    responsePrintParams: v.optional(object({ file: v.optional(v.string()), printParamsResponse: v.optional(v.array(statusItem)) })),
  }),
});
export type ParcelServiceResponse = v.InferOutput<typeof parcelServiceResponse>;

export const parcelStatusRequest = object({
  parcelIds: v.pipe(v.array(text(13)), v.minLength(1), v.maxLength(10)),
  language: v.optional(v.string()),
});
export type ParcelStatusRequest = v.InferOutput<typeof parcelStatusRequest>;

const parcelStatus = object({ id: v.string(), date: v.string(), text: v.string(), postCode: v.optional(v.nullable(v.string())), name: v.optional(v.nullable(v.string())) });
export type ParcelStatus = v.InferOutput<typeof parcelStatus>;

export const parcelStatusResponse = object({
  detail: v.optional(
    v.array(
      object({
        idParcel: v.string(),
        parcelType: v.optional(v.string()),
        weight: v.optional(v.nullable(v.string())),
        parcelsQuantity: v.optional(v.nullable(v.number())),
        parcelStatuses: v.optional(v.array(parcelStatus)),
      }),
    ),
  ),
});
export type ParcelStatusResponse = v.InferOutput<typeof parcelStatusResponse>;

export const parcelPrintingRequest = object({
  printingHeader: object({
    customerID: text(6),
    contractNumber: v.optional(v.string()),
    idForm: v.optional(v.pipe(v.number(), v.integer())),
    shiftHorizontal: v.number(),
    shiftVertical: v.number(),
    position: v.optional(v.number()),
  }),
  printingData: v.pipe(v.array(text(13)), v.minLength(1), v.maxLength(500)),
});
export type ParcelPrintingRequest = v.InferOutput<typeof parcelPrintingRequest>;

export const parcelPrintingResponse = object({
  printingHeaderResult: v.optional(object({ printingStatusResponse: v.optional(statusItem) })),
  /** the PDF, base64 */
  printingDataResult: v.optional(v.string()),
});
export type ParcelPrintingResponse = v.InferOutput<typeof parcelPrintingResponse>;
