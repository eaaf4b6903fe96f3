import * as v from 'valibot';
import { carrierSender } from '../send';
import { pragueNow } from '../../../lib/calendar';
import { fromBase64, hmacSha256, sha256Hex } from '../../identity/crypto';
import { CarrierRefusedError, type Booking, type BookingParty, type CarrierLabel, type CarrierTransport } from '../booking';
import { quoteCarrier } from '../pricing/engine';
import type { Parcel, PricingContext } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  errorList,
  parcelPrintingResponse,
  parcelServiceResponse,
  parcelStatusResponse,
  type ParcelAddress,
  type ParcelParams,
  type ParcelServiceRequest,
  type ParcelServiceResponse,
  type ParcelStatus,
} from './schemas';
import { balikovnaTracking } from './tracking';

/**
 * Balíkovna through Česká pošta's B2B API, ZSKService v1 (PROTOCOL.md): every request signed
 * with the API token and the secret key (CP-HMAC-SHA256), parcelService (data, parcel codes and
 * the labels in one call), parcelPrinting, parcelStatus. The same code talks to Česká pošta
 * (test or production) or to the product's sandbox of it; `fetch` is injectable.
 */
export type BalikovnaConfig = {
  /** up to the service and version: https://b2b.postaonline.cz:444/restservices/ZSKService/v1 */
  baseUrl: string;
  apiToken: string;
  secretKey: string;
  /** the sender's technological number (customerID, e.g. 'U219') */
  customerId: string;
  /** the post code of the post office the parcels are handed in at */
  postCode: string;
  /** the sender's location (podací místo) registered with Česká pošta; its COD bank account is the location's */
  locationNumber: number;
  /** a Balíkovna point's code (its 5-digit id) for our point id, when ours is not that code */
  pointCode?: (pointId: string) => Promise<string | null>;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the hand-in day a booking gets and the liability its price includes */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

/** our services and Česká pošta's prefixes: NB Balíkovna (to a point), DR Balík Do ruky */
export const CPOST_PREFIXES: Record<string, 'NB' | 'DR'> = { 'balikovna-na-balikovnu': 'NB', 'balikovna-do-ruky': 'DR' };
/** form 101: harmonised label, one per page ("Harmonizovaný štítek bianco - samostatný") */
export const LABEL_FORM = 101;
/** parcels of one multi-part consignment (service 70): the main one and at most four more */
export const MAX_PARTS = 5;
const SERVICE = { declaredValue: '7', cod: '41', multipart: '70' } as const;

/** base64 of bytes, in slices (a label PDF is too long for one spread call) */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
/** kilograms as Česká pošta writes them: at most 3 decimals */
const kilograms = (kg: number) => String(Math.round(Math.max(kg, 0.001) * 1000) / 1000);

/** size category by the longest side (cm): S ≤ 35, M ≤ 50, L ≤ 100, else XL */
export function sizeCategory(p: Parcel): 'S' | 'M' | 'L' | 'XL' {
  const longest = Math.max(p.length, p.width, p.height);
  return longest <= 35 ? 'S' : longest <= 50 ? 'M' : longest <= 100 ? 'L' : 'XL';
}

/** "Jana Marie Nováková" → first names and the surname */
function nameOf(name: string): { firstName?: string; surname: string } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? { firstName: parts.slice(0, -1).join(' '), surname: parts.at(-1)! } : { surname: parts[0] ?? '' };
}

/** "Vodičkova 681/12" → street, house number, orientation number (the whole text as the street when no number ends it) */
export function streetOf(text: string): { street: string; houseNumber?: string; sequenceNumber?: string } {
  const whole = text.trim().replace(/\s+/g, ' ');
  const match = /^(.*?\S)[\s,]+(\d+[a-zA-Z]?)(?:\s*\/\s*(\d+[a-zA-Z]?))?$/.exec(whole);
  if (!match) return { street: cut(whole, 40) };
  return { street: cut(match[1]!, 40), houseNumber: match[2], ...(match[3] ? { sequenceNumber: match[3] } : {}) };
}

