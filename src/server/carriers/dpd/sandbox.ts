import { and, eq, isNull, like } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxDpdPickups, sandboxDpdShipments } from '../../db/schema';
import type { OriginEnv } from '../../env';
import { timingSafeEqualText } from '../../identity/crypto';
import { SANDBOX_CARRIER_DOWN } from '../booking';
import { COUNTRY_NUMBERS } from './client';
import { nstCancelRequest, nstLabelRequest, nstPickupCancelRequest, nstPickupRequest, nstShipmentRequest, skCancelPickupRequest, skCancelRequest, skCreateRequest, skPickupRequest, skPrintLabelsRequest } from './schemas';
import { DPD_SANDBOX } from './sandbox-account';
export { DPD_SANDBOX } from './sandbox-account';

/**
 * DPD's APIs as the sandbox speaks them (local development and tests only; mounted under
 * /_sandbox/carriers/dpd): DPD CZ's NST REST API under /cz (Bearer API token), DPD SK's
 * JSON-RPC Shipper API at /sk/shipment/json (ClientKey + e-mail), DPD's parcel life cycle
 * under /tracking. 14-digit parcel numbers (depot + serial) with DPD's check character on the
 * label, an A6 PDF label per parcel, cancellation until the driver's pickup scan, pickup
 * orders, and scans in DPD's codes that move over time.
 */
