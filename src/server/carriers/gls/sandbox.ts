import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, isWorkingDay, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxGlsParcels } from '../../db/schema';
import { timingSafeEqualText } from '../../identity/crypto';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { glsPasswordHash, msOfWcf } from './client';
import { deleteLabelsRequest, parcelListRequest, parcelStatusesRequest, printLabelsRequest, type GlsParcel } from './schemas';
import { GLS_SANDBOX } from './sandbox-account';
export { GLS_SANDBOX } from './sandbox-account';

/**
 * MyGLS (GLS CZ and GLS SK) as the sandbox speaks it (local development and tests only; mounted
 * under /_sandbox/carriers/gls/{cz|sk}, one MyGLS instance per country as api.mygls.cz and
 * api.mygls.sk): POST JSON to /ParcelService.svc/json/<method>, the user and the SHA-512 of its
 * password in every body, errors in the method's error list with HTTP 200, a ParcelId and an
 * 11-digit parcel number per piece, Thermo PDF labels (a page a piece), DeleteLabels until GLS's
 * first scan, statuses in GLS's codes that move over time, GetParcelList by print date.
 */
/** a booking whose reference contains this reports a status code outside our table (tests, demos) */
export const SANDBOX_UNKNOWN_STATUS = 'SANDBOX-UNKNOWN-STATUS';
/** the sandbox's (and GLS's, Appendix A) error codes */
export const GLS_ERRORS = { unauthorized: -1, notExists: 4, notPrinted: 6, validation: 13, notFound: 26, printerType: 34 } as const;

const HOUR = 3_600_000;
type Country = keyof typeof GLS_SANDBOX;
type Row = typeof sandboxGlsParcels.$inferSelect;

/** the check digit GLS prints after a parcel number: weights 3 and 1 from the right, to a multiple of ten */
export function glsCheckDigit(number: string): number {
  const sum = [...number].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

const randomDigits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
/** GLS CZ/SK parcel numbers: 11 digits (the check digit is printed only) */
const newParcelNumber = () => `${1 + (crypto.getRandomValues(new Uint8Array(1))[0]! % 9)}${randomDigits(10)}`;

/** GLS's daily pickup takes a parcel the same working day when printed before 13:00 Prague time, else the next one, at 15:00 UTC */
export function dailyPickup(createdAt: string): number {
  const { date, time } = pragueNow(new Date(createdAt));
  const day = isWorkingDay(date, 'cz') && time < '13:00' ? date : addWorkingDays(date, 1, 'cz');
  return Math.max(Date.parse(`${day}T15:00:00.000Z`), Date.parse(createdAt));
}

type Status = { code: string; description: string; at: number; city: string };

/** a parcel's story in GLS's codes: data entered, handed over, the hubs, out for delivery (or the ParcelShop) and delivered */
export function statusesOf(row: Row, now: number): Status[] {
  const list: Status[] = [{ code: '51', description: 'The parcel data was entered into the GLS IT system; the parcel was not yet handed over to GLS.', at: Date.parse(row.createdAt), city: row.fromCity }];
  if (!row.deletedAt) {
    const picked = row.pickedUpAt ? Date.parse(row.pickedUpAt) : dailyPickup(row.createdAt);
    list.push(
      { code: '1', description: 'The parcel was handed over to GLS.', at: picked, city: row.fromCity },
      { code: '2', description: 'The parcel has left the parcel center.', at: picked + 3 * HOUR, city: row.fromCity },
    );
    if (row.content?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ code: '99', description: 'Sandbox: a status outside the table', at: picked + 4 * HOUR, city: row.fromCity });
    list.push({ code: '3', description: 'The parcel has reached the parcel center.', at: picked + 12 * HOUR, city: row.toCity });
    if (row.parcelShop) {
      list.push(
        { code: '55', description: 'The parcel has been delivered at the ParcelShop.', at: picked + 18 * HOUR, city: row.toCity },
        { code: '5', description: 'The parcel has been delivered.', at: picked + 26 * HOUR, city: row.toCity },
      );
    } else {
      list.push(
        { code: '4', description: 'The parcel is expected to be delivered during the day.', at: picked + 16 * HOUR, city: row.toCity },
        { code: '5', description: 'The parcel has been delivered.', at: picked + 21 * HOUR, city: row.toCity },
      );
    }
  }
  return list.filter((s) => s.at <= now).sort((a, b) => b.at - a.at);
}

