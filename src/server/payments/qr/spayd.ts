import { czechAccountToIban, isValidIban, normalizeIban } from '../../../lib/validators';

/**
 * Czech "QR Platba": the Short Payment Descriptor (SPAYD 1.0, the Czech Banking
 * Association's standard), e.g.
 * `SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*X-VS:1234567890*MSG:ZASILKA`.
 *
 * - Amounts come in as integer haléře and are written with two decimals and a dot.
 * - Text values (RN, MSG) are made "uppercase-safe": diacritics removed, upper case, only
 *   characters of the QR alphanumeric set (0-9 A-Z space $ % * + - . / :) kept. Banking apps
 *   read them reliably and the whole payload fits QR's compact alphanumeric mode.
 * - `*` inside a value is written `%2A` (the spec's escape); the limits of the spec are
 *   counted on the written value: RN ≤ 35, MSG ≤ 60 characters, X-VS ≤ 10 digits,
 *   AM ≤ 10 characters (at most 9 999 999.99).
 */

export type SpaydInput = {
  /** IBAN of the recipient (spaces allowed) or a Czech account '(prefix-)number/bank' */
  account: string;
  /** optional BIC, written as ACC:<IBAN>+<BIC> */
  bic?: string;
  /** integer haléře, > 0 */
  amountMinor: number;
  /** variable symbol: 1-10 digits */
  variableSymbol?: string;
  /** message for the recipient (shortened to 60 characters) */
  message?: string;
  /** recipient name (shortened to 35 characters) */
  recipientName?: string;
  /** due date 'YYYY-MM-DD' (written DT:YYYYMMDD) */
  dueDate?: string;
};

export const SPAYD_LIMITS = { message: 60, recipientName: 35, variableSymbol: 10, amount: 10 } as const;

/** the largest amount AM can carry: 10 characters, '9999999.99' */
export const SPAYD_MAX_AMOUNT_MINOR = 999_999_999;

/** 79950 → '799.50'; integer minor units only (no floats in, no rounding here) */
export function formatSpaydAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > SPAYD_MAX_AMOUNT_MINOR) {
    throw new RangeError(`SPAYD amount must be an integer number of haléře in 1…${SPAYD_MAX_AMOUNT_MINOR}, got ${amountMinor}`);
  }
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** characters QR codes encode in alphanumeric mode (besides 0-9 and A-Z) */
const ALPHANUMERIC_EXTRA = new Set([
  // Stryker disable next-line StringLiteral: a space is a space on either branch; '%' and '*' are written before the set is asked (equivalent)
  ' ', '%', '*',
  '$', '+', '-', '.', '/', ':',
]);
/** letters that do not decompose under NFD */
const LETTER_FOLDS: Record<string, string> = {
  Ł: 'L', Đ: 'D', Ø: 'O', Æ: 'AE', Œ: 'OE', Þ: 'TH',
  // Stryker disable next-line StringLiteral: toUpperCase already made ß 'SS' (equivalent)
  ß: 'SS',
};

/**
 * Uppercase-safe SPAYD text: 'Objednávka č. 42*1' → 'OBJEDNAVKA C. 42%2A1', shortened so
 * the written value (escapes included) has at most `max` characters.
 */
