import { afterEach, describe, expect, it, vi } from 'vitest';

// prepareQuoteCardFormats (src/lib/format.ts) runs while the browser is idle before "Compare
// prices", so the first quote card's formatting constructs no Intl object between the click
// and the first price. Each case loads a fresh format module: its formatters are memoised.
const constructed: string[] = [];
const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
const countConstructions = () => {
  for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
    Object.defineProperty(Intl, name, {
      configurable: true,
      writable: true,
      value: new Proxy(originals[name], {
        construct(target, args) {
          constructed.push(name);
          return Reflect.construct(target, args);
        },
      }),
    });
  }
};
afterEach(() => {
  for (const name of ['NumberFormat', 'DateTimeFormat'] as const) Object.defineProperty(Intl, name, { configurable: true, writable: true, value: originals[name] });
  constructed.length = 0;
});

/** what a quote card formats (src/components/quote/quote-card.tsx) */
const formatCard = (f: typeof import('../../src/lib/format'), locale: string) => {
  f.formatMoney(340.03, 'CZK', locale);
  f.formatMoney(12.5, 'EUR', locale);
  f.formatNumber(4.56, locale, { maximumFractionDigits: 1 });
  f.formatWeekdayDate('2026-11-30', locale);
  f.formatWeekdayDate(new Date('2026-12-01T10:00:00Z'), locale);
};

describe('prepareQuoteCardFormats', () => {
  for (const locale of ['cs', 'en', 'sk']) {
    it(`leaves a quote card nothing Intl to construct (${locale})`, async () => {
      vi.resetModules();
      const f = await import('../../src/lib/format');
      f.prepareQuoteCardFormats(locale);
      countConstructions();
      formatCard(f, locale);
      expect(constructed).toEqual([]);
    });

    it(`is what builds them: unprepared, the card constructs them (${locale})`, async () => {
      vi.resetModules();
      const f = await import('../../src/lib/format');
      countConstructions();
      formatCard(f, locale);
      expect(constructed.length).toBeGreaterThan(0);
    });
  }

  // issue 29: the home form runs one step per idle callback, so each must stay one formatter
  for (const locale of ['cs', 'en', 'sk']) {
    it(`is steps of at most one Intl formatter each, together all of them (${locale})`, async () => {
      vi.resetModules();
      const f = await import('../../src/lib/format');
      countConstructions();
      for (const step of f.quoteCardFormatSteps(locale)) {
        const before = constructed.length;
        step();
        expect(constructed.length - before).toBeLessThanOrEqual(1);
      }
      constructed.length = 0;
      formatCard(f, locale);
      expect(constructed).toEqual([]);
    });
  }
});
