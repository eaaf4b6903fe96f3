import * as v from 'valibot';
import type { Territory } from '../../../lib/types/quote';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierLabel, type CarrierTransport } from '../booking';
import { quoteCarrier } from '../pricing/engine';
import type { PricingContext } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { carrierSender } from '../send';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  deleteLabelsResponse,
  parcelListResponse,
  parcelStatusesResponse,
  printLabelsResponse,
  type GlsAddress,
  type GlsError,
  type GlsParcel,
  type GlsParcelStatus,
  type GlsService,
  type PrintLabelsRequest,
} from './schemas';

/**
 * GLS Czech Republic and GLS Slovakia through the MyGLS API (ParcelService, JSON; PROTOCOL.md):
 * one account (user, password, client number) and one host per country: the Czech site books
 * with GLS CZ, the Slovak one with GLS SK. PrintLabels books and answers the labels, DeleteLabels
 * cancels until GLS has the parcel, GetParcelStatuses tracks, GetParcelList finds a booking whose
 * answer was lost. MyGLS has no pickup order: GLS collects on the contract's regular pickup.
 * `fetch` is injectable for the in-process sandbox and tests.
 */
export type GlsAccount = {
  /** the host root: https://api.mygls.cz, https://api.test.mygls.sk, or the sandbox's …/gls/cz */
  baseUrl: string;
  username: string;
  password: string;
  clientNumber: number;
};
export type GlsConfig = {
  cz?: GlsAccount;
  sk?: GlsAccount;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day a booking gets (MyGLS's answer has none) */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

/** MyGLS error codes after which the parcel may exist at GLS (or GLS failed): not a refusal, the booking is retried (after a look-up) */
const GLS_UNCERTAIN: ReadonlySet<number> = new Set([-1, 16, 19, 20, 21, 31, 1000, 1001]);
/** DeleteLabels: the parcel is no longer PRINTED (GLS has scanned it) */
export const GLS_NOT_PRINTED = 6;
/** DeleteLabels: no parcel with this id (already deleted) */
const GLS_NO_SUCH_PARCEL = 4;
/** GetParcelStatuses: no parcel found with the current settings (no status yet) */
const GLS_PARCEL_NOT_FOUND = 26;
/** statuses of a parcel GLS has not scanned: its data (and COD data) entered */
const GLS_DATA_ONLY: ReadonlySet<string> = new Set(['51', '52']);
const WEBSHOP_ENGINE = 'zasilkovac';

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const round2 = (n: number) => Math.round(n * 100) / 100;
const phoneOf = (phone: string | null) => (phone ? cut(phone.replace(/[^\d+]/g, ''), 20) || undefined : undefined);

/** the MyGLS password: the SHA-512 of its UTF-8 bytes, sent as an array of 64 numbers */
export async function glsPasswordHash(password: string): Promise<number[]> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(password)))];
}