/** the sandbox's reference that makes a parcel report a scan code outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';

const HOUR = 3_600_000;
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO/IEC 7064 MOD 37,36: the check character DPD prints after a parcel number (and after the barcode's text) */
export function dpdCheckChar(text: string): string {
  let p = 36;
  for (const c of text.toUpperCase()) {
    const value = CHARS.indexOf(c);
    if (value < 0) continue;
    let s = (p + value) % 36;
    if (s === 0) s = 36;
    p = (s * 2) % 37;
  }
  return CHARS[(37 - p) % 36]!;
}
/** whether the last character of a text is its MOD 37,36 check character */
export const checksOut = (textWithCheck: string) => textWithCheck.length > 1 && dpdCheckChar(textWithCheck.slice(0, -1)) === textWithCheck.slice(-1).toUpperCase();

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
/** a DPD parcel number: the sending depot's four digits and a ten-digit serial */
export const newParcelNumber = (depot: string) => `${depot}${digits(10)}`;
export const printedParcelNumber = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8, 12)} ${n.slice(12)} ${dpdCheckChar(n)}`;

/** DPD's routing barcode: % + the destination postcode in 7 characters + parcel number + service code + ISO numeric country */
export function routingBarcode(zip: string, parcel: string, service: string, country: string): string {
  const code = zip.replace(/\s/g, '').toUpperCase().slice(0, 7).padStart(7, '0');
  const number = String(COUNTRY_NUMBERS[country.toUpperCase()] ?? 0).padStart(3, '0');
  return `%${code}${parcel}${service}${number}`;
}

/**
 * Without a driver's scan, the daily pickup takes a shipment: the same working day when booked
 * before 12:00 Prague time (the rate sheet's order time limit), else the next working day, 14:30 UTC.
 */
export function dailyPickup(createdAt: string, country: 'cz' | 'sk'): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, country) && time < '12:00' ? date : addWorkingDays(date, 1, country);
  return Math.max(Date.parse(`${day}T14:30:00.000Z`), Date.parse(createdAt));
}

type Row = typeof sandboxDpdShipments.$inferSelect;
type LabelInfo = { from: string[]; to: string[]; service: string; serviceCode: string; zip: string; country: string; weights: number[]; reference: string | null; toPoint: boolean };
type Scan = { code: string; name: string; at: number; location: string };

/** a shipment's story in DPD's scan codes: the driver's pickup, the depot, the hub, the delivery depot, out for delivery (or at the Pickup point), delivered */
function scans(row: Row, now: number): Scan[] {
  if (row.cancelledAt) return [];
  const info = JSON.parse(row.label) as LabelInfo;
  const picked = row.pickedUpAt ? Date.parse(row.pickedUpAt) : dailyPickup(row.createdAt, row.territory);
  const list: Scan[] = [
    { code: '15', name: 'Pick-up by driver', at: picked, location: row.fromCity },
    { code: '05', name: 'Pick-up scan at depot', at: picked + 3 * HOUR, location: row.fromCity },
    { code: '10', name: 'HUB scan', at: picked + 6 * HOUR, location: 'Hub' },
    ...(row.reference?.includes(SANDBOX_UNKNOWN_STATUS) ? [{ code: '99', name: 'Sandbox: a scan outside the table', at: picked + 7 * HOUR, location: 'Hub' }] : []),
    { code: '02', name: 'Inbound at delivery depot', at: picked + 14 * HOUR, location: row.toCity },
    info.toPoint ? { code: '23', name: 'At the DPD Pickup point', at: picked + 18 * HOUR, location: row.toCity } : { code: '03', name: 'Out for delivery', at: picked + 18 * HOUR, location: row.toCity },
    { code: '13', name: 'Delivered', at: picked + 22 * HOUR, location: row.toCity },
  ];
  return list.filter((s) => s.at <= now);
}

/** a scan's local time at the depot (Europe/Prague; offsets are whole minutes, so the seconds are UTC's) */
const localTime = (at: number) => {
  const { date, time } = pragueNow(new Date(at));
  return `${date}T${time}:${String(new Date(at).getUTCSeconds()).padStart(2, '0')}`;
};

function store(d1: D1Database) {
  const db = database(d1);
  const t = sandboxDpdShipments;
  return {
    add: async (row: Row) => void (await db.insert(t).values(row).run()),
    get: (id: string) => db.select().from(t).where(eq(t.shipmentId, id)).get(),
    ofParcel: (n: string) => db.select().from(t).where(like(t.parcels, `%"${n}"%`)).get(),
    async update(id: string, set: Partial<Pick<Row, 'createdAt' | 'pickedUpAt' | 'cancelledAt'>>) {
      const { meta } = await db.update(t).set(set).where(and(eq(t.shipmentId, id), isNull(t.cancelledAt))).run();
      return meta.changes === 1;
    },
    addPickup: async (row: typeof sandboxDpdPickups.$inferSelect) => void (await db.insert(sandboxDpdPickups).values(row).run()),
    pickup: (id: string) => db.select().from(sandboxDpdPickups).where(eq(sandboxDpdPickups.pickupId, id)).get(),
    cancelPickup: async (id: string, at: string) => void (await db.update(sandboxDpdPickups).set({ cancelledAt: at }).where(eq(sandboxDpdPickups.pickupId, id)).run()),
  };
}

/** the label pages of some parcels of stored shipments, as one PDF */
async function labelsOf(rows: { row: Row; parcel: string }[]): Promise<Uint8Array> {
  // the barcode code loads on demand, with the documents' (it is not in the worker's start-up chunk)
  const { sandboxLabelPdf } = await import('./sandbox-label');
  return sandboxLabelPdf(
    rows.map(({ row, parcel }) => {
      const info = JSON.parse(row.label) as LabelInfo;
      const all = JSON.parse(row.parcels) as string[];
      const i = all.indexOf(parcel);
      const barcode = routingBarcode(info.zip, parcel, info.serviceCode, info.country);
      return {
        parcel,
        printed: printedParcelNumber(parcel),
        barcode,
        barcodeText: `${barcode.slice(1)} ${dpdCheckChar(barcode.slice(1))}`,
        from: info.from,
        to: info.to,
        service: info.service,
        route: `${info.country}-${info.zip}`,
        pkg: `${i + 1}/${all.length}`,
        weight: `${info.weights[i] ?? 0} kg`,
        reference: info.reference,
      };
    }),
  );
}

/** a pickup can be cancelled until DPD's order cut-off (12:00) on its day */
const pickupClosed = (date: string) => {
  const { date: today, time } = pragueNow(new Date());
  return date < today || (date === today && time >= '12:00');
};

const dashed = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const pdf = (c: Context, bytes: Uint8Array) => c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf' });

export function dpdSandbox() {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => store(c.env.DB);

  // ---- DPD CZ: NST ----
  const nstFail = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 503, errorCode: string, errorMessage: string) => c.json({ transactionId: Date.now(), errors: [{ errorCode, errorMessage }] }, status);
  const nstAccount = (c: Context, body: { buCode: string; customerId: string }) =>
    body.buCode !== '015' ? nstFail(c, 400, 'INVALID_BU_CODE', `Unknown business unit ${body.buCode}.`) : body.customerId !== DPD_SANDBOX.cz.customerId ? nstFail(c, 403, 'CUSTOMER_NOT_ALLOWED', 'The token is not valid for this customer.') : null;
  async function nstBody<T>(c: Context, schema: v.GenericSchema<unknown, T>): Promise<{ ok: true; body: T } | { ok: false; response: Response }> {
    const parsed = v.safeParse(schema, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      return { ok: false, response: nstFail(c, 400, 'VALIDATION_ERROR', `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`) };
    }
    const refused = nstAccount(c, parsed.output as { buCode: string; customerId: string });
    return refused ? { ok: false, response: refused } : { ok: true, body: parsed.output };
  }

  app.use('/cz/api/*', async (c, next) => {
    const [, token] = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '') ?? [];
    if (!token || !timingSafeEqualText(token, DPD_SANDBOX.cz.apiToken)) return nstFail(c, 401, 'UNAUTHORIZED', 'Missing or invalid API token.');
    await next();
  });

  app.post('/cz/api/v1.1/shipments', async (c) => {
    const got = await nstBody(c, nstShipmentRequest);
    if (!got.ok) return got.response;
    const results = [];
    for (const s of got.body.shipments) {
      if (s.reference2?.includes(SANDBOX_CARRIER_DOWN)) return nstFail(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
      const refuse = (errorCode: string, errorMessage: string) => results.push({ numOrder: s.numOrder, errors: [{ errorCode, errorMessage }] });
      if (String(s.senderAddressId) !== DPD_SANDBOX.cz.senderAddressId) refuse('INVALID_SENDER_ADDRESS', 'The sender address is not registered for this customer.');
      else if (s.parcels.some((p) => p.weight > 31.5)) refuse('PARCEL_WEIGHT_EXCEEDED', 'A parcel may weigh at most 31.5 kg.');
      else if (s.service.mainServiceElementCodes.includes('200') && !s.service.additionalService?.pudoId) refuse('PUDO_ID_REQUIRED', 'Delivery to a DPD Pickup point needs its pudoId.');
      else if (!COUNTRY_NUMBERS[s.receiver.countryCode]) refuse('INVALID_COUNTRY', `DPD does not deliver to ${s.receiver.countryCode}.`);
      else {
        const parcels = s.parcels.map(() => newParcelNumber(DPD_SANDBOX.cz.depot));
        const shipmentId = digits(9).replace(/^0/, '1');
        const codes = s.service.mainServiceElementCodes;
        const [service, serviceCode] = codes.includes('200') ? ['PICKUP', '337'] : codes.includes('012') ? ['EXPRESS 12', '225'] : codes.includes('013') ? ['HOME', '327'] : ['CLASSIC', '101'];
        const r = s.receiver;
        const label: LabelInfo = {
          from: ['DPD CZ sandbox customer', `Customer ${DPD_SANDBOX.cz.customerId}, address ${s.senderAddressId}`],
          to: [r.name, ...(r.contactName && r.contactName !== r.name ? [r.contactName] : []), r.street, `${r.zipCode} ${r.city}`, r.countryCode],
          service,
          serviceCode,
          zip: r.zipCode,
          country: r.countryCode,
          weights: s.parcels.map((p) => p.weight),
          reference: [s.reference1, s.reference2].filter(Boolean).join(' ') || null,
          toPoint: codes.includes('200'),
        };
        await db(c).add({ shipmentId, territory: 'cz', parcels: JSON.stringify(parcels), reference: label.reference, label: JSON.stringify(label), fromCity: 'Praha', toCity: r.city, createdAt: new Date().toISOString(), pickedUpAt: null, cancelledAt: null });
        results.push({ numOrder: s.numOrder, shipment: { shipmentId: Number(shipmentId), status: 1 }, parcelResults: parcels.map((parcelNumber) => ({ parcelNumber })) });
      }
    }
    return c.json({ transactionId: Date.now(), shipmentResults: results });
  });

  app.post('/cz/api/v1.0/label/parcel-numbers', async (c) => {
    const got = await nstBody(c, nstLabelRequest);
    if (!got.ok) return got.response;
    const rows = [];
    for (const n of got.body.parcelNumberList.map((p) => String(p).padStart(14, '0'))) {
      const row = await db(c).ofParcel(n);
      if (!row || row.territory !== 'cz') return nstFail(c, 404, 'PARCEL_NOT_FOUND', `Parcel ${n} not found.`);
      rows.push({ row, parcel: n });
    }
    const bytes = await labelsOf(rows);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return c.json({ transactionId: Date.now(), pdfFile: `data:application/pdf;base64,${btoa(binary)}` });
  });

  app.put('/cz/api/v1.1/shipments/cancellation', async (c) => {
    const got = await nstBody(c, nstCancelRequest);
    if (!got.ok) return got.response;
    for (const id of got.body.shipmentIds.map(String)) {
      const row = await db(c).get(id);
      if (!row || row.territory !== 'cz') return nstFail(c, 404, 'SHIPMENT_NOT_FOUND', `Shipment ${id} not found.`);
      if (row.cancelledAt) return nstFail(c, 409, 'SHIPMENT_ALREADY_CANCELLED', `Shipment ${id} is already cancelled.`);
      if (scans(row, Date.now()).length > 0) return nstFail(c, 409, 'SHIPMENT_ALREADY_PICKED_UP', `Shipment ${id} has been picked up and can no longer be cancelled.`);
    }
    for (const id of got.body.shipmentIds.map(String)) await db(c).update(id, { cancelledAt: new Date().toISOString() });
    return c.json({ transactionId: Date.now() });
  });

  app.get('/cz/api/v1.1/shipments/:id', async (c) => {
    const row = await db(c).get(c.req.param('id'));
    if (!row || row.territory !== 'cz') return nstFail(c, 404, 'SHIPMENT_NOT_FOUND', 'Shipment not found.');
    return c.json({ transactionId: Date.now(), shipment: { shipmentId: Number(row.shipmentId), status: row.cancelledAt ? -1 : 1 } });
  });

  app.post('/cz/api/v1.1/pickup', async (c) => {
    const got = await nstBody(c, nstPickupRequest);
    if (!got.ok) return got.response;
    const o = got.body.pickupOrder;
    if (o.additionalInfo?.includes(SANDBOX_CARRIER_DOWN)) return nstFail(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
    if (String(o.internalPickupAddressId) !== DPD_SANDBOX.cz.senderAddressId) return nstFail(c, 400, 'INVALID_PICKUP_ADDRESS', 'The pickup address is not registered for this customer.');
    if (o.pickupDate < pragueNow(new Date()).date) return nstFail(c, 400, 'PICKUP_DATE_IN_PAST', 'The pickup date is in the past.');
    if (o.fromTime && o.toTime && o.toTime <= o.fromTime) return nstFail(c, 400, 'INVALID_TIME_WINDOW', 'The pickup window ends before it starts.');
    const pickupId = digits(8).replace(/^0/, '1');
    await db(c).addPickup({ pickupId, territory: 'cz', pickupDate: o.pickupDate, cancelledAt: null });
    return c.json({ transactionId: Date.now(), pickupId: Number(pickupId) });
  });

  app.put('/cz/api/v1.1/pickup/cancel/:id', async (c) => {
    const got = await nstBody(c, nstPickupCancelRequest);
    if (!got.ok) return got.response;
    const row = await db(c).pickup(c.req.param('id'));
    if (!row || row.territory !== 'cz' || row.cancelledAt) return nstFail(c, 404, 'PICKUP_NOT_FOUND', 'No pending pickup order with this id.');
    if (pickupClosed(row.pickupDate)) return nstFail(c, 409, 'PICKUP_CLOSED', 'The pickup day is closed; the order can no longer be cancelled.');
    await db(c).cancelPickup(row.pickupId, new Date().toISOString());
    return c.json({ transactionId: Date.now() });
  });

  // ---- DPD SK: JSON-RPC ----
  app.post('/sk/shipment/json', async (c) => {
    const request: unknown = await c.req.json().catch(() => null);
    const rpcId = (request as { id?: unknown } | null)?.id;
    const id = typeof rpcId === 'string' || typeof rpcId === 'number' ? rpcId : null;
    const error = (code: number, message: string, data?: unknown) => c.json({ jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } });
    const result = (item: Record<string, unknown>) => c.json({ jsonrpc: '2.0', id, result: { result: [item] } });
    const refuse = (value: string, element?: string) => result({ success: false, ackCode: 'error', messages: [{ value, ...(element ? { element } : {}) }] });
    if (!request || typeof request !== 'object') return error(-32700, 'Parse error');
    const security = (request as { params?: { DPDSecurity?: { SecurityToken?: { ClientKey?: unknown; Email?: unknown } } } }).params?.DPDSecurity?.SecurityToken;
    if (typeof security?.ClientKey !== 'string' || !timingSafeEqualText(security.ClientKey, DPD_SANDBOX.sk.apiKey) || security.Email !== DPD_SANDBOX.sk.email) return error(103, 'Access denied: invalid security token');
    const method = (request as { method?: unknown }).method;
    const schema = { create: skCreateRequest, printLabels: skPrintLabelsRequest, cancel: skCancelRequest, createPickup: skPickupRequest, cancelPickup: skCancelPickupRequest }[String(method)];
    if (!schema) return error(-32601, 'Method not found');
    const parsed = v.safeParse(schema as v.GenericSchema, request);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      return error(-32602, 'Invalid params', { element: v.getDotPath(issue) ?? 'params', message: issue.message });
    }

    if (method === 'create') {
      const s = v.parse(skCreateRequest, request).params.shipment[0]!;
      if (s.parcels.parcel.some((p) => p.reference1?.includes(SANDBOX_CARRIER_DOWN))) return c.json({ message: 'Service temporarily unavailable' }, 503);
      if (s.delisId !== DPD_SANDBOX.sk.delisId) return refuse('Unknown DELIS ID.', 'delisId');
      if (String(s.addressSender.id) !== DPD_SANDBOX.sk.addressId) return refuse('Unknown sender address.', 'addressSender.id');
      if (s.parcels.parcel.some((p) => p.weight > 31.5)) return refuse('The maximum weight of a parcel is 31.5 kg.', 'parcel.weight');
      if (s.services?.cod && String(s.services.cod.bankAccount.id) !== DPD_SANDBOX.sk.bankAccountId) return refuse('Unknown bank account.', 'cod.bankAccount.id');
      const country = Object.entries(COUNTRY_NUMBERS).find(([, n]) => n === s.addressRecipient.country)?.[0];
      if (!country) return refuse('Unknown country.', 'addressRecipient.country');
      const parcels = s.parcels.parcel.map(() => newParcelNumber(DPD_SANDBOX.sk.depot));
      const mpsid = `${parcels[0]}${s.pickup.date}`;
      const r = s.addressRecipient;
      const [service, serviceCode] = s.product === 17 ? ['PICKUP', '337'] : s.product === 3 ? ['EXPRESS 12', '225'] : r.type === 'b2c' ? ['HOME', '327'] : ['CLASSIC', '101'];
      const reference = [s.reference, s.parcels.parcel[0]?.reference1].filter(Boolean).join(' ');
      const label: LabelInfo = {
        from: ['DPD SK sandbox customer', `DELIS ${s.delisId}, address ${s.addressSender.id}`],
        to: [r.name, ...(r.nameDetail ? [r.nameDetail] : []), r.street, `${r.zip} ${r.city}`, country],
        service,
        serviceCode,
        zip: r.zip,
        country,
        weights: s.parcels.parcel.map((p) => p.weight),
        reference,
        toPoint: s.product === 17,
      };
      await db(c).add({ shipmentId: mpsid, territory: 'sk', parcels: JSON.stringify(parcels), reference, label: JSON.stringify(label), fromCity: 'Bratislava', toCity: r.city, createdAt: new Date().toISOString(), pickedUpAt: null, cancelledAt: null });
      return result({ success: true, ackCode: 'success', reference: s.reference, mpsid, label: `${new URL(c.req.url).origin}/_sandbox/carriers/dpd/sk/label/${mpsid}`, parcels: parcels.map((parcelno) => ({ parcelno })) });
    }

    if (method === 'printLabels') {
      const rows = [];
      for (const { parcelno } of v.parse(skPrintLabelsRequest, request).params.label.parcels.parcel) {
        const row = await db(c).ofParcel(parcelno);
        if (!row || row.territory !== 'sk') return refuse(`Parcel ${parcelno} not found.`, 'parcelno');
        rows.push({ row, parcel: parcelno });
      }
      return pdf(c, await labelsOf(rows));
    }

    if (method === 'cancel') {
      const { mpsid } = v.parse(skCancelRequest, request).params.shipment[0]!;
      const row = await db(c).get(mpsid);
      if (!row || row.territory !== 'sk') return refuse('Shipment not found.', 'mpsid');
      if (row.cancelledAt) return refuse('The shipment is already cancelled.', 'mpsid');
      if (scans(row, Date.now()).length > 0) return refuse('The shipment has been picked up and can no longer be cancelled.', 'mpsid');
      await db(c).update(mpsid, { cancelledAt: new Date().toISOString() });
      return result({ success: true, ackCode: 'success', mpsid });
    }

    if (method === 'createPickup') {
      const p = v.parse(skPickupRequest, request).params.pickup;
      if (p.note?.includes(SANDBOX_CARRIER_DOWN)) return c.json({ message: 'Service temporarily unavailable' }, 503);
      if (p.delisId !== DPD_SANDBOX.sk.delisId || String(p.addressSender.id) !== DPD_SANDBOX.sk.addressId) return refuse('Unknown DELIS ID or pickup address.', 'addressSender.id');
      const date = dashed(p.date);
      if (date < pragueNow(new Date()).date) return refuse('The pickup date is in the past.', 'date');
      if (p.timeWindow.end <= p.timeWindow.beginning) return refuse('The pickup window ends before it starts.', 'timeWindow');
      const pickupId = `P${digits(9)}`;
      await db(c).addPickup({ pickupId, territory: 'sk', pickupDate: date, cancelledAt: null });
      return result({ success: true, ackCode: 'success', pickupId });
    }

    const { id: pickupId } = v.parse(skCancelPickupRequest, request).params.pickup;
    const row = await db(c).pickup(pickupId);
    if (!row || row.territory !== 'sk' || row.cancelledAt) return refuse('No pending pickup order with this id.', 'pickup.id');
    if (pickupClosed(row.pickupDate)) return refuse('The pickup day is closed; the order can no longer be cancelled.', 'pickup.id');
    await db(c).cancelPickup(pickupId, new Date().toISOString());
    return result({ success: true, ackCode: 'success', pickupId });
  });

  // the label link DPD SK's create answers (no authentication, as DPD's links)
  app.get('/sk/label/:mpsid', async (c) => {
    const row = await db(c).get(c.req.param('mpsid'));
    if (!row || row.territory !== 'sk') return c.notFound();
    return pdf(c, await labelsOf((JSON.parse(row.parcels) as string[]).map((parcel) => ({ row, parcel }))));
  });

  // ---- tracking: DPD's parcel life cycle (public) ----
  app.get('/tracking/rest/plc/:locale/:parcel', async (c) => {
    const parcel = c.req.param('parcel');
    const row = /^\d{14}$/.test(parcel) ? await db(c).ofParcel(parcel) : undefined;
    if (!row) return c.json({ parcellifecycleResponse: { parcelLifeCycleData: null } });
    const list = scans(row, Date.now()).map((s) => ({ date: localTime(s.at), scanData: { location: s.location, scanType: { code: s.code, name: s.name } }, scanDescription: { label: s.name, content: [s.name] } }));
    return c.json({ parcellifecycleResponse: { parcelLifeCycleData: { shipmentInfo: { parcelLabelNumber: parcel }, scanInfo: { scan: list } } } });
  });

  // sandbox only (not DPD's): the driver scans the shipment (by its id or any parcel number) now, or `hoursAgo`
  app.post('/_driver/pickup-scan/:id', async (c) => {
    const id = c.req.param('id');
    const row = (await db(c).get(id)) ?? (/^\d{14}$/.test(id) ? await db(c).ofParcel(id) : undefined);
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    return (await db(c).update(row.shipmentId, { createdAt, pickedUpAt: new Date(at).toISOString() })) ? c.body(null, 204) : c.notFound();
  });

  return app;
}
