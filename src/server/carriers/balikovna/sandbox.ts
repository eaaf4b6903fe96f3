import { eq, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxCpostNonces, sandboxCpostParcels } from '../../db/schema';
import type { OriginEnv } from '../../env';
import { base64, hmacSha256, sha256Hex, timingSafeEqualText } from '../../identity/crypto';
import { SANDBOX_CARRIER_DOWN } from '../booking';
import { LABEL_FORM, MAX_PARTS } from './client';
import type { CpostLabel } from './sandbox-label';
import { parcelPrintingRequest, parcelServiceRequest, parcelStatusRequest, type ParcelParams, type StatusItem } from './schemas';
import { CPOST_SANDBOX_API_TOKEN, CPOST_SANDBOX_CUSTOMER_ID, CPOST_SANDBOX_LOCATION, CPOST_SANDBOX_POST_CODE, CPOST_SANDBOX_SECRET_KEY, ZSK_PATH } from './sandbox-account';
export { CPOST_SANDBOX_API_TOKEN, CPOST_SANDBOX_CUSTOMER_ID, CPOST_SANDBOX_LOCATION, CPOST_SANDBOX_POST_CODE, CPOST_SANDBOX_SECRET_KEY, ZSK_PATH } from './sandbox-account';

/**
 * Česká pošta's B2B ZSKService as the sandbox speaks it (local development and tests only;
 * mounted under /_sandbox/carriers/balikovna): the real paths under /restservices/ZSKService/v1,
 * requests signed as Česká pošta checks them (API token, CP-HMAC-SHA256 over the body's hash, a
 * timestamp at most 60 s old, a nonce good once), the definition's error array, parcel codes
 * with their check digit, a PDF label per parcel, parcel states that move over time.
 */
/** a booking note that makes a parcel report a state outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';
/** how old a request's timestamp may be (s) */
export const TIMESTAMP_WINDOW = 60;

const HOUR = 3_600_000;
const LIMITS: Record<string, number> = { NB: 20, DR: 30 };
const PRODUCTS: Record<string, string> = { NB: 'Balíkovna', DR: 'Balík Do ruky' };
const SIZES = new Set(['S', 'M', 'L', 'XL']);

/** the check digit of a domestic parcel code's 9 digits: weights 1 8 6 4 2 3 5 9 7 (S10's 8 6 4 2 3 5 9 7 after a leading 1), mod 11 */
export function cpostCheckDigit(digits: string): number {
  const weights = [1, 8, 6, 4, 2, 3, 5, 9, 7];
  const rest = [...digits].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11;
  return rest === 0 ? 5 : rest === 1 ? 0 : 11 - rest;
}
/** two letters, 9 digits, the check digit and Česká pošta's suffix letter (U) */
export const isValidParcelCode = (code: string) => /^[A-Z]{2}\d{10}[A-Z]$/.test(code) && cpostCheckDigit(code.slice(2, 11)) === Number(code[11]);
const newParcelCode = (prefix: string) => {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => String(b % 10)).join('');
  return `${prefix}${digits}${cpostCheckDigit(digits)}U`;
};

/**
 * Without a counter scan the sender hands the consignment in: the same working day at 14:00 UTC
 * when it was booked before 14:00 Prague time, else the next working day.
 */
