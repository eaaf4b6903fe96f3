import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { UserRow } from '../db/repositories/users';
import { creditEntries, invoices, orderItems, orders, shipments, userMonthSpend } from '../db/schema';
import type { Territory } from '../../lib/types/quote';
import { DEFAULT_CURRENCY } from './billing/credit';
import { pragueNow } from '../../lib/calendar';

/** tracking states of a parcel that is on its way (not yet delivered, returned or cancelled) */
export const IN_TRANSIT_STATUSES = ['picked_up', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'delivery_failed', 'on_hold'] as const;

// made once: an Intl formatter costs more to make than the overview's own work
const pragueMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit' });
const pragueHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', hourCycle: 'h23' });

/** the month in Prague (YYYY-MM): the key of user_month_spend, whose triggers compute the same from an order's UTC instant */
export const pragueMonthOf = (now: Date): string => pragueMonth.format(now);

/** the first day of the month in Prague, as an ISO instant (orders store UTC instants) */
export function monthStart(now: Date): string {
  const [y, m] = pragueMonth.format(now).split('-').map(Number) as [number, number];
  // midnight in Prague is 23:00 (winter) or 22:00 (summer) UTC of the day before: Prague's hour at UTC midnight is the offset
  const utcMidnight = Date.UTC(y, m - 1, 1);
  const offset = Number(pragueHour.format(utcMidnight));
  return new Date(utcMidnight - offset * 3600_000).toISOString();
}

type Json<T> = string & { __json?: T };
type MovingRow = { id: number; tracking_number: string; status: string; status_at: string | null; carrier: string; to_company: string | null; to_firstname: string | null; to_surname: string | null; to_city: string; to_country: string };
type OrderRow = { number: string; token: string; status: string; total_vat_minor: number; currency: string; created_at: string; id: number };
type OverviewRow = {
  moving_count: number;
  moving: Json<MovingRow[]>;
  latest: Json<OrderRow[]>;
  spend: Json<{ currency: string; total_minor: number; count: number }[]>;
  credit: Json<{ currency: string; balance: number }[]>;
  unpaid: number;
  after_due: number;
};
const parse = <T>(text: Json<T> | null | undefined): T => JSON.parse(text ?? '[]') as T;

const USER = sql.raw('?1');
const MONTH = sql.raw('?2');
const TODAY = sql.raw('?3');
/** a constant list of the code's own words as SQL literals (never user input) */
const literals = (words: readonly string[]) => sql.raw(words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', '));
const moving = sql`${shipments.userId} = ${USER} AND ${shipments.status} = 'created' AND ${shipments.trackingStatus} IN (${literals(IN_TRANSIT_STATUSES)})`;

/**
 * The v2 overview's statement, compiled once per isolate: numbered parameters ?1 (the user),
 * ?2 (the month in Prague, YYYY-MM) and ?3 (today in Prague); the status lists are the code's
 * constants. The month's spend is one row of user_month_spend per currency (kept by triggers on
 * orders), not a pass over the month's orders: an e-shop's month is thousands of them.
 * Building it with drizzle on every request cost about as much CPU as D1 then spent running it.
 */