export function spaydText(text: string, max: number): string {
  const key = `${max}\n${text}`;
  const known = spaydTexts.get(key);
  if (known !== undefined) return known;
  // ASCII has no marks and no letters to fold: only its case changes (NFD and the \p{M} pattern
  // were most of this function's CPU in the checkout's answer, issue 29)
  const folded = ASCII.test(text)
    ? text.toUpperCase()
    : text
        .normalize('NFD')
        .replace(MARKS, '')
        .toUpperCase()
        .replace(/[ŁĐØßÆŒÞ]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
  const out = spaydFolded(folded, max);
  // the same few texts come back (the account holder on every order): remembered per isolate, a bounded few
  if (spaydTexts.size >= 256) spaydTexts.clear();
  spaydTexts.set(key, out);
  return out;
}

const ASCII = /^[\x00-\x7f]*$/;
const MARKS = /\p{M}/gu;
const spaydTexts = new Map<string, string>();

function spaydFolded(folded: string, max: number): string {
  let out = '';
  let previousSpace = true; // no leading space
  for (const char of folded) {
    let piece: string;
    if (/[0-9A-Z]/.test(char)) piece = char;
    else if (char === '*') piece = '%2A';
    else if (char === '%') piece = '%25'; // a literal % would read as the start of an escape
    else if (ALPHANUMERIC_EXTRA.has(char)) piece = char; // the space too: it is handled as a space below
    else piece = ' '; // other whitespace, tabs, and anything outside the alphanumeric set
    if (piece === ' ') {
      if (previousSpace) continue;
      previousSpace = true;
    } else previousSpace = false;
    if (out.length + piece.length > max) break;
    out += piece;
  }
  return out.trimEnd();
}

/** '19-2000145399/0800' → 'CZ6508000000192000145399' (validators' czechAccountToIban); an IBAN passes through normalized; null when neither is valid */
export function ibanFromCzechAccount(value: string): string | null {
  // Stryker disable next-line Regex: \s and \s+ remove the same whitespace (equivalent)
  const trimmed = value.replace(/\s+/g, '');
  // Stryker disable next-line Regex: a Czech account is digits and a registered bank code, never letters before digits (equivalent)
  if (/^[A-Z]{2}\d{2}/i.test(trimmed)) {
    const iban = normalizeIban(trimmed);
    return isValidIban(iban) ? iban : null;
  }
  const slash = trimmed.lastIndexOf('/');
  // Stryker disable next-line EqualityOperator: a slash first leaves an empty account, refused either way (equivalent)
  if (slash < 0) return null;
  return czechAccountToIban(trimmed.slice(0, slash), trimmed.slice(slash + 1));
}

/** the shop's few accounts come back on every order: each checked once per isolate (a bounded few) */
const accountIbans = new Map<string, string | null>();
function accountIban(account: string): string | null {
  let iban = accountIbans.get(account);
  if (iban === undefined) {
    if (accountIbans.size >= 64) accountIbans.clear();
    accountIbans.set(account, (iban = ibanFromCzechAccount(account)));
  }
  return iban;
}

/** Builds the SPAYD string; throws RangeError on an invalid account, amount, variable symbol or date. */
export function spaydPayload(input: SpaydInput): string {
  const iban = accountIban(input.account);
  if (!iban) throw new RangeError(`SPAYD: not a valid IBAN or Czech account: ${input.account}`);
  let acc = iban;
  if (input.bic !== undefined && input.bic !== '') {
    const bic = input.bic.trim().toUpperCase();
    if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new RangeError(`SPAYD: not a valid BIC: ${input.bic}`);
    acc += `+${bic}`;
  }
  const parts = ['SPD', '1.0', `ACC:${acc}`, `AM:${formatSpaydAmount(input.amountMinor)}`, 'CC:CZK'];
  if (input.dueDate !== undefined) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.dueDate);
    if (!match) throw new RangeError(`SPAYD: due date must be YYYY-MM-DD, got ${input.dueDate}`);
    parts.push(`DT:${match[1]}${match[2]}${match[3]}`);
  }
  if (input.recipientName) {
    const name = spaydText(input.recipientName, SPAYD_LIMITS.recipientName);
    if (name) parts.push(`RN:${name}`);
  }
  if (input.variableSymbol !== undefined && input.variableSymbol !== '') {
    const vs = input.variableSymbol.trim();
    if (!/^\d{1,10}$/.test(vs)) throw new RangeError(`SPAYD: variable symbol must be 1-10 digits, got ${input.variableSymbol}`);
    parts.push(`X-VS:${vs}`);
  }
  if (input.message) {
    const message = spaydText(input.message, SPAYD_LIMITS.message);
    if (message) parts.push(`MSG:${message}`);
  }
  return parts.join('*');
}
