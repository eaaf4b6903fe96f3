import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The fields of UPS's APIs we send and read (our own subset of UPS's published OpenAPI
 * definitions; see PROTOCOL.md). The client builds requests of these types and checks answers
 * with them; the sandbox validates requests with them. UPS sends numbers as strings.
 */
const str = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const oneZ = v.pipe(v.string(), v.regex(/^1Z[0-9A-Z]{16}$/));

export const tokenResponse = object({
  token_type: v.string(),
  access_token: v.string(),
  expires_in: v.string(),
  issued_at: v.optional(v.string()),
  client_id: v.optional(v.string()),
  status: v.optional(v.string()),
});
export type TokenResponse = v.InferOutput<typeof tokenResponse>;

/** response.errors[{code, message}]: UPS's error shape on every API */
export const errorResponse = object({
  response: object({ errors: v.array(object({ code: v.string(), message: v.string() })) }),
});
export type ErrorResponse = v.InferOutput<typeof errorResponse>;

const phone = object({ Number: str(1, 15) });
const address = object({
  AddressLine: v.pipe(v.array(str(1, 35)), v.minLength(1), v.maxLength(3)),
  City: str(1, 30),
  PostalCode: v.optional(str(1, 9)),
  CountryCode: str(2, 2),
});
const party = { Name: str(1, 35), AttentionName: v.optional(str(1, 35)), Phone: v.optional(phone), EMailAddress: v.optional(str(1, 50)), Address: address };
const money = object({ CurrencyCode: str(3, 3), MonetaryValue: str(1, 19) });

export const shipmentPackage = object({
  Packaging: object({ Code: str(2, 2) }),
  Dimensions: object({ UnitOfMeasurement: object({ Code: v.literal('CM') }), Length: str(1, 3), Width: str(1, 3), Height: str(1, 3) }),
  PackageWeight: object({ UnitOfMeasurement: object({ Code: v.literal('KGS') }), Weight: str(1, 5) }),
  PackageServiceOptions: v.optional(object({ DeclaredValue: v.optional(object({ Type: v.optional(object({ Code: str(2, 2) })), CurrencyCode: str(3, 3), MonetaryValue: str(1, 19) })) })),
});

export const shipmentRequest = object({
  ShipmentRequest: object({
    Request: object({ RequestOption: v.picklist(['nonvalidate', 'validate']), TransactionReference: v.optional(object({ CustomerContext: str(1, 512) })) }),
    Shipment: object({
      Description: v.optional(str(1, 50)),
      Shipper: object({ ...party, ShipperNumber: str(6, 6) }),
      ShipTo: object(party),
      ShipFrom: v.optional(object(party)),
      PaymentInformation: object({ ShipmentCharge: v.array(object({ Type: v.literal('01'), BillShipper: object({ AccountNumber: str(6, 6) }) })) }),
      Service: object({ Code: str(2, 2), Description: v.optional(str(1, 35)) }),
      ReferenceNumber: v.optional(v.array(object({ Value: str(1, 35) }))),
      NumOfPiecesInShipment: v.optional(str(1, 5)),
      ShipmentServiceOptions: v.optional(object({ COD: v.optional(object({ CODFundsCode: str(1, 1), CODAmount: money })) })),
      Package: v.pipe(v.array(shipmentPackage), v.minLength(1), v.maxLength(200)),
    }),
    LabelSpecification: object({ LabelImageFormat: object({ Code: v.picklist(['GIF', 'PNG', 'ZPL', 'EPL', 'SPL']) }), LabelStockSize: object({ Height: str(1, 3), Width: str(1, 3) }) }),
  }),
});
export type ShipmentRequest = v.InferOutput<typeof shipmentRequest>;

const responseStatus = object({ ResponseStatus: object({ Code: v.string(), Description: v.string() }) });

export const shipmentResponse = object({
  ShipmentResponse: object({
    Response: responseStatus,
    ShipmentResults: object({
      ShipmentIdentificationNumber: oneZ,
      PackageResults: v.pipe(
        v.array(object({ TrackingNumber: oneZ, ShippingLabel: v.optional(object({ ImageFormat: object({ Code: v.string() }), GraphicImage: v.string() })) })),
        v.minLength(1),
      ),
    }),
  }),
});
export type ShipmentResponse = v.InferOutput<typeof shipmentResponse>;

export const voidResponse = object({
  VoidShipmentResponse: object({ Response: responseStatus, SummaryResult: object({ Status: object({ Code: v.string(), Description: v.string() }) }) }),
});
export type VoidResponse = v.InferOutput<typeof voidResponse>;

