import * as v from 'valibot';
import { pragueNow } from '../../../lib/calendar';
import { carrierSender } from '../send';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierTransport, type PickupOrder } from '../booking';
import type { PricingContext } from '../pricing/shipment';
import { quoteCarrier } from '../pricing/engine';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  cancelResponse,
  errorResponse,
  pickupCancelResponse,
  pickupResponse,
  shipmentResponse,
  tokenResponse,
  trackResponse,
  uploadResponse,
  type FedexCommodity,
  type FedexParty,
  type PickupRequest,
  type ScanEvent,
  type ShipmentRequest,
  type TrackResponse,
  type UploadDocument,
} from './schemas';

/**
 * FedEx through its own REST APIs (PROTOCOL.md): OAuth client credentials, Ship API (create,
 * cancel), Track API (by number, by reference), Pickup API and the Trade Documents Upload API
 * (ETD: the shipper's commercial invoice uploaded before the shipment references it). The same
 * code talks to FedEx (sandbox or production) or to the product's sandbox of it.
 */
export type FedexInvoiceFile = { name: string; contentType: string; data: ArrayBuffer };

export type FedexConfig = {
  /** the APIs' host: https://apis.fedex.com, https://apis-sandbox.fedex.com or the product's sandbox */
  baseUrl: string;
  /** the Trade Documents Upload host (FedEx serves it apart from the other APIs) */
  documentsUrl: string;
  clientId: string;
  clientSecret: string;
  /** the 9-digit FedEx account number */
  accountNumber: string;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day and window a booking gets (FedEx's ship answer has none) */
  sheet?: CarrierSheet;
  /** the customs step's uploaded invoice (R2 customs-invoices/<id>), or null when it is gone */
  invoice?: (id: string) => Promise<FedexInvoiceFile | null>;
  /** where the token is kept: shared by the clients of the same credentials */
  tokens?: { current: { value: string; expires: number } | null };
  timeoutMs?: number;
};

/** our services and FedEx's serviceType / packagingType */
export const FEDEX_SERVICES: Record<string, { serviceType: string; packagingType: string }> = {
  'fedex-international-priority': { serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', packagingType: 'YOUR_PACKAGING' },
  'fedex-international-economy': { serviceType: 'INTERNATIONAL_ECONOMY', packagingType: 'YOUR_PACKAGING' },
  'fedex-envelope': { serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', packagingType: 'FEDEX_ENVELOPE' },
};
/** the customs step's reasons as FedEx's commercial invoice purposes */
export const FEDEX_PURPOSES: Record<string, NonNullable<NonNullable<ShipmentRequest['requestedShipment']['customsClearanceDetail']>['commercialInvoice']['shipmentPurpose']>> = {
  commercial: 'SOLD',
  gift: 'GIFT',
  sample: 'SAMPLE',
  documents: 'NOT_SOLD',
  return: 'REPAIR_AND_RETURN',
  personal: 'PERSONAL_EFFECTS',
};
/** FedEx's own codes of the currencies whose code differs from ISO 4217 */
const FEDEX_CURRENCY: Record<string, string> = { GBP: 'UKL', CHF: 'SFR', JPY: 'JYE', SGD: 'SID', KRW: 'WON', TWD: 'NTD', MXN: 'NMP', CNY: 'CNY' };
/** cancel refusals that mean FedEx already has the shipment; PROTOCOL.md: the sandbox's code, not confirmed at FedEx */
const FEDEX_CANCEL_HAS_PARCEL: ReadonlySet<string> = new Set(['SHIPMENT.CANCEL.TENDERED']);
const NOT_FOUND = 'TRACKING.TRACKINGNUMBER.NOTFOUND';
const DAY = 86_400_000;

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const digitsOnly = (phone: string | null) => phone?.replace(/[^\d]/g, '').slice(-15) || '0000000000';
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const currency = (code: string) => FEDEX_CURRENCY[code.toUpperCase()] ?? code.toUpperCase();

/** US states by the first three digits of the ZIP code (USPS's prefix ranges; the first range containing it) */
const US_ZIP3: [number, string][] = [
  [5, 'NY'], [9, 'PR'], [27, 'MA'], [29, 'RI'], [38, 'NH'], [49, 'ME'], [54, 'VT'], [55, 'MA'], [59, 'VT'], [69, 'CT'], [89, 'NJ'], [99, 'AE'],
  [149, 'NY'], [196, 'PA'], [199, 'DE'], [205, 'DC'], [219, 'MD'], [246, 'VA'], [268, 'WV'], [289, 'NC'], [299, 'SC'], [319, 'GA'], [339, 'FL'],
  [340, 'AA'], [349, 'FL'], [369, 'AL'], [385, 'TN'], [397, 'MS'], [399, 'GA'], [427, 'KY'], [459, 'OH'], [479, 'IN'], [499, 'MI'], [528, 'IA'],
  [549, 'WI'], [567, 'MN'], [569, 'DC'], [577, 'SD'], [588, 'ND'], [599, 'MT'], [629, 'IL'], [658, 'MO'], [679, 'KS'], [693, 'NE'], [715, 'LA'],
  [729, 'AR'], [749, 'OK'], [799, 'TX'], [816, 'CO'], [831, 'WY'], [838, 'ID'], [847, 'UT'], [865, 'AZ'], [884, 'NM'], [885, 'TX'], [898, 'NV'],
  [961, 'CA'], [966, 'AP'], [968, 'HI'], [969, 'GU'], [979, 'OR'], [994, 'WA'], [999, 'AK'],
];
/** Canadian provinces by the postal code's first letter */
const CA_LETTER: Record<string, string> = { A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON', R: 'MB', S: 'SK', T: 'AB', V: 'BC', X: 'NT', Y: 'YT' };

/** FedEx requires the state or province of a US or Canadian address; ours have none, so it is read from the postal code */
export function stateOf(country: string, zip: string): string | null {
  const code = zip.replace(/\s/g, '').toUpperCase();
  if (country === 'US' && /^\d{5}/.test(code)) {
    const prefix = Number(code.slice(0, 3));
    return US_ZIP3.find(([last]) => prefix <= last)?.[1] ?? null;
  }
  if (country === 'CA') return CA_LETTER[code[0] ?? ''] ?? null;
  return null;
}

export function partyOf(p: BookingParty): FedexParty {
  const country = p.country.toUpperCase();
  const state = stateOf(country, p.zip);
  return {
    contact: { personName: cut(p.name, 70), ...(p.company ? { companyName: cut(p.company, 35) } : {}), phoneNumber: digitsOnly(p.phone), ...(p.email ? { emailAddress: cut(p.email, 80) } : {}) },
    address: { streetLines: [cut(p.street, 35)], city: cut(p.city, 35), ...(state ? { stateOrProvinceCode: state } : {}), postalCode: cut(p.zip.replace(/\s/g, ''), 10), countryCode: country, residential: !p.company },
  };
}

/** the share of a total each of n parts takes (cents; the last takes the remainder) */
function split(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const each = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? cents - each * (n - 1) : each) / 100);
}

/**
 * FedEx's commodities of an international shipment: the customs step's items (each line's
 * weight its share of the shipment's weight by value), or, without a declaration (within the
 * EU), one line of goods worth the insured value (else 1 unit of the shipment's currency).
 */
export function commoditiesOf(booking: Booking): FedexCommodity[] {
  const { packages, insurance, currency: shipmentCurrency } = booking.shipment;
  const totalWeight = Math.max(0.1, packages.reduce((sum, p) => sum + p.weight, 0));
  const customs = booking.customs;
  if (!customs || customs.items.length === 0) {
    const value = insurance && insurance.value > 0 ? insurance : { value: 1, currency: shipmentCurrency };
    const amount = { amount: round(value.value), currency: currency(value.currency) };
    return [{ description: cut(booking.reference || 'Goods', 450), countryOfManufacture: booking.sender.country.toUpperCase(), quantity: 1, quantityUnits: 'PCS', unitPrice: amount, customsValue: amount, weight: { units: 'KG', value: round(totalWeight, 1) } }];
  }
  const code = currency(customs.currency || shipmentCurrency);
  const totalValue = customs.items.reduce((sum, i) => sum + i.value, 0);
  return customs.items.map((item) => ({
    description: cut(item.name, 450),
    countryOfManufacture: (item.country || booking.sender.country).toUpperCase(),
    quantity: item.quantity,
    quantityUnits: 'PCS',
    unitPrice: { amount: round(item.value / item.quantity), currency: code },
    customsValue: { amount: round(item.value), currency: code },
    weight: { units: 'KG', value: Math.max(0.1, round(totalValue > 0 ? (totalWeight * item.value) / totalValue : totalWeight / customs.items.length, 1)) },
    ...(item.hsCode ? { harmonizedCode: item.hsCode } : {}),
  }));
}

/** the ETD documents of a booking: the uploaded invoices' ids (then FedEx has them) or, without them, FedEx creates the commercial invoice */
export type EtdDocuments = { documentId: string; name: string }[];

export function shipmentRequestOf(booking: Booking, accountNumber: string, shipDate: string, documents: EtdDocuments = []): ShipmentRequest {
  const service = FEDEX_SERVICES[booking.serviceId];
  if (!service) throw new CarrierRefusedError(`FedEx has no service ${booking.serviceId}.`, 'SERVICE.TYPE.INVALID');
  const { packages, insurance } = booking.shipment;
  const declared = insurance && insurance.value > 0 ? split(insurance.value, packages.length) : null;
  const international = booking.sender.country.toLowerCase() !== booking.recipient.country.toLowerCase();
  const commodities = international ? commoditiesOf(booking) : [];
  const customs = booking.customs;
  const references = [booking.trackingNumber, booking.reference].filter((r): r is string => !!r);
  const etd = international && customs
    ? documents.length > 0
      ? { attachedDocuments: documents.map((d) => ({ documentType: 'COMMERCIAL_INVOICE', documentReference: booking.trackingNumber, description: cut(d.name, 80), documentId: d.documentId })) }
      : { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] }
    : null;
  return {
    labelResponseOptions: 'LABEL',
    accountNumber: { value: accountNumber },
    requestedShipment: {
      shipper: partyOf(booking.sender),
      recipients: [partyOf(booking.recipient)],
      shipDatestamp: shipDate,
      serviceType: service.serviceType,
      packagingType: service.packagingType,
      pickupType: 'USE_SCHEDULED_PICKUP',
      totalPackageCount: packages.length,
      totalWeight: round(packages.reduce((sum, p) => sum + Math.max(p.weight, 0.1), 0), 1),
      shippingChargesPayment: { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: accountNumber } } } },
      ...(etd ? { shipmentSpecialServices: { specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'], etdDetail: etd } } : {}),
      ...(etd && !etd.attachedDocuments ? { shippingDocumentSpecification: { shippingDocumentTypes: ['COMMERCIAL_INVOICE'], commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } } } } : {}),
      ...(international
        ? {
            customsClearanceDetail: {
              // the product sells DAP: duties and taxes are the recipient's
              dutiesPayment: { paymentType: 'RECIPIENT' as const },
              isDocumentOnly: customs?.reason === 'documents',
              commercialInvoice: { shipmentPurpose: FEDEX_PURPOSES[customs?.reason ?? 'commercial'] ?? 'SOLD', termsOfSale: 'DAP' },
              commodities,
              totalCustomsValue: { amount: round(commodities.reduce((sum, c) => sum + c.customsValue.amount, 0)), currency: commodities[0]!.customsValue.currency },
            },
          }
        : {}),
      labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6', labelFormatType: 'COMMON2D' },
      requestedPackageLineItems: packages.map((p, i) => ({
        sequenceNumber: i + 1,
        weight: { units: 'KG' as const, value: round(Math.max(p.weight, 0.1), 1) },
        ...(p.type === 'envelope' ? {} : { dimensions: { length: Math.ceil(p.length), width: Math.ceil(p.width), height: Math.ceil(p.height), units: 'CM' as const } }),
        ...(declared ? { declaredValue: { amount: declared[i]!, currency: currency(insurance!.currency) } } : {}),
        customerReferences: references.map((value) => ({ customerReferenceType: 'CUSTOMER_REFERENCE', value: cut(value, 40) })),
      })),
    },
  };
}

