import { and, eq, isNull, like } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxFedexDocuments, sandboxFedexPickups, sandboxFedexShipments } from '../../db/schema';
import { base64url, hmacSha256, timingSafeEqualText } from '../../identity/crypto';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { cancelRequest, pickupCancelRequest, pickupRequest, referenceTrackRequest, shipmentRequest, trackRequest, uploadDocument } from './schemas';
import { FEDEX_SANDBOX_ACCOUNT, FEDEX_SANDBOX_CLIENT_ID, FEDEX_SANDBOX_CLIENT_SECRET } from './sandbox-account';
export { FEDEX_SANDBOX_ACCOUNT, FEDEX_SANDBOX_CLIENT_ID, FEDEX_SANDBOX_CLIENT_SECRET } from './sandbox-account';

/**
 * FedEx's REST APIs as the sandbox speaks them (local development and tests only; mounted under
 * /_sandbox/carriers/fedex): OAuth client credentials (form-encoded), Bearer tokens after it,
 * FedEx's error shape, 12-digit tracking numbers with FedEx's check digit (master and child
 * numbers of a multi-piece shipment), a 4×6 PDF label per package, cancel until the courier's
 * pickup scan, scan events that move over time, pickups by confirmation code, and the Trade
 * Documents Upload of an ETD commercial invoice, whose document id a shipment must reference.
 */
/** FedEx's tokens live an hour */
export const FEDEX_TOKEN_SECONDS = 3_599;
/** the sandbox's pickup location (FedEx answers the station that will collect) */
export const FEDEX_SANDBOX_LOCATION = 'PRGA';
/** the sandbox's reference that makes a shipment report a scan type outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';
/** the largest file the upload takes (FedEx: 5 MB per document) */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const DOCUMENT_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/tiff', 'text/plain', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
const SERVICE_NAMES: Record<string, string> = {
  FEDEX_INTERNATIONAL_PRIORITY: 'INTL PRIORITY',
  INTERNATIONAL_PRIORITY: 'INTL PRIORITY',
  INTERNATIONAL_ECONOMY: 'INTL ECONOMY',
  FEDEX_INTERNATIONAL_CONNECT_PLUS: 'INTL CONNECT PLUS',
};
const HOUR = 3_600_000;
const EU = new Set('at be bg hr cy cz dk ee fi fr de gr hu ie it lv lt lu mt nl pl pt ro sk si es se'.toUpperCase().split(' '));

/** the check digit of a 12-digit FedEx Express number: weights 1, 3, 7 from the right, sum mod 11 mod 10 */
export function fedexCheckDigit(body: string): number {
  const weights = [1, 3, 7];
  const sum = [...body].reverse().reduce((s, c, i) => s + Number(c) * weights[i % 3]!, 0);
  return (sum % 11) % 10;
}
export const isValidFedexNumber = (n: string) => /^\d{12}$/.test(n) && fedexCheckDigit(n.slice(0, 11)) === Number(n[11]);

const randomDigits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
function newTrackingNumber(): string {
  const body = `7${randomDigits(10)}`;
  return `${body}${fedexCheckDigit(body)}`;
}

