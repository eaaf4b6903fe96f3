import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatDayTime, formatMoney, formatNumber, formatTime, formatWeekdayDate, NBSP } from '../../src/lib/format';

/** Writes expectations with ordinary spaces; the formatters emit NBSP. */
const s = (text: string) => text.replaceAll(' ', NBSP);

describe('formatMoney', () => {
  it('puts Kč after the amount with NBSP thousands and no trailing .00', () => {
    for (const locale of ['cs', 'sk', 'cs-CZ']) {
      expect(formatMoney(1234, 'CZK', locale)).toBe(s('1 234 Kč'));
      expect(formatMoney(1234.5, 'CZK', locale)).toBe(s('1 234,50 Kč'));
    }
  });

  it('uses a decimal comma for CZK and HUF in cs, sk and es', () => {
    expect(formatMoney(1234567.89, 'CZK', 'es')).toBe(s('1 234 567,89 Kč'));
    expect(formatMoney(99.9, 'HUF', 'sk')).toBe(s('99,90 Ft'));
  });

  it('follows en-US on English pages: decimal point, symbol or ISO code first', () => {
    expect(formatMoney(1234567.89, 'CZK', 'en')).toBe(s('CZK 1 234 567.89'));
    expect(formatMoney(340.03, 'CZK', 'en-US')).toBe(s('CZK 340.03'));
    expect(formatMoney(1234, 'CZK', 'en')).toBe(s('CZK 1 234'));
    expect(formatMoney(99.9, 'HUF', 'en')).toBe(s('HUF 99.90'));
  });

  it('puts € after the amount: decimal comma in cs and sk, the locale decimal point in en', () => {
    expect(formatMoney(1234.5, 'EUR', 'cs')).toBe(s('1 234,50 €'));
    expect(formatMoney(1234.5, 'EUR', 'sk')).toBe(s('1 234,50 €'));
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe(s('€1 234.50'));
    expect(formatMoney(20, 'EUR', 'en-US')).toBe('€20');
  });

  it('puts $, £ and R before the amount', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe(s('$1 234.50'));
    expect(formatMoney(1234.5, 'USD', 'cs')).toBe(s('$1 234,50'));
    expect(formatMoney(10, 'GBP', 'sk')).toBe('£10');
    expect(formatMoney(1500, 'ZAR', 'en')).toBe(s('R1 500'));
  });

  it('shows a currency without a symbol as its code after the amount', () => {
    expect(formatMoney(5, 'PLN', 'cs')).toBe(s('5 PLN'));
    expect(formatMoney(5, 'PLN', 'en')).toBe(s('PLN 5'));
  });

  it('rounds to 2 decimals half up, or to whole units with round', () => {
    expect(formatMoney(1.005, 'CZK', 'cs')).toBe(s('1,01 Kč'));
    expect(formatMoney(99.999, 'CZK', 'cs')).toBe(s('100 Kč'));
    expect(formatMoney(1234.5, 'CZK', 'cs', { round: true })).toBe(s('1 235 Kč'));
    expect(formatMoney(1234.49, 'EUR', 'en', { round: true })).toBe(s('€1 234'));
  });

  it('puts the minus sign first', () => {
    expect(formatMoney(-1234.5, 'CZK', 'cs')).toBe(s('-1 234,50 Kč'));
    expect(formatMoney(-5, 'USD', 'en')).toBe('-$5');
    expect(formatMoney(-5.5, 'CZK', 'en')).toBe(s('-CZK 5.50'));
  });
});

describe('formatNumber', () => {
  it('groups by NBSP and uses the locale decimal separator without trailing zeros', () => {
    expect(formatNumber(1234.5, 'cs')).toBe(s('1 234,5'));
    expect(formatNumber(1234.5, 'sk')).toBe(s('1 234,5'));
    expect(formatNumber(1234.5, 'en')).toBe(s('1 234.5'));
    expect(formatNumber(1234, 'en')).toBe(s('1 234'));
    expect(formatNumber(0.5, 'cs')).toBe('0,5');
    expect(formatNumber(1234, 'es')).toBe(s('1 234'));
  });

  it('keeps at most the given number of decimals', () => {
    expect(formatNumber(1.23456, 'en')).toBe('1.23');
    expect(formatNumber(1.23456, 'cs', { maximumFractionDigits: 3 })).toBe('1,235');
  });
});

