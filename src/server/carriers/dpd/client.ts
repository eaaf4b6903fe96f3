import * as v from 'valibot';
import { carrierSender } from '../send';
import { pragueNow } from '../../../lib/calendar';
import type { Territory } from '../../../lib/types/quote';
import { CarrierRefusedError, type Booking, type BookingParty, type CarrierLabel, type CarrierTransport, type PickupOrder } from '../booking';
import { quoteCarrier } from '../pricing/engine';
import type { RawTrackingEvent } from '../sandbox-story';
import { CarrierUnavailableError, type CarrierSheet } from '../types';
import {
  nstCancelResponse,
  nstErrorResponse,
  nstLabelResponse,
  nstPickupResponse,
  nstShipmentResponse,
  plcResponse,
  skErrorResponse,
  skResultResponse,
  type NstPickupRequest,
  type NstShipmentRequest,
  type PlcScan,
  type SkResultItem,
  type SkShipment,
} from './schemas';

/**
 * DPD through its own APIs (PROTOCOL.md): one transport, two protocols. DPD CZ books through
 * the "DPD Shipping" REST API (NST v1.1, Bearer API token); DPD SK through its Shipper API
 * (JSON-RPC 2.0, ClientKey + e-mail in every call). Which one books a shipment is the
 * booking's territory (the site that sold it); tracking is DPD's parcel life cycle for both.
 * `fetch` is injectable for the in-process sandbox and tests.
 */
export type DpdCzConfig = {
  /** host root: https://shipping.dpdgroup.com, https://nst-preprod.dpsin.dpdgroup.com or the sandbox's …/dpd/cz */
  baseUrl: string;
  apiToken: string;
  customerId: string;
  /** the customer's pickup (sender) address registered at DPD */
  senderAddressId: string;
  /** DPD's business unit: 015 is DPD CZ */
  buCode?: string;
};
export type DpdSkConfig = {
  /** the JSON-RPC endpoint: https://api.dpd.sk/shipment/json, test https://capi.dpd.sk/shipment/json */
  url: string;
  apiKey: string;
  email: string;
  delisId: string;
  /** the customer's pickup (sender) address id at DPD SK */
  addressId: string;
  /** the bank account id COD is paid to (COD is refused without it) */
  bankAccountId?: string;
};
export type DpdConfig = {
  cz?: DpdCzConfig;
  sk?: DpdSkConfig;
  /** DPD's tracking host: https://tracking.dpd.de or the sandbox's …/dpd/tracking */
  trackingUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  /** the rate sheet: the pickup day and window a booking gets (DPD's answers have none) */
  sheet?: CarrierSheet;
  timeoutMs?: number;
};

export const DPD_CZ_BU_CODE = '015';

/** our services and NST's main service element codes (001 Classic, 013 private address, 200 DPD Pickup point) */
export function nstServiceCodes(serviceId: string, recipient: BookingParty, toPoint: boolean): string[] {
  const codes: Record<string, string[]> = { 'dpd-classic': ['001'], 'dpd-pickup': ['001', '013', '200'], 'dpd-express-12': ['001', '012'] };
  const base = codes[serviceId];
  if (!base) throw new CarrierRefusedError(`DPD has no service ${serviceId}.`);
  if (toPoint && !base.includes('200')) return [...base, ...(base.includes('013') ? [] : ['013']), '200'];
  return !recipient.company && !base.includes('013') && serviceId === 'dpd-classic' ? [...base, '013'] : base;
}

/** our services and DPD SK's product numbers */
export const SK_PRODUCTS: Record<string, number> = { 'dpd-classic': 1, 'dpd-express-12': 3, 'dpd-pickup': 17 };

/** ISO 3166 numeric country codes DPD SK's addresses (and DPD's routing barcode) use */
export const COUNTRY_NUMBERS: Record<string, number> = {
  AT: 40, BE: 56, BG: 100, HR: 191, CZ: 203, DK: 208, EE: 233, FI: 246, FR: 250, DE: 276, GR: 300, HU: 348, IE: 372, IT: 380,
  LV: 428, LT: 440, LU: 442, NL: 528, PL: 616, PT: 620, RO: 642, SK: 703, SI: 705, ES: 724, SE: 752, CH: 756, GB: 826,
};

