import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pragueNow } from '../../../lib/calendar';
import { formatMoney } from '../../../lib/format';
import { chunks } from '../../db/chunks';
import { database } from '../../db/client';
import { orderByToken, type OrderRow } from '../../db/repositories/orders';
import { bankTransactions, creditEntries, ledgerEntries, orders, refunds, type LedgerAccount } from '../../db/schema';
import { isLocalDev, type OriginBindings } from '../../env';
import { ApiError, notFound, validationError } from '../../http/errors';
import { ledgerInsert } from '../../ledger/post';
import { sendMail } from '../../mail/send';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { fioImporter, fioImportXml, type FioImporter, type FioPaymentOrder } from '../../payments/bank/fio-import';
import type { BankTransaction } from '../../payments/bank/types';
import { cardGateway } from '../../payments/card/gateway';
import { siteUrl } from '../accounts/links';
import { orderPagePath } from './lifecycle';
import { isRefundLine, normalizePayerAccount, payerAccountError, refundIdOfLine, refundMarker, refundState, statementPayerAccount, type RefundWay } from './refund-rules';

/**
 * Refunds that reach the payer (issue 25): a row per refunded item, written in the same
 * batch as the change that owes it (a shipment's cancellation, money the order does not
 * keep), with its ledger posting. Card refunds go through the gateway (the cron retries a
 * failure); credit settles at once; bank refunds wait for the payer's account, go out in
 * the daily payment order (Fio import) and settle when the statement shows them.
 */
export type RefundRow = typeof refunds.$inferSelect;
type Db = ReturnType<typeof database>;
type BatchItem = Parameters<Db['batch']>[0][number];

const ledgerLegs: Record<RefundWay, { debit: LedgerAccount; credit: LedgerAccount }> = {
  card: { debit: 'sales', credit: 'refunds_payable' },
  bank_transfer: { debit: 'sales', credit: 'refunds_payable' },
  credit: { debit: 'sales', credit: 'customer_credit' },
};

export type NewShipmentRefund = {
  order: Pick<OrderRow, 'id' | 'userId' | 'currency'>;
  shipmentId: number;
  amountMinor: number;
  way: RefundWay;
  gatewayRef: string | null;
  /** the payer's account from the order's statement line, for a bank refund */
  statementAccount: string | null;
};

/**
 * The statements that record a cancelled shipment's refund, for the batch whose first
 * statement cancels it: each runs only when that cancellation happened in this batch
 * (`claim`), so a cancel that did not happen writes nothing and a repeat finds its row.
 */
