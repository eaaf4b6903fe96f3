import { roundMoney } from './money';

/**
 * Formatting rules of spec §9, built on Intl.
 *
 * Every space we emit (thousands separator, between amount and a suffix symbol) is a
 * NO-BREAK SPACE U+00A0, whatever the locale's own separator is (cs uses U+00A0, sk
 * U+00A0, fr U+202F, en a comma), so amounts never wrap and tests compare one string.
 */
export const NBSP = '\u00A0';
export const TIME_ZONE = 'Europe/Prague';
export const INVALID_DATE_TEXT = 'invalid date';

const CURRENCY_SYMBOLS: Record<string, { symbol: string; position: 'prefix' | 'suffix' }> = {
  CZK: { symbol: 'Kč', position: 'suffix' },
  HUF: { symbol: 'Ft', position: 'suffix' },
  EUR: { symbol: '€', position: 'suffix' },
  USD: { symbol: '$', position: 'prefix' },
  GBP: { symbol: '£', position: 'prefix' },
  ZAR: { symbol: 'R', position: 'prefix' },
};
const DECIMAL_COMMA_CURRENCIES = new Set(['CZK', 'HUF']);
/** en-US: these symbols go before the amount; every other currency shows its ISO code there ('CZK 340.03'). */
const ENGLISH_SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€', ZAR: 'R' };

const decimalSeparators = new Map<string, string>();
function localeDecimalSeparator(locale: string): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/**
 * Digits of |value| grouped by NBSP from four digits on ('1 234', '12 345'), with the given
 * decimal separator; trailing zeros dropped down to `min` decimals. Callers round first
 * (roundMoney), so toFixed only writes the digits. Plain string work: Intl's formatToParts
 * costs ~20 µs a call, and a price table or the quote engine's messages call this a lot.
 */
function formatDigits(value: number, fractionDigits: { min: number; max: number }, decimal: string): string {
  const [whole, fraction = ''] = Math.abs(value).toFixed(fractionDigits.max).split('.');
  let digits = fraction;
  while (digits.length > fractionDigits.min && digits.endsWith('0')) digits = digits.slice(0, -1);
  const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP) : whole;
  return digits ? `${grouped}${decimal}${digits}` : grouped;
}

const sign = (value: number) => (value < 0 ? '-' : '');

export type MoneyFormatOptions = {
  /** show whole units only (rounded half away from zero) */
  round?: boolean;
};

/** 'en', 'en-US', 'en_GB' → 'en'; the language decides the conventions, not the region. */
const languageOf = (locale: string) => locale.slice(0, 2).toLowerCase();
const isEnglish = (locale: string) => languageOf(locale) === 'en';
const isSlovak = (locale: string) => languageOf(locale) === 'sk';
/** a day on Czech and Spanish pages (spec §9 d.M.yyyy), and as Slovak writes it: '27. 11. 2026' (issue 26) */
const dayPattern = (locale: string) => (isSlovak(locale) ? `d.${NBSP}M.${NBSP}yyyy` : 'd.M.yyyy');

/**
 * `formatMoney(1234, 'CZK', 'cs')` → '1 234 Kč'; 1234.5 → '1 234,50 Kč'.
 * Whole amounts drop the fraction; others show two decimals (spec §9). Euros on Slovak pages
 * always show their cents, as Slovak prices are written: '1 202,00 €' (issue 26).
 *
 * Czech, Slovak and Spanish pages (spec §9): CZK and HUF use a decimal comma and a suffix
 * symbol ('1 234,50 Kč'), EUR a suffix with the locale's decimal separator ('12,50 €'),
 * USD, GBP and ZAR a prefix ('$1 234,50'); a currency without a symbol shows its ISO code
 * as a suffix ('5 PLN').
 *
 * English pages follow en-US: a decimal point and the symbol or ISO code before the amount,
 * for every currency: 'CZK 1 234.50', '€12.50', '$1 234.50', 'HUF 99.90'. Groups stay NBSP
 * (spec §9), so no English page shows 'Kč' or a decimal comma.
 */
export function formatMoney(value: number, currency: string, locale: string, options: MoneyFormatOptions = {}): string {
  const amount = options.round ? roundMoney(value, 0) : roundMoney(value);
  const digits = Number.isInteger(amount) && !(currency === 'EUR' && isSlovak(locale) && !options.round) ? 0 : 2;
  if (isEnglish(locale)) {
    const number = formatDigits(amount, { min: digits, max: digits }, '.');
    const symbol = ENGLISH_SYMBOLS[currency];
    return `${sign(amount)}${symbol ?? `${currency}${NBSP}`}${number}`;
  }
  const decimal = DECIMAL_COMMA_CURRENCIES.has(currency) ? ',' : localeDecimalSeparator(locale);
  const number = formatDigits(amount, { min: digits, max: digits }, decimal);
  const symbol = CURRENCY_SYMBOLS[currency] ?? { symbol: currency, position: 'suffix' };
  return symbol.position === 'prefix'
    ? `${sign(amount)}${symbol.symbol}${number}`
    : `${sign(amount)}${number}${NBSP}${symbol.symbol}`;
}

