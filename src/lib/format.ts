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

/**
 * Digits come from an 'en' formatter (it groups from four digits, unlike es or pl), then
 * take NBSP groups and the wanted decimal separator.
 */
const digitFormats = new Map<string, Intl.NumberFormat>();
function digitFormat(fractionDigits: { min: number; max: number }): Intl.NumberFormat {
  const key = `${fractionDigits.min}|${fractionDigits.max}`;
  let format = digitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      minimumFractionDigits: fractionDigits.min,
      maximumFractionDigits: fractionDigits.max,
    });
    digitFormats.set(key, format);
  }
  return format;
}

const decimalSeparators = new Map<string, string>();
function localeDecimalSeparator(locale: string): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/** Digits of |value| grouped by NBSP, with the given decimal separator. */
function formatDigits(value: number, fractionDigits: { min: number; max: number }, decimal: string): string {
  return digitFormat(fractionDigits)
    .formatToParts(Math.abs(value))
    .map((part) => {
      if (part.type === 'group') return NBSP;
      if (part.type === 'decimal') return decimal;
      if (part.type === 'integer' || part.type === 'fraction') return part.value;
      return '';
    })
    .join('');
}

const sign = (value: number) => (value < 0 ? '-' : '');

export type MoneyFormatOptions = {
  /** show whole units only (rounded half away from zero) */
  round?: boolean;
};

/**
 * `formatMoney(1234, 'CZK', 'cs')` → '1 234 Kč'; 1234.5 → '1 234,50 Kč'; 'USD' → '$1 234.50' in en.
 * Whole amounts drop the fraction; others show two decimals. CZK and HUF always use a
 * decimal comma; other currencies use the locale's decimal separator. Currencies without a
 * symbol in spec §9 (e.g. PLN) show their ISO code as a suffix.
 */
export function formatMoney(value: number, currency: string, locale: string, options: MoneyFormatOptions = {}): string {
  const amount = options.round ? roundMoney(value, 0) : roundMoney(value);
  const digits = Number.isInteger(amount) ? 0 : 2;
  const decimal = DECIMAL_COMMA_CURRENCIES.has(currency) ? ',' : localeDecimalSeparator(locale);
  const number = formatDigits(amount, { min: digits, max: digits }, decimal);
  const symbol = CURRENCY_SYMBOLS[currency] ?? { symbol: currency, position: 'suffix' };
  return symbol.position === 'prefix'
    ? `${sign(amount)}${symbol.symbol}${number}`
    : `${sign(amount)}${number}${NBSP}${symbol.symbol}`;
}

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

const pragueParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type PragueParts = { yyyy: string; MM: string; dd: string; HH: string; mm: string; ss: string };

function toPragueParts(date: Date): PragueParts {
  const parts: Record<string, string> = {};
  for (const part of pragueParts.formatToParts(date)) parts[part.type] = part.value;
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

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** Short weekday + 'dd. MM.': 'so 21. 11.' (cs, sk), 'Sat 21. 11.' (en). */
export function formatWeekdayDate(value: DateInput, locale: string): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE_TEXT;
  let weekday = weekdayFormats.get(locale);
  if (!weekday) {
    weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: TIME_ZONE });
    weekdayFormats.set(locale, weekday);
  }
  return `${weekday.format(date)} ${formatDate(date, 'dd. MM.')}`;
}
