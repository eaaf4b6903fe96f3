import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { database } from '../client';
import { batchOf, bind, preparedOnce } from '../prepared';
import { counters, idempotencyKeys, invoices, orderItems, orders, payments, shipments } from '../schema';

/** Orders with their items, payments, shipments and invoice. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** the next number of a sequence, in one statement (numbers may skip after a failed write; they never repeat) */
export async function nextInSequence(d1: D1Database, name: string): Promise<number> {
  const [row] = await database(d1)
    .insert(counters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

export const orderByToken = (d1: D1Database, token: string) => database(d1).select().from(orders).where(eq(orders.token, token)).get();
export const orderById = (d1: D1Database, id: number) => database(d1).select().from(orders).where(eq(orders.id, id)).get();
/** `<> ''` lets SQLite use the partial index orders_idempotency_key (archived orders hold '') */
const liveKey = (key: string) => sql`${orders.idempotencyKey} = ${key} AND ${orders.idempotencyKey} <> ''`;

export const orderByKey = (d1: D1Database, key: string) => database(d1).select().from(orders).where(liveKey(key)).get();
export const orderByVariableSymbol = (d1: D1Database, vs: string) => database(d1).select().from(orders).where(eq(orders.variableSymbol, vs)).get();

export const itemsOf = (d1: D1Database, orderId: number) => database(d1).select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);
export const paymentsOf = (d1: D1Database, orderId: number) => database(d1).select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
export const shipmentsOf = (d1: D1Database, orderId: number) => database(d1).select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id);
export const invoiceOf = (d1: D1Database, orderId: number) => database(d1).select().from(invoices).where(eq(invoices.orderId, orderId)).get();
export const invoiceByToken = (d1: D1Database, token: string) => database(d1).select().from(invoices).where(eq(invoices.token, token)).get();
export const paymentByGatewayRef = (d1: D1Database, ref: string) => database(d1).select().from(payments).where(eq(payments.gatewayRef, ref)).get();
export const shipmentById = (d1: D1Database, id: number) => database(d1).select().from(shipments).where(eq(shipments.id, id)).get();

/** shipments a carrier has not accepted yet (to retry), oldest first */
/** shipments still to be booked: pending, not refused by their carrier (a refusal is its answer; asking again will not change it), tried fewer than `maxAttempts` times */
export const pendingShipments = (d1: D1Database, limit: number, maxAttempts: number) =>
  database(d1)
    .select()
    .from(shipments)
    .where(and(eq(shipments.status, 'pending'), isNull(shipments.refusalCode), lt(shipments.attempts, maxAttempts)))
    .orderBy(shipments.id)
    .limit(limit);

/** paid orders whose items do not all have a shipment row yet (a crash between payment and booking) */
export const paidOrdersWithoutShipments = (d1: D1Database, limit: number) =>
  database(d1)
    .select()
    .from(orders)
    .where(sql`${orders.status} = 'paid' AND (SELECT COUNT(*) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id}) > (SELECT COUNT(*) FROM ${shipments} WHERE ${shipments.orderId} = ${orders.id})`)
    .limit(limit);

// ── idempotency ─────────────────────────────────────────────────────────────

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export type Claim =
  | { claimed: true; order: OrderRow | undefined; sequence: number | null }
  | { claimed: false; row: IdempotencyRow; order: OrderRow | undefined };

/** the claim's statements, built once per binding (preparedOnce): only bound per request */
const claimStatements = preparedOnce((db) => {
  const key = sql.placeholder('key');
  const requestHash = sql.placeholder('requestHash');
  const lockedUntil = sql.placeholder('lockedUntil');
  const mineAs = (status: SQL) => sql`EXISTS (SELECT 1 FROM ${idempotencyKeys} WHERE ${idempotencyKeys.key} = ${key} AND ${idempotencyKeys.status} = ${status} AND ${idempotencyKeys.requestHash} = ${requestHash} AND ${idempotencyKeys.lockedUntil} = ${lockedUntil})`;
  const live = sql`${orders.idempotencyKey} = ${key} AND ${orders.idempotencyKey} <> ''`;
  const numberIf = (mine: SQL) =>
    db
      .insert(counters)
      .select(sql`SELECT ${sql.placeholder('sequence')} AS name, 1 AS value WHERE ${sql.placeholder('numbered')} = 1 AND ${mine} AND NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${live})`)
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value })
      .prepare();
  return {
    insert: db.insert(idempotencyKeys).values({ key, requestHash, status: 'in_progress', lockedUntil }).onConflictDoNothing().returning({ key: idempotencyKeys.key }).prepare(),
    // claimInBatch: the key inserted done at once (the batch is one transaction: no one sees it in
    // progress, and it stores nothing when the order fails), so the batch needs no statement marking it done
    insertDone: db.insert(idempotencyKeys).values({ key, requestHash, status: 'done', responseStatus: 201, lockedUntil }).onConflictDoNothing().prepare(),
    numberDone: numberIf(mineAs(sql`'done'`)),
    takeOver: db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`${lockedUntil}` })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.requestHash, requestHash), lt(idempotencyKeys.lockedUntil, sql.placeholder('now'))))
      .returning({ key: idempotencyKeys.key })
      .prepare(),
    row: db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).prepare(),
    order: db.select().from(orders).where(live).prepare(),
    number: numberIf(mineAs(sql`'in_progress'`)),
  };
});