export function pickupRequestOf(order: PickupOrder, accountNumber: string, today: string): PickupRequest {
  const p = order.place;
  return {
    associatedAccountNumber: { value: accountNumber },
    originDetail: {
      pickupLocation: partyOf(p),
      readyDateTimestamp: `${order.date}T${order.window.from}:00`,
      customerCloseTime: `${order.window.to}:00`,
      pickupDateType: order.date === today ? 'SAME_DAY' : 'FUTURE_DAY',
      packageLocation: 'FRONT',
    },
    packageCount: Math.min(Math.max(order.parcelCount, 1), 999),
    carrierCode: 'FDXE',
    countryRelationships: 'INTERNATIONAL',
    ...(order.note.trim() ? { remarks: cut(order.note, 60) } : {}),
  };
}

/** FedEx lists the most recent scan first; ours go oldest first */
export function trackingEventsOf(events: ScanEvent[], trackingNumber: string): RawTrackingEvent[] {
  return events
    .map((e) => {
      const time = new Date(e.date).toISOString();
      return { eventId: `${trackingNumber}-${time}-${e.eventType}`, rawStatus: e.eventType.toUpperCase(), time, location: e.scanLocation?.city ?? null, description: e.eventDescription ?? null };
    })
    .reverse()
    .sort((a, b) => a.time.localeCompare(b.time));
}