/** the courier collects a shipment at the daily pickup: the same working day when booked before 12:00 Prague time, else the next, at 15:00 UTC */
export function dailyPickup(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < '12:00' ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T15:00:00.000Z`), Date.parse(createdAt));
}

const transactionId = () => crypto.randomUUID();
const failure = (c: Context, status: 400 | 401 | 403 | 404 | 422 | 503, code: string, message: string) => c.json({ transactionId: transactionId(), errors: [{ code, message }] }, status);

const tokenKey = `fedex-sandbox:${FEDEX_SANDBOX_CLIENT_SECRET}`;
async function signToken(expires: number): Promise<string> {
  const payload = `${FEDEX_SANDBOX_CLIENT_ID}.${expires}`;
  return `${base64url(new TextEncoder().encode(payload))}.${base64url(await hmacSha256(tokenKey, payload))}`;
}
async function tokenValid(header: string | undefined, now: number): Promise<boolean> {
  const [, token] = /^Bearer (.+)$/i.exec(header ?? '') ?? [];
  const [payload64, mac] = token?.split('.') ?? [];
  if (!payload64 || !mac) return false;
  let payload: string;
  try {
    payload = atob(payload64.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return false;
  }
  return timingSafeEqualText(base64url(await hmacSha256(tokenKey, payload)), mac) && Number(payload.split('.').pop()) * 1000 > now;
}

type Row = typeof sandboxFedexShipments.$inferSelect;
type Scan = { type: string; description: string; at: number; city: string };

/** a shipment's story: label created, the courier's pickup, departure, transit, arrival, out for delivery and delivered the next morning */
function scans(row: Row, now: number): Scan[] {
  const created = Date.parse(row.createdAt);
  const picked = row.pickedUpAt ? Date.parse(row.pickedUpAt) : dailyPickup(row.createdAt);
  const list: Scan[] = [{ type: 'OC', description: 'Shipment information sent to FedEx', at: created, city: row.fromCity }];
  if (row.cancelledAt) list.push({ type: 'CA', description: 'Shipment cancelled by sender', at: Date.parse(row.cancelledAt), city: row.fromCity });
  else {
    list.push({ type: 'PU', description: 'Picked up', at: picked, city: row.fromCity }, { type: 'DP', description: 'Left FedEx origin facility', at: picked + 4 * HOUR, city: row.fromCity });
    if (row.reference?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ type: 'ZZ', description: 'Sandbox: a scan type outside the table', at: picked + 5 * HOUR, city: row.fromCity });
    list.push(
      { type: 'IT', description: 'In transit', at: picked + 8 * HOUR, city: row.fromCity },
      { type: 'AR', description: 'Arrived at FedEx location', at: picked + 15 * HOUR, city: row.toCity },
      { type: 'OD', description: 'On FedEx vehicle for delivery', at: picked + 18 * HOUR, city: row.toCity },
      { type: 'DL', description: 'Delivered', at: picked + 22 * HOUR, city: row.toCity },
    );
  }
  return list.filter((s) => s.at <= now).sort((a, b) => b.at - a.at);
}

/** a scan as FedEx's Track API gives it: local date-time with its offset (UTC here) */
const scanEvent = (s: Scan) => ({
  date: new Date(s.at).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  eventType: s.type,
  eventDescription: s.description,
  scanLocation: { city: s.city, countryCode: 'CZ' },
});

function trackResult(row: Row, number: string, now: number) {
  const list = scans(row, now);
  const packages = JSON.parse(row.packages) as string[];
  return {
    trackingNumberInfo: { trackingNumber: number, carrierCode: 'FDXE' },
    additionalTrackingInfo: { packageIdentifiers: [{ type: 'CUSTOMER_REFERENCE', values: row.reference ? [row.reference] : [] }], nickname: '', hasAssociatedShipments: packages.length > 1 },
    latestStatusDetail: list[0] ? { code: list[0].type, description: list[0].description } : undefined,
    packageDetails: { count: packages.length, sequenceNumber: packages.indexOf(number) + 1 },
    scanEvents: list.map(scanEvent),
  };
}
const notFound = (number: string) => ({ trackingNumberInfo: { trackingNumber: number }, error: { code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: 'Tracking number cannot be found. Please correct the tracking number and try again.' } });

function store(d1: D1Database) {
  const db = database(d1);
  const s = sandboxFedexShipments;
  return {
    addShipment: (row: Row) => db.insert(s).values(row).run(),
    shipment: (id: string) => db.select().from(s).where(eq(s.masterTrackingNumber, id)).get(),
    shipmentOfPackage: (n: string) => db.select().from(s).where(like(s.packages, `%"${n}"%`)).get(),
    shipmentsOfReference: (reference: string) => db.select().from(s).where(like(s.reference, `%${reference}%`)).all(),
    async update(id: string, set: Partial<Pick<Row, 'createdAt' | 'pickedUpAt' | 'cancelledAt'>>) {
      const { meta } = await db.update(s).set(set).where(and(eq(s.masterTrackingNumber, id), isNull(s.cancelledAt))).run();
      return meta.changes === 1;
    },
    addDocument: (row: typeof sandboxFedexDocuments.$inferSelect) => db.insert(sandboxFedexDocuments).values(row).run(),
    document: (id: string) => db.select().from(sandboxFedexDocuments).where(eq(sandboxFedexDocuments.docId, id)).get(),
    addPickup: (row: typeof sandboxFedexPickups.$inferSelect) => db.insert(sandboxFedexPickups).values(row).run(),
    pickup: (code: string) => db.select().from(sandboxFedexPickups).where(eq(sandboxFedexPickups.code, code)).get(),
    cancelPickup: (code: string, at: string) => db.update(sandboxFedexPickups).set({ cancelledAt: at }).where(and(eq(sandboxFedexPickups.code, code), isNull(sandboxFedexPickups.cancelledAt))).run(),
  };
}

const invalid = (c: Context, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => {
  const issue = issues[0];
  return failure(c, 400, 'INVALID.INPUT.EXCEPTION', `Invalid field value in the input: ${v.getDotPath(issue) ?? 'request'} (${issue.message})`);
};

export function fedexSandbox() {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => store(c.env.DB);

  app.post('/oauth/token', async (c) => {
    if (!(c.req.header('content-type') ?? '').includes('application/x-www-form-urlencoded')) return failure(c, 400, 'UNSUPPORTED.MEDIA.TYPE', 'The request must be form-encoded.');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== 'client_credentials') return failure(c, 400, 'BAD.REQUEST.ERROR', 'Missing or invalid grant_type.');
    if (form.client_id !== FEDEX_SANDBOX_CLIENT_ID || form.client_secret !== FEDEX_SANDBOX_CLIENT_SECRET) return failure(c, 401, 'NOT.AUTHORIZED.ERROR', 'The given client credentials were not valid. Please modify your request and try again.');
    return c.json({ access_token: await signToken(Math.floor(Date.now() / 1000) + FEDEX_TOKEN_SECONDS), token_type: 'bearer', expires_in: FEDEX_TOKEN_SECONDS, scope: 'CXS-TP' });
  });

  // every API call carries a Bearer token of ours
  app.use('*', async (c, next) => {
    if (c.req.path.endsWith('/oauth/token') || c.req.path.includes('/_driver/')) return next();
    if (!(await tokenValid(c.req.header('authorization'), Date.now()))) return failure(c, 401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
    await next();
  });

  app.post('/documents/v1/etds/upload', async (c) => {
    const form = await c.req.parseBody().catch(() => null);
    const raw = typeof form?.document === 'string' ? form.document : null;
    let json: unknown = null;
    try {
      json = raw ? JSON.parse(raw) : null;
    } catch {
      json = null;
    }
    const parsed = v.safeParse(uploadDocument, json);
    if (!parsed.success) return invalid(c, parsed.issues);
    const file = form?.attachment;
    if (!(file instanceof File) || file.size === 0) return failure(c, 400, 'INVALID.INPUT.EXCEPTION', 'The attachment is missing.');
    if (file.size > MAX_DOCUMENT_BYTES) return failure(c, 400, 'DOCUMENT.SIZE.EXCEEDED', 'The document exceeds the maximum size of 5 MB.');
    if (!DOCUMENT_TYPES.has(parsed.output.contentType)) return failure(c, 400, 'DOCUMENT.TYPE.INVALID', `Unsupported content type ${parsed.output.contentType}.`);
    const docId = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
    await db(c).addDocument({ docId, name: parsed.output.name, contentType: parsed.output.contentType, size: file.size, createdAt: new Date().toISOString() });
    return c.json({ output: { meta: { documentType: 'CI', docId, folderId: [`0b${docId.slice(2)}`] } }, customerTransactionId: transactionId() }, 201);
  });

  app.post('/ship/v1/shipments', async (c) => {
    const parsed = v.safeParse(shipmentRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const r = parsed.output;
    const s = r.requestedShipment;
    const references = s.requestedPackageLineItems[0]!.customerReferences?.map((x) => x.value) ?? [];
    const reference = references.join(' ') || null;
    if (reference?.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, 'SERVICE.UNAVAILABLE.ERROR', 'The service is currently unavailable and we are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.');
    if (r.accountNumber.value !== FEDEX_SANDBOX_ACCOUNT || s.shippingChargesPayment.payor?.responsibleParty.accountNumber.value !== FEDEX_SANDBOX_ACCOUNT) return failure(c, 403, 'ACCOUNT.NUMBER.MISMATCH', 'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipping AccountNumber.');
    if (!SERVICE_NAMES[s.serviceType]) return failure(c, 400, 'SERVICE.TYPE.INVALID', `Invalid service type ${s.serviceType}.`);
    if (s.packagingType === 'FEDEX_ENVELOPE' && s.requestedPackageLineItems.some((p) => p.weight.value > 0.5)) return failure(c, 400, 'PACKAGE.WEIGHT.EXCEEDED', 'The FedEx Envelope carries at most 0.5 kg.');
    if (s.requestedPackageLineItems.some((p) => p.weight.value > 68)) return failure(c, 400, 'PACKAGE.WEIGHT.EXCEEDED', 'The package weight exceeds the maximum of 68 kg for the service.');
    if ([s.shipper, ...s.recipients].some((p) => ['US', 'CA'].includes(p.address.countryCode) && !p.address.stateOrProvinceCode)) return failure(c, 400, 'STATEORPROVINCECODE.REQUIRED', 'A state or province code is required for an address in the US or Canada.');
    const from = s.shipper.address.countryCode;
    const to = s.recipients[0]!.address.countryCode;
    if (from !== to && !s.customsClearanceDetail) return failure(c, 400, 'CUSTOMSCLEARANCEDETAIL.REQUIRED', 'Customs clearance detail is required for an international shipment.');
    const etd = s.shipmentSpecialServices?.specialServiceTypes.includes('ELECTRONIC_TRADE_DOCUMENTS') ? s.shipmentSpecialServices.etdDetail : undefined;
    const documents = etd?.attachedDocuments?.map((d) => d.documentId) ?? [];
    for (const id of documents) if (!(await db(c).document(id))) return failure(c, 400, 'ETD.DOCUMENT.NOTFOUND', `The uploaded document ${id} was not found.`);
    if (from !== to && !(EU.has(from) && EU.has(to)) && !etd) return failure(c, 400, 'COMMERCIALINVOICE.REQUIRED', 'A commercial invoice is required for a shipment leaving the EU: upload it (ETD) or request it.');

    const numbers = s.requestedPackageLineItems.map(() => newTrackingNumber());
    const master = numbers[0]!;
    const place = (p: typeof s.shipper) => [p.contact.companyName ?? p.contact.personName ?? '', ...(p.contact.companyName && p.contact.personName ? [p.contact.personName] : []), ...p.address.streetLines, `${p.address.postalCode ?? ''} ${p.address.city}`.trim(), p.address.countryCode];
    const shipDate = s.shipDatestamp ?? pragueNow(new Date()).date;
    // the barcode code loads on demand, with the documents' (it is not in the worker's start-up chunk)
    const { sandboxLabelPdf } = await import('./sandbox-label');
    const labels = await Promise.all(
      numbers.map(async (n, i) => {
        const bytes = await sandboxLabelPdf(n, {
          from: place(s.shipper),
          to: place(s.recipients[0]!),
          service: `${SERVICE_NAMES[s.serviceType]}${s.packagingType === 'FEDEX_ENVELOPE' ? ' ENV' : ''}`,
          shipDate,
          weight: `${s.requestedPackageLineItems[i]!.weight.value} KG`,
          piece: `${i + 1} of ${numbers.length}`,
          master: numbers.length > 1 ? master : null,
          reference: references[1] ?? references[0] ?? null,
        });
        let binary = '';
        for (let j = 0; j < bytes.length; j += 0x8000) binary += String.fromCharCode(...bytes.subarray(j, j + 0x8000));
        return btoa(binary);
      }),
    );
    await db(c).addShipment({
      masterTrackingNumber: master,
      packages: JSON.stringify(numbers),
      reference,
      serviceType: s.serviceType,
      documents: JSON.stringify(documents),
      fromCity: s.shipper.address.city,
      toCity: s.recipients[0]!.address.city,
      createdAt: new Date().toISOString(),
      pickedUpAt: null,
      cancelledAt: null,
    });
    // booked, and the answer is lost on its way back, as behind a gateway that timed out
    if (reference?.includes(SANDBOX_LOSE_ANSWER)) return c.text('upstream request timeout', 504);
    return c.json({
      transactionId: transactionId(),
      output: {
        transactionShipments: [
          {
            masterTrackingNumber: master,
            serviceType: s.serviceType,
            shipDatestamp: shipDate,
            serviceName: `FedEx ${SERVICE_NAMES[s.serviceType]}`,
            pieceResponses: numbers.map((n, i) => ({
              masterTrackingNumber: master,
              trackingNumber: n,
              deliveryDatestamp: null,
              packageDocuments: [{ contentType: 'LABEL', copiesToPrint: 1, docType: 'PDF', encodedLabel: labels[i]! }],
              customerReferences: s.requestedPackageLineItems[i]!.customerReferences ?? [],
            })),
            ...(etd ? { completedShipmentDetail: { completedEtdDetail: { type: 'COMMERCIAL_INVOICE', uploadDocumentReferenceDetails: documents.map((documentId) => ({ documentType: 'COMMERCIAL_INVOICE', documentId })) } } } : {}),
          },
        ],
      },
    });
  });

  app.put('/ship/v1/shipments/cancel', async (c) => {
    const parsed = v.safeParse(cancelRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const r = parsed.output;
    if (r.accountNumber.value !== FEDEX_SANDBOX_ACCOUNT) return failure(c, 403, 'ACCOUNT.NUMBER.MISMATCH', 'The account number does not match the shipment.');
    const row = isValidFedexNumber(r.trackingNumber) ? await db(c).shipment(r.trackingNumber) : undefined;
    if (!row) return failure(c, 404, 'TRACKINGNUMBER.NOTFOUND', 'The tracking number was not found.');
    if (row.cancelledAt) return failure(c, 400, 'SHIPMENT.ALREADY.CANCELLED', 'The shipment has already been cancelled.');
    if (scans(row, Date.now()).some((s) => s.type === 'PU')) return failure(c, 400, 'SHIPMENT.CANCEL.TENDERED', 'The shipment has been tendered to FedEx and can no longer be cancelled.');
    await db(c).update(row.masterTrackingNumber, { cancelledAt: new Date().toISOString() });
    return c.json({ transactionId: transactionId(), output: { cancelledShipment: true, cancelledHistory: true, message: 'Shipment is successfully cancelled' } });
  });

  app.post('/track/v1/trackingnumbers', async (c) => {
    const parsed = v.safeParse(trackRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const now = Date.now();
    const completeTrackResults = await Promise.all(
      parsed.output.trackingInfo.map(async ({ trackingNumberInfo: { trackingNumber } }) => {
        const row = isValidFedexNumber(trackingNumber) ? await db(c).shipmentOfPackage(trackingNumber) : undefined;
        return { trackingNumber, trackResults: [row ? trackResult(row, trackingNumber, now) : notFound(trackingNumber)] };
      }),
    );
    return c.json({ transactionId: transactionId(), output: { completeTrackResults } });
  });

  app.post('/track/v1/referencenumbers', async (c) => {
    const parsed = v.safeParse(referenceTrackRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const info = parsed.output.referencesInformation;
    if (info.accountNumber && info.accountNumber !== FEDEX_SANDBOX_ACCOUNT) return failure(c, 403, 'ACCOUNT.NUMBER.MISMATCH', 'The account number is not valid for this reference.');
    const rows = await db(c).shipmentsOfReference(info.value);
    const now = Date.now();
    const trackResults = rows.flatMap((row) => (JSON.parse(row.packages) as string[]).map((n) => trackResult(row, n, now)));
    return c.json({ transactionId: transactionId(), output: { completeTrackResults: [{ trackingNumber: info.value, trackResults: trackResults.length > 0 ? trackResults : [notFound(info.value)] }] } });
  });

  app.post('/pickup/v1/pickups', async (c) => {
    const parsed = v.safeParse(pickupRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const r = parsed.output;
    if (r.remarks?.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, 'SERVICE.UNAVAILABLE.ERROR', 'The service is currently unavailable. Please check back at a later time.');
    if (r.associatedAccountNumber.value !== FEDEX_SANDBOX_ACCOUNT) return failure(c, 403, 'ACCOUNT.NUMBER.MISMATCH', 'The account number is not valid.');
    const date = r.originDetail.readyDateTimestamp.slice(0, 10);
    const ready = r.originDetail.readyDateTimestamp.slice(11, 16);
    if (date < pragueNow(new Date()).date) return failure(c, 400, 'PICKUP.READYDATE.INVALID', 'The pickup ready date cannot be in the past.');
    if (r.originDetail.customerCloseTime.slice(0, 5) <= ready) return failure(c, 400, 'PICKUP.CLOSETIME.INVALID', 'The customer close time must be later than the ready time.');
    const code = randomDigits(8);
    await db(c).addPickup({ code, location: FEDEX_SANDBOX_LOCATION, scheduledDate: date, cancelledAt: null });
    return c.json({ transactionId: transactionId(), output: { pickupConfirmationCode: code, message: 'Pickup scheduled.', location: FEDEX_SANDBOX_LOCATION } });
  });

  app.put('/pickup/v1/pickups/cancel', async (c) => {
    const parsed = v.safeParse(pickupCancelRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const r = parsed.output;
    if (r.associatedAccountNumber.value !== FEDEX_SANDBOX_ACCOUNT) return failure(c, 403, 'ACCOUNT.NUMBER.MISMATCH', 'The account number is not valid.');
    const row = await db(c).pickup(r.pickupConfirmationCode);
    if (!row || row.cancelledAt || row.scheduledDate !== r.scheduledDate || (r.location && r.location !== row.location)) return failure(c, 404, 'PICKUP.NOTFOUND', 'No scheduled pickup was found for this confirmation code and date.');
    if (row.scheduledDate < pragueNow(new Date()).date) return failure(c, 400, 'PICKUP.CANCEL.PAST', 'The pickup has already taken place.');
    await db(c).cancelPickup(row.code, new Date().toISOString());
    return c.json({ transactionId: transactionId(), output: { pickupConfirmationCode: row.code, cancelConfirmationMessage: 'Requested pickup has been cancelled successfully.' } });
  });

  // sandbox only (not FedEx's): the courier scans the shipment now, or `hoursAgo` (its story moves on that far), as a test or a demo needs
  app.post('/_driver/pickup-scan/:id', async (c) => {
    const row = await db(c).shipment(c.req.param('id'));
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    return (await db(c).update(row.masterTrackingNumber, { createdAt, pickedUpAt: new Date(at).toISOString() })) ? c.body(null, 204) : c.notFound();
  });

  return app;
}