export function shipmentRefundStatements(d1: D1Database, r: NewShipmentRefund, claim: SQL, now: Date): BatchItem[] {
  if (r.amountMinor <= 0) return [];
  const db = database(d1);
  const at = now.toISOString();
  const dedupeKey = `shipment:${r.shipmentId}`;
  const credit = r.way === 'credit';
  const account = r.way === 'bank_transfer' ? r.statementAccount : null;
  // INSERT … SELECT writes every column in the table's order (id NULL: the next one)
  const statements: BatchItem[] = [
    db
      .insert(refunds)
      .select(
        sql`SELECT NULL, ${r.order.id}, ${r.shipmentId}, ${dedupeKey}, ${r.way}, ${credit ? 'settled' : 'requested'}, ${r.amountMinor}, ${r.order.currency}, ${account}, ${account ? 'statement' : null}, ${r.way === 'card' ? r.gatewayRef : null}, 0, NULL, NULL, NULL, ${at}, NULL, ${credit ? at : null}
        WHERE ${claim}`,
      )
      .onConflictDoNothing(),
    postingFromRefund(d1, dedupeKey, at, { ...ledgerLegs[r.way], kind: 'refund_requested', leg: 'requested', userId: r.order.userId }, now),
  ];
  if (credit && r.order.userId) {
    statements.push(
      db
        .insert(creditEntries)
        .select(sql`SELECT NULL, ${r.order.userId}, currency, amount_minor, 'refund', order_id, ${`refund:${dedupeKey}`}, ${at} FROM refunds WHERE dedupe_key = ${dedupeKey} AND created_at = ${at}`)
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/** orders.refundedMinor follows the refunds (and a not-yet-billed on-account shipment's price), once, with the claim */
export const refundedMinorStatement = (d1: D1Database, orderId: number, amountMinor: number, claim: SQL): BatchItem =>
  database(d1)
    .update(orders)
    .set({ refundedMinor: sql`${orders.refundedMinor} + ${amountMinor}` })
    .where(and(eq(orders.id, orderId), claim));

/** the ledger posting of a refund whose id the batch creates: keyed by it, written only when the row exists */
function postingFromRefund(
  d1: D1Database,
  dedupeKey: string,
  createdAt: string,
  p: { debit: LedgerAccount; credit: LedgerAccount; kind: 'refund_requested' | 'overpayment'; leg: string; userId: number | null; key?: string; ref?: string | null },
  now: Date,
): BatchItem {
  const day = pragueNow(now).date;
  const key = p.key ? sql`${p.key}` : sql`'refund:' || id || ':' || ${p.leg}`;
  return database(d1)
    .insert(ledgerEntries)
    .select(
      sql`SELECT NULL, ${key}, ${day}, currency, ${p.debit}, ${p.credit}, amount_minor, ${p.kind}, method, order_id, ${p.userId}, NULL, id, ${p.ref ?? null}, ${now.toISOString()}
      FROM refunds WHERE dedupe_key = ${dedupeKey} AND created_at = ${createdAt}`,
    )
    .onConflictDoNothing();
}

/** the payer's account the bank gave with the order's first matched statement line (when it is one a refund can go to) */
export async function statementAccountOf(d1: D1Database, order: Pick<OrderRow, 'id' | 'territory'>): Promise<string | null> {
  const row = await database(d1)
    .select({ account: bankTransactions.counterAccount })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.orderId, order.id), isNotNull(bankTransactions.counterAccount)))
    .orderBy(asc(bankTransactions.id))
    .get();
  return statementPayerAccount(row?.account ?? null, order.territory);
}

