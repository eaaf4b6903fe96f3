import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of the MyGLS API (ParcelService, JSON) we send and read: our own subset of GLS's
 * "MyGLS API for system integration" (see PROTOCOL.md). The client builds requests of these
 * types and checks answers with them; the sandbox validates requests with them. MyGLS is a WCF
 * service: names are UpperCamelCase, dates are "/Date(ms)/", byte arrays are arrays of numbers.
 */
const str = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const byteArray = v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)));
/** WCF's JSON date: /Date(ms)/ or /Date(ms+0100)/ */
export const wcfDate = v.pipe(v.string(), v.regex(/^\/Date\(-?\d+([+-]\d{4})?\)\/$/));

/** every request: the MyGLS user and the SHA-512 of its password as bytes (64 of them) */
const auth = { Username: str(1, 100), Password: v.pipe(byteArray, v.length(64)) };

export const address = object({
  Name: str(1, 40),
  Street: str(1, 40),
  HouseNumber: v.optional(str(0, 10)),
  HouseNumberInfo: v.optional(str(0, 40)),
  City: str(1, 40),
  ZipCode: str(1, 10),
  CountryIsoCode: str(2, 2),
  ContactName: v.optional(str(0, 40)),
  ContactPhone: v.optional(str(0, 40)),
  ContactEmail: v.optional(str(0, 100)),
});
export type GlsAddress = v.InferOutput<typeof address>;

/** a service of ServiceList: its code and, for some, a parameter object named after it */
export const service = object({
  Code: str(2, 3),
  PSDParameter: v.optional(object({ StringValue: str(1, 40) })),
  FDSParameter: v.optional(object({ Value: str(1, 100) })),
  FSSParameter: v.optional(object({ Value: str(1, 40) })),
  INSParameter: v.optional(object({ Value: v.number() })),
});
export type GlsService = v.InferOutput<typeof service>;

export const parcelProperty = object({
  Content: v.optional(str(0, 40)),
  PackageType: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)),
  Height: v.optional(v.number()),
  Length: v.optional(v.number()),
  Width: v.optional(v.number()),
  Weight: v.pipe(v.number(), v.minValue(0)),
});

export const parcel = object({
  ClientNumber: v.pipe(v.number(), v.integer()),
  ClientReference: v.optional(str(0, 40)),
  Count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
  CODAmount: v.optional(v.number()),
  CODCurrency: v.optional(str(0, 3)),
  CODReference: v.optional(str(0, 40)),
  Content: v.optional(str(0, 40)),
  PickupDate: v.optional(wcfDate),
  PickupAddress: address,
  DeliveryAddress: address,
  ServiceList: v.optional(v.array(service)),
  ParcelPropertyList: v.optional(v.array(parcelProperty)),
});
export type GlsParcel = v.InferOutput<typeof parcel>;

export const TYPES_OF_PRINTER = ['A4_2x2', 'A4_4x1', 'Connect', 'Thermo', 'ThermoZPL'] as const;

export const printLabelsRequest = object({
  ...auth,
  WebshopEngine: v.optional(v.string()),
  ParcelList: v.pipe(v.array(parcel), v.minLength(1)),
  TypeOfPrinter: v.picklist(TYPES_OF_PRINTER),
  PrintPosition: v.optional(v.number()),
  ShowPrintDialog: v.optional(v.boolean()),
});
export type PrintLabelsRequest = v.InferOutput<typeof printLabelsRequest>;

export const deleteLabelsRequest = object({ ...auth, ParcelIdList: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1), v.maxLength(50)) });
export const parcelStatusesRequest = object({ ...auth, ParcelNumber: v.pipe(v.number(), v.integer()), ReturnPOD: v.optional(v.boolean()), LanguageIsoCode: v.optional(str(2, 2)) });
export const parcelListRequest = object({
  ...auth,
  PickupDateFrom: v.optional(v.nullable(wcfDate)),
  PickupDateTo: v.optional(v.nullable(wcfDate)),
  PrintDateFrom: v.optional(v.nullable(wcfDate)),
  PrintDateTo: v.optional(v.nullable(wcfDate)),
});

/** ErrorInfo: MyGLS answers errors in the call's error list, with HTTP 200 */
export const errorInfo = object({
  ErrorCode: v.number(),
  ErrorDescription: v.nullish(v.string()),
  ClientReferenceList: v.nullish(v.array(v.string())),
  ParcelIdList: v.nullish(v.array(v.number())),
});
export type GlsError = v.InferOutput<typeof errorInfo>;
const errors = v.nullish(v.array(errorInfo));

export const printLabelsResponse = object({
  Labels: v.nullish(byteArray),
  PrintLabelsInfoList: v.nullish(v.array(object({ ClientReference: v.nullish(v.string()), ParcelId: v.number(), ParcelNumber: v.number() }))),
  PrintLabelsErrorList: errors,
});
export const deleteLabelsResponse = object({
  SuccessfullyDeletedList: v.nullish(v.array(object({ ParcelId: v.number(), SubParcelIdList: v.nullish(v.array(v.number())) }))),
  DeleteLabelsErrorList: errors,
});
export const parcelStatus = object({
  DepotCity: v.nullish(v.string()),
  DepotNumber: v.nullish(v.string()),
  StatusCode: v.union([v.string(), v.number()]),
  StatusDate: wcfDate,
  StatusDescription: v.nullish(v.string()),
  StatusInfo: v.nullish(v.string()),
});
export type GlsParcelStatus = v.InferOutput<typeof parcelStatus>;
export const parcelStatusesResponse = object({
  ClientReference: v.nullish(v.string()),
  ParcelNumber: v.nullish(v.number()),
  ParcelStatusList: v.nullish(v.array(parcelStatus)),
  GetParcelStatusErrors: errors,
});
export const parcelListResponse = object({
  PrintDataInfoList: v.nullish(
    v.array(object({ ParcelId: v.number(), ParcelNumber: v.number(), ParcelNumberWithCheckdigit: v.nullish(v.number()), ClientReference: v.nullish(v.string()) })),
  ),
  GetParcelListErrors: errors,
});
