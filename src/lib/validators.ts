/**
 * Pure checks of the identifiers in DOMAIN.md. Each `isValid*` takes the raw user input
 * (spaces allowed where people type them) and answers a boolean; `normalize*` gives the
 * form that is stored and sent.
 */
import { bicOfBankCode, IBAN_LENGTHS } from './bank-codes';

const upper = (country: string) => country.trim().toUpperCase();
const stripSpaces = (value: string) => value.replace(/[\s\u00A0]/g, '');

// ── numbers typed into inputs ────────────────────────────────────────────────

/** '1 234,5' or '1234.5' → 1234.5; anything else (empty, '1,2,3', 'abc') → null. */
export function parseDecimal(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const compact = stripSpaces(input);
  if (!/^-?\d+(?:[.,]\d+)?$/.test(compact)) return null;
  return Number(compact.replace(',', '.'));
}

// ── PSČ ─────────────────────────────────────────────────────────────────────

const CZ_SK_ZIP = /^\d{3} ?\d{2}$/;
/** Other countries: 2-10 letters, digits, spaces or dashes (formats differ too much to check more). */
const OTHER_ZIP = /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;

export function isValidZipFormat(zip: string, country: string): boolean {
  const code = upper(country);
  const value = zip.trim();
  return code === 'CZ' || code === 'SK' ? CZ_SK_ZIP.test(value) : OTHER_ZIP.test(value);
}

/**
 * Czech codes start 1-7, Slovak 0, 8 or 9: a well-formed code of the other country is
 * the common CZ/SK mix-up. Other countries have no such rule.
 */
export function isZipOfCountry(zip: string, country: string): boolean {
  const first = zip.trim()[0];
  const code = upper(country);
  if (code === 'CZ') return first >= '1' && first <= '7';
  if (code === 'SK') return first === '0' || first === '8' || first === '9';
  return true;
}

export function isValidZip(zip: string, country: string): boolean {
  return isValidZipFormat(zip, country) && isZipOfCountry(zip, country);
}

/** '110 00' → '11000' for CZ/SK; other countries are only trimmed. */
export function normalizeZip(zip: string, country: string): string {
  const code = upper(country);
  return code === 'CZ' || code === 'SK' ? stripSpaces(zip) : zip.trim();
}

/** '11000' → '110 00' for CZ/SK; anything else unchanged. */
export function displayZip(zip: string, country: string): string {
  const normalized = normalizeZip(zip, country);
  return /^\d{5}$/.test(normalized) && ['CZ', 'SK'].includes(upper(country))
    ? `${normalized.slice(0, 3)} ${normalized.slice(3)}`
    : normalized;
}

/** a phone as people read it: '+420777123456' → '+420 777 123 456' (Czech and Slovak numbers in threes); others as given */
export function displayPhone(phone: string | null | undefined): string {
  const given = phone ?? '';
  const match = /^(\+42[01])(\d{3})(\d{3})(\d{3})$/.exec(given.replace(/[\s\u00A0]/g, ''));
  return match ? match.slice(1).join(' ') : given.trim();
}

/** an IBAN in groups of four, as banks print it */
export const displayIban = (iban: string) => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** countries whose addresses always carry a house number (spec §5: CZ/SK number every building) */
export const HOUSE_NUMBER_COUNTRIES = ['CZ', 'SK'];
/**
 * A house number as its own word: 12, 12a, 1013/5, 1013/5b (not an ordinal such as the
 * "28." of "28. října"), optionally written "č. p. 123" / "č. ev. 45".
 */
const HOUSE_NUMBER = /(?:^|[\s,.])\d{1,5}[a-zA-Z]?(?:\s?\/\s?(?:\d{1,5}[a-zA-Z]?|[a-zA-Z]))?(?=$|[\s,;]|\.\s*$)/;

/** A street line of a CZ/SK address must hold a house number; other countries are not forced. */
export function hasRequiredHouseNumber(street: string, country: string): boolean {
  const line = street.trim();
  if (line === '' || !HOUSE_NUMBER_COUNTRIES.includes(upper(country))) return true;
  return HOUSE_NUMBER.test(line);
}

// ── company ids ─────────────────────────────────────────────────────────────

/** IČO (CZ and SK): up to 8 digits, padded to 8, mod-11 check digit with weights 8…2. */
export function isValidIco(ico: string): boolean {
  const value = stripSpaces(ico);
  if (!/^\d{1,8}$/.test(value)) return false;
  const digits = value.padStart(8, '0').split('').map(Number);
  const sum = digits.slice(0, 7).reduce((acc, digit, i) => acc + digit * (8 - i), 0);
  const r = sum % 11;
  const check = r === 0 ? 1 : r === 1 ? 0 : 11 - r;
  return digits[7] === check;
}

/**
 * Czech birth number (rodné číslo) YYMMDD + serial: nine digits until 1953 (no check digit),
 * ten since 1954, the whole number divisible by 11 — until 1985 a remainder of 10 was
 * written as check digit 0. Women's months +50, since 2004 +20 when a day's serials run out;
 * the date must exist. (Zákon č. 133/2000 Sb. § 13; python-stdnum's cz.rc follows the same.)
 */