/** what went back for the order's cancelled items so far */
export async function shipmentRefundedMinor(d1: D1Database, orderId: number): Promise<number> {
  const [row] = await database(d1)
    .select({ sum: sql<number>`COALESCE(SUM(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), isNotNull(refunds.shipmentId)));
  return row?.sum ?? 0;
}

/**
 * A guest's money the order does not keep (a transfer above the price, money after it was
 * cancelled): a refund the way it came, with its overpayment posting, in one batch. A card
 * refund is sent at once.
 */
export async function refundOverpayment(
  env: OriginBindings,
  order: Pick<OrderRow, 'id' | 'userId' | 'currency' | 'territory'>,
  source: { bankRef: string; counterAccount: string | null } | { cardRef: string },
  amountMinor: number,
  now = new Date(),
): Promise<void> {
  if (amountMinor <= 0 || order.userId) return;
  const card = 'cardRef' in source;
  const dedupeKey = card ? `over:card:${source.cardRef}` : `over:${source.bankRef}`;
  const at = now.toISOString();
  const db = database(env.DB);
  const account = card ? null : statementPayerAccount(source.counterAccount, order.territory);
  await db.batch([
    db
      .insert(refunds)
      .values({
        orderId: order.id,
        dedupeKey,
        method: card ? 'card' : 'bank_transfer',
        amountMinor,
        currency: order.currency,
        gatewayRef: card ? source.cardRef : null,
        payerAccount: account,
        payerAccountSource: account ? 'statement' : null,
        createdAt: at,
      })
      .onConflictDoNothing({ target: refunds.dedupeKey }),
    postingFromRefund(env.DB, dedupeKey, at, { debit: 'receivables', credit: 'refunds_payable', kind: 'overpayment', leg: 'over', key: dedupeKey, userId: null, ref: card ? source.cardRef : source.bankRef }, now),
  ]);
  const row = await db.select().from(refunds).where(eq(refunds.dedupeKey, dedupeKey)).get();
  if (row && card && row.createdAt === at) await sendCardRefund(env, row, now);
  if (row && !card && row.createdAt === at && !row.payerAccount) await mailRefundAccount(env, order.id);
}

/**
 * A card refund at the gateway: `sent` with its refund_out posting when the gateway takes
 * it, `settled` at once when it answers that the refund is finished; when the gateway fails it stays `requested` (attempts + 1) for the cron to try again.
 */
export async function sendCardRefund(env: OriginBindings, refund: RefundRow, now = new Date()): Promise<boolean> {
  if (refund.method !== 'card' || refund.status !== 'requested' || !refund.gatewayRef) return false;
  const db = database(env.DB);
  let finished = false;
  try {
    ({ finished } = await cardGateway(env).refund(refund.gatewayRef, refund.amountMinor));
  } catch (error) {
    await db
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, lastError: String(error instanceof Error ? error.message : error).slice(0, 500) })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
    return false;
  }
  const out = ledgerInsert(env.DB, [{ key: `refund:${refund.id}:out`, currency: refund.currency, debit: 'refunds_payable', credit: 'gateway', amountMinor: refund.amountMinor, kind: 'refund_out', method: 'card', orderId: refund.orderId, refundId: refund.id, ref: refund.gatewayRef }], now);
  await db.batch([
    db
      .update(refunds)
      // GoPay's FINISHED: the money is on its way to the card, nothing more will come of it
      .set({ status: finished ? 'settled' : 'sent', sentAt: now.toISOString(), settledAt: finished ? now.toISOString() : null, lastError: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested'))),
    ...(out ? [out] : []),
  ]);
  return true;
}

/** the cron: card refunds the gateway did not take (or that were interrupted) are tried again */
export async function retryCardRefunds(env: OriginBindings, now = new Date()): Promise<{ tried: number; sent: number }> {
  // a fresh one is being sent by the request that created it
  const settledIn = new Date(now.getTime() - 60_000).toISOString();
  const waiting = await database(env.DB)
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, 'card'), eq(refunds.status, 'requested'), or(sql`${refunds.attempts} > 0`, lt(refunds.createdAt, settledIn))))
    .orderBy(asc(refunds.id))
    .limit(50);
  let sent = 0;
  for (const refund of waiting) if (await sendCardRefund(env, refund, now)) sent++;
  return { tried: waiting.length, sent };
}

/** the e-mail that asks a guest for the account to send their money to (a bank refund waits for it) */
export async function mailRefundAccount(env: OriginBindings, orderId: number): Promise<void> {
  const order = await database(env.DB).select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) return;
  const waiting = await waitingForAccount(env.DB, orderId);
  if (waiting.length === 0) return;
  const amount = formatMoney(
    waiting.reduce((sum, r) => sum + r.amountMinor, 0),
    order.currency,
    order.language,
  );
  await sendMail(env, {
    to: order.email,
    template: 'refund_account',
    language: order.language,
    name: order.payerName ?? order.email,
    link: `${siteUrl(env, orderPagePath(order), order.territory)}#refund-account`,
    values: { number: order.number, amount },
  });
}

const waitingForAccount = (d1: D1Database, orderId: number) =>
  database(d1)
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.method, 'bank_transfer'), eq(refunds.status, 'requested'), isNull(refunds.payerAccount)));

/**
 * POST v1/orders/:token/refund-account: the payer gives the account their bank refund goes
 * to (the order's token is the capability). Refused with a field error when the account is
 * not valid (Slovakia: an IBAN), 409 when no refund waits for one.
 */