/** +420 601 234 567, 601234567, 00420601234567 → +420601234567 (a bare 9-digit number, or a Slovak 0905 123 456, takes the country's prefix) */
export function phoneOf(phone: string | null, country: string): string | undefined {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  if (!digits) return undefined;
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const prefix = country.toUpperCase() === 'SK' ? '+421' : '+420';
  if (digits.length === 9) return `${prefix}${digits}`;
  // a national number with its trunk 0
  return digits.length === 10 && digits.startsWith('0') ? `${prefix}${digits.slice(1)}` : `+${digits}`;
}

/** the variable symbol of the COD voucher: the digits of our reference, 10 at most */
export const variableSymbolOf = (trackingNumber: string) => trackingNumber.replace(/\D/g, '').slice(-10).padStart(10, '0');

const inCzk = (money: { value: number; currency: string }, context: PricingContext) => money.value * (context.exchangeRates[money.currency] ?? 1);

function addresseeOf(recipient: BookingParty, prefix: 'NB' | 'DR', pointCode: string | null): ParcelAddress {
  const phone = phoneOf(recipient.phone, recipient.country);
  return {
    ...nameOf(recipient.name),
    ...(recipient.company ? { company: cut(recipient.company, 50) } : {}),
    subject: recipient.company ? 'P' : 'F',
    // a Balíkovna parcel is addressed to the point: street "Balíkovna", the point's code as the zip
    address:
      prefix === 'NB'
        ? { street: 'Balíkovna', zipCode: pointCode ?? '', isoCountry: 'CZ' }
        : { ...streetOf(recipient.street), city: cut(recipient.city, 40), zipCode: recipient.zip.replace(/\s/g, ''), isoCountry: recipient.country.toUpperCase() },
    ...(phone ? { mobilNumber: phone } : {}),
    ...(recipient.email ? { emailAddress: recipient.email.trim() } : {}),
  };
}

function senderOf(sender: BookingParty): NonNullable<ParcelServiceRequest['parcelServiceHeader']['senderAddress']> {
  return {
    companyName: cut(sender.company || sender.name, 50),
    ...(sender.company ? { aditionAddress: cut(sender.name, 50) } : {}),
    ...streetOf(sender.street),
    city: cut(sender.city, 40),
    zipCode: sender.zip.replace(/\s/g, ''),
    isoCountry: sender.country.toUpperCase(),
  };
}

export type RequestAccount = { customerId: string; postCode: string; locationNumber: number; includedCover?: number };

/**
 * The parcelService requests of a booking: Balík Do ruky as one multi-part consignment (service
 * 70, at most five parcels; declared value and COD on the main parcel), Balíkovna as one request
 * per parcel (its parcels are not multi-part; declared value split, COD on the first).
 */