describe('dates in Europe/Prague', () => {
  it('formats d.M.yyyy without leading zeros', () => {
    expect(formatDate('2026-11-21', 'd.M.yyyy')).toBe('21.11.2026');
    expect(formatDate('2026-03-05')).toBe('5.3.2026');
  });

  it('reads instants in Prague time, across midnight and daylight saving', () => {
    // 23:30 UTC on 20 Nov is 00:30 on 21 Nov in Prague (UTC+1)
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21.11.2026');
    // 22:30 UTC on 20 Jul is 00:30 on 21 Jul in Prague (UTC+2)
    expect(formatDate(new Date('2026-07-20T22:30:00Z'))).toBe('21.7.2026');
  });

  it('formats HH:mm:ss', () => {
    expect(formatTime('2026-11-21T08:05:09Z')).toBe('09:05:09');
    expect(formatTime(Date.UTC(2026, 6, 1, 22, 0, 0))).toBe('00:00:00');
  });

  it('formats the weekday with dd. MM. in cs and sk, month first in en', () => {
    expect(formatWeekdayDate('2026-11-21', 'cs')).toBe('so 21. 11.');
    expect(formatWeekdayDate('2026-11-21', 'sk')).toBe('so 21. 11.');
    expect(formatWeekdayDate('2026-11-21', 'en')).toBe('Sat, Nov 21');
    expect(formatWeekdayDate('2026-03-02', 'cs')).toBe('po 02. 03.');
  });

  it("renders invalid dates as 'invalid date'", () => {
    for (const value of ['', 'tomorrow', '2026-02-30', null, undefined, Number.NaN, new Date('x')]) {
      expect(formatDate(value)).toBe('invalid date');
      expect(formatTime(value)).toBe('invalid date');
      expect(formatWeekdayDate(value, 'cs')).toBe('invalid date');
    }
  });
});

describe('rules the mutation run asked for', () => {
  it('writes zero without a minus sign, also an amount that rounds to zero', () => {
    expect(formatMoney(0, 'CZK', 'cs')).toBe(s('0 Kč'));
    expect(formatMoney(-0.001, 'CZK', 'cs')).toBe(s('0 Kč'));
    expect(formatMoney(0, 'USD', 'en')).toBe('$0');
    expect(formatMoney(0, 'EUR', 'cs')).toBe(s('0 €'));
    expect(formatNumber(0, 'cs')).toBe('0');
    expect(formatNumber(-0.001, 'cs')).toBe('0');
  });

  it('groups from four digits on, and shows Slovak euros with their cents unless rounded', () => {
    expect(formatMoney(999, 'CZK', 'cs')).toBe(s('999 Kč'));
    expect(formatMoney(1000, 'CZK', 'cs')).toBe(s('1 000 Kč'));
    expect(formatMoney(1202, 'EUR', 'sk')).toBe(s('1 202,00 €'));
    expect(formatMoney(1202, 'EUR', 'cs')).toBe(s('1 202 €'));
    expect(formatMoney(1202.4, 'EUR', 'sk', { round: true })).toBe(s('1 202 €'));
    expect(formatMoney(1202.5, 'EUR', 'sk', { round: true })).toBe(s('1 203 €'));
    expect(formatMoney(12.5, 'PLN', 'en')).toBe(s('PLN 12.50'));
  });

  it('reads a timestamp as an instant and writes every token of a pattern in Prague time', () => {
    expect(formatDate(Date.UTC(2026, 0, 1, 12))).toBe('1.1.2026');
    expect(formatDate('2026-03-05T08:09:07Z', 'yyyy-MM-dd HH:mm:ss, d.M.')).toBe('2026-03-05 09:09:07, 5.3.');
  });

  it("renders an impossible calendar day and other invalid dates as 'invalid date' on every day formatter", () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-00-10', 'tomorrow', '', null, undefined, new Date('x')]) {
      for (const locale of ['cs', 'sk', 'en']) {
        expect(formatDay(value, locale)).toBe('invalid date');
        expect(formatDayTime(value, locale)).toBe('invalid date');
        expect(formatWeekdayDate(value, locale)).toBe('invalid date');
      }
    }
  });

  it('writes a day and a time as each language does', () => {
    expect(formatDay('2026-11-21', 'sk')).toBe(s('21. 11. 2026'));
    expect(formatDay('2026-11-21', 'en-GB')).toBe('Nov 21, 2026');
    expect(formatDayTime('2026-11-21T13:05:00Z', 'sk')).toBe(`${s('21. 11. 2026')} 14:05`);
    expect(formatDayTime('2026-11-21T13:05:00Z', 'en')).toBe('Nov 21, 2026, 14:05');
  });

  it('keeps the decimal comma of CZK and HUF even where the locale writes a decimal point', () => {
    expect(formatMoney(1234.5, 'CZK', 'ko')).toBe(s('1 234,50 Kč'));
    expect(formatMoney(99.9, 'HUF', 'ko')).toBe(s('99,90 Ft'));
    expect(formatMoney(1.5, 'EUR', 'ko')).toBe(s('1.50 €'));
  });

  it('puts the rand and the pound before the amount, also on English pages', () => {
    expect(formatMoney(1234.5, 'ZAR', 'cs')).toBe(s('R1 234,50'));
    expect(formatMoney(12.5, 'GBP', 'en')).toBe('£12.50');
  });

  it('reads only a whole yyyy-MM-dd string as a calendar day', () => {
    expect(formatDate('2026-03-05x')).toBe('invalid date');
  });

  it('writes each language its own weekday names, one after another', () => {
    expect(formatWeekdayDate('2026-03-03', 'cs')).toBe('út 03. 03.');
    expect(formatWeekdayDate('2026-03-03', 'es')).toMatch(/^mar/);
  });
});