const cut = (text: string, max: number) => text.trim().slice(0, max).trimEnd();
const phoneOf = (phone: string | null) => (phone ? cut(phone.replace(/[^\d+]/g, ''), 20) || undefined : undefined);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** DPD's COD reference (the variable symbol): our tracking number's digits, at most 10 */
export const codReference = (trackingNumber: string) => trackingNumber.replace(/\D/g, '').slice(-10) || '0';

// ---- the shipment's reference we keep: territory, DPD's shipment key and the first parcel ----

/** our carrierRef of a DPD shipment: `CZ:<NST shipmentId>:<first parcel>` or `SK:<MPSID>:<first parcel>` */
export const dpdShipmentRef = (territory: Territory, key: string, firstParcel: string) => `${territory.toUpperCase()}:${key}:${firstParcel}`;
export function parseDpdRef(ref: string): { territory: Territory; key: string; parcel: string | null } | null {
  const m = /^(CZ|SK):([^:]+)(?::(\d{14}))?$/.exec(ref);
  return m ? { territory: m[1]!.toLowerCase() as Territory, key: m[2]!, parcel: m[3] ?? null } : null;
}

// ---- DPD CZ: requests ----

export function nstShipmentRequestOf(booking: Booking, config: Pick<DpdCzConfig, 'customerId' | 'senderAddressId' | 'buCode'>): NstShipmentRequest {
  const r = booking.recipient;
  const { packages, cod, insurance } = booking.shipment;
  const toPoint = Boolean(booking.deliveryPointId);
  const additional = {
    ...(cod && cod.value > 0 ? { cod: { amount: round2(cod.value), currency: cod.currency, paymentType: 'Cash' as const, reference: codReference(booking.trackingNumber), split: 'First parcel' } } : {}),
    ...(insurance && insurance.value > 0 ? { highInsurance: { goodsValue: round2(insurance.value), currency: insurance.currency } } : {}),
    ...(toPoint ? { pudoId: cut(booking.deliveryPointId!, 20) } : {}),
    ...(r.phone || r.email ? { predicts: [...(r.email ? [{ type: 'email' as const, destination: cut(r.email, 60) }] : []), ...(r.phone ? [{ type: 'SMS' as const, destination: phoneOf(r.phone)! }] : [])] } : {}),
  };
  return {
    buCode: config.buCode ?? DPD_CZ_BU_CODE,
    customerId: config.customerId,
    shipments: [
      {
        numOrder: 1,
        senderAddressId: config.senderAddressId,
        reference1: booking.trackingNumber,
        ...(booking.reference ? { reference2: cut(booking.reference, 35) } : {}),
        receiver: {
          name: cut(r.company || r.name, 35),
          ...(r.company ? { companyName: cut(r.company, 35) } : {}),
          contactName: cut(r.name, 35),
          street: cut(r.street, 35),
          zipCode: cut(r.zip.replace(/\s/g, ''), 9),
          city: cut(r.city, 35),
          countryCode: r.country.toUpperCase(),
          ...(phoneOf(r.phone) ? { contactPhone: phoneOf(r.phone) } : {}),
          ...(r.email ? { contactEmail: cut(r.email, 60) } : {}),
        },
        parcels: packages.map((p) => ({ weight: round2(Math.max(p.weight, 0.1)), dimensionLength: Math.ceil(p.length), dimensionWidth: Math.ceil(p.width), dimensionHeight: Math.ceil(p.height), reference1: booking.trackingNumber })),
        service: { mainServiceElementCodes: nstServiceCodes(booking.serviceId, r, toPoint), ...(Object.keys(additional).length ? { additionalService: additional } : {}) },
        saveMode: 'parcel number',
      },
    ],
  };
}