/**
 * Builds the Intl formatters a quote card needs for `locale` (the decimal separator, the
 * weekday and Prague date parts) by formatting once as the card does: the home quote form
 * calls it while the browser is idle, so the first price after "Compare prices" does not
 * construct them (each is a few milliseconds of locale data on a phone).
 */
export function prepareQuoteCardFormats(locale: string): void {
  for (const step of quoteCardFormatSteps(locale)) step();
}

/**
 * prepareQuoteCardFormats in steps that build at most one Intl formatter each (a time-zone
 * formatter is tens of ms on a slow phone): the home quote form runs one step per idle callback,
 * so none of them is a long task (issue 29, Lighthouse's total blocking time).
 */
export const quoteCardFormatSteps = (locale: string): (() => unknown)[] => [
  () => formatMoney(1.5, 'EUR', locale),
  () => formatNumber(1.5, locale, { maximumFractionDigits: 1 }),
  () => formatDate(new Date()),
  () => formatWeekdayDate(new Date(), locale),
];

/** Plain number with NBSP thousands and the locale's decimal separator, no trailing zeros: 1234.5 → '1 234,5' (cs). */
export function formatNumber(value: number, locale: string, options: { maximumFractionDigits?: number } = {}): string {
  const max = options.maximumFractionDigits ?? 2;
  const rounded = roundMoney(value, max);
  return `${sign(rounded)}${formatDigits(rounded, { min: 0, max }, localeDecimalSeparator(locale))}`;
}

export type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A 'yyyy-MM-dd' string is a calendar day, not an instant: it is read as noon UTC, which
 * is the same day in Prague whatever the daylight-saving offset.
 */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const [, y, m, d] = dateOnly.map(Number);
      const date = new Date(Date.UTC(y, m - 1, d, 12));
      return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
    }
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// made on first use: a time-zone formatter costs a long task at module load on a slow phone
let pragueParts: Intl.DateTimeFormat | undefined;
const praguePartsFormat = () =>
  (pragueParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

type PragueParts = { yyyy: string; MM: string; dd: string; HH: string; mm: string; ss: string };

function toPragueParts(date: Date): PragueParts {
  const parts: Record<string, string> = {};
  for (const part of praguePartsFormat().formatToParts(date)) parts[part.type] = part.value;
  return { yyyy: parts.year, MM: parts.month, dd: parts.day, HH: parts.hour, mm: parts.minute, ss: parts.second };
}

/** Tokens: yyyy, MM, M, dd, d, HH, mm, ss; everything else is copied. */
export type DatePattern = string;

/**
 * Formats in Europe/Prague. `formatDate('2026-11-21', 'd.M.yyyy')` → '21.11.2026'.
 * Anything unparseable renders as 'invalid date' (spec §5).
 */
export function formatDate(value: DateInput, pattern: DatePattern = 'd.M.yyyy'): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  const p = toPragueParts(date);
  const tokens: Record<string, string> = {
    yyyy: p.yyyy,
    MM: p.MM,
    M: String(Number(p.MM)),
    dd: p.dd,
    d: String(Number(p.dd)),
    HH: p.HH,
    mm: p.mm,
    ss: p.ss,
  };
  return pattern.replace(/yyyy|MM|M|dd|d|HH|mm|ss/g, (token) => tokens[token]);
}

/** 'HH:mm:ss' in Europe/Prague. */
export function formatTime(value: DateInput): string {
  return formatDate(value, 'HH:mm:ss');
}

const intlDates = new Map<string, Intl.DateTimeFormat>();
function intlDate(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = intlDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE });
    intlDates.set(key, format);
  }
  return format;
}

/**
 * A calendar day in the page's conventions: 'd.M.yyyy' on Czech and Spanish pages
 * ('21.11.2026', spec §9), 'd. M. yyyy' on Slovak ones ('21. 11. 2026'), en-US month-first on English pages ('Nov 21, 2026': no day/month
 * order to guess).
 */
export function formatDay(value: DateInput, locale: string): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  if (!isEnglish(locale)) return formatDate(date, dayPattern(locale));
  return intlDate('en-day', 'en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** A day and a 24-hour time: '21.11.2026 14:05' (cs, sk, es), 'Nov 21, 2026, 14:05' (en). */
export function formatDayTime(value: DateInput, locale: string): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  const time = formatDate(date, 'HH:mm');
  return isEnglish(locale) ? `${formatDay(date, locale)}, ${time}` : `${formatDate(date, dayPattern(locale))} ${time}`;
}

/**
 * Short weekday and the day (spec §9 'weekday dd. MM.'): 'so 21. 11.' (cs, sk; the
 * locale's weekday names), en-US 'Sat, Nov 21' on English pages.
 */
export function formatWeekdayDate(value: DateInput, locale: string): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  if (isEnglish(locale)) return intlDate('en-weekday-day', 'en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(date);
  const language = languageOf(locale);
  const weekday = intlDate(`weekday:${language}`, language, { weekday: 'short' });
  return `${weekday.format(date)} ${formatDate(date, 'dd. MM.')}`;
}
