import * as v from 'valibot';
import { carrierSender } from '../send';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierLabel, type CarrierTransport } from '../booking';
import { base64Of } from '../balikovna/client';
import { quoteCarrier } from '../pricing/engine';
import type { PricingContext } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import { deleteResponse, errorResponse, packageList, packageResponse, pickupResponse, type PackageRequest, type PackageResponse, type WedoParty } from './schemas';

/**
 * One by Allegro (WE|DO) through its REST API v2 (PROTOCOL.md): HTTP Basic with the API user and
 * key; POST /package (one barcode per package), labels as one A6 PDF split per package, DELETE
 * /package until it is sent, the last state of GET /package/{order_number}, POST /pickup. The
 * same code talks to WE|DO or to the product's sandbox of it; `fetch` is injectable.
 */
export type WedoConfig = {
  /** up to the version: https://api.wedo.cz/v2 */
  baseUrl: string;
  user: string;
  apiKey: string;
  /** the customer's pickup place code (X-WEDO-PickupPlaceCode), when the account has several */
  pickupPlace?: string;
  /** the kind of our parcel point (a box, else a pick-up point), when known */
  pointKind?: (pointId: string) => Promise<string | null>;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day and window a booking gets (WE|DO's answer has none) */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

/** our services and WE|DO's product codes (PROTOCOL.md: M-24-CZ confirmed, the others inferred) */
export const WEDO_PRODUCTS: Record<string, Record<string, string>> = { 'wedo-home': { CZ: 'M-24-CZ', SK: 'M-24-SK' } };
export const WEDO_BOX_PRODUCT = 'BOX';
export const WEDO_POINT_PRODUCT = 'PUP';
/** the refusal of a DELETE of a package already sent for processing (PROTOCOL.md: the sandbox's code) */
export const WEDO_PACKAGE_SENT = 'PACKAGE_SENT';
/** how far back find lists packages (a lost answer is retried within hours) */
const FIND_DAYS = 2;

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

/** +420 601 234 567 → +420601234567 (WE|DO's 15 characters) */
const phoneOf = (phone: string | null) => phone?.replace(/[^\d+]/g, '').slice(0, 15) || null;

function nameOf(name: string): { firstname: string | null; surname: string | null } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? { firstname: cut(parts.slice(0, -1).join(' '), 30), surname: cut(parts.at(-1)!, 30) } : { firstname: null, surname: cut(parts[0] ?? '', 30) || null };
}

export function partyOf(p: BookingParty): WedoParty {
  return {
    name: cut(p.company || p.name, 100),
    street: cut(p.street, 100),
    city: cut(p.city, 50),
    postal_code: p.zip.replace(/\s/g, ''),
    state: p.country.toUpperCase(),
    ...nameOf(p.name),
    email: p.email ? cut(p.email, 50) : null,
    phone: phoneOf(p.phone),
  };
}

/** WE|DO's amounts have no currency field: the destination's (PROTOCOL.md, inferred) */
export const wedoCurrency = (country: string) => (country.toUpperCase() === 'SK' ? 'EUR' : 'CZK');

/** an amount in the destination's currency, converted by our exchange rates (CZK per unit) when it is in another */
function inCurrency(money: { value: number; currency: string }, currency: string, rates: PricingContext['exchangeRates'] | undefined): number {
  if (money.currency === currency || !rates) return round(money.value, 2);
  return round((money.value * (rates[money.currency] ?? 1)) / (rates[currency] ?? 1), 2);
}

/** the POST /package body of a booking; `pointKind` is the kind of the chosen point (a box, or a pick-up point) */
export function packageRequestOf(booking: Booking, pointKind: string | null = null, rates?: PricingContext['exchangeRates']): PackageRequest {
  const { packages, cod, insurance } = booking.shipment;
  const country = booking.recipient.country.toUpperCase();
  const currency = wedoCurrency(country);
  const contact = phoneOf(booking.recipient.phone);
  let delivery: Partial<PackageRequest>;
  if (booking.serviceId === 'wedo-box') {
    if (!booking.deliveryPointId) throw new CarrierRefusedError('A One by Allegro Box parcel needs the box it goes to.');
    delivery =
      pointKind && pointKind !== 'locker'
        ? { product: WEDO_POINT_PRODUCT, pup_branch: booking.deliveryPointId, pup_contact: contact }
        : { product: WEDO_BOX_PRODUCT, box: booking.deliveryPointId, box_contact: contact };
  } else {
    const product = WEDO_PRODUCTS[booking.serviceId]?.[country];
    if (!product) throw new CarrierRefusedError(`One by Allegro has no service ${booking.serviceId} to ${country}.`);
    delivery = { product };
  }
  return {
    receiver: partyOf(booking.recipient),
    sender: partyOf(booking.sender),
    reference_number: cut(booking.trackingNumber, 20),
    ...(booking.reference ? { reference_number2: cut(booking.reference, 50) } : {}),
    package_count: packages.length,
    weight: round(packages.reduce((sum, p) => sum + p.weight, 0)),
    value: insurance && insurance.value > 0 ? inCurrency(insurance, currency, rates) : 0,
    ...(cod && cod.value > 0 ? { additional_service: { cash_on_delivery: inCurrency(cod, currency, rates) } } : {}),
    product: delivery.product!,
    ...delivery,
  };
}

/** WE|DO's last state as our raw event (the REST API gives no history: the poller keeps each new one) */
export function trackingEventsOf(answer: PackageResponse): RawTrackingEvent[] {
  const s = answer.last_state;
  if (!s) return [];
  const t = Date.parse(s.created.includes('T') ? s.created : `${s.created.replace(' ', 'T')}+01:00`);
  if (Number.isNaN(t)) return [];
  return [{ eventId: `${answer.order_number}-${s.id}`, rawStatus: s.code.toUpperCase(), time: new Date(t).toISOString(), location: null, description: null }];
}

/** one A6 PDF of a package's labels → one single-page PDF per page */
export async function labelPages(pdf: Uint8Array): Promise<string[]> {
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(pdf);
  const pages: string[] = [];
  for (const index of source.getPageIndices()) {
    const doc = await PDFDocument.create();
    const [page] = await doc.copyPages(source, [index]);
    doc.addPage(page);
    pages.push(base64Of(await doc.save()));
  }
  return pages;
}

function errorOf(body: unknown): { code?: string; message: string } | null {
  const parsed = v.safeParse(errorResponse, body);
  if (!parsed.success) return null;
  const { error_code, message, detail } = parsed.output;
  const text = [message, ...(detail ?? [])].filter(Boolean).join(' ');
  return text || error_code ? { ...(error_code ? { code: error_code } : {}), message: text || error_code! } : null;
}

/** WE|DO's refusal with its HTTP status (a 404 of a lookup is no refusal) */
class WedoRefusedError extends CarrierRefusedError {
  constructor(
    message: string,
    readonly status: number,
    code?: string,
  ) {
    super(message, code, code === WEDO_PACKAGE_SENT ? 'with_carrier' : undefined);
  }
}

type Call = { name: string; method: 'GET' | 'POST' | 'DELETE'; path: string; body?: unknown };

export function wedoTransport(config: WedoConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const send = carrierSender('wedo', 'One by Allegro', doFetch, config.timeoutMs ?? 15_000);
  const authorization = `Basic ${btoa(`${config.user}:${config.apiKey}`)}`;

  async function request(c: Call, accept: string): Promise<Response> {
    const response = await send(
      c.name,
      new Request(`${base}${c.path}`, {
        method: c.method,
        headers: { authorization, accept, ...(config.pickupPlace ? { 'x-wedo-pickupplacecode': config.pickupPlace } : {}), ...(c.body ? { 'content-type': 'application/json' } : {}) },
        body: c.body ? JSON.stringify(c.body) : undefined,
      }),
    );
    if (response.ok) return response;
    const body: unknown = await response.json().catch(() => null);
    const error = errorOf(body);
    const reason = error ? `${error.code ? `${error.code}: ` : ''}${error.message}` : `HTTP ${response.status}`;
    if (response.status >= 500 || response.status === 429 || response.status === 401) throw new CarrierUnavailableError('wedo', `One by Allegro ${c.name}: ${reason}`);
    throw new WedoRefusedError(`One by Allegro ${reason}`, response.status, error?.code);
  }

  async function call<T>(c: Call, schema: v.GenericSchema<unknown, T>): Promise<T> {
    const response = await request(c, 'application/json');
    const parsed = v.safeParse(schema, await response.json().catch(() => null));
    if (!parsed.success) throw new CarrierUnavailableError('wedo', `One by Allegro ${c.name}: an answer we cannot read (${parsed.issues[0].message})`);
    return parsed.output;
  }

  /** the package's labels, one PDF per package in barcode order; nulls when WE|DO's pages do not match the packages */
  async function labelsOf(orderNumber: string, count: number): Promise<(CarrierLabel | null)[]> {
    const response = await request({ name: 'labels', method: 'GET', path: `/package/${encodeURIComponent(orderNumber)}/labels.pdf?format=a6` }, 'application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pages = await labelPages(bytes).catch(() => [] as string[]);
    return pages.length === count ? pages.map((data) => ({ format: 'PDF', data })) : Array.from({ length: count }, () => null);
  }

  async function booked(answer: PackageResponse, booking: Booking, context: PricingContext): Promise<BookedShipment> {
    const labels = answer.barcode.length > 0 ? await labelsOf(answer.order_number, answer.barcode.length) : [];
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return {
      carrierRef: answer.order_number,
      pickupDate: t?.pickupDate ?? null,
      pickupFrom: t?.pickupFromTime ?? null,
      pickupTo: t?.pickupToTime ?? null,
      packages: answer.barcode.map((carrierRef, i) => ({ carrierRef, label: labels[i] ?? null })),
    };
  }

  /** the package's detail, or null when WE|DO has none (404) */
  async function detail(orderNumber: string): Promise<PackageResponse | null> {
    try {
      return await call({ name: 'package-detail', method: 'GET', path: `/package/${encodeURIComponent(orderNumber)}` }, packageResponse);
    } catch (error) {
      if (error instanceof WedoRefusedError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    async create(booking, context) {
      const kind = booking.serviceId === 'wedo-box' && booking.deliveryPointId ? ((await config.pointKind?.(booking.deliveryPointId)) ?? null) : null;
      const answer = await call({ name: 'package', method: 'POST', path: '/package', body: packageRequestOf(booking, kind, context.exchangeRates) }, packageResponse);
      if (answer.barcode.length !== booking.shipment.packages.length) throw new CarrierUnavailableError('wedo', `One by Allegro package: ${answer.barcode.length} barcodes for ${booking.shipment.packages.length} packages`);
      return booked(answer, booking, context);
    },
    async find(booking, context) {
      const since = new Date(context.now.getTime() - FIND_DAYS * 86_400_000).toISOString().slice(0, 19);
      const list = await call({ name: 'package-list', method: 'GET', path: `/package?created_after=${encodeURIComponent(since)}` }, packageList);
      const mine = list.find((p) => p.reference_number === cut(booking.trackingNumber, 20));
      if (!mine) return null;
      const answer = await detail(mine.order_number);
      if (!answer || answer.last_state?.code.toUpperCase() === 'CANCELLED') return null;
      return booked(answer, booking, context);
    },
    async cancel(carrierRef) {
      const answer = await call({ name: 'package-delete', method: 'DELETE', path: `/package/${encodeURIComponent(carrierRef)}` }, deleteResponse);
      const result = answer.find((r) => r.order_number === carrierRef) ?? answer[0];
      if (result && result.code !== '0') throw new CarrierRefusedError(`One by Allegro ${result.code}: the package was not cancelled.`, result.code);
    },
    async track(query, now) {
      const answer = await detail(query.carrierRef);
      return answer ? trackingEventsOf(answer).filter((e) => e.time <= now.toISOString()) : [];
    },
    async orderPickup(order) {
      if (order.kind === 'regular') throw new CarrierRefusedError('One by Allegro agrees regular pickups in the contract; its API orders a pickup for one day.');
      // `note` is not a documented field (PROTOCOL.md); WE|DO's pickup takes the day only
      const answer = await call({ name: 'pickup', method: 'POST', path: '/pickup', body: { pickup_date: order.date, ...(order.note.trim() ? { note: cut(order.note, 255) } : {}) } }, pickupResponse);
      return { carrierRef: answer.id };
    },
    async cancelPickup(carrierRef) {
      await request({ name: 'pickup-delete', method: 'DELETE', path: `/pickup/${encodeURIComponent(carrierRef)}` }, 'application/json');
    },
  };
}
