/**
 * Working hours of the customer-care phone line (spec §6 and §9): Monday to Friday,
 * 08:00–17:00 Prague time. A module of its own: pages, client islands and the mails of the
 * origin all ask it, and none of them should pull a larger chunk with it.
 */
export const WORKING_HOURS = { from: 8, to: 17, timeZone: 'Europe/Prague' } as const;

// made on first use (a time-zone formatter is costly to make at module load)
let formatter: Intl.DateTimeFormat | undefined;
const parts = () => (formatter ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', hourCycle: 'h23', timeZone: WORKING_HOURS.timeZone }));

/** true on a weekday from 08:00 up to (not including) 17:00 in Europe/Prague */
export function isWithinWorkingHours(date: Date): boolean {
  if (Number.isNaN(date.getTime())) return false;
  let weekday = '';
  let hour = Number.NaN;
  for (const part of parts().formatToParts(date)) {
    if (part.type === 'weekday') weekday = part.value;
    else if (part.type === 'hour') hour = Number(part.value);
  }
  return weekday !== 'Sat' && weekday !== 'Sun' && hour >= WORKING_HOURS.from && hour < WORKING_HOURS.to;
}