export function nstPickupRequestOf(order: PickupOrder, config: Pick<DpdCzConfig, 'customerId' | 'senderAddressId' | 'buCode'>): NstPickupRequest {
  const p = order.place;
  return {
    buCode: config.buCode ?? DPD_CZ_BU_CODE,
    customerId: config.customerId,
    pickupOrder: {
      internalPickupAddressId: config.senderAddressId,
      contactName: cut(p.name, 35),
      contactPhone: phoneOf(p.phone) ?? '0',
      ...(p.email ? { contactEmail: cut(p.email, 60) } : {}),
      pickupDate: order.date,
      fromTime: order.window.from,
      toTime: order.window.to,
      parcelCount: Math.max(order.parcelCount, 1),
      // DPD asks for a total weight; the pickup order has none, so a nominal 1 kg a parcel
      totalWeight: Math.max(order.parcelCount, 1),
      // the place as the customer named it: DPD collects at the registered address, its driver reads this
      additionalInfo: cut([[p.company, p.street, `${p.zip} ${p.city}`].filter(Boolean).join(', '), order.note.trim()].filter(Boolean).join('. '), 300),
    },
  };
}

// ---- DPD SK: requests ----

const yyyymmdd = (date: string) => date.replaceAll('-', '');
const hhmm = (time: string) => time.replace(':', '').padStart(4, '0');

export function skShipmentOf(booking: Booking, config: Pick<DpdSkConfig, 'delisId' | 'addressId' | 'bankAccountId'>, pickup: { date: string; from: string | null; to: string | null }): SkShipment {
  const product = SK_PRODUCTS[booking.serviceId];
  if (product === undefined) throw new CarrierRefusedError(`DPD has no service ${booking.serviceId}.`);
  const r = booking.recipient;
  const country = COUNTRY_NUMBERS[r.country.toUpperCase()];
  if (country === undefined) throw new CarrierRefusedError(`DPD SK does not deliver to ${r.country.toUpperCase()}.`);
  const { packages, cod } = booking.shipment;
  if (cod && cod.value > 0 && !config.bankAccountId) throw new CarrierUnavailableError('dpd', 'DPD SK: no bank account is configured for COD (DPD_SK_BANK_ACCOUNT_ID)');
  const services = {
    ...(cod && cod.value > 0 ? { cod: { amount: round2(cod.value), currency: cod.currency, bankAccount: { id: config.bankAccountId! }, variableSymbol: codReference(booking.trackingNumber), paymentMethod: 0 as const } } : {}),
    ...(booking.deliveryPointId ? { parcelShopDelivery: { parcelShopId: cut(booking.deliveryPointId, 20) } } : {}),
  };
  return {
    reference: booking.trackingNumber,
    delisId: config.delisId,
    product,
    pickup: { date: yyyymmdd(pickup.date), ...(pickup.from && pickup.to ? { timeWindow: { beginning: hhmm(pickup.from), end: hhmm(pickup.to) } } : {}) },
    addressSender: { id: config.addressId },
    addressRecipient: {
      type: r.company ? 'b2b' : 'b2c',
      name: cut(r.company || r.name, 35),
      ...(r.company ? { nameDetail: cut(r.name, 35) } : {}),
      street: cut(r.street, 35),
      zip: cut(r.zip.replace(/\s/g, ''), 9),
      country,
      city: cut(r.city, 35),
      ...(phoneOf(r.phone) ? { phone: phoneOf(r.phone) } : {}),
      ...(r.email ? { email: cut(r.email, 60) } : {}),
    },
    parcels: { parcel: packages.map((p) => ({ ...(booking.reference ? { reference1: cut(booking.reference, 35) } : {}), weight: round2(Math.max(p.weight, 0.1)), height: Math.ceil(p.height), width: Math.ceil(p.width), depth: Math.ceil(p.length) })) },
    ...(Object.keys(services).length ? { services } : {}),
  };
}

// ---- tracking ----