const OVERVIEW_SQL = new SQLiteAsyncDialect().sqlToQuery(sql`SELECT
    (SELECT COUNT(*) FROM ${shipments} WHERE ${moving}) AS moving_count,
    (SELECT json_group_array(json_object('id', m.id, 'tracking_number', m.tracking_number, 'status', m.status, 'status_at', m.status_at, 'carrier', m.carrier,
        'to_company', m.to_company, 'to_firstname', m.to_firstname, 'to_surname', m.to_surname, 'to_city', m.to_city, 'to_country', m.to_country))
      FROM (SELECT ${shipments.id} AS id, ${shipments.trackingNumber} AS tracking_number, ${shipments.trackingStatus} AS status, ${shipments.trackingAt} AS status_at,
          ${shipments.carrier} AS carrier, json_extract(${orderItems.shipment}, '$.to.company') AS to_company, json_extract(${orderItems.shipment}, '$.to.firstname') AS to_firstname,
          json_extract(${orderItems.shipment}, '$.to.surname') AS to_surname, json_extract(${orderItems.shipment}, '$.to.city') AS to_city, json_extract(${orderItems.shipment}, '$.to.country') AS to_country
        FROM ${shipments} INNER JOIN ${orderItems} ON ${orderItems.id} = ${shipments.itemId}
        WHERE ${shipments.id} IN (SELECT ${shipments.id} FROM ${shipments} WHERE ${moving} ORDER BY ${shipments.trackingAt} DESC, ${shipments.id} DESC LIMIT 5)) AS m) AS moving,
    (SELECT json_group_array(json_object('number', o.number, 'token', o.token, 'status', o.status, 'total_vat_minor', o.total_vat_minor, 'currency', o.currency, 'created_at', o.created_at, 'id', o.id))
      FROM (SELECT ${orders.number} AS number, ${orders.token} AS token, ${orders.status} AS status, ${orders.totalVatMinor} AS total_vat_minor, ${orders.currency} AS currency,
          ${orders.createdAt} AS created_at, ${orders.id} AS id
        FROM ${orders} WHERE ${orders.userId} = ${USER} ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT 3) AS o) AS latest,
    (SELECT json_group_array(json_object('currency', s.currency, 'total_minor', s.total_minor, 'count', s.orders))
      FROM (SELECT ${userMonthSpend.currency} AS currency, ${userMonthSpend.totalMinor} AS total_minor, ${userMonthSpend.orders} AS orders
        FROM ${userMonthSpend} WHERE ${userMonthSpend.userId} = ${USER} AND ${userMonthSpend.month} = ${MONTH} AND ${userMonthSpend.orders} > 0 ORDER BY ${userMonthSpend.currency}) AS s) AS spend,
    (SELECT json_group_array(json_object('currency', c.currency, 'balance', c.balance))
      FROM (SELECT ${creditEntries.currency} AS currency, COALESCE(SUM(${creditEntries.amountMinor}), 0) AS balance
        FROM ${creditEntries} WHERE ${creditEntries.userId} = ${USER} GROUP BY ${creditEntries.currency}) AS c) AS credit,
    (SELECT COUNT(*) FROM ${invoices} WHERE ${invoices.userId} = ${USER} AND ${invoices.paidAt} IS NULL) AS unpaid,
    (SELECT COUNT(*) FROM ${invoices} WHERE ${invoices.userId} = ${USER} AND ${invoices.paidAt} IS NULL AND ${invoices.dueOn} < ${TODAY}) AS after_due`).sql;

/**
 * The v2 overview (prehled) in one answer: parcels on their way, the latest orders, credit
 * balances with the unpaid invoices, and this month's spend. Everything is the signed-in user's own.
 * ONE statement of scalar subqueries (each list folded with json_group_array): D1 charges a round trip
 * and a per-statement cost for every statement, even inside a batch, and the six flat selects this
 * replaces cost several times the queries themselves (the overview's TTFB budget, issue 12).
 */
export async function clientOverview(d1: D1Database, user: UserRow, territory: Territory, now = new Date()) {
  const since = monthStart(now);
  const today = pragueNow(now).date;
  const row = await d1.prepare(OVERVIEW_SQL).bind(user.id, pragueMonthOf(now), today).first<OverviewRow>();
  // json_group_array keeps no promised order: sort here as the subqueries did
  const movingRows = parse(row?.moving).sort((a, b) => (b.status_at ?? '').localeCompare(a.status_at ?? '') || b.id - a.id);
  const latest = parse(row?.latest).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const credit = parse(row?.credit).sort((a, b) => a.currency.localeCompare(b.currency));
  const balances = credit.length ? credit.map((c) => ({ currency: c.currency, amount: c.balance / 100 })) : [{ currency: DEFAULT_CURRENCY[territory], amount: 0 }];
  return {
    in_transit: {
      total: row?.moving_count ?? 0,
      items: movingRows.map((s) => ({
        id: s.id,
        tracking_number: s.tracking_number,
        status: s.status,
        status_at: s.status_at,
        carrier: s.carrier,
        to: { name: s.to_company || `${s.to_firstname ?? ''} ${s.to_surname ?? ''}`.trim(), city: s.to_city, country: s.to_country },
      })),
    },
    latest_orders: latest.map((o) => ({ number: o.number, token: o.token, status: o.status, total: o.total_vat_minor / 100, currency: o.currency, created_at: o.created_at })),
    // credit balances and unpaid invoices, as GET v1/credit/summary answers them
    billing: { balances, unpaid_invoices: row?.unpaid ?? 0, after_due_invoices: row?.after_due ?? 0 },
    month_spend: parse(row?.spend).map((s) => ({ currency: s.currency, amount: s.total_minor / 100, orders: s.count })),
    month_since: since,
  };
}
