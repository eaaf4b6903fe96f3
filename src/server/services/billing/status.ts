import { pragueNow } from '../../../lib/calendar';
import type { InvoiceStatus } from '../../../lib/schemas/billing';

/**
 * Pure rules of billing: an invoice's status, calendar months in Prague and the days of a
 * monthly invoice, and the ledger's running balance.
 */

/** paid once paid; otherwise after its due date from the day after `dueOn` (Prague) */
export function invoiceStatus(invoice: { paidAt: string | null; dueOn: string }, now: Date): InvoiceStatus {
  if (invoice.paidAt) return 'paid';
  return pragueNow(now).date > invoice.dueOn ? 'afterDueDate' : 'unpaid';
}

const PERIOD = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' → year and month (1–12) */
function parsePeriod(period: string): { year: number; month: number } {
  const m = PERIOD.exec(period);
  if (!m || +m[2] < 1 || +m[2] > 12) throw new RangeError(`Not a period: ${period}`);
  return { year: +m[1], month: +m[2] };
}

export const periodOfDay = (isoDate: string) => isoDate.slice(0, 7);

/** the month before `period` */
export function previousPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

export function nextPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`;
}

/** the last calendar day of a month */
export function lastDayOf(period: string): string {
  const { year, month } = parsePeriod(period);
  return `${period}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** the instant Prague's day `isoDate` begins (Prague is 1 or 2 hours ahead of UTC; midnight is never inside a clock change) */
export function pragueMidnight(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  const utcMidnight = Date.UTC(y!, m! - 1, d!);
  const [hh, mm] = pragueNow(new Date(utcMidnight)).time.split(':').map(Number);
  return new Date(utcMidnight - (hh! * 60 + mm!) * 60_000);
}

/** a calendar month in Prague as instants: orders created at or after `from` and before `to` */
export function periodBounds(period: string): { from: string; to: string } {
  parsePeriod(period);
  return { from: pragueMidnight(`${period}-01`).toISOString(), to: pragueMidnight(`${nextPeriod(period)}-01`).toISOString() };
}

/** the month whose invoices are due to be issued at `now`: the one that ended last */
export const periodToInvoice = (now: Date) => previousPeriod(periodOfDay(pragueNow(now).date));

/** whether the month is over at `now` (only a finished month is invoiced) */
export const isFinished = (period: string, now: Date) => period < periodOfDay(pragueNow(now).date);

/**
 * The balance after each entry of a page of the ledger, newest first. The balance is never
 * stored: `balancesAfterPage` is what each currency's balance was right after the page's
 * newest entry (today's balance less everything newer), and each older entry's balance is
 * the next newer one's less that entry's amount.
 */
export function balancesAfter<E extends { currency: string; amountMinor: number }>(newestFirst: readonly E[], balancesAfterPage: ReadonlyMap<string, number>): (E & { balanceAfterMinor: number })[] {
  const balance = new Map(balancesAfterPage);
  return newestFirst.map((entry) => {
    const after = balance.get(entry.currency) ?? 0;
    balance.set(entry.currency, after - entry.amountMinor);
    return { ...entry, balanceAfterMinor: after };
  });
}