export function parcelServiceRequestsOf(booking: Booking, account: RequestAccount, context: PricingContext, pointCode: string | null = null): ParcelServiceRequest[] {
  const prefix = CPOST_PREFIXES[booking.serviceId];
  if (!prefix) throw new CarrierRefusedError(`Česká pošta has no service ${booking.serviceId}.`);
  const { packages, cod, insurance } = booking.shipment;
  if (prefix === 'DR' && packages.length > MAX_PARTS) throw new CarrierRefusedError(`Česká pošta carries at most ${MAX_PARTS} parcels in one multi-part consignment.`);
  if (prefix === 'NB' && !pointCode) throw new CarrierRefusedError('A Balíkovna parcel needs the Balíkovna point it goes to.');
  // Česká pošta takes a declared value with every parcel (at least 1 CZK): the insured value, else the liability the price includes
  const declaredTotal = Math.max(1, Math.round(insurance && insurance.value > 0 ? inCzk(insurance, context) : (account.includedCover ?? 1)));
  const codParams = (): Partial<ParcelParams> =>
    cod && cod.value > 0 ? { amount: cod.currency === 'CZK' ? Math.round(cod.value) : Math.round(cod.value * 100) / 100, currency: cod.currency, vsVoucher: variableSymbolOf(booking.trackingNumber) } : {};
  const codServices = cod && cod.value > 0 ? [SERVICE.cod] : [];
  const header = (): ParcelServiceRequest['parcelServiceHeader'] => ({
    parcelServiceHeaderCom: { transmissionDate: pragueNow(context.now).date, customerID: account.customerId, postCode: account.postCode, locationNumber: account.locationNumber },
    senderAddress: senderOf(booking.sender),
    printParams: { idForm: LABEL_FORM, shiftHorizontal: 0, shiftVertical: 0 },
    position: 1,
  });
  const note = booking.reference ? { note: cut(booking.reference, 50) } : {};
  const parcelAddress = addresseeOf(booking.recipient, prefix, pointCode);
  const recordOf = (i: number) => (packages.length === 1 ? booking.trackingNumber : `${booking.trackingNumber}-${i + 1}`);

  if (prefix === 'NB') {
    const shares = splitWhole(declaredTotal, packages.length);
    return packages.map((p, i) => ({
      parcelServiceHeader: header(),
      parcelServiceData: {
        parcelParams: { recordID: recordOf(i), prefixParcelCode: prefix, weight: kilograms(p.weight), insuredValue: shares[i]!, ...(i === 0 ? codParams() : {}), ...note },
        parcelServices: [SERVICE.declaredValue, ...(i === 0 ? codServices : [])],
        parcelAddress,
      },
    }));
  }
  const multipart = packages.length > 1;
  const parts = multipart ? { quantityParcel: packages.length } : {};
  const [main, ...rest] = packages;
  return [
    {
      parcelServiceHeader: header(),
      parcelServiceData: {
        parcelParams: { recordID: recordOf(0), prefixParcelCode: prefix, weight: kilograms(main!.weight), insuredValue: declaredTotal, ...codParams(), ...(multipart ? { sequenceParcel: 1, ...parts } : {}), ...note },
        parcelServices: [SERVICE.declaredValue, ...codServices, ...(multipart ? [SERVICE.multipart] : []), sizeCategory(main!)],
        parcelAddress,
      },
      ...(rest.length
        ? {
            multipartParcelData: rest.map((p, i) => ({
              addParcelData: { recordID: recordOf(i + 1), prefixParcelCode: prefix, weight: kilograms(p.weight), sequenceParcel: i + 2, ...parts, ...note },
              addParcelDataServices: [SERVICE.multipart, sizeCategory(p)],
            })),
          }
        : {}),
    },
  ];
}

/** whole crowns split over n parcels, each at least 1 (the last takes the remainder) */
function splitWhole(total: number, n: number): number[] {
  const each = Math.max(1, Math.floor(total / n));
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? Math.max(1, total - each * (n - 1)) : each));
}

/** INFO_… states (the address was adjusted, …) accompany accepted parcels; every other state but 1 OK is an error */
const isError = (s: { responseCode: number; responseText: string }) => s.responseCode !== 1 && !s.responseText.startsWith('INFO_');

/** the parcel codes of an accepted parcelService answer, or Česká pošta's first reason for refusing it */
export function parcelCodesOf(answer: ParcelServiceResponse, expected: number): string[] {
  const header = answer.responseHeader;
  const parcels = header.resultParcelData ?? [];
  const error = parcels.flatMap((p) => p.parcelStateResponse ?? []).find(isError) ?? (header.resultHeader.responseCode !== 1 ? header.resultHeader : undefined);
  if (error) throw new CarrierRefusedError(`Česká pošta ${error.responseCode} ${error.responseText}`, String(error.responseCode));
  const codes = parcels.map((p) => p.parcelCode ?? '').filter(Boolean);
  if (codes.length !== expected) throw new CarrierUnavailableError('balikovna', `Česká pošta parcelService: ${codes.length} parcel codes for ${expected} parcels`);
  return codes;
}

