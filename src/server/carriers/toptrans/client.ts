import * as v from 'valibot';
import type { Money } from '../../../lib/types/quote';
import { carrierSender } from '../send';
import { CarrierRefusedError, type BookedShipment, type Booking, type BookingParty, type CarrierTransport } from '../booking';
import { phoneOf, streetOf, variableSymbolOf } from '../balikovna/client';
import { quoteCarrier } from '../pricing/engine';
import type { Parcel, PricingContext } from '../pricing/shipment';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import { labelPerPackage } from '../ups/client';
import { envelope, filesData, orderSaveData, PACK_TYPES, searchData, type HistoryEntry, type OrderItem, type OrderSaveRequest, type Partner, type SearchRequest } from './schemas';

/**
 * TOPTRANS through its ZP API (PROTOCOL.md): Basic auth with the ZP2 login, JSON bodies posted to
 * /api/json/{entity}/{method}/, answers in {status, data, errors}. A booking saves the order,
 * sends it to TOPTRANS (the labels come back) and reads its numbers; the order itself orders the
 * collection from the sender's address. The same code talks to TOPTRANS or to the product's
 * sandbox of it; `fetch` is injectable.
 */
export type ToptransConfig = {
  /** the host root: https://zp.toptrans.cz or the sandbox's /_sandbox/carriers/toptrans */
  baseUrl: string;
  username: string;
  password: string;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the loading day and window a booking gets */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

/** term "Standard" for both our services (a pallet differs by its pack type) */
const TERM_STANDARD = 1;
const CURRENCY_IDS: Record<string, 1 | 2> = { CZK: 1, EUR: 2 };
/** states before the driver has loaded the order: it can still be deleted */
const NOT_COLLECTED: ReadonlySet<string> = new Set(['NEW']);
const CANCELLED = 'STORNO';

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

function partnerOf(p: BookingParty): Partner {
  const names = p.name.trim().split(/\s+/);
  const { street, houseNumber, sequenceNumber } = streetOf(p.street);
  const phone = phoneOf(p.phone, p.country);
  return {
    name: cut(p.company || p.name, 100),
    ...(names.length > 1 ? { first_name: cut(names.slice(0, -1).join(' '), 50), last_name: cut(names.at(-1)!, 50) } : {}),
    ...(phone ? { phone: cut(phone, 20) } : {}),
    ...(p.email ? { email: cut(p.email, 100) } : {}),
    address: {
      city: cut(p.city, 50),
      ...(street ? { street: cut(street, 50) } : {}),
      ...(houseNumber ? { house_num: sequenceNumber ? `${houseNumber}/${sequenceNumber}` : houseNumber } : {}),
      zip: p.zip.replace(/\s/g, ''),
    },
  };
}

const packIdOf = (p: Parcel) => (p.type === 'pallet' ? PACK_TYPES.euroPallet : p.type === 'tire' ? PACK_TYPES.tyre : p.type === 'envelope' ? PACK_TYPES.envelope : PACK_TYPES.parcel);

/** a money amount in a currency TOPTRANS takes (CZK, EUR); others in CZK at the day's rate */
function inTopCurrency(money: Money, context: PricingContext): { value: number; currencyId: 1 | 2 } {
  const id = CURRENCY_IDS[money.currency];
  return id ? { value: round(money.value, 2), currencyId: id } : { value: round(money.value * (context.exchangeRates[money.currency] ?? 1), 2), currencyId: 1 };
}

export type Loading = { date: string | null; from: string | null; to: string | null };

/** our booking as TOPTRANS's order: collected at the sender's address (loading_select 2), one pack line per package */
export function orderRequestOf(booking: Booking, loading: Loading, context: PricingContext): OrderSaveRequest {
  for (const party of [booking.sender, booking.recipient]) {
    if (!['CZ', 'SK'].includes(party.country.toUpperCase())) throw new CarrierRefusedError('TOPTRANS carries within the Czech Republic and Slovakia only.');
    if (!/^\d{5}$/.test(party.zip.replace(/\s/g, ''))) throw new CarrierRefusedError(`TOPTRANS needs a five-digit post code (${party.zip}).`);
  }
  const { packages, cod, insurance } = booking.shipment;
  if (cod && cod.value > 0 && !CURRENCY_IDS[cod.currency]) throw new CarrierRefusedError(`TOPTRANS collects cash on delivery in CZK or EUR, not ${cod.currency}.`);
  const pallets = packages.filter((p) => p.type === 'pallet').length;
  const value = insurance && insurance.value > 0 ? inTopCurrency(insurance, context) : null;
  return {
    term_id: TERM_STANDARD,
    label: cut([booking.trackingNumber, booking.reference].filter(Boolean).join(' '), 40),
    payer_select: 1,
    loading_select: 2,
    loading: partnerOf(booking.sender),
    ...(loading.date ? { loading_date: loading.date } : {}),
    ...(loading.from && loading.to ? { loading_time_from: loading.from, loading_time_to: loading.to } : {}),
    discharge: partnerOf(booking.recipient),
    ...(cod && cod.value > 0 ? { cash_on_delivery_type: 1 as const, cash_on_delivery_price: round(cod.value, 2), cash_on_delivery_price_cur_id: CURRENCY_IDS[cod.currency]!, var_symbol: variableSymbolOf(booking.trackingNumber) } : {}),
    ...(value ? { order_value: value.value, order_value_currency_id: value.currencyId } : {}),
    ...(pallets > 0 ? { num_epals: pallets } : {}),
    kg: round(Math.max(packages.reduce((sum, p) => sum + p.weight, 0), 0.01), 2),
    m3: round(packages.reduce((sum, p) => sum + (p.length * p.width * p.height) / 1_000_000, 0), 3),
    packs: packages.map((p) => ({
      pack_id: packIdOf(p),
      quantity: 1,
      dimensions_d: Math.max(1, Math.ceil(p.length)),
      dimensions_s: Math.max(1, Math.ceil(p.width)),
      dimensions_v: Math.max(1, Math.ceil(p.height)),
    })),
  };
}

/** an order's piece numbers: as listed, else consecutive from the first */
export function piecesOf(item: OrderItem): string[] {
  if (item.piece_numbers && item.piece_numbers.length > 0) return item.piece_numbers;
  if (!item.piece_number_from) return [];
  const first = BigInt(item.piece_number_from);
  return Array.from({ length: item.quantity_sum }, (_, i) => String(first + BigInt(i)).padStart(item.piece_number_from!.length, '0'));
}

/** the order's history as our raw events, oldest first, in TOPTRANS's state codes */
export function trackingEventsOf(history: HistoryEntry[], orderNumber: string): RawTrackingEvent[] {
  return history
    .map((h) => {
      const time = new Date(h.date).toISOString();
      return { eventId: `${orderNumber}-${time}-${h.state}`, rawStatus: h.state.toUpperCase(), time, location: h.place ?? null, description: h.text ?? null };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

const ourOrder = (item: OrderItem, trackingNumber: string) => item.label !== null && (item.label === trackingNumber || item.label.startsWith(`${trackingNumber} `));

/** Basic credentials in UTF-8 (a ZP2 login may have Czech letters) */
const basic = (username: string, password: string) => `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}`;

export function toptransTransport(config: ToptransConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const base = config.baseUrl.replace(/\/$/, '');
  const send = carrierSender('toptrans', 'TOPTRANS', doFetch, config.timeoutMs ?? 15_000);
  const authorization = basic(config.username, config.password);

  async function call<T>(method: string, body: unknown, schema: v.GenericSchema<unknown, T>): Promise<T> {
    const response = await send(method, new Request(`${base}/api/json/${method}/`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }));
    const json: unknown = await response.json().catch(() => null);
    const answer = v.safeParse(envelope, json);
    const errors = answer.success ? (answer.output.errors ?? []).join(' ') : '';
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
      throw new CarrierUnavailableError('toptrans', `TOPTRANS ${method}: ${errors || `HTTP ${response.status}`}`);
    }
    if (answer.success && answer.output.status === 'error') throw new CarrierRefusedError(`TOPTRANS: ${errors || `${method} refused`}`);
    if (!response.ok) throw new CarrierRefusedError(`TOPTRANS ${method}: HTTP ${response.status}`);
    const data = answer.success ? v.safeParse(schema, answer.output.data) : null;
    if (!data?.success) throw new CarrierUnavailableError('toptrans', `TOPTRANS ${method}: an answer we cannot read`);
    return data.output;
  }

  const search = (filter: SearchRequest) => call('order/search', filter, searchData);

  /** the loading day and window of a booking: the rate sheet's pickup (the answers have none) */
  function loadingOf(booking: Booking, context: PricingContext): Loading {
    const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
    const t = quote?.timeInTransit;
    return { date: t?.pickupDate ?? null, from: t?.pickupFromTime ?? null, to: t?.pickupToTime ?? null };
  }

  /** a sent order as our booked shipment: its number, a piece number and a label page per package */
  async function bookedOf(item: OrderItem, pdf: string | undefined, loading: Loading): Promise<BookedShipment> {
    const pieces = piecesOf(item);
    if (!item.order_number || pieces.length === 0) throw new CarrierUnavailableError('toptrans', 'TOPTRANS order/search: the order has no numbers yet');
    const labels = pdf ? await labelPerPackage(pdf, pieces.length) : null;
    return { carrierRef: item.order_number, pickupDate: loading.date, pickupFrom: loading.from, pickupTo: loading.to, packages: pieces.map((carrierRef, i) => ({ carrierRef, label: labels?.[i] ?? null })) };
  }

  async function orderOf(id: number): Promise<OrderItem> {
    const [item] = await search({ id });
    if (!item) throw new CarrierUnavailableError('toptrans', `TOPTRANS order/search: order ${id} not found`);
    return item;
  }

  async function byNumber(orderNumber: string): Promise<OrderItem> {
    const [item] = await search({ order_number: orderNumber });
    if (!item) throw new CarrierRefusedError(`TOPTRANS has no order ${orderNumber}.`);
    return item;
  }

  return {
    async create(booking, context) {
      const loading = loadingOf(booking, context);
      const { id } = await call('order/save', orderRequestOf(booking, loading, context), orderSaveData);
      const sent = await call('order/send', { ids: [id], options: { position: 0 } }, filesData);
      return bookedOf(await orderOf(id), sent.files[0]?.data, loading);
    },
    async find(booking, context) {
      const found = (await search({ label: booking.trackingNumber })).filter((item) => ourOrder(item, booking.trackingNumber) && item.state !== CANCELLED);
      const item = found[0];
      if (!item) return null;
      // saved but never sent (the answer of order/save was lost): send it now; else print its labels again
      const files = await call(item.order_number ? 'order/print-labels' : 'order/send', { ids: [item.id], options: { position: 0 } }, filesData);
      return bookedOf(item.order_number ? item : await orderOf(item.id), files.files[0]?.data, loadingOf(booking, context));
    },
    async cancel(carrierRef) {
      const item = await byNumber(carrierRef);
      if (item.state === CANCELLED) throw new CarrierRefusedError(`TOPTRANS: order ${carrierRef} has already been cancelled.`);
      if (item.state && !NOT_COLLECTED.has(item.state.toUpperCase())) throw new CarrierRefusedError(`TOPTRANS: order ${carrierRef} has been loaded (${item.state}) and can no longer be cancelled.`, undefined, 'with_carrier');
      await call('order/delete', { ids: [item.id] }, v.unknown());
    },
    async track(query, now) {
      const [item] = await search({ order_number: query.carrierRef });
      return trackingEventsOf(item?.history ?? [], query.carrierRef).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup() {
      throw new CarrierRefusedError('TOPTRANS collects each consignment at its loading address with the order itself; it takes no separate pickup orders (regular collections are agreed with its branch).');
    },
    async cancelPickup() {
      throw new CarrierRefusedError('TOPTRANS takes no separate pickup orders: there is none to cancel.');
    },
  };
}
