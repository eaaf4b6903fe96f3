import { and, desc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { database } from '../db/client';
import type { UserRow } from '../db/repositories/users';
import { creditEntries, invoices, orderItems, orders, shipments } from '../db/schema';
import type { Territory } from '../../lib/types/quote';
import { DEFAULT_CURRENCY } from './billing/credit';
import { pragueNow } from '../../lib/calendar';

/** tracking states of a parcel that is on its way (not yet delivered, returned or cancelled) */
export const IN_TRANSIT_STATUSES = ['picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivery_failed', 'on_hold'] as const;

/** the first day of the month in Prague, as an ISO instant (orders store UTC instants) */
export function monthStart(now: Date): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number) as [number, number];
  // midnight in Prague is 23:00 (winter) or 22:00 (summer) UTC of the day before: Prague's hour at UTC midnight is the offset
  const utcMidnight = Date.UTC(y, m - 1, 1);
  const offset = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', hourCycle: 'h23' }).format(utcMidnight));
  return new Date(utcMidnight - offset * 3600_000).toISOString();
}

/**
 * The v2 overview (prehled) in one answer: parcels on their way, the latest orders, credit
 * balances with the unpaid invoices, and this month's spend. Everything is the signed-in user's own; the queries run
 * at once.
 */
export async function clientOverview(d1: D1Database, user: UserRow, territory: Territory, now = new Date()) {
  const db = database(d1);
  const since = monthStart(now);
  const today = pragueNow(now).date;
  const moving = and(eq(shipments.userId, user.id), eq(shipments.status, 'created'), inArray(shipments.trackingStatus, [...IN_TRANSIT_STATUSES]));
  // one round trip to D1 for the whole overview (flat selects only: a batch keeps them as they are)
  const [movingRows, movingCount, latest, spend, credit, unpaid] = await db.batch([
    db
      .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, status: shipments.trackingStatus, statusAt: shipments.trackingAt, carrier: shipments.carrier, item: orderItems.shipment })
      .from(shipments)
      .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
      .where(moving)
      .orderBy(desc(shipments.trackingAt), desc(shipments.id))
      .limit(5),
    db.select({ n: sql<number>`COUNT(*)` }).from(shipments).where(moving),
    db
      .select({ number: orders.number, token: orders.token, status: orders.status, totalVatMinor: orders.totalVatMinor, currency: orders.currency, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(3),
    db
      .select({ currency: orders.currency, totalMinor: sql<number>`SUM(${orders.totalVatMinor} - ${orders.refundedMinor})`, count: sql<number>`COUNT(*)` })
      .from(orders)
      .where(and(eq(orders.userId, user.id), gte(orders.createdAt, since), notInArray(orders.status, ['unpaid', 'cancelled'])))
      .groupBy(orders.currency),
    db
      .select({ currency: creditEntries.currency, balance: sql<number>`COALESCE(SUM(${creditEntries.amountMinor}), 0)` })
      .from(creditEntries)
      .where(eq(creditEntries.userId, user.id))
      .groupBy(creditEntries.currency)
      .orderBy(creditEntries.currency),
    db
      .select({ unpaid: sql<number>`COUNT(*)`, afterDue: sql<number>`COALESCE(SUM(CASE WHEN ${invoices.dueOn} < ${today} THEN 1 ELSE 0 END), 0)` })
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), isNull(invoices.paidAt))),
  ]);
  const balances = credit.length ? credit.map((c) => ({ currency: c.currency, amount: c.balance / 100 })) : [{ currency: DEFAULT_CURRENCY[territory], amount: 0 }];
  return {
    in_transit: {
      total: movingCount[0]?.n ?? 0,
      items: movingRows.map((s) => {
        const input = JSON.parse(s.item) as { to: { firstname: string; surname: string; company?: string; city: string; country: string } };
        return { id: s.id, tracking_number: s.trackingNumber, status: s.status, status_at: s.statusAt, carrier: s.carrier, to: { name: input.to.company || `${input.to.firstname} ${input.to.surname}`.trim(), city: input.to.city, country: input.to.country } };
      }),
    },
    latest_orders: latest.map((o) => ({ number: o.number, token: o.token, status: o.status, total: o.totalVatMinor / 100, currency: o.currency, created_at: o.createdAt })),
    // credit balances and unpaid invoices, as GET v1/credit/summary answers them
    billing: { balances, unpaid_invoices: unpaid[0]?.unpaid ?? 0, after_due_invoices: unpaid[0]?.afterDue ?? 0 },
    month_spend: spend.map((s) => ({ currency: s.currency, amount: s.totalMinor / 100, orders: s.count })),
    month_since: since,
  };
}
