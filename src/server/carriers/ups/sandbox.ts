import { and, eq, isNull, like } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxUpsPickups, sandboxUpsShipments } from '../../db/schema';
import { base64url, hmacSha256, timingSafeEqualText } from '../../identity/crypto';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { UPS_API_VERSION } from './client';
import { labelRecoveryRequest, pickupCreationRequest, shipmentRequest } from './schemas';
import { UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } from './sandbox-account';
export { UPS_SANDBOX_ACCOUNT, UPS_SANDBOX_CLIENT_ID, UPS_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/** UPS's service codes the sandbox books, as its labels name them */
const UPS_SERVICE_NAMES: Record<string, string> = { '11': 'STANDARD', '65': 'SAVER', '07': 'EXPRESS', '08': 'EXPEDITED', '54': 'EXPRESS PLUS' };

/**
 * UPS's APIs as the sandbox speaks them (local development and tests only; mounted under
 * /_sandbox/carriers/ups): OAuth client credentials with Basic auth, Bearer tokens after it,
 * UPS's error shape, 1Z numbers with their check digit, a PNG label per package, void until the
 * driver's pickup scan, tracking activities that move over time, pickup requests by PRN.
 */
/** UPS's tokens live about four hours */
export const UPS_TOKEN_SECONDS = 14_399;
/** the sandbox's reference that makes a shipment report an activity type outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';

const HOUR = 3_600_000;

/**
 * Without a driver's scan, the daily pickup takes a shipment: the same working day when booked
 * before 11:00 Prague time (the rate sheet's order time limit), else the next working day,
 * in the afternoon (14:30 UTC, inside the 09:00–17:00 pickup window).
 */
export function dailyPickup(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < '11:00' ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T14:30:00.000Z`), Date.parse(createdAt));
}

const tokenKey = `ups-sandbox:${UPS_SANDBOX_CLIENT_SECRET}`;

const UPS_LETTERS = (c: string) => (/\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10);
/** the check digit of a 1Z number's 15 characters after "1Z" (odd positions once, even positions twice) */
export function oneZCheckDigit(body: string): number {
  const sum = [...body].reduce((s, c, i) => s + UPS_LETTERS(c) * (i % 2 === 1 ? 2 : 1), 0);
  return (10 - (sum % 10)) % 10;
}
export const isValidOneZ = (n: string) => /^1Z[0-9A-Z]{16}$/.test(n) && oneZCheckDigit(n.slice(2, 17)) === Number(n[17]);

function newOneZ(account: string, service: string): string {
  const serial = Array.from(crypto.getRandomValues(new Uint8Array(7)), (b) => String(b % 10)).join('');
  const body = `${account}${service}${serial}`.toUpperCase();
  return `1Z${body}${oneZCheckDigit(body)}`;
}
const newPrn = () => Array.from(crypto.getRandomValues(new Uint8Array(11)), (b) => '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'[b % 33]).join('');

const failure = (c: Context, status: 400 | 401 | 403 | 404 | 503, code: string, message: string) => c.json({ response: { errors: [{ code, message }] } }, status);
const success = { ResponseStatus: { Code: '1', Description: 'Success' } };

async function signToken(expires: number): Promise<string> {
  const payload = `${UPS_SANDBOX_CLIENT_ID}.${expires}`;
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

type Row = typeof sandboxUpsShipments.$inferSelect;
type PickupRow = typeof sandboxUpsPickups.$inferSelect;

/** where the sandbox keeps its shipments and pickups: D1 in the product, memory in the contract tests */
export type UpsSandboxStore = {
  addShipment(row: Row): Promise<void>;
  shipment(id: string): Promise<Row | undefined>;
  shipmentOfPackage(trackingNumber: string): Promise<Row | undefined>;
  /** the shipments whose references contain this one */
  shipmentsOfReference(reference: string): Promise<Row[]>;
  /** the PNG label (base64) of each package of a shipment, kept for label recovery */
  keepLabels(id: string, labels: string[]): Promise<void>;
  labels(id: string): Promise<string[] | null>;
  updateShipment(id: string, set: Partial<Pick<Row, 'createdAt' | 'pickedUpAt' | 'voidedAt'>>): Promise<boolean>;
  addPickup(row: PickupRow): Promise<void>;
  pickup(prn: string): Promise<PickupRow | undefined>;
  cancelPickup(prn: string, at: string): Promise<void>;
};

export function d1UpsStore(d1: D1Database, files?: R2Bucket): UpsSandboxStore {
  const db = database(d1);
  const labelKey = (id: string) => `_sandbox/ups/labels/${id}.json`;
  return {
    shipmentsOfReference: (reference) => db.select().from(sandboxUpsShipments).where(like(sandboxUpsShipments.reference, `%${reference}%`)).all(),
    async keepLabels(id, labels) {
      await files?.put(labelKey(id), JSON.stringify(labels));
    },
    labels: async (id) => ((await files?.get(labelKey(id)))?.json<string[]>() ?? null),
    async addShipment(row) {
      await db.insert(sandboxUpsShipments).values(row).run();
    },
    shipment: (id) => db.select().from(sandboxUpsShipments).where(eq(sandboxUpsShipments.shipmentId, id)).get(),
    shipmentOfPackage: (n) => db.select().from(sandboxUpsShipments).where(like(sandboxUpsShipments.packages, `%"${n}"%`)).get(),
    async updateShipment(id, set) {
      const { meta } = await db.update(sandboxUpsShipments).set(set).where(and(eq(sandboxUpsShipments.shipmentId, id), isNull(sandboxUpsShipments.voidedAt))).run();
      return meta.changes === 1;
    },
    async addPickup(row) {
      await db.insert(sandboxUpsPickups).values(row).run();
    },
    pickup: (prn) => db.select().from(sandboxUpsPickups).where(eq(sandboxUpsPickups.prn, prn)).get(),
    async cancelPickup(prn, at) {
      await db.update(sandboxUpsPickups).set({ cancelledAt: at }).where(and(eq(sandboxUpsPickups.prn, prn), isNull(sandboxUpsPickups.cancelledAt))).run();
    },
  };
}

export function memoryUpsStore(): UpsSandboxStore {
  const shipments = new Map<string, Row>();
  const pickups = new Map<string, PickupRow>();
  const labels = new Map<string, string[]>();
  return {
    shipmentsOfReference: async (reference) => [...shipments.values()].filter((r) => r.reference?.includes(reference)),
    async keepLabels(id, list) {
      labels.set(id, list);
    },
    labels: async (id) => labels.get(id) ?? null,
    async addShipment(row) {
      shipments.set(row.shipmentId, { ...row });
    },
    shipment: async (id) => shipments.get(id),
    shipmentOfPackage: async (n) => [...shipments.values()].find((r) => (JSON.parse(r.packages) as string[]).includes(n)),
    async updateShipment(id, set) {
      const row = shipments.get(id);
      if (!row || row.voidedAt) return false;
      Object.assign(row, set);
      return true;
    },
    async addPickup(row) {
      pickups.set(row.prn, { ...row });
    },
    pickup: async (prn) => pickups.get(prn),
    async cancelPickup(prn, at) {
      const row = pickups.get(prn);
      if (row && !row.cancelledAt) row.cancelledAt = at;
    },
  };
}
type Activity = { type: string; code: string; statusCode: string; description: string; at: number; city: string };

/** a shipment's story: manifest, the driver's pickup, the hub that evening, out for delivery and delivered the next morning */
function activities(row: Row, now: number): Activity[] {
  const created = Date.parse(row.createdAt);
  const picked = row.pickedUpAt ? Date.parse(row.pickedUpAt) : dailyPickup(row.createdAt);
  const list: Activity[] = [{ type: 'M', code: 'MP', statusCode: '003', description: 'Shipper created a label, UPS has not received the package yet.', at: created, city: row.fromCity }];
  if (row.voidedAt) list.push({ type: 'MV', code: 'MV', statusCode: '004', description: 'The shipment has been voided.', at: Date.parse(row.voidedAt), city: row.fromCity });
  else {
    list.push(
      { type: 'P', code: 'PU', statusCode: '038', description: 'Pickup Scan', at: picked, city: row.fromCity },
      { type: 'I', code: 'DP', statusCode: '005', description: 'Departed from Facility', at: picked + 4 * HOUR, city: row.fromCity },
    );
    if (row.reference?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ type: 'NA', code: 'ZZ', statusCode: '999', description: 'Sandbox: an activity type outside the table', at: picked + 5 * HOUR, city: row.fromCity });
    list.push(
      { type: 'O', code: 'OT', statusCode: '021', description: 'Out For Delivery Today', at: picked + 18 * HOUR, city: row.toCity },
      { type: 'D', code: 'KB', statusCode: '011', description: 'Delivered', at: picked + 22 * HOUR, city: row.toCity },
    );
  }
  return list.filter((a) => a.at <= now).sort((a, b) => b.at - a.at);
}

/** the higher of real and volumetric weight (5000 cm³/kg), each package rounded up to half a kilogram */
const billingWeight = (packages: { PackageWeight: { Weight: string }; Dimensions: { Length: string; Width: string; Height: string } }[]) =>
  packages.reduce((sum, p) => sum + Math.ceil(2 * Math.max(Number(p.PackageWeight.Weight), (Number(p.Dimensions.Length) * Number(p.Dimensions.Width) * Number(p.Dimensions.Height)) / 5000)) / 2, 0);

const pad = (n: number) => String(n).padStart(2, '0');
function upsActivity(a: Activity) {
  const d = new Date(a.at);
  const date = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return {
    date,
    time,
    gmtDate: date,
    gmtTime: `${d.getUTCHours()}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
    gmtOffset: '+00:00',
    location: { address: { city: a.city, countryCode: 'CZ' } },
    status: { type: a.type, code: a.code, statusCode: a.statusCode, description: a.description },
  };
}

