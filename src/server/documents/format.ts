import { displayZip } from '../../lib/validators';

/**
 * Text formatting of documents, from integers and calendar-day strings only (no floats,
 * no time zones). Spaces inside amounts are NO-BREAK SPACEs, as in src/lib/format.ts.
 */

export const NBSP = '\u00A0';

const SYMBOLS: Record<string, { symbol: string; prefix: boolean }> = {
  CZK: { symbol: 'Kč', prefix: false },
  EUR: { symbol: '€', prefix: false },
  HUF: { symbol: 'Ft', prefix: false },
  USD: { symbol: '$', prefix: true },
  GBP: { symbol: '£', prefix: true },
};

/** 150000 → '1 500,00' (cs) or '1 500.00' (en; CZK and HUF keep the comma, spec §9) */
export function formatMinor(amountMinor: number, currency: string, language: 'cs' | 'en' | 'sk' = 'cs'): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amount must be an integer of minor units, got ${amountMinor}`);
  const decimal = language === 'en' && currency !== 'CZK' && currency !== 'HUF' ? '.' : ',';
  const abs = Math.abs(amountMinor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${amountMinor < 0 ? '-' : ''}${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** 150000 CZK → '1 500,00 Kč'; 6150 EUR → '61,50 €'; USD → '$1 500.00'; unknown currencies show their code */
export function formatMoneyMinor(amountMinor: number, currency: string, language: 'cs' | 'en' | 'sk' = 'cs'): string {
  const number = formatMinor(Math.abs(amountMinor), currency, language);
  const sign = amountMinor < 0 ? '-' : '';
  const symbol = SYMBOLS[currency];
  if (symbol?.prefix) return `${sign}${symbol.symbol}${number}`;
  return `${sign}${number}${NBSP}${symbol?.symbol ?? currency}`;
}

/** '2026-11-24' → '24.11.2026' (spec §9 d.M.yyyy); anything else is shown as it came */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${Number(match[3])}.${Number(match[2])}.${match[1]}` : day;
}

/** 1.25 → '1,25 kg' (cs), '1.25 kg' (en); up to 3 decimals, no trailing zeros */
export function formatWeight(kg: number, language: 'cs' | 'en' | 'sk' = 'cs'): string {
  const grams = Math.round(kg * 1000);
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${fraction ? (language === 'en' ? '.' : ',') + fraction : ''}${NBSP}kg`;
}

/** '+420777123456' → '+420 777 123 456'; other numbers keep their digits in groups of three */
export function formatPhone(phone: string): string {
  const compact = phone.replace(/[\s\u00A0]/g, '');
  const match = /^\+(420|421)(\d{9})$/.exec(compact);
  if (match) return `+${match[1]} ${match[2].slice(0, 3)} ${match[2].slice(3, 6)} ${match[2].slice(6)}`;
  return phone.trim();
}

/** ZIP as printed: 'NNN NN' for CZ and SK */
export function formatZip(zip: string, country: string): string {
  return displayZip(zip, country);
}

/** 'CZ6508000000192000145399' → 'CZ65 0800 0000 1920 0014 5399' */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** one line of text: control characters and runs of white space become one space */
export function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** 'SK' → 'Slovensko' (cs) / 'Slovakia' (en); the code itself when Intl does not know it */
export function countryName(code: string, language: 'cs' | 'en' | 'sk'): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