export function isValidCzechBirthNumber(value: string): boolean {
  if (!/^\d{9,10}$/.test(value)) return false;
  let year = 1900 + Number(value.slice(0, 2));
  const month = (Number(value.slice(2, 4)) % 50) % 20;
  const day = Number(value.slice(4, 6));
  if (value.length === 9) {
    if (year >= 1980) year -= 100;
    if (year > 1953) return false;
  } else if (year < 1954) year += 100;
  if (!isRealDate(year, month, day)) return false;
  if (value.length === 9) return true;
  const remainder = Number(value.slice(0, 9)) % 11;
  const check = year < 1985 ? remainder % 10 : remainder;
  return String(check) === value[9];
}

const isRealDate = (year: number, month: number, day: number) => {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** the check digit of an 8-digit legal entity's number (IČO's mod 11) */
const legalCheckDigit = (first7: string) => {
  const check = (11 - (first7.split('').reduce((sum, d, i) => sum + (8 - i) * Number(d), 0) % 11)) % 11;
  return String((check || 1) % 10);
};

/** a 9-digit DIČ of an individual without a birth number: starts with 6, its own check digit */
const specialCheckDigit = (middle7: string) => {
  const sum = middle7.split('').reduce((acc, d, i) => acc + (8 - i) * Number(d), 0) % 11;
  return String((8 - ((10 - sum) % 11)) % 10);
};

/**
 * DIČ CZ: 'CZ' + a legal entity's 8 digits (its IČO: not starting with 9, IČO's check digit),
 * an individual's birth number (9–10 digits), or a special 9-digit number starting with 6.
 */
export function isValidDicCz(dic: string): boolean {
  const value = stripSpaces(dic).toUpperCase();
  const match = /^CZ(\d{8,10})$/.exec(value);
  if (!match) return false;
  const number = match[1];
  if (number.length === 8) return number[0] !== '9' && legalCheckDigit(number.slice(0, 7)) === number[7];
  if (number.length === 9 && number[0] === '6') return specialCheckDigit(number.slice(1, 8)) === number[8];
  return isValidCzechBirthNumber(number);
}

/** a legal entity's DIČ is CZ + its IČO: an 8-digit DIČ must carry the IČO given with it */
export function dicMatchesIco(dic: string, ico: string): boolean {
  const number = stripSpaces(dic).toUpperCase().replace(/^CZ/, '');
  const company = stripSpaces(ico);
  return number.length !== 8 || company === '' || number === company.padStart(8, '0');
}

/** IČ DPH SK: 'SK' + 10 digits, divisible by 11, first digit not 0, third in {2,3,4,7,8,9}. */
export function isValidIcDphSk(icDph: string): boolean {
  const value = stripSpaces(icDph).toUpperCase();
  const match = /^SK([1-9]\d[234789]\d{7})$/.exec(value);
  return match !== null && Number(match[1]) % 11 === 0;
}

/** DIČ SK: 10 digits, not starting with 0, divisible by 11 (the IČ DPH is 'SK' + the DIČ). */
export function isValidDicSk(dic: string): boolean {
  const value = stripSpaces(dic);
  return /^[1-9]\d{9}$/.test(value) && Number(value) % 11 === 0;
}

/** when both are given, the Slovak IČ DPH is 'SK' + the DIČ */
export function dicMatchesIcDph(dic: string, icDph: string): boolean {
  const a = stripSpaces(dic);
  const b = stripSpaces(icDph).toUpperCase();
  return a === '' || b === '' || b === `SK${a}`;
}

/** Any other EU VAT id: country code + 2-13 letters or digits (no checksum known here). */
export function isValidVatin(vatin: string, country: string): boolean {
  const code = upper(country);
  if (code === 'CZ') return isValidDicCz(vatin);
  if (code === 'SK') return isValidIcDphSk(vatin);
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(stripSpaces(vatin).toUpperCase());
}

// ── bank accounts ───────────────────────────────────────────────────────────

const ACCOUNT_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

function weightedMod11(digits: string): boolean {
  const padded = digits.padStart(10, '0');
  return ACCOUNT_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(padded[i]), 0) % 11 === 0;
}

export type CzechAccountNumber = { prefix: string; number: string };

/** '(prefix-)number' without the bank code; null when the shape is wrong. */
export function parseCzechAccountNumber(value: string): CzechAccountNumber | null {
  const match = /^(?:(\d{1,6})-)?(\d{2,10})$/.exec(stripSpaces(value));
  return match ? { prefix: match[1] ?? '', number: match[2] } : null;
}

/** Prefix and number each pass the weighted mod-11 check; an all-zero number is not an account. */
export function isValidCzechAccountNumber(value: string): boolean {
  const account = parseCzechAccountNumber(value);
  return (
    account !== null &&
    Number(account.number) !== 0 &&
    weightedMod11(account.prefix) &&
    weightedMod11(account.number)
  );
}