/** a status's time: date-times as given; a bare date (the definition's `format: date`) as its midnight UTC */
function statusTime(date: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return `${date}T00:00:00.000Z`;
  const t = Date.parse(date);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** parcelStatuses (oldest first as Česká pošta lists them) → our raw events, codes kept as given */
export function trackingEventsOf(statuses: ParcelStatus[], parcelCode: string): RawTrackingEvent[] {
  return statuses
    .flatMap((s) => {
      const time = statusTime(s.date);
      return time ? [{ eventId: `${parcelCode}-${s.id}-${time}`, rawStatus: s.id.toUpperCase(), time, location: s.name?.trim() || s.postCode?.trim() || null, description: s.text.trim() || null }] : [];
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** whether Česká pošta has the parcel in hand: any known state past its data being received */
export const handedIn = (s: ParcelStatus) => {
  const status = balikovnaTracking[s.id.toUpperCase()];
  return status !== undefined && status !== 'pending';
};

/** the base64 PDF of several labels → one single-page PDF per label */
async function pagesOf(file: string): Promise<string[]> {
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(fromBase64(file));
  const pages: string[] = [];
  for (const index of source.getPageIndices()) {
    const doc = await PDFDocument.create();
    const [page] = await doc.copyPages(source, [index]);
    doc.addPage(page);
    pages.push(base64Of(await doc.save()));
  }
  return pages;
}

/** the Authorization headers of one request (PROTOCOL.md, Authentication) */
export async function signatureHeaders(config: Pick<BalikovnaConfig, 'apiToken' | 'secretKey'>, body: string, timestamp: number, nonce: string): Promise<Record<string, string>> {
  const contentSha256 = body ? await sha256Hex(body) : '';
  const mac = await hmacSha256(config.secretKey, `${contentSha256};${timestamp};${nonce}`);
  return {
    'Api-Token': config.apiToken,
    'Authorization-Timestamp': String(timestamp),
    ...(body ? { 'Authorization-Content-SHA256': contentSha256 } : {}),
    Authorization: `CP-HMAC-SHA256 nonce="${nonce}", signature="${base64Of(mac)}"`,
  };
}

function errorText(body: unknown): { code?: number; message: string } | null {
  const parsed = v.safeParse(errorList, body);
  return parsed.success && parsed.output[0] ? parsed.output[0] : null;
}

type Call = { name: string; path: string; body: unknown };

export function balikovnaTransport(config: BalikovnaConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;

  const send = carrierSender('balikovna', 'Česká pošta', doFetch, timeoutMs);

  async function call<T>(c: Call, schema: v.GenericSchema<unknown, T>, options: { notFound?: T } = {}): Promise<T> {
    const json = JSON.stringify(c.body);
    for (let attempt = 0; ; attempt++) {
      // a fresh timestamp and nonce for every attempt: Česká pošta refuses a reused nonce and a timestamp over 60 s old
      const headers = await signatureHeaders(config, json, Math.floor(Date.now() / 1000), crypto.randomUUID());
      const response = await send(c.name, new Request(`${base}${c.path}`, { method: 'POST', headers: { 'content-type': 'application/json;charset=UTF-8', accept: 'application/json', ...headers }, body: json }));
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401 && attempt === 0) continue;
      if (response.status === 404 && options.notFound !== undefined) return options.notFound;
      const error = errorText(body);
      const reason = error ? `${error.code ?? ''} ${error.message}`.trim() : `HTTP ${response.status}`;
      if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) throw new CarrierUnavailableError('balikovna', `Česká pošta ${c.name}: ${reason}`);
      if (!response.ok) throw new CarrierRefusedError(`Česká pošta ${reason}`, error?.code === undefined ? undefined : String(error.code));
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new CarrierUnavailableError('balikovna', `Česká pošta ${c.name}: an answer we cannot read (${parsed.issues[0].message})`);
      return parsed.output;
    }
  }

  async function statuses(parcelCode: string): Promise<ParcelStatus[]> {
    const answer = await call({ name: 'parcelStatus', path: '/parcelStatus', body: { parcelIds: [parcelCode], language: 'CZ' } }, parcelStatusResponse, { notFound: { detail: [] } });
    const detail = answer.detail?.find((d) => d.idParcel === parcelCode) ?? answer.detail?.[0];
    return detail?.parcelStatuses ?? [];
  }

  /** one PDF per parcel: the answer's pages when there is one per parcel, else each parcel printed on its own */
  async function labelsOf(codes: string[], file: string | undefined): Promise<(CarrierLabel | null)[]> {
    const pages = file ? await pagesOf(file).catch(() => []) : [];
    if (pages.length === codes.length) return pages.map((data) => ({ format: 'PDF', data }));
    return Promise.all(
      codes.map(async (code) => {
        const printed = await call(
          { name: 'parcelPrinting', path: '/parcelPrinting', body: { printingHeader: { customerID: config.customerId, idForm: LABEL_FORM, shiftHorizontal: 0, shiftVertical: 0, position: 1 }, printingData: [code] } },
          parcelPrintingResponse,
        );
        const status = printed.printingHeaderResult?.printingStatusResponse;
        return printed.printingDataResult && (!status || status.responseCode === 1) ? { format: 'PDF' as const, data: printed.printingDataResult } : null;
      }),
    );
  }

  return {
    async create(booking, context) {
      const prefix = CPOST_PREFIXES[booking.serviceId];
      const pointId = booking.deliveryPointId;
      const pointCode = prefix === 'NB' && pointId ? (/^B?\d{5}$/.test(pointId) ? pointId.replace(/^B/, '') : ((await config.pointCode?.(pointId)) ?? null)) : null;
      const service = config.sheet?.services.find((s) => `${config.sheet!.carrier}-${s.code}` === booking.serviceId);
      const requests = parcelServiceRequestsOf(booking, { ...config, includedCover: service?.surcharges.insurance.included }, context, pointCode);
      const packages: { carrierRef: string; label: CarrierLabel | null }[] = [];
      for (const request of requests) {
        const answer = await call({ name: 'parcelService', path: '/parcelService', body: request }, parcelServiceResponse);
        const codes = parcelCodesOf(answer, 1 + (request.multipartParcelData?.length ?? 0));
        const labels = await labelsOf(codes, answer.responseHeader.responsePrintParams?.file);
        codes.forEach((carrierRef, i) => packages.push({ carrierRef, label: labels[i] ?? null }));
      }
      const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
      const t = quote?.timeInTransit;
      return { carrierRef: packages[0]!.carrierRef, pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null, packages };
    },
    // ZSKService has no cancellation: parcel data never handed in are never charged; once the post office has the parcel it cannot be withdrawn
    async cancel(carrierRef) {
      const accepted = (await statuses(carrierRef)).find(handedIn);
      if (accepted) throw new CarrierRefusedError(`Česká pošta ${accepted.id}: the parcel has been handed in (${accepted.text.trim()}); it can no longer be cancelled.`, accepted.id);
    },
    async track(query, now) {
      return trackingEventsOf(await statuses(query.carrierRef), query.carrierRef).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup() {
      throw new CarrierRefusedError('Balíkovna parcels are handed in at a post office or a Balíkovna point; Česká pošta’s B2B API takes no pickup orders.');
    },
    async cancelPickup() {
      throw new CarrierRefusedError('Česká pošta’s B2B API takes no pickup orders, so there is none to cancel.');
    },
  };
}
