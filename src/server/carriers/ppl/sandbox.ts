import { and, eq, isNull, like } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxPplBatches, sandboxPplOrders, sandboxPplShipments } from '../../db/schema';
import { base64url, hmacSha256, timingSafeEqualText } from '../../identity/crypto';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { CUSTOMER_REFERENCE } from './client';
import { orderBatchRequest, shipmentBatchRequest, type PplAddress } from './schemas';
import { PPL_SANDBOX_CLIENT_ID, PPL_SANDBOX_CLIENT_SECRET } from './sandbox-account';
export { PPL_SANDBOX_CLIENT_ID, PPL_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/**
 * PPL's CPL API as the sandbox speaks it (local development and tests only; mounted under
 * /_sandbox/carriers/ppl): OAuth client credentials, Bearer tokens, RFC 7807 problems, shipment
 * batches answered in a Location header and processed into 11-digit parcel numbers with a PDF
 * label each, cancel until the driver's pickup scan, tracking events in PPL's phases that move
 * over time, lookup by the customer's reference, and collection orders with their cancellation.
 */
/** PPL's tokens live 30 minutes */
export const PPL_TOKEN_SECONDS = 1800;
/** a reference that makes a shipment report a phase outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';
/** the products the sandbox books, as its labels name them */
export const PPL_PRODUCT_NAMES: Record<string, string> = {
  BUSS: 'PPL Parcel CZ Business',
  BUSD: 'PPL Parcel CZ Business - dobirka',
  PRIV: 'PPL Parcel CZ Private',
  PRID: 'PPL Parcel CZ Private - dobirka',
  SMAR: 'PPL Parcel CZ Smart',
  SMAD: 'PPL Parcel CZ Smart - dobirka',
  CONN: 'PPL Parcel Connect',
  COND: 'PPL Parcel Connect - dobirka',
};
const COD_PRODUCTS = new Set(['BUSD', 'PRID', 'SMAD', 'COND']);
const SMART_PRODUCTS = new Set(['SMAR', 'SMAD']);
const DOMESTIC_PRODUCTS = new Set(['BUSS', 'BUSD', 'PRIV', 'PRID', 'SMAR', 'SMAD']);
const MAX_WEIGHT: Record<string, number> = { SMAR: 20, SMAD: 20 };
/** PPL closes a day's collection orders at noon (the rate sheet's order time limit) */
const ORDER_CUTOFF = '12:00';

const HOUR = 3_600_000;
const tokenKey = `ppl-sandbox:${PPL_SANDBOX_CLIENT_SECRET}`;

/** the daily pickup takes a shipment the same working day when booked before noon Prague time, else the next one (14:30 UTC) */
export function dailyPickup(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < ORDER_CUTOFF ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T14:30:00.000Z`), Date.parse(createdAt));
}

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
/** PPL's parcel numbers are 11 digits (no check digit is published); the sandbox's series starts with 4 */
const newShipmentNumber = () => `4${digits(10)}`;

const problem = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 503, title: string, extra: { detail?: string; code?: string; errors?: Record<string, string[]> } = {}) =>
  c.json({ type: `https://tools.ietf.org/html/rfc9110#section-15.${status >= 500 ? '6' : '5'}.${status === 400 ? 1 : status === 401 ? 2 : status === 403 ? 4 : status === 404 ? 5 : status === 409 ? 10 : 4}`, title, status, ...extra }, status, { 'content-type': 'application/problem+json' });

async function signToken(expires: number): Promise<string> {
  const payload = `${PPL_SANDBOX_CLIENT_ID}.${expires}`;
  return `${base64url(new TextEncoder().encode(payload))}.${base64url(await hmacSha256(tokenKey, payload))}`;
}
async function tokenValid(header: string | undefined, now: number): Promise<boolean> {
  const [, token] = /^Bearer (.+)$/.exec(header ?? '') ?? [];
  const [payload64, mac] = token?.split('.') ?? [];
  if (!payload64 || !mac) return false;
  let payload: string;
  try {
    payload = atob(payload64.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return false;
  }
  const expires = Number(payload.split('.').pop());
  return timingSafeEqualText(base64url(await hmacSha256(tokenKey, payload)), mac) && expires * 1000 > now;
}

type Row = typeof sandboxPplShipments.$inferSelect;
type Parcel = { number: string; dataId: string; weight: number };
type Phase = { statusId: number; code: string; phase: string; name: string; at: number };

/** where the sandbox keeps its state: D1 in the product */
export type PplSandboxStore = ReturnType<typeof d1PplStore>;
export function d1PplStore(d1: D1Database) {
  const db = database(d1);
  const t = sandboxPplShipments;
  return {
    addShipment: async (row: Row) => void (await db.insert(t).values(row).run()),
    shipment: (n: string) => db.select().from(t).where(eq(t.shipmentNumber, n)).get(),
    shipmentOfParcel: (n: string) => db.select().from(t).where(like(t.packages, `%"number":"${n}"%`)).get(),
    shipmentOfLabel: (id: string) => db.select().from(t).where(like(t.packages, `%"dataId":"${id}"%`)).get(),
    shipmentsOfReference: (ref: string) => db.select().from(t).where(eq(t.referenceId, ref)).all(),
    async updateShipment(n: string, set: Partial<Pick<Row, 'createdAt' | 'pickedUpAt' | 'cancelledAt'>>) {
      const { meta } = await db.update(t).set(set).where(and(eq(t.shipmentNumber, n), isNull(t.cancelledAt))).run();
      return meta.changes === 1;
    },
    addBatch: async (batchId: string, kind: 'shipment' | 'order', items: unknown[]) => void (await db.insert(sandboxPplBatches).values({ batchId, kind, items: JSON.stringify(items), createdAt: new Date().toISOString() }).run()),
    batch: (batchId: string, kind: 'shipment' | 'order') => db.select().from(sandboxPplBatches).where(and(eq(sandboxPplBatches.batchId, batchId), eq(sandboxPplBatches.kind, kind))).get(),
    addOrder: async (row: typeof sandboxPplOrders.$inferSelect) => void (await db.insert(sandboxPplOrders).values(row).run()),
    orderByNumber: (n: string) => db.select().from(sandboxPplOrders).where(eq(sandboxPplOrders.orderNumber, n)).get(),
    orderByReference: (ref: string) => db.select().from(sandboxPplOrders).where(eq(sandboxPplOrders.customerReference, ref)).get(),
    cancelOrder: async (n: string, at: string) => void (await db.update(sandboxPplOrders).set({ cancelledAt: at }).where(eq(sandboxPplOrders.orderNumber, n)).run()),
  };
}

/** a shipment's story in PPL's phases: ordered, picked up and in transport, delivering (or at the ParcelShop), delivered */
function phases(row: Row, now: number): Phase[] {
  const created = Date.parse(row.createdAt);
  const picked = row.pickedUpAt ? Date.parse(row.pickedUpAt) : dailyPickup(row.createdAt);
  const list: Phase[] = [{ statusId: 100, code: '100', phase: 'Order', name: 'Shipment data received', at: created }];
  if (row.cancelledAt) list.push({ statusId: 990, code: '990', phase: 'Canceled', name: 'Shipment cancelled', at: Date.parse(row.cancelledAt) });
  else {
    list.push({ statusId: 200, code: '200', phase: 'InTransport', name: 'Shipment picked up from the sender', at: picked }, { statusId: 210, code: '210', phase: 'InTransport', name: 'Shipment at the depot', at: picked + 4 * HOUR });
    if (row.note?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ statusId: 999, code: '999', phase: 'SandboxPhase', name: 'Sandbox: a phase outside the table', at: picked + 5 * HOUR });
    if (SMART_PRODUCTS.has(row.productType)) list.push({ statusId: 450, code: '450', phase: 'PickupPoint', name: 'Shipment ready at the ParcelShop', at: picked + 18 * HOUR }, { statusId: 500, code: '500', phase: 'Delivered', name: 'Shipment collected by the recipient', at: picked + 26 * HOUR });
    else list.push({ statusId: 400, code: '400', phase: 'Delivering', name: 'Shipment out for delivery', at: picked + 18 * HOUR }, { statusId: 500, code: '500', phase: 'Delivered', name: 'Shipment delivered', at: picked + 22 * HOUR });
  }
  return list.filter((p) => p.at <= now).sort((a, b) => a.at - b.at);
}

const SHIPMENT_STATE: Record<string, string> = { Order: 'DataShipment', InTransport: 'Active', Delivering: 'OutForDelivery', PickupPoint: 'DeliveredToPickupPoint', Delivered: 'Delivered', Canceled: 'Canceled' };
const lines = (a: PplAddress) => [a.name, ...(a.name2 && a.name2 !== a.name ? [a.name2] : []), a.street, `${a.zipCode} ${a.city}`, a.country];

/** the API root of a request (its URL up to the given path), for the absolute label URLs PPL answers */
const rootOf = (c: Context, path: string) => {
  const url = new URL(c.req.url);
  return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf(path))}`;
};
const isInteger = (value: string | undefined, min: number, max: number) => value !== undefined && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;
const fieldOf = (issue: v.BaseIssue<unknown>) => (v.getDotPath(issue) ?? '').replace(/\.(\d+)(?=\.|$)/g, '[$1]') || '$';

export function pplSandbox(storeOf: (env: OriginEnv['Bindings']) => PplSandboxStore = (env) => d1PplStore(env.DB)) {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => storeOf(c.env);

  app.post('/login/getAccessToken', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== 'client_credentials') return c.json({ error: 'unsupported_grant_type' }, 400);
    if (form.client_id !== PPL_SANDBOX_CLIENT_ID || form.client_secret !== PPL_SANDBOX_CLIENT_SECRET) return c.json({ error: 'invalid_client' }, 401);
    const issued = Math.floor(Date.now() / 1000);
    return c.json({ access_token: await signToken(issued + PPL_TOKEN_SECONDS), token_type: 'Bearer', expires_in: PPL_TOKEN_SECONDS, scope: 'myapi2' });
  });

  // every API call carries a Bearer token of ours (the driver's scan is the sandbox's own)
  app.use('*', async (c, next) => {
    if (c.req.path.endsWith('/login/getAccessToken') || c.req.path.includes('/_driver/')) return next();
    if (!(await tokenValid(c.req.header('authorization'), Date.now()))) return problem(c, 401, 'Unauthorized', { detail: 'A valid Bearer token is required.' });
    await next();
  });

  app.post('/shipment/batch', async (c) => {
    const parsed = v.safeParse(shipmentBatchRequest, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.issues) (errors[fieldOf(issue)] ??= []).push(issue.message);
      return problem(c, 400, 'One or more validation errors occurred.', { errors });
    }
    const request = parsed.output;
    if (request.shipments.some((s) => [s.note, s.referenceId].some((t) => t?.includes(SANDBOX_CARRIER_DOWN)))) return problem(c, 503, 'Service Unavailable', { detail: 'The service is temporarily unavailable.' });
    const root = rootOf(c, '/shipment/batch');
    const batchId = crypto.randomUUID();
    const items: unknown[] = [];
    for (const s of request.shipments) {
      const count = s.shipmentSet?.numberOfShipments ?? 1;
      const weights = Array.from({ length: count }, (_, i) => s.shipmentSet?.shipmentSetItems?.[i]?.weighedShipmentInfo?.weight ?? 0);
      const refuse = (errorCode: string, errorMessage: string) => items.push({ referenceId: s.referenceId, shipmentNumber: null, importState: 'Error', labelUrl: null, errorCode, errorMessage });
      const cod = s.cashOnDelivery;
      if (!PPL_PRODUCT_NAMES[s.productType]) refuse('ProductNotAllowed', `The product ${s.productType} is not in the customer's contract.`);
      else if (DOMESTIC_PRODUCTS.has(s.productType) && s.recipient.country !== 'CZ') refuse('CountryNotAllowed', `The product ${s.productType} delivers in the Czech Republic only.`);
      else if (!DOMESTIC_PRODUCTS.has(s.productType) && s.recipient.country === 'CZ') refuse('CountryNotAllowed', `The product ${s.productType} is for deliveries abroad.`);
      else if (SMART_PRODUCTS.has(s.productType) && !s.specificDelivery?.parcelShopCode) refuse('ParcelShopRequired', 'A Smart shipment needs the ParcelShop (specificDelivery.parcelShopCode).');
      else if (SMART_PRODUCTS.has(s.productType) && count > 1) refuse('ShipmentSetNotAllowed', 'A Smart shipment is one parcel.');
      else if (COD_PRODUCTS.has(s.productType) !== Boolean(cod)) refuse('CodMismatch', cod ? `The product ${s.productType} does not collect cash on delivery.` : `The product ${s.productType} needs cashOnDelivery.`);
      else if (weights.some((w) => w > (MAX_WEIGHT[s.productType] ?? 31.5))) refuse('WeightExceeded', `A parcel of ${s.productType} weighs at most ${MAX_WEIGHT[s.productType] ?? 31.5} kg.`);
      else if (!/^\d{5}$/.test(s.recipient.zipCode) && s.recipient.country === 'CZ') refuse('InvalidZipCode', `The recipient's zip code ${s.recipient.zipCode} does not exist.`);
      else {
        const parcels: Parcel[] = weights.map((weight) => ({ number: newShipmentNumber(), dataId: crypto.randomUUID(), weight }));
        const reference = s.externalNumbers?.find((n) => n.code === CUSTOMER_REFERENCE)?.externalNumber ?? s.referenceId;
        const sender = s.sender ?? { name: 'PPL sandbox customer', street: 'Na Vypichu 1', city: 'Praha', zipCode: '10000', country: 'CZ' };
        const label = { sender: lines(sender), recipient: lines(s.recipient), product: PPL_PRODUCT_NAMES[s.productType]!, productCode: s.productType, cod: cod ? `${cod.codPrice} ${cod.codCurrency} VS ${cod.codVarSym}` : null, reference };
        await db(c).addShipment({ shipmentNumber: parcels[0]!.number, packages: JSON.stringify(parcels), referenceId: reference, productType: s.productType, note: s.note ?? null, label: JSON.stringify(label), fromCity: sender.city, toCity: s.recipient.city, createdAt: new Date().toISOString(), pickedUpAt: null, cancelledAt: null });
        for (const p of parcels) items.push({ referenceId: s.referenceId, shipmentNumber: p.number, importState: 'Complete', labelUrl: `${root}/data/${p.dataId}`, errorCode: null, errorMessage: null });
      }
    }
    await db(c).addBatch(batchId, 'shipment', items);
    // booked, then the answer is lost on its way back (the gateway times out)
    if (request.shipments.some((s) => s.note?.includes(SANDBOX_LOSE_ANSWER))) return c.text('upstream request timeout', 504);
    return c.body(null, 201, { location: `${new URL(c.req.url).pathname}/${batchId}` });
  });

  app.get('/shipment/batch/:batchId', async (c) => {
    const row = await db(c).batch(c.req.param('batchId'), 'shipment');
    if (!row) return problem(c, 404, 'Not Found', { detail: 'No batch of this id.' });
    return c.json({ items: JSON.parse(row.items) as unknown[] });
  });

  // a parcel's label (PPL answers the label URLs of a batch's items under /data)
  app.get('/data/:dataId', async (c) => {
    const id = c.req.param('dataId');
    const row = await db(c).shipmentOfLabel(id);
    if (!row) return problem(c, 404, 'Not Found', { detail: 'No label of this id.' });
    const parcels = JSON.parse(row.packages) as Parcel[];
    const index = parcels.findIndex((p) => p.dataId === id);
    const { sandboxLabelPdf } = await import('./sandbox-label');
    const pdf = await sandboxLabelPdf(parcels[index]!.number, { index: index + 1, of: parcels.length, weight: parcels[index]!.weight }, JSON.parse(row.label) as Parameters<typeof sandboxLabelPdf>[2]);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf' });
  });

  app.post('/shipment/:shipmentNumber/cancel', async (c) => {
    const number = c.req.param('shipmentNumber');
    const row = (await db(c).shipment(number)) ?? (await db(c).shipmentOfParcel(number));
    if (!row) return problem(c, 404, 'Not Found', { code: 'ShipmentNotFound', detail: `No shipment ${number}.` });
    if (row.cancelledAt) return problem(c, 400, 'Bad Request', { code: 'ShipmentAlreadyCanceled', detail: 'The shipment has already been cancelled.' });
    if (phases(row, Date.now()).some((p) => p.phase !== 'Order')) return problem(c, 400, 'Bad Request', { code: 'ShipmentNotCancelable', detail: 'The shipment has been picked up by PPL and can no longer be cancelled.' });
    await db(c).updateShipment(row.shipmentNumber, { cancelledAt: new Date().toISOString() });
    return c.body(null, 200);
  });

  app.get('/shipment', async (c) => {
    const q = new URL(c.req.url).searchParams;
    if (!isInteger(q.get('Limit') ?? undefined, 1, 1000) || !isInteger(q.get('Offset') ?? undefined, 0, 2 ** 31 - 1)) return problem(c, 400, 'One or more validation errors occurred.', { errors: { Limit: ['Limit (1–1000) and Offset are required.'] } });
    const numbers = q.getAll('ShipmentNumbers');
    const references = q.getAll('CustomerReferences');
    if (numbers.length + references.length === 0) return c.json([]);
    if (numbers.length > 50 || references.length > 50) return problem(c, 400, 'One or more validation errors occurred.', { errors: { ShipmentNumbers: ['At most 50 items.'] } });
    const rows = new Map<string, Row>();
    for (const n of numbers) {
      const row = await db(c).shipmentOfParcel(n);
      if (row) rows.set(row.shipmentNumber, row);
    }
    for (const ref of references) for (const row of await db(c).shipmentsOfReference(ref)) rows.set(row.shipmentNumber, row);
    const now = Date.now();
    const answer = [...rows.values()].flatMap((row) => {
      const parcels = JSON.parse(row.packages) as Parcel[];
      const events = phases(row, now).map((p) => ({ statusId: p.statusId, code: p.code, phase: p.phase, group: p.phase, eventDate: new Date(p.at).toISOString(), name: p.name }));
      const last = events.at(-1);
      return parcels
        .map((p, i) => ({
          shipmentNumber: p.number,
          productType: row.productType,
          shipmentState: SHIPMENT_STATE[last?.phase ?? 'Order'] ?? 'Active',
          shipmentSet: { masterShipmentNumber: parcels[0]!.number, shipmentsInSet: parcels.length, shipmentInSetNumber: i + 1 },
          externalNumbers: [{ code: CUSTOMER_REFERENCE, externalNumber: row.referenceId }],
          trackAndTrace: { lastEventCode: last?.code ?? null, lastEventDate: last?.eventDate ?? null, events },
        }))
        .filter((p) => numbers.length === 0 || numbers.includes(p.shipmentNumber) || references.includes(row.referenceId));
    });
    return c.json(answer);
  });

  app.post('/order/batch', async (c) => {
    const parsed = v.safeParse(orderBatchRequest, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.issues) (errors[fieldOf(issue)] ??= []).push(issue.message);
      return problem(c, 400, 'One or more validation errors occurred.', { errors });
    }
    if (parsed.output.orders.some((o) => o.note?.includes(SANDBOX_CARRIER_DOWN))) return problem(c, 503, 'Service Unavailable', { detail: 'The service is temporarily unavailable.' });
    const { date: today, time } = pragueNow(new Date());
    const items: unknown[] = [];
    for (const o of parsed.output.orders) {
      const day = o.sendDate.slice(0, 10);
      const refuse = (errorCode: string, errorMessage: string) => items.push({ referenceId: o.referenceId, orderNumber: null, importState: 'Error', errorCode, errorMessage });
      if (day < today || !isWorkingDay(day, 'cz')) refuse('SendDateNotAllowed', 'PPL collects on working days from today on.');
      else if (day === today && time >= ORDER_CUTOFF) refuse('SendDateNotAllowed', `A collection for today is ordered before ${ORDER_CUTOFF}.`);
      else if (o.sendTimeFrom && o.sendTimeTo && o.sendTimeTo <= o.sendTimeFrom) refuse('SendTimeInvalid', 'The collection window ends before it starts.');
      else if (await db(c).orderByReference(o.customerReference ?? o.referenceId)) refuse('DuplicateReference', 'An order with this customer reference exists.');
      else {
        const orderNumber = digits(10);
        await db(c).addOrder({ orderNumber, customerReference: o.customerReference ?? o.referenceId, sendDate: day, createdAt: new Date().toISOString(), cancelledAt: null });
        items.push({ referenceId: o.referenceId, orderNumber, importState: 'Complete', errorCode: null, errorMessage: null });
      }
    }
    const batchId = crypto.randomUUID();
    await db(c).addBatch(batchId, 'order', items);
    return c.body(null, 201, { location: `${new URL(c.req.url).pathname}/${batchId}` });
  });

  app.get('/order/batch/:batchId', async (c) => {
    const row = await db(c).batch(c.req.param('batchId'), 'order');
    if (!row) return problem(c, 404, 'Not Found', { detail: 'No batch of this id.' });
    return c.json({ items: JSON.parse(row.items) as unknown[] });
  });

  app.get('/order', async (c) => {
    const q = new URL(c.req.url).searchParams;
    if (!isInteger(q.get('Limit') ?? undefined, 1, 1000) || !isInteger(q.get('Offset') ?? undefined, 0, 2 ** 31 - 1)) return problem(c, 400, 'One or more validation errors occurred.', { errors: { Limit: ['Limit (1–1000) and Offset are required.'] } });
    const found = [];
    for (const n of q.getAll('OrderNumbers')) {
      const row = await db(c).orderByNumber(n);
      if (row) found.push(row);
    }
    for (const ref of q.getAll('CustomerReferences')) {
      const row = await db(c).orderByReference(ref);
      if (row) found.push(row);
    }
    return c.json(found.map((o) => ({ orderNumber: o.orderNumber, customerReference: o.customerReference, referenceId: o.customerReference, orderType: 'CollectionOrder', orderState: o.cancelledAt ? 'Canceled' : 'Complete', sendDate: `${o.sendDate}T00:00:00Z` })));
  });

  app.post('/order/cancel', async (c) => {
    const reference = c.req.query('customerReference') ?? c.req.query('orderReference');
    if (!reference) return problem(c, 400, 'One or more validation errors occurred.', { errors: { customerReference: ['customerReference or orderReference is required.'] } });
    const row = await db(c).orderByReference(reference);
    if (!row) return problem(c, 404, 'Not Found', { code: 'OrderNotFound', detail: 'No order with this reference.' });
    if (row.cancelledAt) return problem(c, 400, 'Bad Request', { code: 'OrderAlreadyCanceled', detail: 'The order has already been cancelled.' });
    const { date: today, time } = pragueNow(new Date());
    if (row.sendDate < today || (row.sendDate === today && time >= ORDER_CUTOFF)) return problem(c, 400, 'Bad Request', { code: 'OrderNotCancelable', detail: `A collection is cancelled before ${ORDER_CUTOFF} of its day.` });
    await db(c).cancelOrder(row.orderNumber, new Date().toISOString());
    return c.body(null, 200);
  });

  // sandbox only (not PPL's): the driver scans the shipment now, or `hoursAgo` (its story moves on that far)
  app.post('/_driver/pickup-scan/:shipmentNumber', async (c) => {
    const row = await db(c).shipment(c.req.param('shipmentNumber'));
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    return (await db(c).updateShipment(row.shipmentNumber, { createdAt, pickedUpAt: new Date(at).toISOString() })) ? c.body(null, 204) : c.notFound();
  });

  return app;
}
