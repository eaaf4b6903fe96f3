import * as v from 'valibot';
import { carrierSender } from '../send';
import { CarrierRefusedError, type Booking, type BookedShipment, type BookingParty, type CarrierTransport, type PickupOrder } from '../booking';
import { quoteCarrier } from '../pricing/engine';
import type { PricingContext } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  oauthError,
  orderBatchResponse,
  orderInfoList,
  problemResponse,
  shipmentBatchResponse,
  shipmentInfoList,
  tokenResponse,
  type OrderBatchRequest,
  type PplAddress,
  type ShipmentBatchRequest,
  type ShipmentInfo,
  type TrackEvent,
} from './schemas';

/**
 * PPL through its CPL API ("myAPI2", PROTOCOL.md): OAuth client credentials, shipment batches
 * (create, import state, the label of each parcel), shipment cancel, tracking by shipment number
 * or by our reference, and collection orders. The same code talks to PPL (its dev host or
 * production) or to the product's sandbox of it; `fetch` is injectable for the sandbox and tests.
 */
export type PplConfig = {
  /** the API root: https://api.dhl.com/ecs/ppl/myapi2, https://api-dev.dhl.com/ecs/ppl/myapi2 or the sandbox's /_sandbox/carriers/ppl */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day and window a booking gets (PPL's batch answer has none) */
  sheet?: CarrierSheet;
  timeoutMs?: number;
  /** a batch is processed asynchronously: its state is asked this often, this far apart */
  pollAttempts?: number;
  pollIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

/** our services and PPL's product codes, without and with cash on delivery */
export const PPL_PRODUCTS: Record<string, { plain: string; cod: string | null }> = {
  'ppl-business': { plain: 'BUSS', cod: 'BUSD' },
  'ppl-smart': { plain: 'SMAR', cod: 'SMAD' },
  'ppl-connect': { plain: 'CONN', cod: 'COND' },
};
/** PPL's external number type of the customer's reference (our IZ number: find looks it up by it) */
export const CUSTOMER_REFERENCE = 'CUST';

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const round2 = (n: number) => Math.round(n * 100) / 100;
/** the variable symbol of a cash-on-delivery payment: the digits of our reference (at most 10) */
export const variableSymbolOf = (trackingNumber: string) => trackingNumber.replace(/\D/g, '').slice(-10) || '0';

export function addressOf(p: BookingParty): PplAddress {
  const phone = p.phone?.replace(/[^\d+]/g, '').slice(0, 30);
  return {
    name: cut(p.company || p.name, 50),
    ...(p.company ? { name2: cut(p.name, 50), contact: cut(p.name, 50) } : {}),
    street: cut(p.street, 60),
    city: cut(p.city, 50),
    zipCode: cut(p.zip.replace(/\s/g, ''), 10),
    country: p.country.toUpperCase(),
    ...(phone ? { phone } : {}),
    ...(p.email ? { email: cut(p.email, 50) } : {}),
  };
}

export function shipmentBatchRequestOf(booking: Booking): ShipmentBatchRequest {
  const product = PPL_PRODUCTS[booking.serviceId];
  if (!product) throw new CarrierRefusedError(`PPL has no service ${booking.serviceId}.`);
  const { packages, cod, insurance } = booking.shipment;
  const withCod = cod !== null && cod.value > 0;
  if (withCod && !product.cod) throw new CarrierRefusedError('PPL does not collect cash on delivery with this service.');
  const note = booking.reference ? cut(booking.reference, 300) : null;
  return {
    returnChannel: { type: 'None' },
    labelSettings: { format: 'Pdf', dpi: 300, completeLabelSettings: { isCompleteLabelRequested: false } },
    shipments: [
      {
        referenceId: booking.trackingNumber,
        productType: withCod ? product.cod! : product.plain,
        ...(note ? { note } : {}),
        shipmentSet: { numberOfShipments: packages.length, shipmentSetItems: packages.map((p) => ({ weighedShipmentInfo: { weight: round2(Math.max(p.weight, 0.1)) } })) },
        sender: addressOf(booking.sender),
        recipient: addressOf(booking.recipient),
        ...(booking.deliveryPointId ? { specificDelivery: { parcelShopCode: booking.deliveryPointId } } : {}),
        ...(withCod ? { cashOnDelivery: { codCurrency: cod.currency, codPrice: round2(cod.value), codVarSym: variableSymbolOf(booking.trackingNumber) } } : {}),
        ...(insurance && insurance.value > 0 ? { insurance: { insuranceCurrency: insurance.currency, insurancePrice: round2(insurance.value) } } : {}),
        externalNumbers: [{ code: CUSTOMER_REFERENCE, externalNumber: booking.trackingNumber }],
      },
    ],
  };
}

export function orderBatchRequestOf(order: PickupOrder, reference: string): OrderBatchRequest {
  const p = order.place;
  const note = order.note.trim() ? cut(order.note, 300) : null;
  return {
    orders: [
      {
        orderType: 'CollectionOrder',
        referenceId: reference,
        customerReference: reference,
        shipmentCount: Math.min(Math.max(order.parcelCount, 1), 999),
        ...(p.email ? { email: cut(p.email, 50) } : {}),
        ...(note ? { note } : {}),
        sendDate: `${order.date}T00:00:00Z`,
        sendTimeFrom: order.window.from,
        sendTimeTo: order.window.to,
        sender: addressOf(p),
      },
    ],
  };
}

/** PPL's events in time order; the raw status is the event's phase (PPL's own grouping of its event codes) */
export function trackingEventsOf(events: TrackEvent[], shipmentNumber: string): RawTrackingEvent[] {
  return events
    .map((e) => {
      const time = new Date(e.eventDate).toISOString();
      return { eventId: `${shipmentNumber}-${e.statusId ?? e.code ?? ''}-${time}`, rawStatus: e.phase || e.code || 'Unknown', time, location: null, description: e.name ?? null };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** a set's parcels in their order (the master first) */
const setOrder = (a: ShipmentInfo, b: ShipmentInfo) => (a.shipmentSet?.shipmentInSetNumber ?? 0) - (b.shipmentSet?.shipmentInSetNumber ?? 0) || a.shipmentNumber.localeCompare(b.shipmentNumber);

type Call = { name: string; method: string; path: string; body?: unknown; absolute?: string };

export function pplTransport(config: PplConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const attempts = config.pollAttempts ?? 10;
  const interval = config.pollIntervalMs ?? 700;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let token: { value: string; expires: number } | null = null;

  const send = carrierSender('ppl', 'PPL', doFetch, timeoutMs);

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret, scope: 'myapi2' });
    const response = await send('token', new Request(`${base}/login/getAccessToken`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }));
    const body: unknown = await response.json().catch(() => null);
    const parsed = v.safeParse(tokenResponse, body);
    if (!response.ok || !parsed.success) {
      const error = v.safeParse(oauthError, body);
      throw new CarrierUnavailableError('ppl', `PPL token: ${error.success ? error.output.error : `HTTP ${response.status}`}`);
    }
    // a minute early, so a token never expires on its way (PPL's live 30 minutes)
    token = { value: parsed.output.access_token, expires: Date.now() + (parsed.output.expires_in - 60) * 1000 };
    return token.value;
  }

  /** one API call: a fresh token once on 401; 5xx, 429 and a second 401 are PPL being unavailable, other 4xx its refusal */
  async function call(c: Call, options: { notFound?: boolean } = {}): Promise<{ response: Response; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(c.name, new Request(c.absolute ?? `${base}${c.path}`, {
        method: c.method,
        headers: { authorization: `Bearer ${await accessToken()}`, accept: c.absolute ? 'application/pdf' : 'application/json', 'accept-language': 'en-US', ...(c.body ? { 'content-type': 'application/json' } : {}) },
        body: c.body ? JSON.stringify(c.body) : undefined,
      }));
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status === 404 && options.notFound) return { response, body: null };
      if (c.absolute && response.ok) return { response, body: null };
      const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
      if (response.status >= 500 || response.status === 429 || response.status === 401) throw new CarrierUnavailableError('ppl', `PPL ${c.name}: ${problemText(body) ?? `HTTP ${response.status}`}`);
      if (!response.ok) {
        const { code, message } = problemOf(body, response.status);
        throw new CarrierRefusedError(`PPL ${code}: ${message}`, code);
      }
      return { response, body };
    }
  }

  function read<T>(name: string, schema: v.GenericSchema<unknown, T>, body: unknown): T {
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) throw new CarrierUnavailableError('ppl', `PPL ${name}: an answer we cannot read (${parsed.issues[0].message})`);
    return parsed.output;
  }

  /** the batch id of a 201 answer's Location (…/shipment/batch/{id} or …/order/batch/{id}) */
  function batchIdOf(name: string, response: Response): string {
    const id = /\/batch\/([\w-]{1,64})\/?$/.exec(response.headers.get('location') ?? '')?.[1];
    if (response.status !== 201 || !id) throw new CarrierUnavailableError('ppl', `PPL ${name}: no batch in the answer (HTTP ${response.status})`);
    return id;
  }

  /** asks a batch's state until every item is complete; an item in error is PPL's refusal */
  async function settled<T extends { importState: string; errorCode?: string | null; errorMessage?: string | null }>(name: string, fetchItems: () => Promise<T[]>): Promise<T[]> {
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(interval);
      const items = await fetchItems();
      const failed = items.find((item) => item.importState === 'Error');
      if (failed) {
        const code = failed.errorCode || 'ImportError';
        throw new CarrierRefusedError(`PPL ${code}: ${failed.errorMessage || 'the batch was not imported'}`, code);
      }
      if (items.length > 0 && items.every((item) => item.importState === 'Complete')) return items;
    }
    throw new CarrierUnavailableError('ppl', `PPL ${name}: the batch is still being processed`);
  }

  /** a parcel's label: a PDF from the label URL of the batch item, only from PPL's own API */
  async function labelOf(url: string | null | undefined): Promise<string | null> {
    if (!url || !URL.canParse(url) || !url.startsWith(`${base}/`)) return null;
    const { response } = await call({ name: 'label', method: 'GET', path: '', absolute: url });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') throw new CarrierUnavailableError('ppl', 'PPL label: not a PDF');
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  function pickupOf(booking: Booking, context: PricingContext): Pick<BookedShipment, 'pickupDate' | 'pickupFrom' | 'pickupTo'> {
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return { pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null };
  }

  const shipments = async (name: string, query: string) => read(name, shipmentInfoList, (await call({ name, method: 'GET', path: `/shipment?${query}` })).body ?? []);

  return {
    async create(booking, context) {
      const { response } = await call({ name: 'shipment-batch', method: 'POST', path: '/shipment/batch', body: shipmentBatchRequestOf(booking) });
      const batchId = batchIdOf('shipment-batch', response);
      const items = await settled('shipment-batch', async () => {
        const { body } = await call({ name: 'shipment-batch-state', method: 'GET', path: `/shipment/batch/${encodeURIComponent(batchId)}` });
        const all = read('shipment-batch-state', shipmentBatchResponse, body).items;
        return all.filter((item) => !item.referenceId || item.referenceId === booking.trackingNumber);
      });
      const numbered = items.filter((item): item is typeof item & { shipmentNumber: string } => !!item.shipmentNumber);
      if (numbered.length === 0) throw new CarrierUnavailableError('ppl', 'PPL shipment-batch: no shipment number in the answer');
      const packages: NonNullable<BookedShipment['packages']> = [];
      for (const item of numbered) {
        const data = await labelOf(item.labelUrl);
        packages.push({ carrierRef: item.shipmentNumber, label: data ? { format: 'PDF', data } : null });
      }
      return { carrierRef: numbered[0]!.shipmentNumber, ...pickupOf(booking, context), packages };
    },
    async find(booking, context) {
      const query = new URLSearchParams({ CustomerReferences: booking.trackingNumber, Limit: '100', Offset: '0' });
      const found = (await shipments('shipment-find', query.toString())).filter((s) => s.shipmentState !== 'Canceled').sort(setOrder);
      if (found.length === 0) return null;
      const master = found[0]!.shipmentSet?.masterShipmentNumber || found[0]!.shipmentNumber;
      // the labels are in the lost batch's answer only: the order prints ours for these parcels
      return { carrierRef: master, ...pickupOf(booking, context), packages: found.map((s) => ({ carrierRef: s.shipmentNumber, label: null })) };
    },
    async cancel(carrierRef) {
      await call({ name: 'shipment-cancel', method: 'POST', path: `/shipment/${encodeURIComponent(carrierRef)}/cancel` });
    },
    async track(query, now) {
      const list = await shipments('shipment-track', new URLSearchParams({ ShipmentNumbers: query.carrierRef, Limit: '10', Offset: '0' }).toString());
      const parcel = list.find((s) => s.shipmentNumber === query.carrierRef) ?? list[0];
      return trackingEventsOf(parcel?.trackAndTrace?.events ?? [], query.carrierRef).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup(order) {
      if (order.kind === 'regular') throw new CarrierRefusedError('PPL takes regular pickups by agreement with its sales team, not through its API.');
      const reference = `ZS${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => String(b % 10)).join('')}`;
      const { response } = await call({ name: 'order-batch', method: 'POST', path: '/order/batch', body: orderBatchRequestOf(order, reference) });
      const batchId = batchIdOf('order-batch', response);
      const items = await settled('order-batch', async () => {
        const { body } = await call({ name: 'order-batch-state', method: 'GET', path: `/order/batch/${encodeURIComponent(batchId)}` });
        return read('order-batch-state', orderBatchResponse, body).items;
      });
      const number = items[0]?.orderNumber;
      if (!number) throw new CarrierUnavailableError('ppl', 'PPL order-batch: no order number in the answer');
      return { carrierRef: number };
    },
    async cancelPickup(carrierRef) {
      const { body } = await call({ name: 'order-find', method: 'GET', path: `/order?${new URLSearchParams({ OrderNumbers: carrierRef, Limit: '1', Offset: '0' }).toString()}` });
      const reference = read('order-find', orderInfoList, body ?? [])[0]?.customerReference;
      if (!reference) throw new CarrierRefusedError(`PPL knows no pickup order ${carrierRef}.`, 'OrderNotFound');
      await call({ name: 'order-cancel', method: 'POST', path: `/order/cancel?${new URLSearchParams({ customerReference: reference }).toString()}` });
    },
  };
}

/** PPL's refusal: the problem's code, else its first invalid field; the detail, else the field's message, else the title */
export function problemOf(body: unknown, status: number): { code: string; message: string } {
  const parsed = v.safeParse(problemResponse, body);
  if (!parsed.success) return { code: `HTTP${status}`, message: `HTTP ${status}` };
  const p = parsed.output;
  const [field, messages] = Object.entries(p.errors ?? {})[0] ?? [];
  return { code: p.code || field || `HTTP${status}`, message: p.detail || (field ? `${field}: ${messages?.[0] ?? 'invalid'}` : p.title || `HTTP ${status}`) };
}

function problemText(body: unknown): string | null {
  const parsed = v.safeParse(problemResponse, body);
  return parsed.success ? (parsed.output.detail ?? parsed.output.title ?? null) : null;
}
