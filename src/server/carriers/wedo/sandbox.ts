import { and, eq, gte, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxWedoPackages, sandboxWedoPickups } from '../../db/schema';
import type { OriginEnv } from '../../env';
import { timingSafeEqualText } from '../../identity/crypto';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { WEDO_BOX_PRODUCT, WEDO_PACKAGE_SENT, WEDO_POINT_PRODUCT } from './client';
import type { WedoLabel } from './sandbox-label';
import { packageRequest, pickupRequest, type PackageRequest } from './schemas';
import { WEDO_API_PATH, WEDO_SANDBOX_KEY, WEDO_SANDBOX_USER } from './sandbox-account';
export { WEDO_API_PATH, WEDO_SANDBOX_KEY, WEDO_SANDBOX_USER } from './sandbox-account';

/**
 * WE|DO's REST API v2 as the sandbox speaks it (local development and tests only; mounted under
 * /_sandbox/carriers/wedo, the API under /v2): HTTP Basic with the sandbox's API user and key,
 * 403 refusals with `error_code`, order numbers with one barcode per package, an A6 PDF of the
 * labels, DELETE until the courier has the package, a last state that moves over time, pickups.
 */
export const WEDO_SANDBOX_PICKUP_PLACE = 'N9999';
/** the sandbox customer's 3-character prefix of its order numbers (WE|DO's example: 46F) */
export const WEDO_SANDBOX_PREFIX = '99W';
/** a booking reference that makes a package report a state outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';

const HOUR = 3_600_000;
const PRODUCTS: Record<string, { name: string; maxWeight: number; maxPackages: number; country?: string }> = {
  'S-24-CZ': { name: 'Small Colli 24-CZ - hmotnost do 5 kg', maxWeight: 5, maxPackages: 99, country: 'CZ' },
  'M-24-CZ': { name: 'Medium Colli 24-CZ - hmotnost do 30 kg', maxWeight: 30, maxPackages: 99, country: 'CZ' },
  'M-24-SK': { name: 'Medium Colli 24-SK - hmotnost do 30 kg', maxWeight: 30, maxPackages: 99, country: 'SK' },
  [WEDO_BOX_PRODUCT]: { name: 'WEDO BOX - hmotnost do 20 kg', maxWeight: 20, maxPackages: 1 },
  [WEDO_POINT_PRODUCT]: { name: 'WEDO POINT - hmotnost do 20 kg', maxWeight: 20, maxPackages: 1 },
};

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
/** WE|DO's package barcode: the order number with its series letter, `*`, the package's number and the count (PROTOCOL.md: inferred) */
export const barcodeOf = (serial: string, i: number, n: number) => `${WEDO_SANDBOX_PREFIX}S${serial}*${String(i).padStart(3, '0')}${String(n).padStart(3, '0')}`;
export const isWedoOrderNumber = (n: string) => /^[0-9A-Z]{3}\d{8}$/.test(n);
export const isWedoBarcode = (n: string) => /^[0-9A-Z]{3}[A-Z]\d{8}\*\d{6}$/.test(n);

/**
 * Without a courier's scan, the day's collection takes a package: the same working day (14:00
 * UTC) when booked before 12:00 Prague time (the Home service's order time limit), else the
 * next working day.
 */
