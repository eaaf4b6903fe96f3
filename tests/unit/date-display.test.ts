import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longDate } from '../../src/components/content/markdown';
import { formatDay, formatDayTime } from '../../src/lib/format';

/**
 * Spec §9: dates show as d.M.yyyy in Czech, everywhere. Every date on a page, in an e-mail or
 * a document goes through src/lib/format.ts (formatDay, formatDayTime, formatWeekdayDate,
 * formatDate); a date formatted by the browser's or the runtime's own conventions
 * ('11. 12. 2026', '16. listopadu 2026') is the odd one out this scan finds.
 */
const src = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

/** files that use Intl's dates to compute (Prague parts, weekdays, hours), never to show a date */
const COMPUTING = new Set([
  'lib/format.ts',
  'lib/calendar.ts',
  'lib/working-hours.ts',
  'lib/configurator-form.ts',
  'server/services/client-overview.ts',
  'server/services/client-shipments/filters.ts',
  // weekday names of opening hours, no date
  'components/parcel-points/point-list.tsx',
]);
const LOCALE_DATE = /toLocaleDateString\(|toLocaleTimeString\(|dateStyle\s*:|timeStyle\s*:|new Date\([^)]*\)\.toLocaleString\(|\bIntl\.DateTimeFormat\(/;

describe('dates on display (spec §9 d.M.yyyy)', () => {
  it('no file formats a date for display by the locale conventions of Intl', () => {
    const odd = files(src)
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((rel) => !COMPUTING.has(rel))
      .flatMap((rel) =>
        readFileSync(path.join(src, rel), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${rel}:${i + 1}` }))
          .filter(({ line }) => LOCALE_DATE.test(line))
          .map(({ at, line }) => `${at} ${line.trim().slice(0, 120)}`),
      );
    expect(odd).toEqual([]);
  });

  it('prints a day as d.M.yyyy in Czech (the rating page’s “do 11.12.2026”, news, history)', () => {
    expect(formatDay('2026-12-11T10:00:00.000Z', 'cs')).toBe('11.12.2026');
    expect(longDate('2026-11-16', 'cs')).toBe('16.11.2026');
    expect(formatDayTime('2026-11-01T13:05:00.000Z', 'cs')).toBe('1.11.2026 14:05');
  });
});
