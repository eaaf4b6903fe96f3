import { formatDay, formatDayTime, formatWeekdayDate } from '../../../lib/format';
import type { PageLocale } from '../../../routes';

/** Words and dates of the business screens, shared by the server parts and the islands. */

type T = (id: string, values?: Record<string, string | number>) => string;

/** the carrier's brand name; the same-day courier has a name in words, translated */
export const carrierLabel = (code: string, name: string, t: T) => (code === 'liftago' ? t('business.carrier.liftago') : name);

const INTL: Record<PageLocale, string> = { cs: 'cs-CZ', en: 'en-US', sk: 'sk-SK' };

export const dayText = (iso: string, locale: PageLocale) => formatWeekdayDate(iso, INTL[locale]);
export const dateText = (iso: string, locale: PageLocale) => formatDay(iso, locale);
export const dateTimeText = (iso: string, locale: PageLocale) => formatDayTime(iso, locale);

export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const weekdaysText = (days: readonly number[], t: T) => days.map((d) => t(`business.weekday.${d}`)).join(', ');