/** the sandbox's labels of a shipment as UPS's label recovery gives them in PDF: one document, a 4×6 in page per package */
async function labelsPdf(pngs: string[]): Promise<string> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const image = await doc.embedPng(Uint8Array.from(atob(png), (c) => c.charCodeAt(0)));
    doc.addPage([288, 432]).drawImage(image, { x: 0, y: 0, width: 288, height: 432 });
  }
  const bytes = await doc.save();
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function upsSandbox(storeOf: (env: OriginEnv['Bindings']) => UpsSandboxStore = (env) => d1UpsStore(env.DB, env.FILES)) {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => storeOf(c.env);

  app.post('/security/v1/oauth/token', async (c) => {
    const [, basic] = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '') ?? [];
    let credentials = '';
    try {
      credentials = basic ? atob(basic) : '';
    } catch {
      credentials = '';
    }
    if (credentials !== `${UPS_SANDBOX_CLIENT_ID}:${UPS_SANDBOX_CLIENT_SECRET}`) return failure(c, 401, '10401', 'ClientId is Invalid');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== 'client_credentials') return failure(c, 400, '10400', 'Invalid/Missing grant_type');
    const issued = Date.now();
    return c.json({
      token_type: 'Bearer',
      issued_at: String(issued),
      client_id: UPS_SANDBOX_CLIENT_ID,
      access_token: await signToken(Math.floor(issued / 1000) + UPS_TOKEN_SECONDS),
      scope: '',
      expires_in: String(UPS_TOKEN_SECONDS),
      refresh_count: '0',
      status: 'approved',
    });
  });

  // every API call carries a Bearer token of ours
  app.use('/api/*', async (c, next) => {
    if (!(await tokenValid(c.req.header('authorization'), Date.now()))) return failure(c, 401, '250002', 'Invalid Authentication Information.');
    await next();
  });

  const versioned = (c: Context) => c.req.param('version') === UPS_API_VERSION;

  app.post('/api/shipments/:version/ship', async (c) => {
    if (!versioned(c)) return failure(c, 400, '10001', 'Unsupported API version.');
    const parsed = v.safeParse(shipmentRequest, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      return failure(c, 400, '120100', `Missing or invalid data: ${v.getDotPath(issue) ?? 'ShipmentRequest'} (${issue.message})`);
    }
    const s = parsed.output.ShipmentRequest.Shipment;
    const reference = s.ReferenceNumber?.map((r) => r.Value).join(' ') ?? null;
    if (reference?.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, '10503', 'The service is temporarily unavailable.');
    if (s.Shipper.ShipperNumber !== UPS_SANDBOX_ACCOUNT || s.PaymentInformation.ShipmentCharge[0]?.BillShipper.AccountNumber !== UPS_SANDBOX_ACCOUNT) return failure(c, 400, '120102', 'Invalid Shipper Number.');
    if (!['11', '65', '07', '08', '54'].includes(s.Service.Code)) return failure(c, 400, '121211', 'Invalid or missing Service Code.');
    if (s.Package.some((p) => Number(p.PackageWeight.Weight) > 70)) return failure(c, 400, '120541', 'The maximum per package weight for the selected service is 70 kg.');
    if (s.ShipmentServiceOptions?.COD && s.Service.Code !== '11') return failure(c, 400, '121139', 'COD is not available for the requested service.');
    const numbers = s.Package.map(() => newOneZ(UPS_SANDBOX_ACCOUNT, s.Service.Code));
    const codAmount = s.ShipmentServiceOptions?.COD?.CODAmount;
    const cod = codAmount ? `${codAmount.MonetaryValue} ${codAmount.CurrencyCode}` : null;
    // the barcode code loads on demand, with the documents' (it is not in the worker's start-up chunk)
    const { sandboxLabelPng } = await import('./sandbox-label');
    const place = (p: typeof s.ShipTo) => [p.Name, ...(p.AttentionName && p.AttentionName !== p.Name ? [p.AttentionName] : []), ...p.Address.AddressLine, `${p.Address.PostalCode ?? ''} ${p.Address.City}`.trim(), p.Address.CountryCode];
    const labels = await Promise.all(
      numbers.map((n, i) =>
        sandboxLabelPng(n, {
          from: place(s.ShipFrom ?? s.Shipper),
          to: place(s.ShipTo),
          service: `UPS ${UPS_SERVICE_NAMES[s.Service.Code] ?? s.Service.Code}`,
          pkg: `${i + 1} OF ${numbers.length}`,
          weight: `${s.Package[i]!.PackageWeight.Weight} KG`,
          reference: s.ReferenceNumber?.[0]?.Value ?? null,
          cod,
        }),
      ),
    );
    await db(c).addShipment({ shipmentId: numbers[0]!, packages: JSON.stringify(numbers), reference, cod, fromCity: s.Shipper.Address.City, toCity: s.ShipTo.Address.City, createdAt: new Date().toISOString(), pickedUpAt: null, voidedAt: null });
    await db(c).keepLabels(numbers[0]!, labels);
    // booked, and the answer is lost on its way back, as behind a gateway that timed out
    if (reference?.includes(SANDBOX_LOSE_ANSWER)) return c.text('upstream request timeout', 504);
    return c.json({
      ShipmentResponse: {
        Response: success,
        ShipmentResults: {
          // UPS's definition: a weight string of exactly 8 characters
          BillingWeight: { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: billingWeight(s.Package).toFixed(1).padStart(8, '0') },
          ShipmentIdentificationNumber: numbers[0]!,
          PackageResults: numbers.map((n, i) => ({ TrackingNumber: n, ShippingLabel: { ImageFormat: { Code: 'PNG', Description: 'PNG' }, GraphicImage: labels[i]! } })),
        },
      },
    });
  });

  app.delete('/api/shipments/:version/void/cancel/:id', async (c) => {
    if (!versioned(c)) return failure(c, 400, '10001', 'Unsupported API version.');
    const id = c.req.param('id');
    if (!isValidOneZ(id)) return failure(c, 400, '190101', 'Invalid shipment identification number.');
    const row = await db(c).shipment(id);
    if (!row) return failure(c, 400, '190102', 'No shipment found with this identification number.');
    if (row.voidedAt) return failure(c, 400, '190117', 'The shipment has already been voided.');
    if (activities(row, Date.now()).some((a) => a.type === 'P')) return failure(c, 400, '190118', 'The shipment has been picked up and can no longer be voided.');
    await db(c).updateShipment(id, { voidedAt: new Date().toISOString() });
    return c.json({ VoidShipmentResponse: { Response: success, SummaryResult: { Status: { Code: '1', Description: 'Voided' } } } });
  });

  app.get('/api/track/v1/details/:inquiryNumber', async (c) => {
    if (!c.req.header('transId') || !c.req.header('transactionSrc')) return failure(c, 400, 'TW0001', 'Missing transId or transactionSrc header.');
    const number = c.req.param('inquiryNumber');
    if (!isValidOneZ(number)) return failure(c, 400, 'TV1002', 'Invalid inquiry number');
    const row = await db(c).shipmentOfPackage(number);
    if (!row) return failure(c, 404, 'TW0001', 'Tracking Information Not Found');
    const list = activities(row, Date.now()).map(upsActivity);
    const packages = JSON.parse(row.packages) as string[];
    return c.json({
      trackResponse: {
        shipment: [{ inquiryNumber: number, package: [{ trackingNumber: number, packageCount: packages.length, currentStatus: list[0]?.status, activity: list }] }],
      },
    });
  });

  app.get('/api/track/v1/reference/details/:referenceNumber', async (c) => {
    if (!c.req.header('transId') || !c.req.header('transactionSrc')) return failure(c, 400, 'TW0001', 'Missing transId or transactionSrc header.');
    const reference = c.req.param('referenceNumber');
    const shipper = c.req.query('shipperNum');
    const rows = shipper && shipper !== UPS_SANDBOX_ACCOUNT ? [] : await db(c).shipmentsOfReference(reference);
    if (rows.length === 0) return failure(c, 404, 'TW0001', 'Tracking Information Not Found');
    const now = Date.now();
    const packages = rows.flatMap((row) => (JSON.parse(row.packages) as string[]).map((n, _, all) => ({ trackingNumber: n, packageCount: all.length, activity: activities(row, now).map(upsActivity) })));
    return c.json({ trackResponse: { shipment: [{ inquiryNumber: reference, package: packages }] } });
  });

  app.post('/api/labels/:version/recovery', async (c) => {
    if (!['v1', 'v1701', 'v1903'].includes(c.req.param('version'))) return failure(c, 400, '10001', 'Unsupported API version.');
    const parsed = v.safeParse(labelRecoveryRequest, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      return failure(c, 400, '120100', `Missing or invalid data: ${v.getDotPath(issue) ?? 'LabelRecoveryRequest'} (${issue.message})`);
    }
    const r = parsed.output.LabelRecoveryRequest;
    const row = await db(c).shipmentOfPackage(r.TrackingNumber);
    const pngs = row && !row.voidedAt ? await db(c).labels(row.shipmentId) : null;
    if (!row || !pngs) return failure(c, 400, '120900', 'No label found for the tracking number.');
    if (r.LabelSpecification.LabelImageFormat.Code !== 'PDF') return failure(c, 400, '120901', 'The sandbox recovers labels as PDF only.');
    const numbers = JSON.parse(row.packages) as string[];
    const pdf = await labelsPdf(pngs);
    return c.json({
      LabelRecoveryResponse: {
        Response: { ...success, ...(r.Request.TransactionReference ? { TransactionReference: r.Request.TransactionReference } : {}) },
        ShipmentIdentificationNumber: row.shipmentId,
        // in PDF, the first package's result carries the one document of all the labels
        LabelResults: numbers.map((n, i) => ({ TrackingNumber: n, ...(i === 0 ? { LabelImage: { LabelImageFormat: { Code: 'PDF' }, GraphicImage: pdf } } : {}) })),
      },
    });
  });

  app.post('/api/pickupcreation/:version/pickup', async (c) => {
    if (!versioned(c)) return failure(c, 400, '10001', 'Unsupported API version.');
    const parsed = v.safeParse(pickupCreationRequest, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      return failure(c, 400, '9500500', `Missing or invalid data: ${v.getDotPath(issue) ?? 'PickupCreationRequest'} (${issue.message})`);
    }
    const r = parsed.output.PickupCreationRequest;
    if (r.SpecialInstruction?.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, '10503', 'The service is temporarily unavailable.');
    if (r.Shipper.Account.AccountNumber !== UPS_SANDBOX_ACCOUNT) return failure(c, 400, '9500501', 'Invalid account number.');
    const d = r.PickupDateInfo.PickupDate;
    const date = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    if (date < pragueNow(new Date()).date) return failure(c, 400, '9510120', 'The pickup date is in the past.');
    if (r.PickupDateInfo.CloseTime <= r.PickupDateInfo.ReadyTime) return failure(c, 400, '9510124', 'The close time must be later than the ready time.');
    const prn = newPrn();
    await db(c).addPickup({ prn, pickupDate: date, cancelledAt: null });
    return c.json({ PickupCreationResponse: { Response: success, PRN: prn, RateStatus: { Code: '01', Description: 'Rate not available' } } });
  });

  app.delete('/api/shipments/:version/pickup/:cancelBy', async (c) => {
    if (!versioned(c)) return failure(c, 400, '10001', 'Unsupported API version.');
    const prn = c.req.header('Prn');
    if (c.req.param('cancelBy') !== '02' || !prn) return failure(c, 400, '9510001', 'Cancel by PRN (02) with the Prn header.');
    const row = await db(c).pickup(prn);
    if (!row || row.cancelledAt) return failure(c, 400, '9510113', 'No pending pickup found for this PRN.');
    if (row.pickupDate < pragueNow(new Date()).date) return failure(c, 400, '9510114', 'The pickup has already taken place.');
    await db(c).cancelPickup(prn, new Date().toISOString());
    return c.json({ PickupCancelResponse: { Response: success, PickupType: '01' } });
  });

  // sandbox only (not UPS's): the driver scans the shipment now, or `hoursAgo` (its story moves on that far), as a test or a demo needs
  app.post('/_driver/pickup-scan/:id', async (c) => {
    const row = await db(c).shipment(c.req.param('id'));
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    return (await db(c).updateShipment(row.shipmentId, { createdAt, pickedUpAt: new Date(at).toISOString() })) ? c.body(null, 204) : c.notFound();
  });

  return app;
}
