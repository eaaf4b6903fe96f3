import * as v from 'valibot';
import { object } from '../../../lib/schemas/object';

/**
 * The subset of FedEx's REST APIs we send and read (PROTOCOL.md): OAuth, Ship (create, cancel),
 * Track (by tracking number, by reference), Pickup (create, cancel) and the Trade Documents
 * Upload of an ETD commercial invoice. Unknown fields pass (FedEx answers many more).
 */
const str = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const money = object({ amount: v.number(), currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
const weight = object({ units: v.picklist(['KG', 'LB']), value: v.pipe(v.number(), v.minValue(0)) });

export const tokenResponse = object({ access_token: v.string(), token_type: v.string(), expires_in: v.union([v.number(), v.string()]), scope: v.optional(v.string()) });

export const errorResponse = object({
  transactionId: v.optional(v.string()),
  errors: v.pipe(v.array(object({ code: v.string(), message: v.optional(v.string(), '') })), v.minLength(1)),
});

const address = object({
  streetLines: v.pipe(v.array(str(35)), v.minLength(1), v.maxLength(3)),
  city: str(35),
  stateOrProvinceCode: v.optional(str(2)),
  postalCode: v.optional(str(10)),
  countryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  residential: v.optional(v.boolean()),
});
const contact = object({ personName: v.optional(str(70)), companyName: v.optional(str(35)), phoneNumber: v.pipe(v.string(), v.regex(/^\d{1,15}$/)), emailAddress: v.optional(str(80)) });
export const party = object({ address, contact });
export type FedexParty = v.InferOutput<typeof party>;

const commodity = object({
  description: str(450),
  countryOfManufacture: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  quantityUnits: v.string(),
  unitPrice: money,
  customsValue: money,
  weight,
  harmonizedCode: v.optional(v.pipe(v.string(), v.regex(/^\d{6,14}$/))),
  numberOfPieces: v.optional(v.number()),
});
export type FedexCommodity = v.InferOutput<typeof commodity>;

const packageLineItem = object({
  sequenceNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  weight,
  dimensions: v.optional(object({ length: v.number(), width: v.number(), height: v.number(), units: v.picklist(['CM', 'IN']) })),
  declaredValue: v.optional(money),
  customerReferences: v.optional(v.array(object({ customerReferenceType: v.string(), value: str(40) }))),
});

export const SHIPMENT_PURPOSES = ['SOLD', 'NOT_SOLD', 'GIFT', 'SAMPLE', 'REPAIR_AND_RETURN', 'PERSONAL_EFFECTS'] as const;

export const shipmentRequest = object({
  labelResponseOptions: v.picklist(['LABEL', 'URL_ONLY']),
  accountNumber: object({ value: v.string() }),
  requestedShipment: object({
    shipper: party,
    recipients: v.pipe(v.array(party), v.minLength(1)),
    shipDatestamp: v.optional(v.pipe(v.string(), v.isoDate())),
    serviceType: v.string(),
    packagingType: v.string(),
    pickupType: v.picklist(['USE_SCHEDULED_PICKUP', 'CONTACT_FEDEX_TO_SCHEDULE', 'DROPOFF_AT_FEDEX_LOCATION']),
    totalPackageCount: v.optional(v.number()),
    /** in the unit of the packages' weights, one decimal */
    totalWeight: v.pipe(v.number(), v.minValue(0)),
    shippingChargesPayment: object({ paymentType: v.string(), payor: v.optional(object({ responsibleParty: object({ accountNumber: object({ value: v.string() }) }) })) }),
    shipmentSpecialServices: v.optional(
      object({
        specialServiceTypes: v.array(v.string()),
        etdDetail: v.optional(
          object({
            attachedDocuments: v.optional(v.array(object({ documentType: v.string(), documentReference: v.optional(v.string()), description: v.optional(v.string()), documentId: v.string() }))),
            requestedDocumentTypes: v.optional(v.array(v.string())),
          }),
        ),
      }),
    ),
    customsClearanceDetail: v.optional(
      object({
        dutiesPayment: object({ paymentType: v.picklist(['SENDER', 'RECIPIENT', 'THIRD_PARTY']) }),
        isDocumentOnly: v.optional(v.boolean()),
        commercialInvoice: object({ shipmentPurpose: v.optional(v.picklist(SHIPMENT_PURPOSES)), termsOfSale: v.optional(v.string()) }),
        commodities: v.pipe(v.array(commodity), v.minLength(1), v.maxLength(999)),
        totalCustomsValue: v.optional(money),
      }),
    ),
    shippingDocumentSpecification: v.optional(object({ shippingDocumentTypes: v.array(v.string()), commercialInvoiceDetail: v.optional(object({ documentFormat: object({ docType: v.string(), stockType: v.string() }) })) })),
    labelSpecification: object({ imageType: v.picklist(['PDF', 'PNG', 'ZPLII', 'EPL2']), labelStockType: v.string(), labelFormatType: v.optional(v.string()) }),
    requestedPackageLineItems: v.pipe(v.array(packageLineItem), v.minLength(1), v.maxLength(99)),
  }),
});
export type ShipmentRequest = v.InferOutput<typeof shipmentRequest>;

const packageDocument = object({ contentType: v.optional(v.string()), docType: v.optional(v.string()), encodedLabel: v.optional(v.string()), url: v.optional(v.string()) });
export const shipmentResponse = object({
  transactionId: v.optional(v.string()),
  output: object({
    transactionShipments: v.pipe(
      v.array(
        object({
          masterTrackingNumber: v.string(),
          serviceType: v.optional(v.string()),
          shipDatestamp: v.optional(v.string()),
          pieceResponses: v.array(object({ trackingNumber: v.string(), masterTrackingNumber: v.optional(v.string()), packageDocuments: v.optional(v.array(packageDocument)) })),
        }),
      ),
      v.minLength(1),
    ),
  }),
});
export type ShipmentResponse = v.InferOutput<typeof shipmentResponse>;

export const cancelRequest = object({
  accountNumber: object({ value: v.string() }),
  trackingNumber: v.string(),
  deletionControl: v.optional(v.picklist(['DELETE_ALL_PACKAGES'])),
  senderCountryCode: v.optional(v.string()),
  emailShipment: v.optional(v.boolean()),
});
export const cancelResponse = object({ output: object({ cancelledShipment: v.boolean(), message: v.optional(v.string()) }) });

export const trackRequest = object({
  includeDetailedScans: v.optional(v.boolean()),
  trackingInfo: v.pipe(v.array(object({ trackingNumberInfo: object({ trackingNumber: v.string() }) })), v.minLength(1), v.maxLength(30)),
});
export const referenceTrackRequest = object({
  includeDetailedScans: v.optional(v.boolean()),
  referencesInformation: object({ type: v.optional(v.string()), value: v.string(), accountNumber: v.optional(v.string()), shipDateBegin: v.pipe(v.string(), v.isoDate()), shipDateEndDate: v.pipe(v.string(), v.isoDate()), carrierCode: v.optional(v.string()) }),
});

const scanEvent = object({
  date: v.string(),
  eventType: v.string(),
  eventDescription: v.optional(v.string()),
  derivedStatusCode: v.optional(v.string()),
  scanLocation: v.optional(object({ city: v.optional(v.string()), countryCode: v.optional(v.string()) })),
});
export type ScanEvent = v.InferOutput<typeof scanEvent>;
const trackResult = object({
  trackingNumberInfo: v.optional(object({ trackingNumber: v.string() })),
  latestStatusDetail: v.optional(object({ code: v.optional(v.string()), description: v.optional(v.string()) })),
  scanEvents: v.optional(v.array(scanEvent)),
  error: v.optional(object({ code: v.string(), message: v.optional(v.string()) })),
});
export const trackResponse = object({
  output: object({ completeTrackResults: v.array(object({ trackingNumber: v.optional(v.string()), trackResults: v.array(trackResult) })) }),
});
export type TrackResponse = v.InferOutput<typeof trackResponse>;

export const pickupRequest = object({
  associatedAccountNumber: object({ value: v.string() }),
  originDetail: object({
    pickupLocation: object({ contact, address }),
    readyDateTimestamp: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/)),
    customerCloseTime: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}:\d{2}$/)),
    pickupDateType: v.optional(v.picklist(['SAME_DAY', 'FUTURE_DAY'])),
    packageLocation: v.optional(v.string()),
  }),
  packageCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  totalWeight: v.optional(weight),
  carrierCode: v.picklist(['FDXE', 'FDXG']),
  countryRelationships: v.optional(v.picklist(['DOMESTIC', 'INTERNATIONAL'])),
  remarks: v.optional(str(60)),
});
export type PickupRequest = v.InferOutput<typeof pickupRequest>;
export const pickupResponse = object({ output: object({ pickupConfirmationCode: v.string(), location: v.optional(v.string()), message: v.optional(v.string()) }) });

export const pickupCancelRequest = object({
  associatedAccountNumber: object({ value: v.string() }),
  pickupConfirmationCode: v.string(),
  scheduledDate: v.pipe(v.string(), v.isoDate()),
  location: v.optional(v.string()),
  carrierCode: v.optional(v.picklist(['FDXE', 'FDXG'])),
  remarks: v.optional(v.string()),
});
export const pickupCancelResponse = object({ output: object({ pickupConfirmationCode: v.string(), cancelConfirmationMessage: v.optional(v.string()) }) });

/** the `document` part of the ETD upload's multipart form (the `attachment` part is the file) */
export const uploadDocument = object({
  workflowName: v.picklist(['ETDPreshipment', 'ETDPostshipment']),
  carrierCode: v.optional(v.picklist(['FDXE', 'FDXG'])),
  name: str(200),
  contentType: v.string(),
  meta: object({ shipDocumentType: v.string(), originCountryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), destinationCountryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), trackingNumber: v.optional(v.string()) }),
});
export type UploadDocument = v.InferOutput<typeof uploadDocument>;
export const uploadResponse = object({ output: object({ meta: object({ documentType: v.optional(v.string()), docId: v.string(), folderId: v.optional(v.array(v.string())) }) }) });
