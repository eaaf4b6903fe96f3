import * as v from 'valibot';
import { carrierSender } from '../send';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierLabel, type CarrierTransport, type PickupOrder } from '../booking';
import type { PricingContext } from '../pricing/shipment';
import { quoteCarrier } from '../pricing/engine';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  errorResponse,
  labelRecoveryResponse,
  pickupCancelResponse,
  pickupCreationResponse,
  shipmentResponse,
  tokenResponse,
  trackResponse,
  voidResponse,
  type LabelRecoveryRequest,
  type PickupCreationRequest,
  type ShipmentRequest,
  type TrackActivity,
} from './schemas';

/**
 * UPS through its own REST APIs (PROTOCOL.md): OAuth client credentials, Shipping v2409
 * (ship, void; label recovery v1), Tracking v1 (by number, by reference) and Pickup v2409. The same code talks to UPS (CIE or production)
 * or to the product's sandbox of it; `fetch` is injectable for the in-process sandbox and tests.
 */
export type UpsConfig = {
  /** the host root: https://wwwcie.ups.com, https://onlinetools.ups.com or the sandbox's /_sandbox/carriers/ups */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the 6-character UPS shipper (account) number */
  accountNumber: string;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day and window a booking gets (UPS's ship answer has none) */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

export const UPS_API_VERSION = 'v2409';
/** our services (`ups-<code>`) and UPS's service codes */
export const UPS_SERVICE_CODES: Record<string, string> = { 'ups-standard': '11', 'ups-express-saver': '65' };
/** the pickup API's three-digit service codes of the same services */
const PICKUP_SERVICE_CODES: Record<string, string> = { '11': '011', '65': '065' };
const TRANSACTION_SRC = 'zasilkovac';
/** void refusals that mean UPS already has the parcel (picked up); PROTOCOL.md: the code is the sandbox's, not confirmed at UPS */
const UPS_VOID_HAS_PARCEL: ReadonlySet<string> = new Set(['190118']);

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const digitsOnly = (phone: string | null) => phone?.replace(/[^\d]/g, '').slice(-15) || null;
const decimal = (n: number) => String(Math.round(n * 100) / 100);
const yyyymmdd = (date: string) => date.replaceAll('-', '');
const hhmm = (time: string) => time.replace(':', '').padStart(4, '0');
const transId = () => crypto.randomUUID().replace(/-/g, '');

function party(p: BookingParty) {
  const name = cut(p.company || p.name, 35);
  const phone = digitsOnly(p.phone);
  return {
    Name: name,
    ...(p.company ? { AttentionName: cut(p.name, 35) } : {}),
    ...(phone ? { Phone: { Number: phone } } : {}),
    ...(p.email ? { EMailAddress: cut(p.email, 50) } : {}),
    Address: { AddressLine: [cut(p.street, 35)], City: cut(p.city, 30), PostalCode: cut(p.zip.replace(/\s/g, ''), 9), CountryCode: p.country.toUpperCase() },
  };
}

/** the share of a total each of n packages declares (cents; the last takes the remainder) */
function split(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const each = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? cents - each * (n - 1) : each) / 100);
}

export function shipmentRequestOf(booking: Booking, accountNumber: string): ShipmentRequest {
  const service = UPS_SERVICE_CODES[booking.serviceId];
  if (!service) throw new CarrierRefusedError(`UPS has no service ${booking.serviceId}.`);
  const { packages, cod, insurance } = booking.shipment;
  const declared = insurance && insurance.value > 0 ? split(insurance.value, packages.length) : null;
  const references = [booking.trackingNumber, booking.reference].filter((r): r is string => !!r).map((r) => ({ Value: cut(r, 35) }));
  return {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: booking.trackingNumber } },
      Shipment: {
        Shipper: { ...party(booking.sender), ShipperNumber: accountNumber },
        ShipTo: party(booking.recipient),
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
        Service: { Code: service },
        ReferenceNumber: references.slice(0, 2),
        NumOfPiecesInShipment: String(packages.length),
        ...(cod && cod.value > 0 ? { ShipmentServiceOptions: { COD: { CODFundsCode: '0', CODAmount: { CurrencyCode: cod.currency, MonetaryValue: decimal(cod.value) } } } } : {}),
        Package: packages.map((p, i) => ({
          Packaging: { Code: p.type === 'envelope' ? '01' : '02' },
          Dimensions: { UnitOfMeasurement: { Code: 'CM' as const }, Length: String(Math.ceil(p.length)), Width: String(Math.ceil(p.width)), Height: String(Math.ceil(p.height)) },
          PackageWeight: { UnitOfMeasurement: { Code: 'KGS' as const }, Weight: decimal(Math.max(p.weight, 0.1)) },
          ...(declared ? { PackageServiceOptions: { DeclaredValue: { Type: { Code: '01' }, CurrencyCode: insurance!.currency, MonetaryValue: decimal(declared[i]!) } } } : {}),
        })),
      },
      LabelSpecification: { LabelImageFormat: { Code: 'PNG' }, LabelStockSize: { Height: '6', Width: '4' } },
    },
  };
}

