import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, formatMoney, formatNumber, formatWeekdayDate, NBSP } from '../../src/lib/format';
import { displayZip, normalizeZip } from '../../src/lib/validators';

/** Writes expectations with ordinary spaces; the formatters emit NBSP. */
const s = (text: string) => text.replaceAll(' ', NBSP);

const CZECH_FORMATS = {
  money: { czk: '340,03 Kč', czkBig: '12 340,50 Kč', whole: '1 234 Kč', eur: '12,50 €', eurWhole: '1 202 €', usd: '$1 234,50' },
  number: '1 234,5',
  small: '0,5',
  day: '21.11.2026',
  dayTime: '21.11.2026 14:05',
  weekday: 'so 21. 11.',
  monday: 'po 02. 03.',
};

/** One language per page (issue 14): every format of the path in cs, sk (sk-SK) and en (en-US). */
describe.each([
  { locales: ['cs', 'cs-CZ'], ...CZECH_FORMATS },
  // Slovak follows the Czech rules (spec §9) but writes a day with spaces and euros with cents (issue 26)
  { locales: ['sk', 'sk-SK'], ...CZECH_FORMATS, money: { ...CZECH_FORMATS.money, eurWhole: '1 202,00 €' }, day: '21.\u00a011.\u00a02026', dayTime: '21.\u00a011.\u00a02026 14:05' },
  {
    locales: ['en', 'en-US'],
    money: { czk: 'CZK 340.03', czkBig: 'CZK 12 340.50', whole: 'CZK 1 234', eur: '€12.50', eurWhole: '€1 202', usd: '$1 234.50' },
    number: '1 234.5',
    small: '0.5',
    day: 'Nov 21, 2026',
    dayTime: 'Nov 21, 2026, 14:05',
    weekday: 'Sat, Nov 21',
    monday: 'Mon, Mar 2',
  },
])('$locales.0 formats', ({ locales, money, number, small, day, dayTime, weekday, monday }) => {
  it.each(locales)('money in %s', (locale) => {
    expect(formatMoney(340.03, 'CZK', locale)).toBe(s(money.czk));
    expect(formatMoney(12340.5, 'CZK', locale)).toBe(s(money.czkBig));
    expect(formatMoney(1234, 'CZK', locale)).toBe(s(money.whole));
    expect(formatMoney(12.5, 'EUR', locale)).toBe(s(money.eur));
    expect(formatMoney(1202, 'EUR', locale)).toBe(s(money.eurWhole));
    expect(formatMoney(1234.5, 'USD', locale)).toBe(s(money.usd));
  });

  it.each(locales)('numbers in %s', (locale) => {
    expect(formatNumber(1234.5, locale)).toBe(s(number));
    expect(formatNumber(0.5, locale)).toBe(small);
  });

  it.each(locales)('dates in %s (Europe/Prague)', (locale) => {
    expect(formatDay('2026-11-21', locale)).toBe(day);
    // 13:05 UTC is 14:05 in Prague in winter
    expect(formatDayTime('2026-11-21T13:05:00Z', locale)).toBe(dayTime);
    // 23:30 UTC on 20 Nov is already 21 Nov in Prague
    expect(formatDay('2026-11-20T23:30:00Z', locale)).toBe(day);
    expect(formatWeekdayDate('2026-11-21', locale)).toBe(weekday);
    expect(formatWeekdayDate('2026-03-02', locale)).toBe(monday);
    expect(formatDay('2026-02-30', locale)).toBe('invalid date');
  });

  it.each(locales)('English pages show no decimal comma and no Kč, Czech pages no decimal point (%s)', (locale) => {
    const text = [formatMoney(99.9, 'CZK', locale), formatMoney(0.99, 'EUR', locale), formatNumber(2.25, locale)].join(' | ');
    if (locale.startsWith('en')) expect(text).not.toMatch(/\d,\d|Kč/);
    else expect(text).not.toMatch(/\d\.\d/);
  });
});

describe('postcodes: shown 110 00, sent 11000', () => {
  it('shows CZ and SK postcodes as 3 + 2 digits, whatever was typed', () => {
    for (const typed of ['11000', '110 00', ' 110  00 ']) expect(displayZip(typed, 'cz')).toBe('110 00');
    expect(displayZip('81106', 'SK')).toBe('811 06');
  });

  it('sends them without the space', () => {
    expect(normalizeZip('110 00', 'cz')).toBe('11000');
    expect(normalizeZip('811 06', 'sk')).toBe('81106');
  });

  it('leaves other countries as typed', () => {
    expect(displayZip('10118', 'us')).toBe('10118');
    expect(displayZip('SW1A 1AA', 'gb')).toBe('SW1A 1AA');
    expect(normalizeZip(' 8001 ', 'ch')).toBe('8001');
  });
});
