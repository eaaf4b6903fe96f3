import * as v from 'valibot';
import type { ApiAddress } from '../address';
import { isValidEmail, isValidIco, isValidVatin, isValidZipFormat, isZipOfCountry, normalizeZip } from '../validators';
import { phoneE164 } from './account';
import { ADDRESS_TYPES, type AddressType } from './address';
import { singleLine } from './fields';
import { object } from './object';

/**
 * The address book (issue 12): the API shape of a saved address (spec §3), the request
 * schemas of v1/addresses with the configurator's field rules (phone, zip of the country,
 * e-mail, IČO, DIČ, a company or a full name), and the search text both sides agree on.
 */

/** a sane cap: a user's address book holds at most this many addresses */
export const ADDRESS_BOOK_MAX = 2000;
export const ADDRESS_PAGE_SIZE = 20;
export const ADDRESS_PAGE_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;
const SEARCH_MAX_TERMS = 8;

/** GET v1/addresses/:id and the items of the list */
export type AddressBookEntry = Omit<ApiAddress, 'id'> & {
  id: number;
  address_type: AddressType;
  is_default_sender: boolean;
  created_at: string;
  updated_at: string;
};

export type AddressBookPage = { items: AddressBookEntry[]; total: number };

// ── search ─────────────────────────────────────────────────────────────────

/** letters NFKD does not take apart */
const FOLDED: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', ħ: 'h', þ: 'th' };