const activity = object({
  date: v.string(),
  time: v.string(),
  gmtDate: v.optional(v.string()),
  gmtTime: v.optional(v.string()),
  gmtOffset: v.optional(v.string()),
  location: v.optional(object({ address: v.optional(object({ city: v.optional(v.string()), countryCode: v.optional(v.string()) })) })),
  status: object({ type: v.string(), code: v.optional(v.string()), statusCode: v.optional(v.string()), description: v.optional(v.string()) }),
});
export type TrackActivity = v.InferOutput<typeof activity>;

export const trackResponse = object({
  trackResponse: object({
    shipment: v.array(object({ inquiryNumber: v.optional(v.string()), package: v.optional(v.array(object({ trackingNumber: v.string(), activity: v.optional(v.array(activity)) }))) })),
  }),
});
export type TrackResponse = v.InferOutput<typeof trackResponse>;

/** Label Recovery (Shipping): a shipment's labels again, by one of its packages' 1Z numbers */
export const labelRecoveryRequest = object({
  LabelRecoveryRequest: object({
    Request: object({ TransactionReference: v.optional(object({ CustomerContext: str(5, 512) })) }),
    LabelSpecification: object({ LabelImageFormat: object({ Code: v.picklist(['GIF', 'PDF', 'ZPL', 'EPL', 'SPL']) }), LabelStockSize: object({ Height: v.picklist(['6', '8']), Width: v.literal('4') }) }),
    TrackingNumber: oneZ,
  }),
});
export type LabelRecoveryRequest = v.InferOutput<typeof labelRecoveryRequest>;

const labelResult = object({ TrackingNumber: v.optional(oneZ), LabelImage: v.optional(object({ LabelImageFormat: object({ Code: v.string() }), GraphicImage: v.string() })) });
export const labelRecoveryResponse = object({
  LabelRecoveryResponse: object({
    Response: responseStatus,
    ShipmentIdentificationNumber: v.optional(oneZ),
    // UPS's JSON gives a one-item list as the item itself
    LabelResults: v.union([v.array(labelResult), v.pipe(labelResult, v.transform((r) => [r]))]),
  }),
});
export type LabelRecoveryResponse = v.InferOutput<typeof labelRecoveryResponse>;

export const pickupCreationRequest = object({
  PickupCreationRequest: object({
    Request: object({ TransactionReference: v.optional(object({ CustomerContext: str(1, 512) })) }),
    RatePickupIndicator: v.picklist(['Y', 'N']),
    Shipper: object({ Account: object({ AccountNumber: str(6, 10), AccountCountryCode: str(2, 2) }) }),
    /** PickupDate yyyyMMdd (UPS's own description and examples; the definition's length 4 is a defect) */
    PickupDateInfo: object({ CloseTime: v.pipe(v.string(), v.regex(/^\d{4}$/)), ReadyTime: v.pipe(v.string(), v.regex(/^\d{4}$/)), PickupDate: v.pipe(v.string(), v.regex(/^\d{8}$/)) }),
    PickupAddress: object({
      CompanyName: str(1, 27),
      ContactName: str(1, 22),
      AddressLine: v.pipe(v.array(str(1, 35)), v.minLength(1)),
      City: str(1, 50),
      PostalCode: v.optional(str(1, 8)),
      CountryCode: str(2, 2),
      ResidentialIndicator: v.picklist(['Y', 'N']),
      Phone: object({ Number: str(1, 25) }),
    }),
    AlternateAddressIndicator: v.picklist(['Y', 'N']),
    PickupPiece: v.pipe(v.array(object({ ServiceCode: str(3, 3), Quantity: str(1, 3), DestinationCountryCode: str(2, 2), ContainerCode: str(2, 2) })), v.minLength(1)),
    PaymentMethod: str(2, 2),
    SpecialInstruction: v.optional(str(1, 57)),
  }),
});
export type PickupCreationRequest = v.InferOutput<typeof pickupCreationRequest>;

export const pickupCreationResponse = object({
  PickupCreationResponse: object({ Response: responseStatus, PRN: str(11, 11), RateStatus: object({ Code: str(2, 2) }) }),
});
export type PickupCreationResponse = v.InferOutput<typeof pickupCreationResponse>;

export const pickupCancelResponse = object({ PickupCancelResponse: object({ Response: responseStatus }) });
export type PickupCancelResponse = v.InferOutput<typeof pickupCancelResponse>;