const results = (answer: TrackResponse) => answer.output.completeTrackResults.flatMap((r) => r.trackResults).filter((r) => !r.error);

type Call = { name: string; method: string; url: string; body?: unknown; form?: FormData };

export function fedexTransport(config: FedexConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const documents = config.documentsUrl.replace(/\/$/, '');
  const tokens = config.tokens ?? { current: null };
  const send = carrierSender('fedex', 'FedEx', doFetch, config.timeoutMs ?? 15_000);

  async function accessToken(): Promise<string> {
    const token = tokens.current;
    if (token && token.expires > Date.now()) return token.value;
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret });
    const response = await send('token', new Request(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
    const answer: unknown = await response.json().catch(() => null);
    const parsed = v.safeParse(tokenResponse, answer);
    if (!response.ok || !parsed.success) throw new CarrierUnavailableError('fedex', `FedEx token: ${errorText(answer) ?? `HTTP ${response.status}`}`);
    // a minute early, so a token never expires on its way
    tokens.current = { value: parsed.output.access_token, expires: Date.now() + (Number(parsed.output.expires_in) - 60) * 1000 };
    return tokens.current.value;
  }

  async function call<T>(c: Call, schema: v.GenericSchema<unknown, T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, 'x-locale': 'en_US' };
      if (c.body) headers['content-type'] = 'application/json';
      const response = await send(c.name, new Request(c.url, { method: c.method, headers, body: c.form ?? (c.body ? JSON.stringify(c.body) : undefined) }));
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401 && attempt === 0) {
        tokens.current = null;
        continue;
      }
      if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) throw new CarrierUnavailableError('fedex', `FedEx ${c.name}: ${errorText(body) ?? `HTTP ${response.status}`}`);
      if (!response.ok) {
        const first = v.safeParse(errorResponse, body);
        const error = first.success ? first.output.errors[0] : undefined;
        throw new CarrierRefusedError(error ? `FedEx ${error.code}: ${error.message}` : `FedEx ${c.name}: HTTP ${response.status}`, error?.code);
      }
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new CarrierUnavailableError('fedex', `FedEx ${c.name}: an answer we cannot read (${parsed.issues[0].message})`);
      return parsed.output;
    }
  }

  /** FedEx's answers have no pickup day: it comes from the rate sheet */
  function pickupOf(booking: Booking, context: PricingContext): Pick<BookedShipment, 'pickupDate' | 'pickupFrom' | 'pickupTo'> {
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return { pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null };
  }

  /** the shipper's own commercial invoices uploaded to FedEx before the shipment (ETD pre-shipment) */
  async function uploadInvoices(booking: Booking): Promise<EtdDocuments> {
    const files = booking.customs?.invoiceFiles ?? [];
    if (files.length === 0 || booking.sender.country.toLowerCase() === booking.recipient.country.toLowerCase()) return [];
    const uploaded: EtdDocuments = [];
    for (const id of files) {
      const file = (await config.invoice?.(id)) ?? null;
      if (!file) throw new CarrierRefusedError(`The commercial invoice ${id} is no longer stored; FedEx cannot be sent it.`, 'ETD.INVOICE.MISSING');
      const document: UploadDocument = {
        workflowName: 'ETDPreshipment',
        carrierCode: 'FDXE',
        name: cut(file.name, 200),
        contentType: file.contentType,
        meta: { shipDocumentType: 'COMMERCIAL_INVOICE', originCountryCode: booking.sender.country.toUpperCase(), destinationCountryCode: booking.recipient.country.toUpperCase() },
      };
      const form = new FormData();
      form.append('document', JSON.stringify(document));
      form.append('attachment', new File([file.data], document.name, { type: file.contentType }));
      const answer = await call({ name: 'etd-upload', method: 'POST', url: `${documents}/documents/v1/etds/upload`, form }, uploadResponse);
      uploaded.push({ documentId: answer.output.meta.docId, name: file.name });
    }
    return uploaded;
  }

  const track = (body: unknown, name: string) =>
    call({ name, method: 'POST', url: `${base}/track/v1/${name === 'track' ? 'trackingnumbers' : 'referencenumbers'}`, body }, trackResponse).catch((error: unknown) => {
      // FedEx answers an unknown number as a not-found error
      if (error instanceof CarrierRefusedError && error.code === NOT_FOUND) return { output: { completeTrackResults: [] } } satisfies TrackResponse;
      throw error;
    });

  return {
    async find(booking, context) {
      const today = pragueNow(context.now).date;
      const begin = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * DAY).toISOString().slice(0, 10);
      const end = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * DAY).toISOString().slice(0, 10);
      const answer = await track(
        { includeDetailedScans: true, referencesInformation: { type: 'CUSTOMER_REFERENCE', value: booking.trackingNumber, accountNumber: config.accountNumber, carrierCode: 'FDXE', shipDateBegin: begin, shipDateEndDate: end } },
        'track-reference',
      );
      // a shipment cancelled at FedEx (latest scan CA) is no booking
      const live = results(answer).filter((r) => r.scanEvents?.[0]?.eventType.toUpperCase() !== 'CA' && r.latestStatusDetail?.code !== 'CA');
      const numbers = [...new Set(live.map((r) => r.trackingNumberInfo?.trackingNumber).filter((n): n is string => !!n && /^\d{12}$/.test(n)))];
      if (numbers.length === 0) return null;
      // FedEx's REST Ship API gives labels once: a shipment found again prints with our label
      return { carrierRef: numbers[0]!, ...pickupOf(booking, context), packages: numbers.map((carrierRef) => ({ carrierRef, label: null })) };
    },
    async create(booking, context) {
      const pickup = pickupOf(booking, context);
      const uploaded = await uploadInvoices(booking);
      const request = shipmentRequestOf(booking, config.accountNumber, pickup.pickupDate ?? pragueNow(context.now).date, uploaded);
      const answer = await call({ name: 'ship', method: 'POST', url: `${base}/ship/v1/shipments`, body: request }, shipmentResponse);
      const shipment = answer.output.transactionShipments[0]!;
      return {
        carrierRef: shipment.masterTrackingNumber,
        ...pickup,
        packages: shipment.pieceResponses.map((p) => {
          const label = p.packageDocuments?.find((d) => d.encodedLabel && (d.docType ?? 'PDF').toUpperCase() === 'PDF');
          return { carrierRef: p.trackingNumber, label: label?.encodedLabel ? { format: 'PDF' as const, data: label.encodedLabel } : null };
        }),
      };
    },
    async cancel(carrierRef) {
      try {
        const answer = await call(
          { name: 'cancel', method: 'PUT', url: `${base}/ship/v1/shipments/cancel`, body: { accountNumber: { value: config.accountNumber }, trackingNumber: carrierRef, deletionControl: 'DELETE_ALL_PACKAGES', emailShipment: false } },
          cancelResponse,
        );
        if (!answer.output.cancelledShipment) throw new CarrierRefusedError(`FedEx did not cancel shipment ${carrierRef}: ${answer.output.message ?? 'no reason given'}`);
      } catch (error) {
        if (error instanceof CarrierRefusedError && error.code && FEDEX_CANCEL_HAS_PARCEL.has(error.code)) throw new CarrierRefusedError(error.message, error.code, 'with_carrier');
        throw error;
      }
    },
    async track(query, now) {
      const answer = await track({ includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: query.carrierRef } }] }, 'track');
      const found = results(answer);
      const result = found.find((r) => r.trackingNumberInfo?.trackingNumber === query.carrierRef) ?? found[0];
      return trackingEventsOf(result?.scanEvents ?? [], query.carrierRef).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup(order, now) {
      if (order.kind === 'regular') throw new CarrierRefusedError('FedEx takes regular pickups by agreement with its account manager, not through its Pickup API.');
      const answer = await call({ name: 'pickup', method: 'POST', url: `${base}/pickup/v1/pickups`, body: pickupRequestOf(order, config.accountNumber, pragueNow(now).date) }, pickupResponse);
      // FedEx's confirmation is read with its location (NQAA 1234); its cancellation needs both
      return { carrierRef: `${answer.output.location ?? ''}${answer.output.pickupConfirmationCode}` };
    },
    async cancelPickup(carrierRef, date, now) {
      const [, location, code] = /^([A-Z]{4})?(\w+)$/.exec(carrierRef) ?? [null, undefined, carrierRef];
      await call(
        {
          name: 'pickup-cancel',
          method: 'PUT',
          url: `${base}/pickup/v1/pickups/cancel`,
          body: { associatedAccountNumber: { value: config.accountNumber }, pickupConfirmationCode: code, scheduledDate: date ?? pragueNow(now).date, ...(location ? { location } : {}), carrierCode: 'FDXE' },
        },
        pickupCancelResponse,
      );
    },
  };
}

function errorText(body: unknown): string | null {
  const parsed = v.safeParse(errorResponse, body);
  const error = parsed.success ? parsed.output.errors[0] : undefined;
  return error ? `${error.code} ${error.message}` : null;
}
