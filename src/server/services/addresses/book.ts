import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ADDRESS_BOOK_MAX,
  AddressBookEntrySchema,
  addressFingerprint,
  addressSearchText,
  nationalNumber,
  searchTerms,
  type AddressBookEntry,
  type AddressBookEntryOutput,
  type AddressBookPage,
  type AddressBookQuery,
} from '../../../lib/schemas/address-book';
import { database } from '../../db/client';
import { addresses, countries } from '../../db/schema';
import { ApiError, notFound, validationError } from '../../http/errors';
import { issuesToFieldErrors } from '../../http/validate';

/**
 * The address book (issue 12). Every function that takes an address id takes its owner too
 * and looks the address up by both: another user's address answers 404 like a missing one.
 */

export type AddressRow = typeof addresses.$inferSelect;
type Owner = { id: number };
type Values = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export function addressView(row: AddressRow): AddressBookEntry {
  return {
    id: row.id,
    company: row.company,
    firstname: row.firstname,
    surname: row.surname,
    phone: row.phone,
    phone_number: row.phoneNumber,
    email: row.email,
    street: row.street,
    city: row.city,
    zip: row.zip,
    country: row.country,
    tin: row.tin,
    vatin: row.vatin,
    address_type: row.addressType,
    is_default_sender: row.isDefaultSender,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** the request shape of a stored address (what a PATCH is merged onto) */
const inputOf = (row: AddressRow) => {
  const { id: _id, created_at: _c, updated_at: _u, ...input } = addressView(row);
  return input;
};

const notFoundAddress = () => notFound('No such address');
const bookFull = () =>
  new ApiError(409, 'API_CONFLICT_ERROR', `The address book holds at most ${ADDRESS_BOOK_MAX} addresses`, [
    { field: '_', code: 'addresses.error.full', message: 'addresses.error.full' },
  ]);

/** an id of the URL; anything else is no address of anyone's */
export function addressId(raw: string): number {
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFoundAddress();
  return Number(raw);
}

// ── countries and calling codes ─────────────────────────────────────────────

type Dialling = { codes: Map<string, string | null>; prefixes: string[] };
const DIALLING_TTL_MS = 10 * 60_000;
const dialling = new WeakMap<D1Database, { until: number; value: Promise<Dialling> }>();

/** the countries and their calling codes (remembered by the isolate for ten minutes) */
function diallingOf(d1: D1Database): Promise<Dialling> {
  const hit = dialling.get(d1);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = database(d1)
    .select({ code: countries.code, prefix: countries.phonePrefix })
    .from(countries)
    .then((rows) => ({ codes: new Map(rows.map((r) => [r.code, r.prefix])), prefixes: [...new Set(rows.map((r) => r.prefix).filter((p): p is string => Boolean(p)))] }));
  dialling.set(d1, { until: Date.now() + DIALLING_TTL_MS, value });
  value.catch(() => dialling.delete(d1));
  return value;
}

/** the row's values of a valid address: a known country, the phone's national part, the search text and fingerprint */
export async function valuesOf(d1: D1Database, input: AddressBookEntryOutput): Promise<Values> {
  const { codes, prefixes } = await diallingOf(d1);
  if (!codes.has(input.country)) throw validationError([{ field: 'country', code: 'validation.country_code', message: 'validation.country_code' }]);
  const address = { ...input, phone_number: input.phone_number || nationalNumber(input.phone, prefixes, codes.get(input.country)) };
  return {
    company: address.company,
    firstname: address.firstname,
    surname: address.surname,
    phone: address.phone,
    phoneNumber: address.phone_number,
    email: address.email,
    street: address.street,
    city: address.city,
    zip: address.zip,
    country: address.country,
    tin: address.tin,
    vatin: address.vatin,
    addressType: address.address_type,
    isDefaultSender: address.is_default_sender,
    search: addressSearchText(address),
    fingerprint: addressFingerprint(address),
  };
}

/**
 * INSERT … SELECT of one address (every column in the table's order), only while the book
 * holds fewer than ADDRESS_BOOK_MAX addresses and, with `unlessSame`, none with the same fingerprint.
 */
export function insertAddress(d1: D1Database, userId: number, values: Values, opts: { unlessSame?: boolean } = {}) {
  const at = new Date().toISOString();
  const same = opts.unlessSame ? sql` AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ${userId} AND fingerprint = ${values.fingerprint})` : sql``;
  return database(d1)
    .insert(addresses)
    .select(
      sql`SELECT NULL, ${userId}, ${values.company}, ${values.firstname}, ${values.surname}, ${values.phone}, ${values.phoneNumber}, ${values.email},
        ${values.street}, ${values.city}, ${values.zip}, ${values.country}, ${values.tin}, ${values.vatin}, ${values.addressType},
        ${values.isDefaultSender ? 1 : 0}, ${values.search}, ${values.fingerprint}, ${at}, ${at}
      WHERE (SELECT COUNT(*) FROM addresses WHERE user_id = ${userId}) < ${ADDRESS_BOOK_MAX}${same}`,
    )
    .returning({ id: addresses.id });
}

const owned = (user: Owner, id: number) => and(eq(addresses.id, id), eq(addresses.userId, user.id));

/** clears the user's default sender, except on `keepId` */
const clearDefaultSender = (d1: D1Database, user: Owner, keepId?: number) =>
  database(d1)
    .update(addresses)
    .set({ isDefaultSender: false })
    .where(and(eq(addresses.userId, user.id), eq(addresses.isDefaultSender, true), keepId === undefined ? undefined : ne(addresses.id, keepId)));

// ── the calls ───────────────────────────────────────────────────────────────

/** GET v1/addresses: the default sender first, then by name; every search word must occur (case and diacritics aside) */
export async function listAddresses(d1: D1Database, user: Owner, query: AddressBookQuery): Promise<AddressBookPage> {
  const db = database(d1);
  const listed = [desc(addresses.isDefaultSender), asc(addresses.search), asc(addresses.id)];
  const where = and(eq(addresses.userId, user.id), ...searchTerms(query.q).map((term) => sql`instr(${addresses.search}, ${term}) > 0`));
  const [rows, [total]] = await db.batch([
    // the page's ids by OFFSET along addresses_user_listed (search and order on the index alone), then their rows
    db
      .select()
      .from(addresses)
      .where(inArray(addresses.id, db.select({ id: addresses.id }).from(addresses).where(where).orderBy(...listed).limit(query.limit).offset(query.offset)))
      .orderBy(...listed),
    db.select({ n: count() }).from(addresses).where(where),
  ]);
  return { items: rows.map(addressView), total: total?.n ?? 0 };
}

export async function getAddress(d1: D1Database, user: Owner, id: number): Promise<AddressRow> {
  const row = await database(d1).select().from(addresses).where(owned(user, id)).get();
  if (!row) throw notFoundAddress();
  return row;
}

/** POST v1/addresses */
export async function createAddress(d1: D1Database, user: Owner, input: AddressBookEntryOutput): Promise<AddressBookEntry> {
  const db = database(d1);
  const values = await valuesOf(d1, input);
  const insert = insertAddress(d1, user.id, values);
  // the old default sender loses the mark only when the new address is stored
  const [, inserted] = values.isDefaultSender
    ? await db.batch([
        db
          .update(addresses)
          .set({ isDefaultSender: false })
          .where(sql`${addresses.userId} = ${user.id} AND ${addresses.isDefaultSender} = 1 AND (SELECT COUNT(*) FROM addresses WHERE user_id = ${user.id}) < ${ADDRESS_BOOK_MAX}`),
        insert,
      ])
    : [null, await insert];
  const id = inserted[0]?.id;
  if (id === undefined) throw bookFull();
  return addressView(await getAddress(d1, user, id));
}

/** PATCH v1/addresses/:id: the given fields over the stored address, which must stay complete */
export async function updateAddress(d1: D1Database, user: Owner, id: number, patch: Record<string, unknown>): Promise<AddressBookEntry> {
  const row = await getAddress(d1, user, id);
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const merged: Record<string, unknown> = { ...inputOf(row), ...given };
  // a new phone without its national part: the stored part belongs to the old one
  if ('phone' in given && !('phone_number' in given)) merged.phone_number = '';
  const parsed = v.safeParse(AddressBookEntrySchema, merged);
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.issues));
  const values = await valuesOf(d1, parsed.output);
  const db = database(d1);
  const update = db
    .update(addresses)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(owned(user, id));
  if (values.isDefaultSender && !row.isDefaultSender) await db.batch([clearDefaultSender(d1, user, id), update]);
  else await update;
  return addressView(await getAddress(d1, user, id));
}

/** DELETE v1/addresses/:id */
export async function deleteAddress(d1: D1Database, user: Owner, id: number): Promise<void> {
  const gone = await database(d1).delete(addresses).where(owned(user, id)).returning({ id: addresses.id });
  if (gone.length === 0) throw notFoundAddress();
}

/** POST v1/addresses/:id/default-sender: this address, and no other of the user's, is the default sender */
export async function makeDefaultSender(d1: D1Database, user: Owner, id: number): Promise<AddressBookEntry> {
  await getAddress(d1, user, id);
  const db = database(d1);
  await db.batch([
    clearDefaultSender(d1, user, id),
    db.update(addresses).set({ isDefaultSender: true, updatedAt: new Date().toISOString() }).where(owned(user, id)),
  ]);
  return addressView(await getAddress(d1, user, id));
}

/** the user's default sender, or null */
export async function defaultSenderOf(d1: D1Database, userId: number): Promise<AddressBookEntry | null> {
  const row = await database(d1)
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefaultSender, true)))
    .get();
  return row ? addressView(row) : null;
}