/** a shipment's labels again (all its packages' labels come back for one 1Z); PDF, one page per package */
export const labelRecoveryRequestOf = (trackingNumber: string, context: string): LabelRecoveryRequest => ({
  LabelRecoveryRequest: {
    Request: { TransactionReference: { CustomerContext: context } },
    LabelSpecification: { LabelImageFormat: { Code: 'PDF' }, LabelStockSize: { Height: '6', Width: '4' } },
    TrackingNumber: trackingNumber,
  },
});

/** the pages of UPS's one PDF of a shipment's labels as one-page PDFs, one per package; null when the pages do not match the packages */
export async function labelPerPackage(pdf: string, count: number): Promise<CarrierLabel[] | null> {
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0)), { ignoreEncryption: true });
  if (source.getPageCount() !== count) return null;
  return Promise.all(
    source.getPageIndices().map(async (i) => {
      const one = await PDFDocument.create();
      const [page] = await one.copyPages(source, [i]);
      one.addPage(page);
      const bytes = await one.save();
      let binary = '';
      for (let j = 0; j < bytes.length; j += 0x8000) binary += String.fromCharCode(...bytes.subarray(j, j + 0x8000));
      return { format: 'PDF' as const, data: btoa(binary) };
    }),
  );
}

export function pickupRequestOf(order: PickupOrder, accountNumber: string): PickupCreationRequest {
  const p = order.place;
  return {
    PickupCreationRequest: {
      Request: {},
      RatePickupIndicator: 'N',
      Shipper: { Account: { AccountNumber: accountNumber, AccountCountryCode: p.country.toUpperCase() } },
      PickupDateInfo: { ReadyTime: hhmm(order.window.from), CloseTime: hhmm(order.window.to), PickupDate: yyyymmdd(order.date) },
      PickupAddress: {
        CompanyName: cut(p.company || p.name, 27),
        ContactName: cut(p.name, 22),
        AddressLine: [cut(p.street, 35)],
        City: cut(p.city, 50),
        PostalCode: cut(p.zip.replace(/\s/g, ''), 8),
        CountryCode: p.country.toUpperCase(),
        ResidentialIndicator: p.company ? 'N' : 'Y',
        Phone: { Number: digitsOnly(p.phone) ?? '0' },
      },
      AlternateAddressIndicator: 'Y',
      PickupPiece: [{ ServiceCode: PICKUP_SERVICE_CODES['11']!, Quantity: String(Math.min(Math.max(order.parcelCount, 1), 999)), DestinationCountryCode: p.country.toUpperCase(), ContainerCode: '01' }],
      PaymentMethod: '01',
      ...(order.note.trim() ? { SpecialInstruction: cut(order.note, 57) } : {}),
    },
  };
}

/** an activity's time: its GMT date and time when given (gmtTime may lack its leading zero), else its local time */
function activityTime(a: TrackActivity): string {
  if (a.gmtDate && a.gmtTime) {
    const t = a.gmtTime.replace(/:/g, '').padStart(6, '0');
    return `${a.gmtDate.slice(0, 4)}-${a.gmtDate.slice(4, 6)}-${a.gmtDate.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}.000Z`;
  }
  const t = a.time.padStart(6, '0');
  const local = `${a.date.slice(0, 4)}-${a.date.slice(4, 6)}-${a.date.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}${a.gmtOffset ?? 'Z'}`;
  return new Date(local).toISOString();
}