/** WCF's JSON date of a day (midnight UTC) and the instant of one ("/Date(ms+hhmm)/": ms are UTC) */
export const wcfDateOf = (ms: number) => `/Date(${ms})/`;
export const wcfDay = (date: string) => wcfDateOf(Date.parse(`${date}T00:00:00.000Z`));
export const msOfWcf = (date: string) => Number(/^\/Date\((-?\d+)/.exec(date)?.[1]);

/** "Vodičkova 12/3a" → street "Vodičkova", HouseNumber "12" (numbers only) and HouseNumberInfo "/3a" */
export function splitStreet(street: string): { Street: string; HouseNumber?: string; HouseNumberInfo?: string } {
  const m = /^(.*\S)\s+(\d+)(\S*)$/.exec(street.trim());
  if (!m) return { Street: cut(street, 40) };
  return { Street: cut(m[1]!, 40), HouseNumber: m[2]!, ...(m[3] ? { HouseNumberInfo: cut(m[3], 40) } : {}) };
}

function addressOf(p: BookingParty): GlsAddress {
  return {
    Name: cut(p.company || p.name, 40),
    ...splitStreet(p.street),
    City: cut(p.city, 40),
    ZipCode: cut(p.zip.replace(/\s/g, ''), 10),
    CountryIsoCode: p.country.toUpperCase(),
    ContactName: cut(p.name, 40),
    ...(phoneOf(p.phone) ? { ContactPhone: phoneOf(p.phone) } : {}),
    ...(p.email ? { ContactEmail: cut(p.email, 100) } : {}),
  };
}

/**
 * The services of a booking: ParcelShop delivery (PSD with the shop's id) when it goes to a
 * ParcelShop or box; otherwise FlexDelivery (FDS, the recipient's e-mail) and its SMS (FSS, the
 * phone) when the recipient gave them; insurance (INS) with the declared value.
 */
export function servicesOf(booking: Booking): GlsService[] {
  const r = booking.recipient;
  const list: GlsService[] = [];
  if (booking.deliveryPointId) list.push({ Code: 'PSD', PSDParameter: { StringValue: cut(booking.deliveryPointId, 40) } });
  else if (r.email) {
    list.push({ Code: 'FDS', FDSParameter: { Value: cut(r.email, 100) } });
    if (phoneOf(r.phone)) list.push({ Code: 'FSS', FSSParameter: { Value: phoneOf(r.phone)! } });
  }
  const insurance = booking.shipment.insurance;
  if (insurance && insurance.value > 0) list.push({ Code: 'INS', INSParameter: { Value: round2(insurance.value) } });
  return list;
}

/** MyGLS's COD reference (the variable symbol the payment carries): our tracking number's digits, at most 10 */
export const codReference = (trackingNumber: string) => trackingNumber.replace(/\D/g, '').slice(-10) || '0';

/** one MyGLS parcel of `Count` pieces (one per package): GLS numbers each piece */
export function parcelOf(booking: Booking, clientNumber: number, pickupDate: string | null): GlsParcel {
  const { packages, cod } = booking.shipment;
  if (packages.length > 99) throw new CarrierRefusedError('GLS takes at most 99 parcels in one shipment.');
  return {
    ClientNumber: clientNumber,
    ClientReference: booking.trackingNumber,
    Count: packages.length,
    ...(cod && cod.value > 0 ? { CODAmount: round2(cod.value), CODCurrency: cod.currency, CODReference: codReference(booking.trackingNumber) } : {}),
    ...(booking.reference ? { Content: cut(booking.reference, 40) } : {}),
    ...(pickupDate ? { PickupDate: wcfDay(pickupDate) } : {}),
    PickupAddress: addressOf(booking.sender),
    DeliveryAddress: addressOf(booking.recipient),
    ServiceList: servicesOf(booking),
    ParcelPropertyList: packages.map((p) => ({
      PackageType: 1,
      Weight: round2(Math.max(p.weight, 0.1)),
      Length: Math.ceil(p.length),
      Width: Math.ceil(p.width),
      Height: Math.ceil(p.height),
    })),
  };
}

/** PrintLabels' body (the user and password are added to every call): one parcel, Thermo labels (a PDF page each) */
export function printLabelsBodyOf(booking: Booking, clientNumber: number, pickupDate: string | null): Omit<PrintLabelsRequest, 'Username' | 'Password'> {
  return { WebshopEngine: WEBSHOP_ENGINE, ParcelList: [parcelOf(booking, clientNumber, pickupDate)], TypeOfPrinter: 'Thermo', ShowPrintDialog: false };
}

// ---- our references: the territory (which account), GLS's parcel id (DeleteLabels) and the first parcel number (tracking) ----

export const glsShipmentRef = (territory: Territory, parcelId: number, parcelNumber: number | string) => `${territory.toUpperCase()}:${parcelId}:${parcelNumber}`;
export function parseGlsRef(ref: string): { territory: Territory; parcelId: number; parcelNumber: string } | null {
  const m = /^(CZ|SK):(\d+):(\d+)$/.exec(ref);
  return m ? { territory: m[1]!.toLowerCase() as Territory, parcelId: Number(m[2]), parcelNumber: m[3]! } : null;
}

/** GLS's statuses (newest first or not) → our raw events, oldest first; the status code is the raw status */
export function trackingEventsOf(list: GlsParcelStatus[], parcelNumber: string): RawTrackingEvent[] {
  return list
    .map((s) => {
      const time = new Date(msOfWcf(s.StatusDate)).toISOString();
      const code = String(s.StatusCode).trim();
      return { eventId: `${parcelNumber}-${time}-${code}`, rawStatus: code, time, location: s.DepotCity || null, description: s.StatusDescription || null };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** the pages of MyGLS's one PDF (Thermo: a label a page) as one-page PDFs, one per piece; null when the pages do not match the pieces */
export async function labelPerPackage(bytes: Uint8Array, count: number): Promise<CarrierLabel[] | null> {
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
  if (source.getPageCount() !== count) return null;
  return Promise.all(
    source.getPageIndices().map(async (i) => {
      const one = await PDFDocument.create();
      const [page] = await one.copyPages(source, [i]);
      one.addPage(page);
      const out = await one.save();
      let binary = '';
      for (let j = 0; j < out.length; j += 0x8000) binary += String.fromCharCode(...out.subarray(j, j + 0x8000));
      return { format: 'PDF' as const, data: btoa(binary) };
    }),
  );
}

const errorText = (e: GlsError) => `GLS ${e.ErrorCode}: ${e.ErrorDescription ?? 'error'}`;

export function glsTransport(config: GlsConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const send = carrierSender('gls', 'GLS', doFetch, config.timeoutMs ?? 15_000);
  const hashes = new Map<string, number[]>();

  function account(territory: Territory): GlsAccount {
    const a = config[territory];
    if (!a) throw new CarrierUnavailableError('gls', `GLS ${territory.toUpperCase()}: no credentials are configured for this territory`);
    return a;
  }

  /** one ParcelService call: POST JSON with the user and the password's hash; errors come in the answer's list */
  async function call<T>(territory: Territory, method: string, body: Record<string, unknown>, schema: v.GenericSchema<unknown, T>): Promise<T> {
    const a = account(territory);
    let hash = hashes.get(a.password);
    if (!hash) hashes.set(a.password, (hash = await glsPasswordHash(a.password)));
    const response = await send(`${territory}-${method}`, new Request(`${a.baseUrl.replace(/\/$/, '')}/ParcelService.svc/json/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Username: a.username, Password: hash, ...body }),
    }));
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new CarrierUnavailableError('gls', `GLS ${method}: HTTP ${response.status}`);
    const parsed = v.safeParse(schema, answer);
    if (!parsed.success) throw new CarrierUnavailableError('gls', `GLS ${method}: an answer we cannot read (${parsed.issues[0].message})`);
    return parsed.output;
  }

  /** the first error of a call's list: uncertain codes (and a refused login) are an outage, the rest a refusal with GLS's code */
  function raise(method: string, list: GlsError[] | null | undefined): void {
    const e = list?.[0];
    if (!e) return;
    if (GLS_UNCERTAIN.has(e.ErrorCode)) throw new CarrierUnavailableError('gls', `GLS ${method}: ${errorText(e)}`);
    throw new CarrierRefusedError(errorText(e), String(e.ErrorCode));
  }

  async function statuses(territory: Territory, parcelNumber: string): Promise<GlsParcelStatus[]> {
    const answer = await call(territory, 'GetParcelStatuses', { ParcelNumber: Number(parcelNumber), ReturnPOD: false, LanguageIsoCode: territory === 'sk' ? 'SK' : 'CS' }, parcelStatusesResponse);
    if (answer.GetParcelStatusErrors?.[0]?.ErrorCode === GLS_PARCEL_NOT_FOUND) return [];
    raise('GetParcelStatuses', answer.GetParcelStatusErrors);
    return answer.ParcelStatusList ?? [];
  }
  /** whether GLS has scanned the parcel: any status beyond its data being entered (51, 52) */
  const scanned = async (territory: Territory, parcelNumber: string) => (await statuses(territory, parcelNumber)).some((x) => !GLS_DATA_ONLY.has(String(x.StatusCode).trim()));

  /** MyGLS's answers have no pickup day: it comes from the rate sheet */
  function pickupOf(booking: Booking, context: PricingContext): Pick<BookedShipment, 'pickupDate' | 'pickupFrom' | 'pickupTo'> {
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return { pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null };
  }

  return {
    async create(booking, context) {
      const territory = booking.shipment.territory;
      const a = account(territory);
      const pickup = pickupOf(booking, context);
      const answer = await call(territory, 'PrintLabels', printLabelsBodyOf(booking, a.clientNumber, pickup.pickupDate), printLabelsResponse);
      raise('PrintLabels', answer.PrintLabelsErrorList);
      const pieces = [...(answer.PrintLabelsInfoList ?? [])].sort((x, y) => x.ParcelId - y.ParcelId);
      if (pieces.length !== booking.shipment.packages.length) throw new CarrierUnavailableError('gls', 'GLS PrintLabels: an answer without a parcel number per package');
      const labels = answer.Labels?.length ? await labelPerPackage(Uint8Array.from(answer.Labels), pieces.length) : null;
      return {
        carrierRef: glsShipmentRef(territory, pieces[0]!.ParcelId, pieces[0]!.ParcelNumber),
        ...pickup,
        packages: pieces.map((p, i) => ({ carrierRef: String(p.ParcelNumber), label: labels?.[i] ?? null })),
      };
    },
    async find(booking, context) {
      const territory = booking.shipment.territory;
      const now = context.now.getTime();
      const answer = await call(territory, 'GetParcelList', { PrintDateFrom: wcfDateOf(now - 7 * 86_400_000), PrintDateTo: wcfDateOf(now + 86_400_000) }, parcelListResponse);
      raise('GetParcelList', answer.GetParcelListErrors);
      const pieces = (answer.PrintDataInfoList ?? []).filter((p) => p.ClientReference === booking.trackingNumber).sort((x, y) => x.ParcelId - y.ParcelId);
      if (pieces.length === 0) return null;
      // a label is printed once at MyGLS (GetPrintedLabels refuses it again): ours prints instead
      return { carrierRef: glsShipmentRef(territory, pieces[0]!.ParcelId, pieces[0]!.ParcelNumber), ...pickupOf(booking, context), packages: pieces.map((p) => ({ carrierRef: String(p.ParcelNumber), label: null })) };
    },
    async cancel(carrierRef) {
      const ref = parseGlsRef(carrierRef);
      if (!ref) throw new CarrierRefusedError(`GLS: ${carrierRef} is not a GLS parcel of ours.`);
      const answer = await call(ref.territory, 'DeleteLabels', { ParcelIdList: [ref.parcelId] }, deleteLabelsResponse);
      const e = answer.DeleteLabelsErrorList?.[0];
      if (!e || e.ErrorCode === GLS_NO_SUCH_PARCEL) return;
      if (e.ErrorCode === GLS_NOT_PRINTED) {
        // 6 is also a parcel deleted already (an earlier answer lost): only GLS's scans say it has the parcel
        if (!(await scanned(ref.territory, ref.parcelNumber))) return;
        throw new CarrierRefusedError(errorText(e), String(e.ErrorCode), 'with_carrier');
      }
      raise('DeleteLabels', [e]);
    },
    async track(query, now) {
      const ref = parseGlsRef(query.carrierRef);
      if (!ref) return [];
      return trackingEventsOf(await statuses(ref.territory, ref.parcelNumber), ref.parcelNumber).filter((x) => x.time <= now.toISOString());
    },
    async orderPickup() {
      throw new CarrierRefusedError('The MyGLS API has no pickup order: GLS collects on the regular pickup agreed in the GLS contract; a one-off pickup is ordered in the MyGLS portal or with the GLS depot.', 'NO_PICKUP_API');
    },
    async cancelPickup() {
      throw new CarrierRefusedError('GLS pickups are not ordered through the MyGLS API: cancel it in the MyGLS portal or with the GLS depot.', 'NO_PICKUP_API');
    },
  };
}