export async function givePayerAccount(env: OriginBindings, token: string, account: string): Promise<OrderRow> {
  const order = await orderByToken(env.DB, token);
  if (!order) throw notFound('No such order');
  const error = payerAccountError(account, order.territory);
  if (error) throw validationError([{ field: 'account', code: error, message: error }]);
  const updated = await database(env.DB)
    .update(refunds)
    .set({ payerAccount: normalizePayerAccount(account), payerAccountSource: 'payer' })
    .where(and(eq(refunds.orderId, order.id), eq(refunds.method, 'bank_transfer'), eq(refunds.status, 'requested'), isNull(refunds.payerAccount)))
    .returning({ id: refunds.id });
  if (updated.length === 0) throw new ApiError(409, 'API_CONFLICT_ERROR', 'No refund of this order waits for an account', [{ field: 'account', code: 'order.refunds.not_waiting', message: 'order.refunds.not_waiting' }]);
  return order;
}

/** the order page's list: amount, way and where each refund stands */
export async function refundsView(d1: D1Database, orderId: number) {
  const rows = await database(d1).select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  return rows.map((r) => ({ id: r.id, amount: r.amountMinor / 100, method: r.method, state: refundState(r), created_at: r.createdAt }));
}

/** money still to go back to the payer: refunds neither sent nor settled (credit settles at once) */
export const owedBackOf = (rows: readonly { state: string; amount: number }[]) => Math.round(rows.filter((r) => r.state === 'requested' || r.state === 'waiting_for_account').reduce((sum, r) => sum + r.amount * 100, 0)) / 100;

// ── the daily payment order ────────────────────────────────────────────────

export const paymentOrderKey = (date: string) => `refunds/payment-orders/${date}.xml`;

/** the importer that sends payment orders: Fio with FIO_TOKEN; locally the sandbox Fio import (in-process); else none (the operator imports the file) */
export function refundImporter(env: OriginBindings): FioImporter | null {
  if (env.FIO_TOKEN) return fioImporter(env.FIO_TOKEN, 'live', (request) => fetch(request));
  if (!isLocalDev(env)) return null;
  return fioImporter('sandbox-token', 'sandbox', async (request) => (await sandboxApp()).fetch(request, env), siteUrl(env, '/_sandbox/fio/v1/rest/import/'));
}

let sandbox: Promise<ReturnType<typeof import('../../sandbox/app').createSandboxApp>> | undefined;
/** the local sandboxes (the Fio import under /_sandbox/fio), loaded on the first call and called in-process */
const sandboxApp = () => (sandbox ??= import('../../sandbox/app').then((m) => m.createSandboxApp()));

const recipientOf = (order: Pick<OrderRow, 'payerName' | 'email'>) => order.payerName || order.email.split('@')[0] || 'Zakaznik';

async function paymentOrdersOf(d1: D1Database, rows: readonly RefundRow[], date: string): Promise<FioPaymentOrder[]> {
  if (rows.length === 0) return [];
  const db = database(d1);
  const list = (await Promise.all(chunks([...new Set(rows.map((r) => r.orderId))]).map((part) => db.select().from(orders).where(inArray(orders.id, part))))).flat();
  const byId = new Map(list.map((o) => [o.id, o]));
  return rows.map((r) => {
    const order = byId.get(r.orderId)!;
    const shop = SHOP_ACCOUNTS[order.territory];
    return {
      accountFrom: shop.account.includes('/') ? shop.account.split('/')[0]! : shop.account,
      currency: r.currency,
      amountMinor: r.amountMinor,
      accountTo: r.payerAccount!,
      vs: order.variableSymbol,
      ss: String(r.id),
      date,
      messageForRecipient: `${refundMarker(r.id)} ${order.number}`,
      comment: `${refundMarker(r.id)} order ${order.number}`,
      benefName: recipientOf(order),
    };
  });
}

/**
 * The daily payment order (the cron): refunds waiting with an account are taken into the
 * day's batch once, sent through the importer when there is one (each refund `sent` once,
 * refund_out then waits for the statement), and the day's file is stored for the operator.
 */