function d1GlsStore(d1: D1Database) {
  const db = database(d1);
  const t = sandboxGlsParcels;
  return {
    async add(rows: Row[]) {
      await db.insert(t).values(rows).run();
    },
    pieces: (mainParcelId: number) => db.select().from(t).where(eq(t.mainParcelId, mainParcelId)).orderBy(t.parcelId).all(),
    byId: (parcelId: number) => db.select().from(t).where(eq(t.parcelId, parcelId)).get(),
    byNumber: (country: string, parcelNumber: string) => db.select().from(t).where(and(eq(t.country, country), eq(t.parcelNumber, parcelNumber))).get(),
    printedBetween: (country: string, clientNumber: number, from: string, to: string) =>
      db.select().from(t).where(and(eq(t.country, country), eq(t.clientNumber, clientNumber), gte(t.createdAt, from), lte(t.createdAt, to), isNull(t.deletedAt))).orderBy(t.parcelId).all(),
    async update(mainParcelId: number, set: Partial<Pick<Row, 'createdAt' | 'pickedUpAt' | 'deletedAt'>>) {
      const { meta } = await db.update(t).set(set).where(and(eq(t.mainParcelId, mainParcelId), isNull(t.deletedAt))).run();
      return meta.changes > 0;
    },
  };
}

const error = (code: number, description: string, extra: { ClientReferenceList?: string[]; ParcelIdList?: number[] } = {}) => ({ ErrorCode: code, ErrorDescription: description, ClientReferenceList: extra.ClientReferenceList ?? [], ParcelIdList: extra.ParcelIdList ?? [] });

/** what the sandbox refuses of a parcel, as MyGLS's validation does (code 13, the field in the description) */
function refusalOf(p: GlsParcel, clientNumber: number): string | null {
  if (p.ClientNumber !== clientNumber) return 'ClientNumber: not a client number of this user';
  const props = p.ParcelPropertyList ?? [];
  if (props.length > 0 && props.length !== p.Count) return 'ParcelPropertyList: one item per piece (Count) is required';
  if (props.some((x) => x.Weight > 40)) return 'ParcelPropertyList.Weight: a piece weighs at most 40 kg';
  const services = p.ServiceList ?? [];
  const psd = services.find((s) => s.Code === 'PSD');
  const contact = p.DeliveryAddress.ContactPhone || p.DeliveryAddress.ContactEmail;
  if (psd && !psd.PSDParameter?.StringValue) return 'ServiceList.PSD: PSDParameter.StringValue (the ParcelShop id) is required';
  if (psd && !contact) return 'DeliveryAddress: ContactPhone or ContactEmail is required for PSD';
  if (psd && props.some((x) => x.Weight > 20)) return 'ParcelPropertyList.Weight: a ParcelShop piece weighs at most 20 kg';
  const fds = services.find((s) => s.Code === 'FDS');
  if (fds && !/^[^@\s]+@[^@\s]+$/.test(fds.FDSParameter?.Value ?? '')) return 'ServiceList.FDS: FDSParameter.Value must be the recipient e-mail';
  if (services.some((s) => s.Code === 'FSS') && !fds) return 'ServiceList.FSS: FlexDelivery SMS needs FDS';
  if ((p.CODAmount ?? 0) > 0 && !['CZK', 'EUR'].includes(p.CODCurrency ?? '')) return 'CODCurrency: CZK or EUR';
  return null;
}

const place = (a: GlsParcel['DeliveryAddress']) => [
  a.Name,
  ...(a.ContactName && a.ContactName !== a.Name ? [a.ContactName] : []),
  [a.Street, [a.HouseNumber, a.HouseNumberInfo].filter(Boolean).join('')].filter(Boolean).join(' '),
  `${a.ZipCode} ${a.City}`,
  a.CountryIsoCode,
];