export function handInTime(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < '14:00' ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T14:00:00.000Z`), Date.parse(createdAt) + HOUR);
}

type Row = typeof sandboxCpostParcels.$inferSelect;

/** where the sandbox keeps its parcels and seen nonces: D1 in the product, memory in unit tests */
export type CpostSandboxStore = {
  /** false when the nonce was seen before */
  useNonce(nonce: string, now: number): Promise<boolean>;
  addParcels(rows: Row[]): Promise<void>;
  parcel(code: string): Promise<Row | undefined>;
  consignment(main: string): Promise<Row[]>;
  accept(main: string, acceptedAt: string, createdAt: string): Promise<void>;
};

export function d1CpostStore(d1: D1Database): CpostSandboxStore {
  const db = database(d1);
  return {
    async useNonce(nonce, now) {
      await db.delete(sandboxCpostNonces).where(lt(sandboxCpostNonces.seenAt, now - 10 * TIMESTAMP_WINDOW * 1000)).run();
      const inserted = await db.insert(sandboxCpostNonces).values({ nonce, seenAt: now }).onConflictDoNothing().returning().get();
      return inserted !== undefined;
    },
    async addParcels(rows) {
      await db.insert(sandboxCpostParcels).values(rows).run();
    },
    parcel: (code) => db.select().from(sandboxCpostParcels).where(eq(sandboxCpostParcels.parcelCode, code)).get(),
    consignment: (main) => db.select().from(sandboxCpostParcels).where(eq(sandboxCpostParcels.consignment, main)).orderBy(sandboxCpostParcels.sequence).all(),
    async accept(main, acceptedAt, createdAt) {
      await db.update(sandboxCpostParcels).set({ acceptedAt, createdAt }).where(eq(sandboxCpostParcels.consignment, main)).run();
    },
  };
}

export function memoryCpostStore(): CpostSandboxStore {
  const parcels = new Map<string, Row>();
  const nonces = new Set<string>();
  return {
    async useNonce(nonce) {
      if (nonces.has(nonce)) return false;
      nonces.add(nonce);
      return true;
    },
    async addParcels(rows) {
      for (const row of rows) parcels.set(row.parcelCode, { ...row });
    },
    parcel: async (code) => parcels.get(code),
    consignment: async (main) => [...parcels.values()].filter((r) => r.consignment === main).sort((a, b) => a.sequence - b.sequence),
    async accept(main, acceptedAt, createdAt) {
      for (const row of parcels.values()) if (row.consignment === main) Object.assign(row, { acceptedAt, createdAt });
    },
  };
}

type Status = { id: string; text: string; at: number; place: string | null };

/** a parcel's states: data received; handed in; to the delivering office (or the Balíkovna); ready at the point or out for delivery; delivered */
export function statusesOf(row: Row, now: number): Status[] {
  const created = Date.parse(row.createdAt);
  const handed = row.acceptedAt ? Date.parse(row.acceptedAt) : handInTime(row.createdAt);
  const from = `Pošta ${row.fromCity}`;
  const list: Status[] = [
    { id: '-M', text: 'Obdrženy údaje k zásilce.', at: created, place: null },
    { id: '21', text: 'Zásilka převzata do přepravy.', at: handed, place: from },
  ];
  if (row.pointCode) list.push({ id: '-K', text: 'Zásilka je v přepravě do Balíkovny.', at: handed + 4 * HOUR, place: 'Depo Praha 701' });
  else list.push({ id: '-B', text: 'Zásilka je v přepravě na dodací poštu.', at: handed + 4 * HOUR, place: 'Depo Praha 701' });
  if (row.note?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ id: 'BG4', text: '', at: handed + 5 * HOUR, place: null });
  if (row.pointCode) {
    const point = `Balíkovna ${row.pointCode}`;
    list.push({ id: 'P2', text: 'Zásilka je připravena k vyzvednutí v Balíkovně.', at: handed + 18 * HOUR, place: point }, { id: '91', text: 'Zásilka byla vydána adresátovi.', at: handed + 30 * HOUR, place: point });
  } else {
    const to = `Pošta ${row.toCity}`;
    list.push({ id: '53', text: 'Zásilka je v doručování.', at: handed + 18 * HOUR, place: to }, { id: '91', text: 'Zásilka byla doručena adresátovi.', at: handed + 22 * HOUR, place: to });
  }
  return list.filter((s) => s.at <= now);
}

const failure = (c: Context, status: 400 | 401 | 403 | 404 | 503, code: number, message: string) =>
  c.json([{ 'x-request-id': crypto.randomUUID(), code, status: String(status), message, date: new Date().toISOString() }], status);
const OK: StatusItem = { responseCode: 1, responseText: 'OK' };
const state = (responseCode: number, responseText: string): StatusItem => ({ responseCode, responseText });

/** the request's signature as Česká pošta checks it, or why it fails */
async function authFailure(c: Context, body: string, store: CpostSandboxStore): Promise<string | null> {
  if (c.req.header('Api-Token') !== CPOST_SANDBOX_API_TOKEN) return 'Unknown Api-Token.';
  const stamp = c.req.header('Authorization-Timestamp') ?? '';
  const now = Math.floor(Date.now() / 1000);
  if (!/^\d{10}$/.test(stamp) || Number(stamp) > now || now - Number(stamp) > TIMESTAMP_WINDOW) return 'Authorization-Timestamp is missing, in the future or older than 60 seconds.';
  const hash = body ? await sha256Hex(body) : '';
  if ((c.req.header('Authorization-Content-SHA256') ?? '') !== hash) return 'Authorization-Content-SHA256 does not match the body.';
  const [, nonce, signature] = /^CP-HMAC-SHA256\s+nonce="([^"]+)"\s*,?\s*signature="([^"]+)"$/.exec(c.req.header('Authorization')?.trim() ?? '') ?? [];
  if (!nonce || !signature) return 'Authorization is not CP-HMAC-SHA256 nonce="…" signature="…".';
  const expected = base64(await hmacSha256(CPOST_SANDBOX_SECRET_KEY, `${hash};${stamp};${nonce}`));
  if (!timingSafeEqualText(expected, signature)) return 'The signature does not match.';
  if (!(await store.useNonce(nonce, Date.now()))) return 'The nonce has been used before.';
  return null;
}

/** Česká pošta's checks of one parcel of a parcelService request (its error states; none when it is accepted) */
function parcelErrors(p: ParcelParams, services: string[], main: boolean, address: v.InferOutput<typeof parcelServiceRequest>['parcelServiceData']['parcelAddress']): StatusItem[] {
  const errors: StatusItem[] = [];
  if (!PRODUCTS[p.prefixParcelCode]) return [state(103, 'INVALID_PREFIX')];
  const kg = Number(p.weight ?? 0);
  if (!(kg > 0) || kg > LIMITS[p.prefixParcelCode]!) errors.push(state(104, 'INVALID_WEIGHT'));
  if (main) {
    if (!services.includes('7') || !p.insuredValue) errors.push(state(336, 'MISSING_REQUIRED_PRICE'));
    else if (p.insuredValue > 100_000) errors.push(state(105, 'INVALID_PRICE'));
  }
  if (services.includes('41')) {
    if (!p.amount) errors.push(state(124, 'MISSING_AMOUNT'));
    if (!p.vsVoucher) errors.push(state(108, 'MISSING_VS'));
    if (p.currency && !['CZK', 'EUR'].includes(p.currency)) errors.push(state(107, 'INVALID_CURRENCY'));
  }
  if (p.prefixParcelCode === 'DR' && !services.some((s) => SIZES.has(s))) errors.push(state(261, 'MISSING_SIZE_CATEGORY'));
  if (p.prefixParcelCode === 'NB') {
    if (address.address?.street?.toLowerCase() !== 'balíkovna' || !/^\d{5}$/.test(address.address.zipCode ?? '')) errors.push(state(247, 'INVALID_ADDRESS'));
    if (!address.mobilNumber && !address.phoneNumber && !address.emailAddress) errors.push(state(138, 'MISSING_REQUIRED_PHONE_NUMBER_OR_EMAIL'));
  } else {
    if (!address.address?.city || !/^\d{5}$/.test(address.address.zipCode ?? '')) errors.push(state(117, 'UNKNOWN_ZIP_CODE'));
    if (!address.surname && !address.company) errors.push(state(114, 'MISSING_SURNAME'));
  }
  return errors;
}

export function balikovnaSandbox(storeOf: (env: OriginEnv['Bindings']) => CpostSandboxStore = (env) => d1CpostStore(env.DB)) {
  const app = new Hono<OriginEnv>();
  const api = new Hono<OriginEnv>();

  // every call is signed
  api.use('*', async (c, next) => {
    const body = await c.req.text();
    const refused = await authFailure(c, body, storeOf(c.env));
    if (refused) return failure(c, 401, -10, `Unauthorized: ${refused}`);
    await next();
  });

  const invalid = (c: Context, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) =>
    failure(c, 400, -20, `Object instance does not match the schema: ${v.getDotPath(issues[0]) ?? 'body'} (${issues[0].message})`);

  api.post('/parcelService', async (c) => {
    const parsed = v.safeParse(parcelServiceRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const { parcelServiceHeader: header, parcelServiceData: data, multipartParcelData: more = [] } = parsed.output;
    if (data.parcelParams.note?.includes(SANDBOX_CARRIER_DOWN)) return failure(c, 503, -50, 'Service Unavailable');
    const com = header.parcelServiceHeaderCom;
    const parts = [
      { params: data.parcelParams, services: data.parcelServices ?? [] },
      ...more.map((m) => ({ params: m.addParcelData, services: m.addParcelDataServices ?? [] })),
    ];
    const batch: StatusItem[] = [];
    if (com.customerID !== CPOST_SANDBOX_CUSTOMER_ID) batch.push(state(10, 'INVALID_CUSTOMER_ID'));
    if (com.postCode !== CPOST_SANDBOX_POST_CODE) batch.push(state(12, 'INVALID_POST_CODE'));
    if (com.locationNumber !== CPOST_SANDBOX_LOCATION) batch.push(state(11, 'INVALID_LOCATION'));
    if (com.transmissionDate < pragueNow().date) batch.push(state(13, 'INVALID_TRANSMISSION_DATE'));
    const multipart = parts.length > 1;
    const perParcel = parts.map(({ params, services }, i) => {
      const errors = parcelErrors(params, services, i === 0, data.parcelAddress);
      if (multipart && (!services.includes('70') || params.sequenceParcel !== i + 1 || params.quantityParcel !== parts.length || params.prefixParcelCode !== 'DR' || parts.length > MAX_PARTS)) errors.push(state(112, 'ILLEGAL_COMBINATION_SERVICE'));
      return errors;
    });
    if (batch.length || perParcel.some((e) => e.length)) {
      return c.json({
        responseHeader: {
          resultHeader: state(19, 'BATCH_INVALID'),
          resultParcelData: parts.map(({ params }, i) => ({ recordNumber: params.recordID, parcelCode: '', parcelStateResponse: [...(i === 0 ? batch : []), ...perParcel[i]!] })),
        },
      });
    }

    const prefix = data.parcelParams.prefixParcelCode;
    const codes = parts.map(() => newParcelCode(prefix));
    const address = data.parcelAddress;
    const sender = header.senderAddress;
    const name = [address.firstName, address.surname].filter(Boolean).join(' ');
    const pointCode = prefix === 'NB' ? (address.address?.zipCode ?? null) : null;
    const street = (a: { street?: string; houseNumber?: string; sequenceNumber?: string }) => [a.street, [a.houseNumber, a.sequenceNumber].filter(Boolean).join('/')].filter(Boolean).join(' ');
    const addressee = pointCode
      ? [name, `BALÍKOVNA ${pointCode}`, address.mobilNumber ?? address.emailAddress ?? '']
      : [address.company ?? '', name, street(address.address ?? {}), `${address.address?.zipCode ?? ''} ${address.address?.city ?? ''}`.trim()].filter(Boolean);
    const labels: CpostLabel[] = parts.map(({ params, services }, i) => ({
      parcelCode: codes[i]!,
      product: `${PRODUCTS[prefix]} (${prefix})`,
      sender: sender ? [sender.companyName, street(sender), `${sender.zipCode} ${sender.city}`] : [`Podací místo ${com.locationNumber ?? 1}`],
      addressee,
      weight: params.weight ?? '',
      part: multipart ? `${i + 1}/${parts.length}` : null,
      cod: params.amount ? `${params.amount} ${params.currency ?? 'CZK'} · VS ${params.vsVoucher ?? ''}` : null,
      declared: params.insuredValue ? `${params.insuredValue} Kč` : null,
      services,
      note: params.note ?? null,
    }));
    const createdAt = new Date().toISOString();
    await storeOf(c.env).addParcels(
      parts.map(({ params }, i) => ({
        parcelCode: codes[i]!,
        consignment: codes[0]!,
        recordId: params.recordID,
        prefix,
        sequence: i + 1,
        quantity: parts.length,
        note: data.parcelParams.note ?? null,
        pointCode,
        fromCity: sender?.city ?? 'Praha',
        toCity: address.address?.city ?? (pointCode ? `Balíkovna ${pointCode}` : ''),
        label: JSON.stringify(labels[i]),
        createdAt,
        acceptedAt: null,
      })),
    );
    const printed = header.printParams ? await labelFile(labels) : null;
    return c.json({
      responseHeader: {
        resultHeader: OK,
        resultParcelData: parts.map(({ params }, i) => ({ recordNumber: params.recordID, parcelCode: codes[i]!, parcelStateResponse: [OK] })),
        ...(printed ? { responsePrintParams: { file: printed, printParamsResponse: [OK] } } : {}),
      },
    });
  });

  api.post('/parcelPrinting', async (c) => {
    const parsed = v.safeParse(parcelPrintingRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const { printingHeader, printingData } = parsed.output;
    const answer = (status: StatusItem, file?: string) => c.json({ printingHeaderResult: { printingHeader, printingStatusResponse: status }, ...(file ? { printingDataResult: file } : {}) });
    if (printingHeader.customerID !== CPOST_SANDBOX_CUSTOMER_ID) return answer(state(10, 'INVALID_CUSTOMER_ID'));
    if ((printingHeader.idForm ?? 20) !== LABEL_FORM) return answer(state(378, 'INVALID_PREFIX_COMBINATION'));
    const rows = await Promise.all(printingData.map((code) => storeOf(c.env).parcel(code)));
    if (rows.some((r) => !r)) return answer(state(100, 'INVALID_PARCEL_CODE'));
    return answer(OK, await labelFile(rows.map((r) => JSON.parse(r!.label) as CpostLabel)));
  });

  api.post('/parcelStatus', async (c) => {
    const parsed = v.safeParse(parcelStatusRequest, await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, parsed.issues);
    const now = Date.now();
    const rows = (await Promise.all(parsed.output.parcelIds.map((code) => storeOf(c.env).parcel(code)))).filter((r): r is Row => r !== undefined);
    if (!rows.length) return failure(c, 404, -40, 'Parcel not found.');
    return c.json({
      detail: rows.map((row) => ({
        idParcel: row.parcelCode,
        parcelType: row.prefix,
        parcelsQuantity: row.quantity,
        countryOfOrigin: 'CZ',
        countryOfDestination: 'CZ',
        parcelStatuses: statusesOf(row, now).map((s) => ({ id: s.id, date: new Date(s.at).toISOString(), text: s.text, ...(s.place ? { name: s.place } : {}) })),
      })),
    });
  });

  app.route(ZSK_PATH, api);

  // sandbox only (not Česká pošta's): the post office accepts the consignment now, or `hoursAgo` (its states move on that far)
  app.post('/_post-office/acceptance-scan/:code', async (c) => {
    const row = await storeOf(c.env).parcel(c.req.param('code'));
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    await storeOf(c.env).accept(row.consignment, new Date(at).toISOString(), createdAt);
    return c.body(null, 204);
  });

  return app;
}

/** the labels' PDF (the label code loads on demand, with the documents': it is not in the worker's start-up chunk) */
async function labelFile(labels: CpostLabel[]): Promise<string> {
  const { sandboxLabelPdf } = await import('./sandbox-label');
  return sandboxLabelPdf(labels, new Date());
}