export async function sendRefundPaymentOrders(env: OriginBindings, now = new Date()): Promise<{ date: string; refunds: number; sent: number; stored: boolean }> {
  const db = database(env.DB);
  const date = pragueNow(now).date;
  await db
    .update(refunds)
    .set({ batchRef: date })
    .where(and(eq(refunds.method, 'bank_transfer'), eq(refunds.status, 'requested'), isNotNull(refunds.payerAccount), isNull(refunds.batchRef)));
  const importer = refundImporter(env);
  let sent = 0;
  if (importer) {
    const toSend = await db.select().from(refunds).where(and(eq(refunds.batchRef, date), eq(refunds.status, 'requested'), eq(refunds.method, 'bank_transfer'))).orderBy(asc(refunds.id));
    if (toSend.length > 0) {
      const ids = toSend.map((r) => r.id);
      try {
        await importer.send(fioImportXml(await paymentOrdersOf(env.DB, toSend, date)));
        const moved = await Promise.all(
          chunks(ids).map((part) =>
            db
              .update(refunds)
              .set({ status: 'sent', sentAt: now.toISOString(), lastError: null })
              .where(and(inArray(refunds.id, part), eq(refunds.status, 'requested')))
              .returning({ id: refunds.id }),
          ),
        );
        sent = moved.flat().length;
      } catch (error) {
        // not taken: out of today's batch, tried again with the next one
        const lastError = String(error instanceof Error ? error.message : error).slice(0, 500);
        for (const part of chunks(ids)) {
          await db
            .update(refunds)
            .set({ batchRef: null, attempts: sql`${refunds.attempts} + 1`, lastError })
            .where(and(inArray(refunds.id, part), eq(refunds.status, 'requested')));
        }
      }
    }
  }
  const inFile = await db.select().from(refunds).where(and(eq(refunds.batchRef, date), eq(refunds.method, 'bank_transfer'))).orderBy(asc(refunds.id));
  let stored = false;
  if (inFile.length > 0 && env.FILES) {
    await env.FILES.put(paymentOrderKey(date), fioImportXml(await paymentOrdersOf(env.DB, inFile, date)), { httpMetadata: { contentType: 'application/xml; charset=utf-8' } });
    stored = true;
  }
  return { date, refunds: inFile.length, sent, stored };
}

/** GET v1/app/refunds/payment-orders/:date.xml: the day's stored file, or null */
export async function paymentOrderFile(env: OriginBindings, date: string): Promise<string | null> {
  const object = await env.FILES?.get(paymentOrderKey(date));
  return object ? object.text() : null;
}

// ── the statement ─────────────────────────────────────────────────────────

export type OutgoingOutcome = 'refund_settled' | 'refund_duplicate' | 'outgoing_unmatched';

/**
 * An outgoing statement line (a debit): the refund it names, of the same amount and
 * currency, is `settled` once, with its refund_out posting (bank). Anything else is left alone.
 */
export async function settleRefundLine(env: OriginBindings, tx: BankTransaction, now = new Date()): Promise<OutgoingOutcome> {
  const id = refundIdOfLine(tx);
  const db = database(env.DB);
  const refund = id ? await db.select().from(refunds).where(eq(refunds.id, id)).get() : undefined;
  if (!refund || refund.method !== 'bank_transfer' || !isRefundLine(tx, refund)) return 'outgoing_unmatched';
  if (refund.status === 'settled') return 'refund_duplicate';
  const out = ledgerInsert(env.DB, [{ key: `refund:${refund.id}:out`, currency: refund.currency, debit: 'refunds_payable', credit: 'bank', amountMinor: refund.amountMinor, kind: 'refund_out', method: 'bank_transfer', orderId: refund.orderId, refundId: refund.id, ref: tx.bankRef }], now);
  const [moved] = await db.batch([
    db
      .update(refunds)
      .set({ status: 'settled', settledAt: now.toISOString(), bankRef: tx.bankRef })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['requested', 'sent'])))
      .returning({ id: refunds.id }),
    ...(out ? [out] : []),
  ]);
  return moved.length > 0 ? 'refund_settled' : 'refund_duplicate';
}