/** a Czech bank code in the Czech National Bank's register (src/lib/bank-codes.ts) */
export function isValidBankCode(code: string): boolean {
  return bicOfBankCode('CZ', code.trim()) !== null;
}

/** Full Czech account '(prefix-)number/bank', e.g. '34278-0727558021/0100'. */
export function isValidCzechBankAccount(value: string): boolean {
  const [account, bankCode, ...rest] = stripSpaces(value).split('/');
  return rest.length === 0 && bankCode !== undefined && isValidBankCode(bankCode) && isValidCzechAccountNumber(account);
}

export function normalizeIban(iban: string): string {
  return stripSpaces(iban).toUpperCase();
}

/** Letters → 10…35 and mod 97, in chunks so no number exceeds 2^53. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (let i = 0; i < numeric.length; i += 7) {
    remainder = Number(`${remainder}${numeric.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}

/**
 * An IBAN of a country in SWIFT's registry, of that country's length, passing mod 97; a CZ
 * or SK IBAN must also hold a real account: a registered bank code, and prefix and number
 * each passing the weighted mod 11 (the two countries share the BBAN layout).
 */
export function isValidIban(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const country = value.slice(0, 2);
  if (IBAN_LENGTHS[country] !== value.length || ibanMod97(value) !== 1) return false;
  if (country !== 'CZ' && country !== 'SK') return true;
  if (!/^\d{20}$/.test(value.slice(4))) return false;
  const [bank, prefix, number] = [value.slice(4, 8), value.slice(8, 14), value.slice(14)];
  return bicOfBankCode(country, bank) !== null && Number(number) !== 0 && weightedMod11(prefix) && weightedMod11(number);
}

/** the BIC of a CZ or SK IBAN's bank (from its bank code), null when unknown or not CZ/SK */
export function bicOfIban(iban: string): string | null {
  const value = normalizeIban(iban);
  const country = value.slice(0, 2);
  if ((country !== 'CZ' && country !== 'SK') || !isValidIban(value)) return null;
  return bicOfBankCode(country, value.slice(4, 8)) || null;
}

/** Looks like an IBAN (two letters first) rather than a Czech account number. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}/i.test(value.trim());
}

/** '19-2000145399/0800' → 'CZ6508000000192000145399' (for QR payments); null for an invalid account. */
export function czechAccountToIban(account: string, bankCode: string, country: 'CZ' | 'SK' = 'CZ'): string | null {
  const parsed = parseCzechAccountNumber(account);
  if (!parsed || !isValidCzechAccountNumber(account) || bicOfBankCode(country, bankCode.trim()) === null) return null;
  const bban = `${bankCode.trim()}${parsed.prefix.padStart(6, '0')}${parsed.number.padStart(10, '0')}`;
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** Variable symbol: up to 10 digits, empty allowed. */
export function isValidVariableSymbol(value: string): boolean {
  return /^\d{0,10}$/.test(value.trim());
}

// ── phone ───────────────────────────────────────────────────────────────────

export type PhoneInput = { prefix: string; number: string };

/** Country calling codes with a fixed national length (9 digits for CZ and SK). */
const NATIONAL_LENGTHS: Record<string, number> = { '420': 9, '421': 9 };

const prefixDigits = (prefix: string) => prefix.replace(/\D/g, '');

/** National digits: separators removed, one trunk 0 dropped ('0905 123 456' → '905123456'). */
function nationalDigits(number: string): string {
  const digits = number.replace(/[\s\u00A0().\/-]/g, '');
  if (!/^\d+$/.test(digits)) return '';
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** +420/+421 need 9 national digits; other prefixes 6-14; E.164 allows 15 digits in total. */
export function isValidPhone(phone: PhoneInput): boolean {
  const prefix = prefixDigits(phone.prefix);
  if (!/^[1-9]\d{0,3}$/.test(prefix)) return false;
  const national = nationalDigits(phone.number);
  const expected = NATIONAL_LENGTHS[prefix];
  const lengthOk =
    expected !== undefined ? national.length === expected : national.length >= 6 && national.length <= 14;
  return lengthOk && prefix.length + national.length <= 15;
}

/** E.164 ('+420777123456') or null when invalid. */
export function normalizePhone(phone: PhoneInput): string | null {
  return isValidPhone(phone) ? `+${prefixDigits(phone.prefix)}${nationalDigits(phone.number)}` : null;
}

// ── e-mail, EORI ────────────────────────────────────────────────────────────

/** Pragmatic check: one '@', no spaces, a dot in the domain, a 2+ letter top-level domain. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(email.trim());
}

/** EORI: country code + up to 15 letters or digits. */
export function isValidEori(eori: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(stripSpaces(eori).toUpperCase());
}

// ── tracking number ─────────────────────────────────────────────────────────

export { TRACKING_NUMBER_LENGTH, TRACKING_NUMBER_PREFIX, trackingNumberError, type TrackingNumberError } from './tracking-number';
