import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TopUpSchema } from '../../src/lib/schemas/billing';
import { addDays, balancesAfter, invoiceStatus, isFinished, lastDayOf, periodBounds, periodToInvoice, previousPeriod } from '../../src/server/services/billing/status';

describe('invoice status', () => {
  const at = (iso: string) => new Date(iso);

  it('is paid once paid, whatever the due date', () => {
    expect(invoiceStatus({ paidAt: '2026-11-20T10:00:00.000Z', dueOn: '2026-11-01' }, at('2026-12-24T10:00:00Z'))).toBe('paid');
  });

  it('is unpaid up to and on its due date, after its due date from the next day in Prague', () => {
    const invoice = { paidAt: null, dueOn: '2026-11-15' };
    expect(invoiceStatus(invoice, at('2026-11-01T08:00:00Z'))).toBe('unpaid');
    expect(invoiceStatus(invoice, at('2026-11-15T22:59:59Z'))).toBe('unpaid');
    // 23:00 UTC on the 15th is already the 16th in Prague (UTC+1 in November)
    expect(invoiceStatus(invoice, at('2026-11-15T23:00:00Z'))).toBe('afterDueDate');
    expect(invoiceStatus(invoice, at('2027-01-01T12:00:00Z'))).toBe('afterDueDate');
  });
});

describe('months of the monthly invoice', () => {
  it('the month to invoice is the one that ended last, in Prague', () => {
    expect(periodToInvoice(new Date('2026-12-01T00:30:00Z'))).toBe('2026-11');
    // 23:30 UTC on 31 Dec is already 1 Jan in Prague
    expect(periodToInvoice(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12');
    expect(periodToInvoice(new Date('2026-12-31T22:30:00Z'))).toBe('2026-11');
    expect(previousPeriod('2027-01')).toBe('2026-12');
  });

  it('bounds a month by Prague midnights, in winter and in summer time', () => {
    expect(periodBounds('2026-11')).toEqual({ from: '2026-10-31T23:00:00.000Z', to: '2026-11-30T23:00:00.000Z' });
    expect(periodBounds('2026-07')).toEqual({ from: '2026-06-30T22:00:00.000Z', to: '2026-07-31T22:00:00.000Z' });
    // the month of the switch to winter time: begins at +2, ends at +1
    expect(periodBounds('2026-10')).toEqual({ from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });
  });

  it('knows the last day, the due day and whether a month is over', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-04')).toBe('2026-04-30');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(isFinished('2026-10', new Date('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isFinished('2026-11', new Date('2026-11-30T22:59:00Z'))).toBe(false);
    expect(() => periodBounds('2026-13')).toThrow(RangeError);
  });
});

describe('ledger balance', () => {
  it('gives each entry of a page, newest first, the balance right after it, per currency', () => {
    const page = [
      { id: 5, currency: 'CZK', amountMinor: -30_000 },
      { id: 4, currency: 'EUR', amountMinor: 2_000 },
      { id: 3, currency: 'CZK', amountMinor: 10_000 },
      { id: 2, currency: 'CZK', amountMinor: 50_000 },
    ];
    // the balances right after the page's newest entry (no newer entry: today's)
    const after = balancesAfter(page, new Map([['CZK', 30_000], ['EUR', 2_000]]));
    expect(after.map((e) => [e.id, e.balanceAfterMinor])).toEqual([
      [5, 30_000],
      [4, 2_000],
      [3, 60_000],
      [2, 50_000],
    ]);
  });

  it('a later page starts where the newer entries leave off, and sums back to zero', () => {
    const entries = [100, -40, 250, -10, -300].map((amountMinor, i) => ({ id: i + 1, currency: 'CZK', amountMinor }));
    const balance = entries.reduce((sum, e) => sum + e.amountMinor, 0);
    const newestFirst = [...entries].reverse();
    const first = balancesAfter(newestFirst.slice(0, 2), new Map([['CZK', balance]]));
    const newer = newestFirst.slice(0, 2).reduce((sum, e) => sum + e.amountMinor, 0);
    const second = balancesAfter(newestFirst.slice(2), new Map([['CZK', balance - newer]]));
    const all = [...first, ...second];
    expect(all.map((e) => e.balanceAfterMinor)).toEqual([0, 300, 310, 60, 100]);
    expect(all.at(-1)!.balanceAfterMinor - all.at(-1)!.amountMinor).toBe(0);
  });
});

describe('top-up form', () => {
  it('reads amounts written the Czech way and keeps each currency in its bounds', () => {
    expect(v.parse(TopUpSchema, { amount: '1 500,50', currency: 'CZK', method: 'bank_transfer' }).amount).toBe(1500.5);
    expect(v.safeParse(TopUpSchema, { amount: 99.99, currency: 'CZK', method: 'card' }).success).toBe(false);
    expect(v.safeParse(TopUpSchema, { amount: 5, currency: 'EUR', method: 'card' }).success).toBe(true);
    expect(v.safeParse(TopUpSchema, { amount: 0.1 + 0.2 + 100, currency: 'CZK', method: 'card' }).success).toBe(true);
    expect(v.safeParse(TopUpSchema, { amount: '', currency: 'CZK', method: 'card' }).success).toBe(false);
  });
});