/** UPS lists the most recent activity first; ours go oldest first (ties within a second keep UPS's order) */
export function trackingEventsOf(activities: TrackActivity[], trackingNumber: string): RawTrackingEvent[] {
  return [...activities]
    .reverse()
    .map((a) => {
      const time = activityTime(a);
      return { eventId: `${trackingNumber}-${time}-${a.status.type}${a.status.code ?? ''}`, rawStatus: a.status.type.toUpperCase(), time, location: a.location?.address?.city ?? null, description: a.status.description ?? null };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

type Call = { name: string; method: string; path: string; body?: unknown; headers?: Record<string, string> };

export function upsTransport(config: UpsConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; expires: number } | null = null;

  const send = carrierSender('ups', 'UPS', doFetch, timeoutMs);

  // the token (a string) is shared by the requests of an isolate; a token request's promise is not (workerd ties it to its request)
  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const response = await send('token', new Request(`${base}/security/v1/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, 'x-merchant-id': config.accountNumber, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }));
    const body: unknown = await response.json().catch(() => null);
    const parsed = v.safeParse(tokenResponse, body);
    if (!response.ok || !parsed.success) throw new CarrierUnavailableError('ups', `UPS token: ${errorText(body) ?? `HTTP ${response.status}`}`);
    // a minute early, so a token never expires on its way
    token = { value: parsed.output.access_token, expires: Date.now() + (Number(parsed.output.expires_in) - 60) * 1000 };
    return token.value;
  }

  async function call<T>(c: Call, schema: v.GenericSchema<unknown, T>, options: { notFound?: T } = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(c.name, new Request(`${base}/api${c.path}`, {
        method: c.method,
        headers: { authorization: `Bearer ${await accessToken()}`, transId: transId(), transactionSrc: TRANSACTION_SRC, ...(c.body ? { 'content-type': 'application/json' } : {}), ...c.headers },
        body: c.body ? JSON.stringify(c.body) : undefined,
      }));
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status === 404 && options.notFound !== undefined) return options.notFound;
      if (response.status >= 500 || response.status === 429 || response.status === 401) throw new CarrierUnavailableError('ups', `UPS ${c.name}: ${errorText(body) ?? `HTTP ${response.status}`}`);
      if (!response.ok) {
        const first = v.safeParse(errorResponse, body);
        const error = first.success ? first.output.response.errors[0] : undefined;
        throw new CarrierRefusedError(error ? `UPS ${error.code}: ${error.message}` : `UPS ${c.name}: HTTP ${response.status}`, error?.code);
      }
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new CarrierUnavailableError('ups', `UPS ${c.name}: an answer we cannot read (${parsed.issues[0].message})`);
      return parsed.output;
    }
  }

  /** UPS's answers have no pickup day: it comes from the rate sheet */
  function pickupOf(booking: Booking, context: PricingContext): Pick<BookedShipment, 'pickupDate' | 'pickupFrom' | 'pickupTo'> {
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return { pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null };
  }

  return {
    async find(booking, context) {
      const reference = encodeURIComponent(booking.trackingNumber);
      const tracked = await call(
        { name: 'track-reference', method: 'GET', path: `/track/v1/reference/details/${reference}?locale=en_US&shipperNum=${encodeURIComponent(config.accountNumber)}&refNumType=SmallPackage` },
        trackResponse,
        { notFound: { trackResponse: { shipment: [] } } },
      );
      // a shipment voided at UPS (latest activity MV) is no booking
      const live = tracked.trackResponse.shipment.flatMap((s) => s.package ?? []).filter((p) => p.activity?.[0]?.status.type.toUpperCase() !== 'MV');
      const numbers = [...new Set(live.map((p) => p.trackingNumber).filter((n) => /^1Z[0-9A-Z]{16}$/.test(n)))];
      if (numbers.length === 0) return null;
      let recovered: v.InferOutput<typeof labelRecoveryResponse>['LabelRecoveryResponse'] | null = null;
      try {
        recovered = (await call({ name: 'label-recovery', method: 'POST', path: '/labels/v1/recovery', body: labelRecoveryRequestOf(numbers[0]!, booking.trackingNumber) }, labelRecoveryResponse)).LabelRecoveryResponse;
      } catch (error) {
        // UPS has the shipment but will not give its labels again: booked all the same, printed with our label
        if (!(error instanceof CarrierRefusedError)) throw error;
      }
      const packages = recovered?.LabelResults.flatMap((r) => (r.TrackingNumber ? [r.TrackingNumber] : [])) ?? [];
      const ordered = packages.length > 0 ? packages : numbers;
      const pdf = recovered?.LabelResults.find((r) => r.LabelImage?.LabelImageFormat.Code === 'PDF')?.LabelImage?.GraphicImage;
      const labels = pdf && packages.length > 0 ? await labelPerPackage(pdf, packages.length) : null;
      return {
        carrierRef: recovered?.ShipmentIdentificationNumber ?? ordered[0]!,
        ...pickupOf(booking, context),
        packages: ordered.map((carrierRef, i) => ({ carrierRef, label: labels?.[i] ?? null })),
      };
    },
    async create(booking, context) {
      const request = shipmentRequestOf(booking, config.accountNumber);
      const answer = await call({ name: 'ship', method: 'POST', path: `/shipments/${UPS_API_VERSION}/ship`, body: request }, shipmentResponse);
      const results = answer.ShipmentResponse.ShipmentResults;
      return {
        carrierRef: results.ShipmentIdentificationNumber,
        ...pickupOf(booking, context),
        packages: results.PackageResults.map((p) => ({
          carrierRef: p.TrackingNumber,
          label: p.ShippingLabel && ['PNG', 'GIF', 'PDF'].includes(p.ShippingLabel.ImageFormat.Code) ? { format: p.ShippingLabel.ImageFormat.Code as 'PNG' | 'GIF' | 'PDF', data: p.ShippingLabel.GraphicImage } : null,
        })),
      };
    },
    async cancel(carrierRef) {
      try {
        await call({ name: 'void', method: 'DELETE', path: `/shipments/${UPS_API_VERSION}/void/cancel/${encodeURIComponent(carrierRef)}` }, voidResponse);
      } catch (error) {
        if (error instanceof CarrierRefusedError && error.code && UPS_VOID_HAS_PARCEL.has(error.code)) throw new CarrierRefusedError(error.message, error.code, 'with_carrier');
        throw error;
      }
    },
    async track(query, now) {
      const answer = await call(
        { name: 'track', method: 'GET', path: `/track/v1/details/${encodeURIComponent(query.carrierRef)}?locale=en_US&returnSignature=false&returnMilestones=false&returnPOD=false` },
        trackResponse,
        { notFound: { trackResponse: { shipment: [] } } },
      );
      const pkg = answer.trackResponse.shipment.flatMap((s) => s.package ?? []).find((p) => p.trackingNumber === query.carrierRef) ?? answer.trackResponse.shipment[0]?.package?.[0];
      return trackingEventsOf(pkg?.activity ?? [], query.carrierRef).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup(order) {
      if (order.kind === 'regular') throw new CarrierRefusedError('UPS takes regular pickups by contract with its account manager, not through its Pickup API.');
      const answer = await call({ name: 'pickup', method: 'POST', path: `/pickupcreation/${UPS_API_VERSION}/pickup`, body: pickupRequestOf(order, config.accountNumber) }, pickupCreationResponse);
      return { carrierRef: answer.PickupCreationResponse.PRN };
    },
    async cancelPickup(carrierRef) {
      await call({ name: 'pickup-cancel', method: 'DELETE', path: `/shipments/${UPS_API_VERSION}/pickup/02`, headers: { Prn: carrierRef } }, pickupCancelResponse);
    },
  };
}

function errorText(body: unknown): string | null {
  const parsed = v.safeParse(errorResponse, body);
  const error = parsed.success ? parsed.output.response.errors[0] : undefined;
  return error ? `${error.code} ${error.message}` : null;
}
