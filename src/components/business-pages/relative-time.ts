/**
 * "před 5 minutami" / "5 minutes ago": how long ago an instant was, in the page's language,
 * in the largest unit that fits (seconds under a minute read as "now").
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

export function timeAgo(instant: string, now: Date, locale: string): string {
  let rtf = formats.get(locale);
  if (!rtf) formats.set(locale, (rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(instant).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}
