import * as v from 'valibot';

/**
 * The subset of FedEx's REST APIs we send and read (PROTOCOL.md): OAuth, Ship (create, cancel),
 * Track (by tracking number, by reference), Pickup (create, cancel) and the Trade Documents
 * Upload of an ETD commercial invoice. Unknown fields pass (FedEx answers many more).
 */
const str = (max = 200) => v.pipe(v.string(), v.maxLength(max));
const money = v.object({ amount: v.number(), currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
const weight = v.object({ units: v.picklist(['KG', 'LB']), value: v.pipe(v.number(), v.minValue(0)) });

export const tokenResponse = v.object({ access_token: v.string(), token_type: v.string(), expires_in: v.union([v.number(), v.string()]), scope: v.optional(v.string()) });

export const errorResponse = v.object({
  transactionId: v.optional(v.string()),
  errors: v.pipe(v.array(v.object({ code: v.string(), message: v.optional(v.string(), '') })), v.minLength(1)),
});

const address = v.object({
  streetLines: v.pipe(v.array(str(35)), v.minLength(1), v.maxLength(3)),
  city: str(35),
  stateOrProvinceCode: v.optional(str(2)),
  postalCode: v.optional(str(10)),
  countryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  residential: v.optional(v.boolean()),
});
const contact = v.object({ personName: v.optional(str(70)), companyName: v.optional(str(35)), phoneNumber: v.pipe(v.string(), v.regex(/^\d{1,15}$/)), emailAddress: v.optional(str(80)) });
export const party = v.object({ address, contact });
export type FedexParty = v.InferOutput<typeof party>;

const commodity = v.object({
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

const packageLineItem = v.object({
  sequenceNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  weight,
  dimensions: v.optional(v.object({ length: v.number(), width: v.number(), height: v.number(), units: v.picklist(['CM', 'IN']) })),
  declaredValue: v.optional(money),
  customerReferences: v.optional(v.array(v.object({ customerReferenceType: v.string(), value: str(40) }))),
});

export const SHIPMENT_PURPOSES = ['SOLD', 'NOT_SOLD', 'GIFT', 'SAMPLE', 'REPAIR_AND_RETURN', 'PERSONAL_EFFECTS'] as const;

export const shipmentRequest = v.object({
  labelResponseOptions: v.picklist(['LABEL', 'URL_ONLY']),
  accountNumber: v.object({ value: v.string() }),
  requestedShipment: v.object({
    shipper: party,
    recipients: v.pipe(v.array(party), v.minLength(1)),
    shipDatestamp: v.optional(v.pipe(v.string(), v.isoDate())),
    serviceType: v.string(),
    packagingType: v.string(),
    pickupType: v.picklist(['USE_SCHEDULED_PICKUP', 'CONTACT_FEDEX_TO_SCHEDULE', 'DROPOFF_AT_FEDEX_LOCATION']),
    totalPackageCount: v.optional(v.number()),
    /** in the unit of the packages' weights, one decimal */
    totalWeight: v.pipe(v.number(), v.minValue(0)),
    shippingChargesPayment: v.object({ paymentType: v.string(), payor: v.optional(v.object({ responsibleParty: v.object({ accountNumber: v.object({ value: v.string() }) }) })) }),
    shipmentSpecialServices: v.optional(
      v.object({
        specialServiceTypes: v.array(v.string()),
        etdDetail: v.optional(
          v.object({
            attachedDocuments: v.optional(v.array(v.object({ documentType: v.string(), documentReference: v.optional(v.string()), description: v.optional(v.string()), documentId: v.string() }))),
            requestedDocumentTypes: v.optional(v.array(v.string())),
          }),
        ),
      }),
    ),
    customsClearanceDetail: v.optional(
      v.object({
        dutiesPayment: v.object({ paymentType: v.picklist(['SENDER', 'RECIPIENT', 'THIRD_PARTY']) }),
        isDocumentOnly: v.optional(v.boolean()),
        commercialInvoice: v.object({ shipmentPurpose: v.optional(v.picklist(SHIPMENT_PURPOSES)), termsOfSale: v.optional(v.string()) }),
        commodities: v.pipe(v.array(commodity), v.minLength(1), v.maxLength(999)),
        totalCustomsValue: v.optional(money),
      }),
    ),
    shippingDocumentSpecification: v.optional(v.object({ shippingDocumentTypes: v.array(v.string()), commercialInvoiceDetail: v.optional(v.object({ documentFormat: v.object({ docType: v.string(), stockType: v.string() }) })) })),
    labelSpecification: v.object({ imageType: v.picklist(['PDF', 'PNG', 'ZPLII', 'EPL2']), labelStockType: v.string(), labelFormatType: v.optional(v.string()) }),
    requestedPackageLineItems: v.pipe(v.array(packageLineItem), v.minLength(1), v.maxLength(99)),
  }),
});
export type ShipmentRequest = v.InferOutput<typeof shipmentRequest>;

const packageDocument = v.object({ contentType: v.optional(v.string()), docType: v.optional(v.string()), encodedLabel: v.optional(v.string()), url: v.optional(v.string()) });
export const shipmentResponse = v.object({
  transactionId: v.optional(v.string()),
  output: v.object({
    transactionShipments: v.pipe(
      v.array(
        v.object({
          masterTrackingNumber: v.string(),
          serviceType: v.optional(v.string()),
          shipDatestamp: v.optional(v.string()),
          pieceResponses: v.array(v.object({ trackingNumber: v.string(), masterTrackingNumber: v.optional(v.string()), packageDocuments: v.optional(v.array(packageDocument)) })),
        }),
      ),
      v.minLength(1),
    ),
  }),
});
export type ShipmentResponse = v.InferOutput<typeof shipmentResponse>;

export const cancelRequest = v.object({
  accountNumber: v.object({ value: v.string() }),
  trackingNumber: v.string(),
  deletionControl: v.optional(v.picklist(['DELETE_ALL_PACKAGES'])),
  senderCountryCode: v.optional(v.string()),
  emailShipment: v.optional(v.boolean()),
});
export const cancelResponse = v.object({ output: v.object({ cancelledShipment: v.boolean(), message: v.optional(v.string()) }) });

export const trackRequest = v.object({
  includeDetailedScans: v.optional(v.boolean()),
  trackingInfo: v.pipe(v.array(v.object({ trackingNumberInfo: v.object({ trackingNumber: v.string() }) })), v.minLength(1), v.maxLength(30)),
});
export const referenceTrackRequest = v.object({
  includeDetailedScans: v.optional(v.boolean()),
  referencesInformation: v.object({ type: v.optional(v.string()), value: v.string(), accountNumber: v.optional(v.string()), shipDateBegin: v.pipe(v.string(), v.isoDate()), shipDateEndDate: v.pipe(v.string(), v.isoDate()), carrierCode: v.optional(v.string()) }),
});

const scanEvent = v.object({
  date: v.string(),
  eventType: v.string(),
  eventDescription: v.optional(v.string()),
  derivedStatusCode: v.optional(v.string()),
  scanLocation: v.optional(v.object({ city: v.optional(v.string()), countryCode: v.optional(v.string()) })),
});
export type ScanEvent = v.InferOutput<typeof scanEvent>;
const trackResult = v.object({
  trackingNumberInfo: v.optional(v.object({ trackingNumber: v.string() })),
  latestStatusDetail: v.optional(v.object({ code: v.optional(v.string()), description: v.optional(v.string()) })),
  scanEvents: v.optional(v.array(scanEvent)),
  error: v.optional(v.object({ code: v.string(), message: v.optional(v.string()) })),
});
export const trackResponse = v.object({
  output: v.object({ completeTrackResults: v.array(v.object({ trackingNumber: v.optional(v.string()), trackResults: v.array(trackResult) })) }),
});
export type TrackResponse = v.InferOutput<typeof trackResponse>;

export const pickupRequest = v.object({
  associatedAccountNumber: v.object({ value: v.string() }),
  originDetail: v.object({
    pickupLocation: v.object({ contact, address }),
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
export const pickupResponse = v.object({ output: v.object({ pickupConfirmationCode: v.string(), location: v.optional(v.string()), message: v.optional(v.string()) }) });

export const pickupCancelRequest = v.object({
  associatedAccountNumber: v.object({ value: v.string() }),
  pickupConfirmationCode: v.string(),
  scheduledDate: v.pipe(v.string(), v.isoDate()),
  location: v.optional(v.string()),
  carrierCode: v.optional(v.picklist(['FDXE', 'FDXG'])),
  remarks: v.optional(v.string()),
});
export const pickupCancelResponse = v.object({ output: v.object({ pickupConfirmationCode: v.string(), cancelConfirmationMessage: v.optional(v.string()) }) });

/** the `document` part of the ETD upload's multipart form (the `attachment` part is the file) */
export const uploadDocument = v.object({
  workflowName: v.picklist(['ETDPreshipment', 'ETDPostshipment']),
  carrierCode: v.optional(v.picklist(['FDXE', 'FDXG'])),
  name: str(200),
  contentType: v.string(),
  meta: v.object({ shipDocumentType: v.string(), originCountryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), destinationCountryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), trackingNumber: v.optional(v.string()) }),
});
export type UploadDocument = v.InferOutput<typeof uploadDocument>;
export const uploadResponse = v.object({ output: v.object({ meta: v.object({ documentType: v.optional(v.string()), docId: v.string(), folderId: v.optional(v.array(v.string())) }) }) });