/** 'Plzeň  NOVÁK' → 'plzen novak': lower case, no diacritics, single spaces */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łđøßæœıħþ]/g, (letter) => FOLDED[letter]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** the words of a search, folded: each must occur in an address for it to match */
export function searchTerms(query: string): string[] {
  const words = foldText(query.slice(0, SEARCH_MAX_LENGTH)).split(/[\s,;]+/).filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

type Searchable = Pick<ApiAddress, 'company' | 'firstname' | 'surname' | 'street' | 'city' | 'zip' | 'email'>;

/** what the search looks in: names, company, street, city, zip (also without spaces), e-mail; begins with the sort name */
export function addressSearchText(address: Searchable): string {
  const compactZip = address.zip.replace(/\s/g, '');
  const parts = [address.company, address.surname, address.firstname, address.street, address.city, address.zip, compactZip === address.zip ? '' : compactZip, address.email];
  return foldText(parts.filter(Boolean).join(' '));
}

/** the rule the database applies (`instr(search, term) > 0` for every term) */
export const matchesSearch = (searchText: string, terms: readonly string[]) => terms.every((term) => searchText.includes(term));

type Comparable = Pick<ApiAddress, 'company' | 'firstname' | 'surname' | 'street' | 'city' | 'zip' | 'country' | 'phone' | 'email'>;

/** two addresses with the same fingerprint are one address (case and spacing aside; IČO and DIČ do not count) */
export function addressFingerprint(address: Comparable): string {
  const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return JSON.stringify([address.company, address.firstname, address.surname, address.street, address.city, address.zip.replace(/\s/g, ''), address.country, address.phone, address.email].map(norm));
}

// ── phone ──────────────────────────────────────────────────────────────────

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The national part of an E.164 number: after the given `phone_number`'s prefix, else after
 * the longest of the known calling codes it starts with (the address country's first);
 * '' when none fits.
 */
export function nationalNumber(e164: string, knownPrefixes: readonly string[], countryPrefix: string | null = null): string {
  const all = digits(e164);
  const candidates = [countryPrefix, ...[...knownPrefixes].sort((a, b) => digits(b).length - digits(a).length)]
    .filter((p): p is string => Boolean(p))
    .map(digits)
    .filter(Boolean);
  const prefix = candidates.find((p) => all.startsWith(p) && all.length > p.length);
  return prefix ? all.slice(prefix.length) : '';
}

// ── requests ───────────────────────────────────────────────────────────────

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');
const textOf = (max: number, required: boolean) =>
  v.pipe(
    v.optional(v.nullable(v.string('validation.string')), ''),
    v.transform((value) => (value ?? '').trim()),
    singleLine(),
    v.transform((value) => value.replace(/\s+/g, ' ')),
    v.check((value) => !required || value !== '', 'validation.required'),
    v.maxLength(max, 'validation.too_long'),
  );

/** The entries of an address as the API takes it (the §3 API shape, plus type and default-sender flag). */
const entries = {
  company: textOf(100, false),
  firstname: textOf(50, false),
  surname: textOf(50, false),
  /** '+420 777 123 456' (a bare 9-digit number is Czech) */
  phone: v.pipe(textOf(30, true), v.check((phone) => phone === '' || phoneE164(phone) !== null, 'validation.phone')),
  /** the national part, when the client knows it */
  phone_number: v.pipe(textOf(20, false), v.regex(/^[\d ]*$/, 'validation.phone'), v.transform(digits)),
  email: v.pipe(textOf(100, true), v.check((email) => email === '' || isValidEmail(email), 'validation.email')),
  street: textOf(100, true),
  city: textOf(100, true),
  zip: textOf(10, true),
  country: v.pipe(textOf(2, true), v.toLowerCase(), v.check((code) => code === '' || /^[a-z]{2}$/.test(code), 'validation.country_code')),
  tin: v.pipe(textOf(12, false), v.transform((tin) => tin.replace(/\s/g, ''))),
  vatin: v.pipe(textOf(16, false), v.transform((vatin) => vatin.replace(/\s/g, '').toUpperCase())),
  address_type: v.optional(v.picklist(ADDRESS_TYPES, 'validation.invalid'), 'all'),
  is_default_sender: v.optional(v.boolean('validation.boolean'), false),
};

/** POST v1/addresses (and a PATCH merged onto the stored address): a complete address (spec §5) */
export const AddressBookEntrySchema = v.pipe(
  object(entries, objectMessage),
  v.forward(
    v.partialCheck([['zip'], ['country']], ({ zip, country }) => zip === '' || country === '' || isValidZipFormat(zip, country), 'validation.zip'),
    ['zip'],
  ),
  v.forward(
    v.partialCheck(
      [['zip'], ['country']],
      ({ zip, country }) => zip === '' || !isValidZipFormat(zip, country) || isZipOfCountry(zip, country),
      'validation.zipCountry',
    ),
    ['zip'],
  ),
  v.forward(
    v.partialCheck([['tin'], ['country']], ({ tin, country }) => tin === '' || !['cz', 'sk'].includes(country) || isValidIco(tin), 'validation.tin'),
    ['tin'],
  ),
  v.forward(v.partialCheck([['vatin'], ['country']], ({ vatin, country }) => vatin === '' || isValidVatin(vatin, country), 'validation.vatin'), ['vatin']),
  v.forward(v.partialCheck([['company'], ['firstname']], ({ company, firstname }) => company !== '' || firstname !== '', 'validation.required'), ['firstname']),
  v.forward(v.partialCheck([['company'], ['surname']], ({ company, surname }) => company !== '' || surname !== '', 'validation.required'), ['surname']),
  v.forward(
    v.partialCheck(
      [['phone'], ['phone_number']],
      ({ phone, phone_number }) => phone_number === '' || phoneE164(phone) === null || digits(phoneE164(phone)!).endsWith(phone_number.replace(/^0/, '')),
      'validation.phone',
    ),
    ['phone'],
  ),
  v.transform((input) => ({
    ...input,
    phone: phoneE164(input.phone)!,
    phone_number: input.phone_number.replace(/^0/, ''),
    zip: normalizeZip(input.zip, input.country),
  })),
);
export type AddressBookInput = v.InferInput<typeof AddressBookEntrySchema>;
export type AddressBookEntryOutput = v.InferOutput<typeof AddressBookEntrySchema>;

export const ADDRESS_FIELDS = Object.keys(entries) as (keyof typeof entries)[];

/** PATCH v1/addresses/:id: any of the fields; the stored address with them must be complete */
export const AddressBookPatchSchema = object(
  Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, v.optional(v.unknown())])) as { [K in keyof typeof entries]: v.OptionalSchema<v.UnknownSchema, undefined> },
  objectMessage,
);

const count = (max: number, fallback: string) =>
  v.optional(v.pipe(v.string('validation.integer'), v.trim(), v.regex(/^\d{1,7}$/, 'validation.integer'), v.transform(Number), v.maxValue(max, 'validation.too_high')), fallback);

/** GET v1/addresses?q=&limit=&offset= */
export const AddressBookQuerySchema = object(
  {
    q: v.optional(v.pipe(v.string('validation.string'), v.maxLength(SEARCH_MAX_LENGTH, 'validation.too_long')), ''),
    limit: v.pipe(count(ADDRESS_PAGE_MAX, String(ADDRESS_PAGE_SIZE)), v.minValue(1, 'validation.too_low')),
    offset: count(ADDRESS_BOOK_MAX, '0'),
  },
  objectMessage,
);
export type AddressBookQuery = v.InferOutput<typeof AddressBookQuerySchema>;