/** Prague's (and Bratislava's) local time → UTC: +01:00 in winter, +02:00 in summer */
function centralEuropeanIso(local: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const at = new Date(`${local}${offset}`);
    const { date, time } = pragueNow(at);
    if (`${date}T${time}` === local.slice(0, 16)) return at.toISOString();
  }
  return new Date(`${local}+01:00`).toISOString();
}

/** DPD's scans (local depot times) → our raw events, oldest first; the scan code is the raw status */
export function trackingEventsOf(scans: PlcScan[], parcel: string): RawTrackingEvent[] {
  return scans
    .map((s) => {
      const time = centralEuropeanIso(s.date);
      const description = s.scanDescription?.content?.filter(Boolean).join(', ') || s.scanDescription?.label || s.scanData.scanType.name || null;
      return { eventId: `${parcel}-${s.date}-${s.scanData.scanType.code}`, rawStatus: s.scanData.scanType.code, time, location: s.scanData.location || null, description };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

// ---- the transport ----

const base64Of = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export function dpdTransport(config: DpdConfig): CarrierTransport {
  const doFetch = config.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = config.timeoutMs ?? 15_000;

  const send = carrierSender('dpd', 'DPD', doFetch, timeoutMs);

  const cz = (): DpdCzConfig => config.cz ?? unconfigured('CZ');
  const sk = (): DpdSkConfig => config.sk ?? unconfigured('SK');
  function unconfigured(territory: string): never {
    throw new CarrierUnavailableError('dpd', `DPD ${territory}: no credentials are configured for this territory`);
  }

  /** one NST call: JSON both ways, Bearer API token; 4xx in NST's error shape is a refusal */
  async function nst<T>(name: string, method: string, path: string, body: unknown, schema: v.GenericSchema<unknown, T>): Promise<T> {
    const c = cz();
    const response = await send(`cz-${name}`, new Request(`${c.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${c.apiToken}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }));
    const answer: unknown = await response.json().catch(() => null);
    const error = v.safeParse(nstErrorResponse, answer);
    const first = error.success ? error.output.errors[0] : undefined;
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
      throw new CarrierUnavailableError('dpd', `DPD CZ ${name}: ${first ? `${first.errorCode} ${first.errorMessage}` : `HTTP ${response.status}`}`);
    }
    if (!response.ok) throw new CarrierRefusedError(first ? `DPD ${first.errorCode}: ${first.errorMessage}` : `DPD CZ ${name}: HTTP ${response.status}`, first?.errorCode);
    const parsed = v.safeParse(schema, answer);
    if (!parsed.success) throw new CarrierUnavailableError('dpd', `DPD CZ ${name}: an answer we cannot read (${parsed.issues[0].message})`);
    return parsed.output;
  }

  /** one JSON-RPC call of DPD SK; `pdf` answers are the label's bytes */
  async function rpc(name: string, method: string, params: Record<string, unknown>): Promise<Response> {
    const c = sk();
    const response = await send(`sk-${name}`, new Request(c.url, {
      method: 'POST',
      headers: { accept: 'application/json, application/pdf', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method, params: { DPDSecurity: { SecurityToken: { ClientKey: c.apiKey, Email: c.email } }, ...params }, id: crypto.randomUUID() }),
    }));
    if (response.status >= 500 || response.status === 429) throw new CarrierUnavailableError('dpd', `DPD SK ${name}: HTTP ${response.status}`);
    return response;
  }
  async function rpcResult(name: string, method: string, params: Record<string, unknown>): Promise<SkResultItem> {
    const response = await rpc(name, method, params);
    const answer: unknown = await response.json().catch(() => null);
    const error = v.safeParse(skErrorResponse, answer);
    if (error.success) {
      const e = error.output.error;
      // 103: the security token (ClientKey, e-mail) is refused: our configuration, not the shipment
      if (e.code === 103 || !response.ok) throw new CarrierUnavailableError('dpd', `DPD SK ${name}: ${e.code} ${e.message}`);
      throw new CarrierRefusedError(`DPD ${e.code}: ${e.message}`, String(e.code));
    }
    const parsed = v.safeParse(skResultResponse, answer);
    if (!response.ok || !parsed.success) throw new CarrierUnavailableError('dpd', `DPD SK ${name}: ${parsed.success ? `HTTP ${response.status}` : `an answer we cannot read (${parsed.issues[0].message})`}`);
    const item = parsed.output.result.result[0]!;
    if (!item.success) {
      const text = item.messages?.map((m) => (m.element ? `${m.value} (${m.element})` : m.value)).join(' ') || 'refused';
      throw new CarrierRefusedError(`DPD ${item.ackCode}: ${text}`, item.ackCode);
    }
    return item;
  }

  async function czLabel(parcel: string): Promise<CarrierLabel> {
    const c = cz();
    const answer = await nst('label', 'POST', '/api/v1.0/label/parcel-numbers', { buCode: c.buCode ?? DPD_CZ_BU_CODE, customerId: c.customerId, parcelNumberList: [parcel], labelSize: 'A6', printFormat: 'pdf' }, nstLabelResponse);
    return { format: 'PDF', data: answer.pdfFile.slice('data:application/pdf;base64,'.length) };
  }
  async function skLabel(parcel: string): Promise<CarrierLabel> {
    const response = await rpc('labels', 'printLabels', { label: { parcels: { parcel: [{ parcelno: parcel }] } } });
    if (response.ok && response.headers.get('content-type')?.includes('application/pdf')) return { format: 'PDF', data: base64Of(new Uint8Array(await response.arrayBuffer())) };
    const answer: unknown = await response.json().catch(() => null);
    const error = v.safeParse(skErrorResponse, answer);
    throw new CarrierUnavailableError('dpd', `DPD SK labels: ${error.success ? `${error.output.error.code} ${error.output.error.message}` : `HTTP ${response.status}`}`);
  }

  return {
    async create(booking, context) {
      const territory = booking.shipment.territory;
      const quote = config.sheet ? quoteCarrier(config.sheet, { ...booking.shipment, complete: true }, context, booking.serviceId)[0] : undefined;
      const t = quote?.timeInTransit;
      const pickup = { pickupDate: t?.pickupDate ?? null, pickupFrom: t?.pickupFromTime ?? null, pickupTo: t?.pickupToTime ?? null };
      if (territory === 'cz') {
        const answer = await nst('shipments', 'POST', '/api/v1.1/shipments', nstShipmentRequestOf(booking, cz()), nstShipmentResponse);
        const result = answer.shipmentResults[0]!;
        const refusal = result.errors?.[0];
        if (refusal) throw new CarrierRefusedError(`DPD ${refusal.errorCode}: ${refusal.errorMessage}`, refusal.errorCode);
        const parcels = result.parcelResults?.map((p) => p.parcelNumber) ?? [];
        if (!result.shipment || parcels.length !== booking.shipment.packages.length) throw new CarrierUnavailableError('dpd', 'DPD CZ shipments: an answer without the shipment or a parcel number per package');
        const labels = await Promise.all(parcels.map(czLabel));
        return { carrierRef: dpdShipmentRef('cz', String(result.shipment.shipmentId), parcels[0]!), ...pickup, packages: parcels.map((n, i) => ({ carrierRef: n, label: labels[i]! })) };
      }
      const day = pickup.pickupDate ?? pragueNow(context.now).date;
      const item = await rpcResult('create', 'create', { shipment: [skShipmentOf(booking, sk(), { date: day, from: pickup.pickupFrom, to: pickup.pickupTo })] });
      const parcels = item.parcels?.map((p) => p.parcelno) ?? [];
      if (!item.mpsid || parcels.length !== booking.shipment.packages.length) throw new CarrierUnavailableError('dpd', 'DPD SK create: an answer without the MPSID or a parcel number per package');
      const labels = await Promise.all(parcels.map(skLabel));
      return { carrierRef: dpdShipmentRef('sk', item.mpsid, parcels[0]!), ...pickup, packages: parcels.map((n, i) => ({ carrierRef: n, label: labels[i]! })) };
    },
    async cancel(carrierRef) {
      const ref = parseDpdRef(carrierRef);
      if (!ref) throw new CarrierRefusedError(`DPD: ${carrierRef} is not a DPD shipment of ours.`);
      if (ref.territory === 'cz') {
        const c = cz();
        await nst('cancel', 'PUT', '/api/v1.1/shipments/cancellation', { buCode: c.buCode ?? DPD_CZ_BU_CODE, customerId: c.customerId, shipmentIds: [ref.key] }, nstCancelResponse);
      } else await rpcResult('cancel', 'cancel', { shipment: [{ mpsid: ref.key }] });
    },
    async track(query, now) {
      const ref = parseDpdRef(query.carrierRef);
      const parcel = ref?.parcel ?? (/^\d{14}$/.test(query.carrierRef) ? query.carrierRef : null);
      if (!parcel) return [];
      const locale = ref?.territory === 'sk' ? 'sk_SK' : 'cs_CZ';
      const response = await send('track', new Request(`${config.trackingUrl.replace(/\/$/, '')}/rest/plc/${locale}/${parcel}`, { headers: { accept: 'application/json' } }));
      if (response.status === 404) return [];
      const answer: unknown = await response.json().catch(() => null);
      const parsed = v.safeParse(plcResponse, answer);
      if (!response.ok || !parsed.success) throw new CarrierUnavailableError('dpd', `DPD track: ${parsed.success ? `HTTP ${response.status}` : `an answer we cannot read (${parsed.issues[0].message})`}`);
      const scans = parsed.output.parcellifecycleResponse.parcelLifeCycleData?.scanInfo?.scan ?? [];
      return trackingEventsOf(scans, parcel).filter((e) => e.time <= now.toISOString());
    },
    async orderPickup(order) {
      if (order.kind === 'regular') throw new CarrierRefusedError('DPD agrees regular pickups with its depot by contract; its API orders one-time pickups only.');
      const territory = order.place.country.toLowerCase();
      if (territory === 'cz') {
        const answer = await nst('pickup', 'POST', '/api/v1.1/pickup', nstPickupRequestOf(order, cz()), nstPickupResponse);
        return { carrierRef: `CZ:${answer.pickupId}` };
      }
      if (territory !== 'sk') throw new CarrierRefusedError(`DPD collects in CZ and SK only, not in ${order.place.country.toUpperCase()}.`);
      const c = sk();
      const p = order.place;
      const item = await rpcResult('pickup', 'createPickup', {
        pickup: {
          delisId: c.delisId,
          addressSender: { id: c.addressId },
          date: yyyymmdd(order.date),
          timeWindow: { beginning: hhmm(order.window.from), end: hhmm(order.window.to) },
          parcelCount: Math.max(order.parcelCount, 1),
          contactName: cut(p.name, 35),
          contactPhone: phoneOf(p.phone) ?? '0',
          ...(order.note.trim() ? { note: cut(order.note, 70) } : {}),
        },
      });
      if (!item.pickupId) throw new CarrierUnavailableError('dpd', 'DPD SK pickup: an answer without the pickup id');
      return { carrierRef: `SK:${item.pickupId}` };
    },
    async cancelPickup(carrierRef) {
      const ref = parseDpdRef(carrierRef);
      if (!ref) throw new CarrierRefusedError(`DPD: ${carrierRef} is not a DPD pickup of ours.`);
      if (ref.territory === 'cz') {
        const c = cz();
        await nst('pickup-cancel', 'PUT', `/api/v1.1/pickup/cancel/${encodeURIComponent(ref.key)}`, { buCode: c.buCode ?? DPD_CZ_BU_CODE, customerId: c.customerId }, nstCancelResponse);
      } else await rpcResult('pickup-cancel', 'cancelPickup', { pickup: { id: ref.key } });
    },
  };
}