/**
 * Claims a key for this request in one round trip (one batch): inserted, or taken over when
 * its claim's lease ran out; not claimed when someone holds it or it is done. With it come the
 * order already taken under the key and, given `sequence`, that sequence's next number when
 * this request claimed the key and no order has it (otherwise no number is used up).
 */
export async function claimKey(d1: D1Database, key: string, requestHash: string, now: Date, leaseMs: number, sequence?: string): Promise<Claim> {
  const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
  const statements = claimStatements(d1);
  const values = { key, requestHash, lockedUntil, now: now.toISOString(), sequence: sequence ?? '', numbered: sequence ? 1 : 0 };
  const [inserted, taken, rows, earlier, numbered] = await batchOf(d1, [
    bind(statements.insert, values),
    bind(statements.takeOver, values),
    bind(statements.row, values),
    bind(statements.order, values),
    bind(statements.number, values),
  ] as const);
  const order = earlier[0];
  if (inserted.length > 0 || taken.length > 0) return { claimed: true, order, sequence: numbered[0]?.value ?? null };
  return { claimed: false, row: rows[0]!, order };
}

/**
 * A fresh claim of a key and its order number as the first statements of the order's own batch
 * (create.ts, issue 29: one round trip less): the key inserted (nothing when it exists in any
 * state) and the sequence's next number taken when this request holds the key and no order has
 * it, as claimKey takes them. `numberOf` is the number this claim took, or NULL when the key is
 * not this request's: a NOT NULL column fed with it fails the whole batch, and nothing of it is
 * stored (the caller then claims the key as claimKey does).
 */
export function claimInBatch(d1: D1Database, key: string, requestHash: string, now: Date, leaseMs: number, sequence: string) {
  const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
  const statements = claimStatements(d1);
  const values = { key, requestHash, lockedUntil, now: now.toISOString(), sequence, numbered: 1 };
  return { writes: [bind(statements.insertDone, values), bind(statements.numberDone, values)] as const, mine: { key, requestHash, lockedUntil, sequence } };
}

/**
 * The number the claim of claimInBatch took, as `prefix` followed by it in 8 digits at least
 * (orderNumberOf's padStart), or NULL when the key is not this request's: an SQL expression over
 * the placeholders key, requestHash, lockedUntil and sequence.
 */
export const claimedNumber = (prefix: SQL) =>
  sql<string>`(SELECT ${prefix} || printf('%08d', ${counters.value}) FROM ${counters} WHERE ${counters.name} = ${sql.placeholder('sequence')} AND EXISTS (SELECT 1 FROM ${idempotencyKeys} WHERE ${idempotencyKeys.key} = ${sql.placeholder('key')} AND ${idempotencyKeys.status} = 'done' AND ${idempotencyKeys.requestHash} = ${sql.placeholder('requestHash')} AND ${idempotencyKeys.lockedUntil} = ${sql.placeholder('lockedUntil')}))`;

export const completeKey = (d1: D1Database, key: string, responseStatus: number, response: string) =>
  database(d1).update(idempotencyKeys).set({ status: 'done', responseStatus, response }).where(eq(idempotencyKeys.key, key)).run();

/** gives the key up early (the request failed): the client's retry may take it at once */
export const releaseKey = (d1: D1Database, key: string) =>
  database(d1).update(idempotencyKeys).set({ lockedUntil: '' }).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'in_progress'))).run();

export const paymentsByIds = (d1: D1Database, ids: number[]) => database(d1).select().from(payments).where(inArray(payments.id, ids));
