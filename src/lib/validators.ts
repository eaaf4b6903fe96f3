/**
 * Pure checks of the identifiers in DOMAIN.md. Each `isValid*` takes the raw user input
 * (spaces allowed where people type them) and answers a boolean; `normalize*` gives the
 * form that is stored and sent.
 */

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

/** Birth number as a DIČ: 9 digits (before 1954, no check digit) or 10 digits divisible by 11. */
function isValidBirthNumber(value: string): boolean {
  if (value.length === 9) return true;
  if (Number(value) % 11 === 0) return true;
  // legacy numbers: first nine mod 11 is 10, so the check digit was written as 0
  return (Number(value.slice(0, 9)) % 11) % 10 === Number(value[9]);
}

/** DIČ CZ: 'CZ' + IČO (8 digits) or birth number (9-10 digits). */
export function isValidDicCz(dic: string): boolean {
  const value = stripSpaces(dic).toUpperCase();
  const match = /^CZ(\d{8,10})$/.exec(value);
  if (!match) return false;
  const number = match[1];
  return number.length === 8 ? isValidIco(number) : isValidBirthNumber(number);
}

/** IČ DPH SK: 'SK' + 10 digits, divisible by 11, first digit not 0, third in {2,3,4,7,8,9}. */
export function isValidIcDphSk(icDph: string): boolean {
  const value = stripSpaces(icDph).toUpperCase();
  const match = /^SK([1-9]\d[234789]\d{7})$/.exec(value);
  return match !== null && Number(match[1]) % 11 === 0;
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

export function isValidBankCode(code: string): boolean {
  return /^\d{4}$/.test(code.trim());
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

const IBAN_LENGTHS: Record<string, number> = { CZ: 24, SK: 24 };

/** Mod-97 check; CZ and SK IBANs must also be 24 characters. */
export function isValidIban(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const expectedLength = IBAN_LENGTHS[value.slice(0, 2)];
  if (expectedLength !== undefined && value.length !== expectedLength) return false;
  return ibanMod97(value) === 1;
}

/** Looks like an IBAN (two letters first) rather than a Czech account number. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}/i.test(value.trim());
}

/** '19-2000145399/0800' → 'CZ6508000000192000145399' (for QR payments); null for an invalid account. */
export function czechAccountToIban(account: string, bankCode: string, country: 'CZ' | 'SK' = 'CZ'): string | null {
  const parsed = parseCzechAccountNumber(account);
  if (!parsed || !isValidCzechAccountNumber(account) || !isValidBankCode(bankCode)) return null;
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