export function glsSandbox() {
  const app = new Hono<OriginEnv>();
  const hashes = new Map<Country, string>();
  async function authorized(country: Country, username: unknown, password: unknown): Promise<boolean> {
    let expected = hashes.get(country);
    if (!expected) hashes.set(country, (expected = JSON.stringify(await glsPasswordHash(GLS_SANDBOX[country].password))));
    return username === GLS_SANDBOX[country].username && timingSafeEqualText(JSON.stringify(password ?? null), expected);
  }

  /** a ParcelService method: the country's instance, JSON, the user checked; errors go to the method's own error list */
  function method<S extends v.GenericSchema>(name: string, errorList: string, schema: S, handle: (c: Context<OriginEnv>, country: Country, body: v.InferOutput<S>) => Promise<Response>) {
    app.post(`/:country/ParcelService.svc/json/${name}`, async (c) => {
      const country = c.req.param('country') as Country;
      if (!(country in GLS_SANDBOX)) return c.notFound();
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body === undefined || body === null || typeof body !== 'object') return c.text('The server encountered an error processing the request.', 400);
      const raw = body as Record<string, unknown>;
      if (!(await authorized(country, raw.Username, raw.Password))) return c.json({ [errorList]: [error(GLS_ERRORS.unauthorized, 'Unauthorized.')] });
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        return c.json({ [errorList]: [error(GLS_ERRORS.validation, `Parcel validation issue: ${v.getDotPath(issue) ?? name} (${issue.message})`)] });
      }
      return handle(c, country, parsed.output);
    });
  }

  method('PrintLabels', 'PrintLabelsErrorList', printLabelsRequest, async (c, country, r) => {
    const db = d1GlsStore(c.env.DB);
    const references = r.ParcelList.map((p) => `${p.ClientReference ?? ''} ${p.Content ?? ''}`);
    if (references.some((t) => t.includes(SANDBOX_CARRIER_DOWN))) return c.text('Service Unavailable', 503);
    if (r.TypeOfPrinter !== 'Thermo') return c.json({ PrintLabelsErrorList: [error(GLS_ERRORS.printerType, 'Value of TypeOfPrinter is invalid (the sandbox prints Thermo).')] });
    const refusals = r.ParcelList.flatMap((p) => {
      const why = refusalOf(p, GLS_SANDBOX[country].clientNumber);
      return why ? [error(GLS_ERRORS.validation, `Parcel validation issue: ${why}`, { ClientReferenceList: [p.ClientReference ?? ''] })] : [];
    });
    if (refusals.length) return c.json({ Labels: null, PrintLabelsInfoList: [], PrintLabelsErrorList: refusals });

    const createdAt = new Date().toISOString();
    const booked = r.ParcelList.map((p) => {
      const mainId = 100_000_000 + Number(randomDigits(8));
      const pieces = Array.from({ length: p.Count }, (_, i) => ({ parcelId: mainId + i, parcelNumber: newParcelNumber() }));
      return { p, pieces };
    });
    const rows: Row[] = booked.flatMap(({ p, pieces }) =>
      pieces.map((x, i) => ({
        parcelId: x.parcelId,
        mainParcelId: pieces[0]!.parcelId,
        parcelNumber: x.parcelNumber,
        country: country.toUpperCase(),
        clientNumber: p.ClientNumber,
        clientReference: p.ClientReference ?? null,
        content: p.Content ?? null,
        piece: i + 1,
        count: p.Count,
        parcelShop: p.ServiceList?.find((s) => s.Code === 'PSD')?.PSDParameter?.StringValue ?? null,
        fromCity: p.PickupAddress.City,
        toCity: p.DeliveryAddress.City,
        createdAt,
        pickedUpAt: null,
        deletedAt: null,
      })),
    );
    await db.add(rows);
    // the drawing code loads on demand, with the documents' (it is not in the worker's start-up chunk)
    const { sandboxLabelPdf } = await import('./sandbox-label');
    const pdf = await sandboxLabelPdf(
      booked.flatMap(({ p, pieces }) =>
        pieces.map((x, i) => ({
          parcelNumber: x.parcelNumber,
          printed: `${x.parcelNumber}${glsCheckDigit(x.parcelNumber)}`,
          from: place(p.PickupAddress),
          to: place(p.DeliveryAddress),
          services: (p.ServiceList ?? []).map((s) => (s.Code === 'PSD' ? `PSD ${s.PSDParameter?.StringValue ?? ''}` : s.Code)),
          cod: (p.CODAmount ?? 0) > 0 ? `${p.CODAmount} ${p.CODCurrency}` : null,
          piece: `${i + 1}/${p.Count}`,
          weight: p.ParcelPropertyList?.[i] ? `${p.ParcelPropertyList[i]!.Weight} kg` : '',
          reference: p.Content ?? null,
          country: country.toUpperCase(),
        })),
      ),
    );
    // printed, and the answer is lost on its way back, as behind a gateway that timed out
    if (references.some((t) => t.includes(SANDBOX_LOSE_ANSWER))) return c.text('upstream request timeout', 504);
    return c.json({
      Labels: [...pdf],
      PrintLabelsInfoList: booked.flatMap(({ p, pieces }) => pieces.map((x) => ({ ClientReference: p.ClientReference ?? null, ParcelId: x.parcelId, ParcelNumber: Number(x.parcelNumber) }))),
      PrintLabelsErrorList: [],
    });
  });

  method('DeleteLabels', 'DeleteLabelsErrorList', deleteLabelsRequest, async (c, country, r) => {
    const db = d1GlsStore(c.env.DB);
    const deleted: { ParcelId: number; SubParcelIdList: number[] }[] = [];
    const errors: ReturnType<typeof error>[] = [];
    const now = Date.now();
    for (const id of r.ParcelIdList) {
      const row = await db.byId(id);
      if (!row || row.country !== country.toUpperCase()) {
        errors.push(error(GLS_ERRORS.notExists, 'Parcel not exists.', { ParcelIdList: [id] }));
        continue;
      }
      const pieces = await db.pieces(row.mainParcelId);
      // GLS has it (its first scan) or it is deleted already: no longer PRINTED
      if (row.deletedAt || pieces.some((p) => statusesOf(p, now).some((s) => s.code !== '51'))) {
        errors.push(error(GLS_ERRORS.notPrinted, 'Parcel with this ID has different status than PRINTED.', { ParcelIdList: [id] }));
        continue;
      }
      await db.update(row.mainParcelId, { deletedAt: new Date(now).toISOString() });
      deleted.push({ ParcelId: row.mainParcelId, SubParcelIdList: pieces.filter((p) => p.parcelId !== row.mainParcelId).map((p) => p.parcelId) });
    }
    return c.json({ SuccessfullyDeletedList: deleted, DeleteLabelsErrorList: errors });
  });

  method('GetParcelStatuses', 'GetParcelStatusErrors', parcelStatusesRequest, async (c, country, r) => {
    const row = await d1GlsStore(c.env.DB).byNumber(country.toUpperCase(), String(r.ParcelNumber));
    if (!row) return c.json({ ParcelNumber: r.ParcelNumber, ParcelStatusList: [], GetParcelStatusErrors: [error(GLS_ERRORS.notFound, 'Parcel not found with current settings.')] });
    return c.json({
      ClientReference: row.clientReference,
      DeliveryCountryCode: country.toUpperCase(),
      ParcelNumber: r.ParcelNumber,
      ParcelStatusList: statusesOf(row, Date.now()).map((s) => ({ DepotCity: s.city, DepotNumber: country === 'cz' ? 'CZ01' : 'SK01', StatusCode: s.code, StatusDate: `/Date(${s.at}+0100)/`, StatusDescription: s.description, StatusInfo: '' })),
      GetParcelStatusErrors: [],
    });
  });

  method('GetParcelList', 'GetParcelListErrors', parcelListRequest, async (c, country, r) => {
    if (!r.PrintDateFrom || !r.PrintDateTo) return c.json({ PrintDataInfoList: [], GetParcelListErrors: [error(GLS_ERRORS.validation, 'The sandbox lists parcels by PrintDateFrom and PrintDateTo.')] });
    const from = new Date(msOfWcf(r.PrintDateFrom)).toISOString();
    const to = new Date(msOfWcf(r.PrintDateTo)).toISOString();
    const rows = await d1GlsStore(c.env.DB).printedBetween(country.toUpperCase(), GLS_SANDBOX[country].clientNumber, from, to);
    return c.json({
      PrintDataInfoList: rows.map((x) => ({ ParcelId: x.parcelId, ParcelNumber: Number(x.parcelNumber), ParcelNumberWithCheckdigit: Number(`${x.parcelNumber}${glsCheckDigit(x.parcelNumber)}`), ClientReference: x.clientReference })),
      GetParcelListErrors: [],
    });
  });

  // sandbox only (not GLS's): the driver scans the parcel now, or `hoursAgo` (its story moves on that far), as a test or a demo needs
  app.post('/_driver/pickup-scan/:parcelId', async (c) => {
    const db = d1GlsStore(c.env.DB);
    const row = await db.byId(Number(c.req.param('parcelId')));
    if (!row) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const createdAt = new Date(Math.min(Date.parse(row.createdAt), at - HOUR)).toISOString();
    return (await db.update(row.mainParcelId, { createdAt, pickedUpAt: new Date(at).toISOString() })) ? c.body(null, 204) : c.notFound();
  });

  return app;
}