export function dailyCollection(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < '12:00' ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T14:00:00.000Z`), Date.parse(createdAt) + HOUR);
}

type Row = typeof sandboxWedoPackages.$inferSelect;

type State = { code: string; at: number };
/** a package's states: created; collected; in transport; ready in the box or on route; delivered (or cancelled) */
export function statesOf(row: Row, now: number): State[] {
  const created = Date.parse(row.createdAt);
  const list: State[] = [{ code: 'CREATED', at: created }];
  if (row.deletedAt) list.push({ code: 'CANCELLED', at: Date.parse(row.deletedAt) });
  else {
    const collected = row.collectedAt ? Date.parse(row.collectedAt) : dailyCollection(row.createdAt);
    list.push({ code: 'COLLECTED', at: collected }, { code: 'IN_TRANSPORT', at: collected + 4 * HOUR });
    if (`${row.reference} ${row.reference2}`.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ code: 'SORTED_AT_HUB', at: collected + 5 * HOUR });
    if (row.point) list.push({ code: 'READY_IN_BOX', at: collected + 18 * HOUR }, { code: 'DELIVERED', at: collected + 30 * HOUR });
    else list.push({ code: 'ON_ROUTE', at: collected + 18 * HOUR }, { code: 'DELIVERED', at: collected + 22 * HOUR });
  }
  return list.filter((s) => s.at <= now);
}

const pragueTime = (at: number) => {
  const { date, time } = pragueNow(new Date(at));
  return `${date} ${time}:00`;
};

const failure = (c: Context, status: 400 | 401 | 403 | 404 | 503, code: string, message: string, detail: string[] = []) => c.json({ error_code: code, message, detail }, status);

function packageErrors(p: PackageRequest): [string, string] | null {
  const product = PRODUCTS[p.product];
  if (!product) return ['INVALID_PRODUCT', `Unknown product ${p.product}.`];
  if (product.country && p.receiver.state !== product.country) return ['INVALID_STATE', `Product ${p.product} does not deliver to ${p.receiver.state}.`];
  if (p.package_count > product.maxPackages) return ['INVALID_PACKAGE_COUNT', `Product ${p.product} carries at most ${product.maxPackages} package(s).`];
  if (!(p.weight > 0) || p.weight / p.package_count > product.maxWeight) return ['INVALID_WEIGHT', `The weight of a package of ${p.product} must be above 0 and at most ${product.maxWeight} kg.`];
  if (p.product === WEDO_BOX_PRODUCT && (!p.box || !p.box_contact)) return ['MISSING_BOX', 'A WEDO BOX package needs box and box_contact.'];
  if (p.product === WEDO_POINT_PRODUCT && (!p.pup_branch || !p.pup_contact)) return ['MISSING_PUP_BRANCH', 'A WEDO POINT package needs pup_branch and pup_contact.'];
  if ((p.additional_service?.cash_on_delivery ?? 0) > 100_000) return ['INVALID_COD', 'The cash on delivery is at most 100000.'];
  return null;
}

function detailOf(row: Row, now: number) {
  const states = statesOf(row, now);
  const last = states.at(-1)!;
  const barcodes = JSON.parse(row.barcodes) as string[];
  const labels = JSON.parse(row.label) as WedoLabel[];
  return {
    order_number: row.orderNumber,
    reference_number: row.reference,
    barcode: barcodes,
    sorting_code: labels[0]?.sortingCode ?? null,
    product_code: row.product,
    product_name: PRODUCTS[row.product]?.name ?? row.product,
    delivery_price: null,
    last_state: { id: states.length, code: last.code, created: pragueTime(last.at) },
  };
}

export function wedoSandbox() {
  const app = new Hono<OriginEnv>();
  const api = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => database(c.env.DB);
  const packageRow = (c: Context<OriginEnv>, order: string) => db(c).select().from(sandboxWedoPackages).where(eq(sandboxWedoPackages.orderNumber, order)).get();

  api.use('*', async (c, next) => {
    const [, basic] = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '') ?? [];
    let credentials = '';
    try {
      credentials = basic ? atob(basic) : '';
    } catch {
      credentials = '';
    }
    if (!timingSafeEqualText(credentials, `${WEDO_SANDBOX_USER}:${WEDO_SANDBOX_KEY}`)) return failure(c, 401, 'UNAUTHORIZED', 'Invalid user name or API key.');
    const place = c.req.header('x-wedo-pickupplacecode');
    if (place !== undefined && place !== WEDO_SANDBOX_PICKUP_PLACE) return failure(c, 403, 'UNKNOWN_PICKUP_PLACE', `Unknown pickup place ${place}.`);
    await next();
  });

  api.post('/package', async (c) => {
    const json: unknown = await c.req.json().catch(() => undefined);
    if (json === undefined) return failure(c, 400, 'INVALID_JSON', 'The request body is not valid JSON.');
    const parsed = v.safeParse(packageRequest, json);
    if (!parsed.success) return failure(c, 403, 'INVALID_DATA', 'The package data are not valid.', parsed.issues.map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`));
    const p = parsed.output;
    const references = `${p.reference_number ?? ''} ${p.reference_number2 ?? ''}`;
    if (references.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
    const refused = packageErrors(p);
    if (refused) return failure(c, 403, refused[0], refused[1]);
    const serial = digits(8);
    const orderNumber = `${WEDO_SANDBOX_PREFIX}${serial}`;
    const barcodes = Array.from({ length: p.package_count }, (_, i) => barcodeOf(serial, i + 1, p.package_count));
    const point = p.box ?? p.pup_branch ?? null;
    const place = (party: NonNullable<PackageRequest['sender']>) => [party.name, ...(party.firstname || party.surname ? [[party.firstname, party.surname].filter(Boolean).join(' ')] : []), party.street, `${party.postal_code} ${party.city}`, party.state];
    const cod = p.additional_service?.cash_on_delivery ? `${p.additional_service.cash_on_delivery} ${p.receiver.state === 'SK' ? 'EUR' : 'CZK'}` : null;
    const sortingCode = `S${p.receiver.postal_code.slice(0, 3)}${digits(3)}`;
    const labels: WedoLabel[] = barcodes.map((barcode, i) => ({
      barcode,
      orderNumber,
      product: PRODUCTS[p.product]!.name,
      sortingCode,
      sender: p.sender ? place(p.sender) : [],
      receiver: place(p.receiver),
      point,
      part: `${i + 1}/${barcodes.length}`,
      weight: String(Math.round((p.weight / p.package_count) * 100) / 100),
      cod: i === 0 ? cod : null,
      reference: p.reference_number ?? null,
    }));
    const row: Row = {
      orderNumber,
      reference: p.reference_number ?? null,
      reference2: p.reference_number2 ?? null,
      barcodes: JSON.stringify(barcodes),
      product: p.product,
      point,
      fromCity: p.sender?.city ?? '',
      toCity: p.receiver.city,
      label: JSON.stringify(labels),
      createdAt: new Date().toISOString(),
      collectedAt: null,
      deletedAt: null,
    };
    await db(c).insert(sandboxWedoPackages).values(row).run();
    // booked, and the answer is lost on its way back, as behind a gateway that timed out
    if (references.includes(SANDBOX_LOSE_ANSWER)) return c.text('upstream request timeout', 504);
    const { last_state: _, ...created } = detailOf(row, Date.now());
    return c.json(created);
  });

  api.get('/package', async (c) => {
    const after = c.req.query('created_after');
    const since = after && !Number.isNaN(Date.parse(after)) ? new Date(Date.parse(after.endsWith('Z') || /[+-]\d\d:\d\d$/.test(after) ? after : `${after}Z`)).toISOString() : '';
    const rows = await db(c).select().from(sandboxWedoPackages).where(and(gte(sandboxWedoPackages.createdAt, since), isNull(sandboxWedoPackages.deletedAt))).all();
    const now = Date.now();
    return c.json(
      rows.map((row) => {
        const states = statesOf(row, now);
        const delivered = states.find((s) => s.code === 'DELIVERED');
        return { reference_number: row.reference, order_number: row.orderNumber, last_change: pragueTime(states.at(-1)!.at).replace(' ', 'T'), delivered: delivered ? pragueTime(delivered.at) : null };
      }),
    );
  });

  api.get('/package/:order/labels.pdf', async (c) => {
    const format = c.req.query('format') ?? 'label';
    if (!['label', 'a4_2x2', 'a4', 'a6'].includes(format)) return failure(c, 403, 'INVALID_FORMAT', `Unknown label format ${format}.`);
    const row = await packageRow(c, c.req.param('order'));
    if (!row || row.deletedAt) return failure(c, 404, 'NOT_FOUND', 'Package not found.');
    // the label code loads on demand (it is not in the worker's start-up chunk)
    const { sandboxLabelPdf } = await import('./sandbox-label');
    const pdf = await sandboxLabelPdf(JSON.parse(row.label) as WedoLabel[], new Date(row.createdAt));
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf' });
  });

  api.get('/package/:order', async (c) => {
    const row = await packageRow(c, c.req.param('order'));
    if (!row) return failure(c, 404, 'NOT_FOUND', 'Package not found.');
    return c.json(detailOf(row, Date.now()));
  });

  api.delete('/package/:order', async (c) => {
    const row = await packageRow(c, c.req.param('order'));
    if (!row) return failure(c, 404, 'NOT_FOUND', 'Package not found.');
    if (row.deletedAt) return failure(c, 403, 'ALREADY_DELETED', 'The package has already been cancelled.');
    if (statesOf(row, Date.now()).some((s) => s.code === 'COLLECTED')) return failure(c, 403, WEDO_PACKAGE_SENT, 'The package has been sent for processing and can no longer be cancelled.');
    await db(c).update(sandboxWedoPackages).set({ deletedAt: new Date().toISOString() }).where(eq(sandboxWedoPackages.orderNumber, row.orderNumber)).run();
    return c.json([{ code: '0', order_number: row.orderNumber, barcode: [] }]);
  });

  api.post('/pickup', async (c) => {
    const json = (await c.req.json().catch(() => undefined)) as { note?: unknown } | undefined;
    if (json === undefined) return failure(c, 400, 'INVALID_JSON', 'The request body is not valid JSON.');
    if (typeof json?.note === 'string' && json.note.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.');
    const parsed = v.safeParse(pickupRequest, json);
    if (!parsed.success) return failure(c, 403, 'INVALID_DATA', 'The pickup data are not valid.', parsed.issues.map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`));
    const date = parsed.output.pickup_date;
    if (date < pragueNow(new Date()).date || !isWorkingDay(date, 'cz')) return failure(c, 403, 'INVALID_PICKUP_DATE', 'A pickup is ordered for a working day from today on.');
    const id = `I${digits(5)}`;
    const created = new Date().toISOString();
    await db(c).insert(sandboxWedoPickups).values({ id, pickupDate: date, createdAt: created, deletedAt: null }).run();
    return c.json({
      pickup_address: { street: 'Dlouhá', building_number: '12', city: 'Brno', postal_code: '60200', country_code: 'CZ' },
      id,
      pickup_type: 'IRREGULAR',
      pickup_from: '08:00:00',
      pickup_to: '16:00:00',
      created: pragueTime(Date.parse(created)).replace(' ', 'T'),
      is_deletable: true,
    });
  });

  api.delete('/pickup/:id', async (c) => {
    const row = await db(c).select().from(sandboxWedoPickups).where(eq(sandboxWedoPickups.id, c.req.param('id'))).get();
    if (!row || row.deletedAt) return failure(c, 404, 'NOT_FOUND', 'Pickup not found.');
    if (row.pickupDate <= pragueNow(new Date()).date) return failure(c, 403, 'PICKUP_NOT_DELETABLE', 'The pickup day has begun; the pickup can no longer be cancelled.');
    await db(c).update(sandboxWedoPickups).set({ deletedAt: new Date().toISOString() }).where(eq(sandboxWedoPickups.id, row.id)).run();
    return c.body(null, 204);
  });

  app.route(WEDO_API_PATH, api);

  // sandbox only (not WE|DO's): the courier scans the package now, or `hoursAgo` (its states move on that far)
  app.post('/_driver/pickup-scan/:order', async (c) => {
    const row = await packageRow(c, c.req.param('order'));
    if (!row || row.deletedAt) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    await db(c).update(sandboxWedoPackages).set({ createdAt, collectedAt: new Date(at).toISOString() }).where(eq(sandboxWedoPackages.orderNumber, row.orderNumber)).run();
    return c.body(null, 204);
  });

  return app;
}
