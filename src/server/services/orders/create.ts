import { compactQuote } from './stored-quote';
import type { ContentLanguage } from '../../../lib/language';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CreateOrderOutput } from '../../../lib/schemas/order';
import type { Territory } from '../../../lib/types/quote';
import { orderableIn } from '../../carriers/availability';
import { database } from '../../db/client';
import { batchOf, bind, built, preparedOnce, type Bound } from '../../db/prepared';
import { claimedNumber, claimInBatch, claimKey, completeKey, orderByKey, orderByToken, releaseKey, type OrderItemRow, type OrderRow, type PaymentRow } from '../../db/repositories/orders';
import type { UserRow } from '../../db/repositories/users';
import { idempotencyKeys, orderItems, orders, outbox, payments } from '../../db/schema';
import { dispatchOutboxMail, outboxRowOf } from '../../mail/send';
import type { OriginBindings } from '../../env';
import { ApiError, validationError } from '../../http/errors';
import { sha256Hex } from '../../identity/crypto';
import { checkLedgerAmount, ledgerInsertPrepared, ledgerInsertWhere, ledgerStampOf } from '../../ledger/post';
import { orderPaidFromCredit, orderTakenLegs } from '../../ledger/postings';
import { creditBalance, conditionalDebit } from '../../payments/credit';
import type { Defer } from '../accounts/account';
import { orderAddressWrites } from '../addresses/from-order';
import type { QuoteServiceOptions } from '../quote-service';
import { paymentMethods } from './methods';
import { nextOrderNumber, newOrderToken, orderNumberOf, ORDER_SEQUENCE } from './numbers';
import { afterOrderCreated, afterPaid, markPaid, orderMail } from './lifecycle';
import { greetingOf } from './greeting';
import { applyDiscount, discountUsed, findDiscount, listItemOf, orderTotals, priceItems, unorderableItems, withVatRule } from './pricing';
import { vatBusinessOf } from './vat-rule';
import { windowPricer } from './window-prices';
import { newOrderParts, orderView, type OrderParts, type OrderView } from './view';

/**
 * POST v1/orders: one order per Idempotency-Key, whatever fails and is retried.
 * - The order is checked and priced first, then the key is claimed (with the order number, one
 *   round trip): a second request with it while the first runs answers 409; with another body
 *   422; after the first finished it gets the first answer again (a bank transfer's key is done
 *   in the order's own batch: the order as it stands). A bank transfer with a new key is
 *   claimed in the order's batch itself (one round trip for the whole order); that batch fails
 *   and stores nothing when the key was there before, and the key is then claimed on its own.
 * - The order row carries the key under a unique index, so even a retry that takes over a
 *   claim whose request died cannot create a second order: it continues the first.
 * - Every multi-row write is one D1 batch (order, items, payment, ledger, the confirmation's
 *   outbox row; with credit also the debit and the paid marks, each conditional on the one
 *   before). What does not decide the answer (sending the e-mail) follows it (waitUntil).
 */
export const CLAIM_LEASE_MS = 10_000;

/**
 * The answer carries a bank transfer's QR payload but not its SVG: nothing the checkout does
 * with the answer needs the drawing (it opens the order page, which draws it), and drawing it
 * (the automatic mask choice of uqr) was ~8 % of the order's CPU (issue 29).
 */
const NO_QR_SVG = { qrSvg: false };

export type CreateContext = {
  user: UserRow | null;
  territory: Territory;
  language: ContentLanguage;
  idempotencyKey: string;
  defer: Defer;
  now?: Date;
  /** tests inject carriers here */
  quoteOptions?: QuoteServiceOptions;
};

export type CreateResult = { status: number; body: { data: OrderView } };

/** carriers that cannot be booked here are refused at checkout (availability.ts) */
const quoteOptionsOf = (env: OriginBindings, options: QuoteServiceOptions = {}): QuoteServiceOptions => ({ orderable: orderableIn(env), ...options });

const discountUsedError = () => validationError([{ field: 'discount_code', code: 'validation.discount_code_used', message: 'validation.discount_code_used' }]);

const unprocessable = (message: string, code: string) => new ApiError(422, 'API_UNPROCESSABLE_ERROR', message, [{ field: 'Idempotency-Key', code, message: code }]);

/** the checkout's methods, and `invoice`: a contract customer's order on the contract, billed on the monthly invoice (also v1/shipments/create) */
export type OrderInput = CreateOrderOutput;

export async function createOrder(env: OriginBindings, input: OrderInput, ctx: CreateContext): Promise<CreateResult> {
  const now = ctx.now ?? new Date();
  const key = `${ctx.user ? `u${ctx.user.id}` : 'guest'}:${ctx.idempotencyKey}`;
  const requestHash = await sha256Hex(JSON.stringify(input));
  // checked and priced before anything is stored (a guest's needs no D1); an order already
  // taken under this key is answered again whatever is offered now
  let prepared: PreparedOrder | undefined;
  try {
    prepared = await prepareOrder(env, input, ctx, now);
  } catch (error) {
    if (!(error instanceof ApiError) || !(await orderByKey(env.DB, key))) throw error;
  }

  // a bank transfer: the key is claimed in the order's own batch, where it is inserted done (one
  // round trip). That batch stores nothing unless the key was new (then it is this request's):
  // a key already there in any state (a retry, a duplicate, a lease to take over) is claimed
  // below as always, and so is one after any other failure of that batch.
  if (prepared && input.payment_method === 'bank_transfer') {
    const created = await insertOrder(env, input, ctx, key, now, prepared, { claim: claimInBatch(env.DB, key, requestHash, now, CLAIM_LEASE_MS, ORDER_SEQUENCE) });
    if (created) {
      if (created.outboxId !== undefined) ctx.defer(dispatchOutboxMail(env, created.outboxId), 'order confirmation');
      return { status: 201, body: { data: await orderView(env.DB, created.order, now, created.order.language, undefined, created.parts, NO_QR_SVG) } };
    }
  }

  const claim = await claimKey(env.DB, key, requestHash, now, CLAIM_LEASE_MS, ORDER_SEQUENCE);
  if (!claim.claimed) {
    if (claim.row.requestHash !== requestHash) throw unprocessable('This Idempotency-Key was used with another request', 'IDEMPOTENCY_KEY_REUSED');
    if (claim.row.status === 'done' && claim.row.response) return JSON.parse(claim.row.response) as CreateResult;
    // done in the order's own batch (a bank transfer): the order as it stands
    if (claim.row.status === 'done' && claim.order) return { status: 201, body: { data: await orderView(env.DB, claim.order, now, undefined, undefined, undefined, NO_QR_SVG) } };
    throw new ApiError(409, 'API_CONFLICT_ERROR', 'The same order is being created right now');
  }

  try {
    const earlier = claim.order;
    if (!earlier && !prepared) throw new Error('an order key claimed without its order or its prices');
    const created = earlier ? undefined : await insertOrder(env, input, ctx, key, now, prepared!, { sequence: claim.sequence });
    const order = earlier ?? created!.order;
    // the confirmation is in the outbox with the order: now only on its way
    if (created?.outboxId !== undefined) ctx.defer(dispatchOutboxMail(env, created.outboxId), 'order confirmation');
    // a bank transfer's answer is all in its batch, which also marked the key done
    if (created?.parts) return { status: 201, body: { data: await orderView(env.DB, order, now, order.language, undefined, created.parts, NO_QR_SVG) } };
    await afterOrderCreated(env, order);
    // on a contract, the order is due on the monthly invoice: it goes to the carriers at once
    if (input.payment_method === 'invoice' && order.status === 'unpaid') {
      await database(env.DB).update(payments).set({ status: 'paid', receivedMinor: order.totalVatMinor }).where(eq(payments.orderId, order.id));
      await markPaid(env, order.id, ctx.defer, now);
    }
    // paid from credit in the creating batch: the work that follows payment (idempotent)
    if (order.status === 'paid') await afterPaid(env, order.id, ctx.defer, now);
    const fresh = (await orderByToken(env.DB, order.token))!;
    const result: CreateResult = { status: 201, body: { data: await orderView(env.DB, fresh, now, undefined, undefined, undefined, NO_QR_SVG) } };
    await completeKey(env.DB, key, result.status, JSON.stringify(result));
    return result;
  } catch (error) {
    await releaseKey(env.DB, key).catch((e: unknown) => console.warn('could not release an idempotency claim', e));
    throw error;
  }
}

/** the payment method must be one GET v1/payment/methods offers this caller, or `invoice` for a contract customer's order on the contract */
async function assertMethodOffered(env: OriginBindings, input: OrderInput, ctx: CreateContext) {
  const method = input.payment_method;
  if (method === 'invoice') {
    if (ctx.user?.hasContract && input.payer.type === 'account') return;
    throw validationError([{ field: 'payment_method', code: 'validation.payment_invoice', message: 'validation.payment_invoice' }]);
  }
  const offered = await paymentMethods(env, ctx.user, ctx.language, ctx.territory);
  if (offered.some((m) => m.id === method)) return;
  const code = method !== 'credit' ? 'validation.payment_method_unavailable' : ctx.user ? 'validation.credit_insufficient' : 'validation.credit_needs_account';
  throw validationError([{ field: 'payment_method', code, message: code }]);
}

/** the payer's tax ids as the order keeps them: a company's own, or the account's */
function payerIds(payer: CreateOrderOutput['payer'], user: UserRow | null): { dic: string | null; icDph: string | null } {
  if (payer.type === 'company') return { dic: payer.dic || null, icDph: payer.country === 'sk' ? payer.ic_dph || null : null };
  if (payer.type === 'account' && user) return { dic: user.dic, icDph: user.icDph };
  return { dic: null, icDph: null };
}

type PreparedOrder = Awaited<ReturnType<typeof prepareOrder>>;

/** the order's checks and prices, before anything is stored (D1 only for a discount code or a signed-in payer's credit) */
async function prepareOrder(env: OriginBindings, input: OrderInput, ctx: CreateContext, now: Date) {
  await assertMethodOffered(env, input, ctx);
  const unorderable = unorderableItems(input.items, quoteOptionsOf(env, ctx.quoteOptions), ctx.territory);
  if (unorderable.length) throw validationError(unorderable, 'Some items cannot be ordered as they are');
  const user = ctx.user;
  if (input.payer.type === 'account' && !user?.hasContract) throw validationError([{ field: 'payer.type', code: 'validation.payer_account', message: 'validation.payer_account' }]);

  const { priced: listed, errors: itemErrors } = await priceItems(env.DB, input.items, { territory: ctx.territory, language: ctx.language }, quoteOptionsOf(env, ctx.quoteOptions), windowPricer(env, ctx.territory));
  if (itemErrors.length) throw validationError(itemErrors, 'Some items cannot be ordered as they are');
  const payer = payerIds(input.payer, user);
  const priced = withVatRule(listed, vatBusinessOf({ type: input.payer.type, ...payer }));
  const currency = priced[0]!.quote.priceVat!.currency;
  const discount = await findDiscount(env.DB, input.discount_code, now);
  if (input.discount_code && !discount) throw validationError([{ field: 'discount_code', code: 'validation.discount_code', message: 'validation.discount_code' }]);
  if (discount && (await discountUsed(env.DB, discount, { userId: user?.id ?? null, emails: [input.email, user?.email ?? ''] }))) throw discountUsedError();
  const { items, discountMinor } = applyDiscount(priced, discount, currency);
  // the base as the invoice's recapitulation states it (orderTotals)
  const totalMinor = orderTotals(items).baseMinor;
  const totalVatMinor = items.reduce((sum, i) => sum + i.priceVatMinor, 0);

  // a price the customer did not see is shown and confirmed, never charged silently
  // a carrier's new price of a booked window (Liftago) is charged only once the customer confirmed that total
  const carrierChanged = items.some((i) => i.carrierPriceChanged);
  if ((input.expected_total_vat !== undefined || carrierChanged) && input.expected_total_vat !== totalVatMinor) {
    throw new ApiError(409, 'API_CONFLICT_ERROR', 'The price changed since it was shown', [
      { field: 'expected_total_vat', code: 'PRICE_CHANGED', message: JSON.stringify({ total_vat: totalVatMinor / 100, items: items.map((i) => ({ position: i.position, price_vat: i.priceVatMinor / 100 })) }) },
    ]);
  }
  if (input.payment_method === 'credit' && (await creditBalance(env.DB, user!.id, currency)) < totalVatMinor) {
    throw validationError([{ field: 'payment_method', code: 'validation.credit_insufficient', message: 'validation.credit_insufficient' }]);
  }
  return { payer, currency, discount, items, discountMinor, totalMinor, totalVatMinor };
}

/**
 * The order batch's fixed statements, built once per binding (src/server/db/prepared.ts): the
 * query builder's work on them was ~10 % of an order's CPU (issue 29). The order's id is known
 * only in the batch: its rows name it by the order's token.
 */
/** what the order batch's statements share (placeholders, the order's and the mail's columns) */
const orderStatementParts = () => {
  const p = <N extends string>(name: N) => sql.placeholder(name);
  const orderId = sql<number>`(SELECT id FROM orders WHERE token = ${p('token')})`;
  const orderValues = (number: SQL | Placeholder, variableSymbol: SQL | Placeholder) => ({
    token: p('token'),
    number,
    variableSymbol,
    idempotencyKey: p('idempotencyKey'),
    userId: p('userId'),
    email: p('email'),
    language: p('language'),
    territory: p('territory'),
    currency: p('currency'),
    paymentMethod: p('paymentMethod'),
    payerType: p('payerType'),
    payerName: p('payerName'),
    payerIco: p('payerIco'),
    payerDic: p('payerDic'),
    payerIcDph: p('payerIcDph'),
    discountCode: p('discountCode'),
    discountMinor: p('discountMinor'),
    totalMinor: p('totalMinor'),
    totalVatMinor: p('totalVatMinor'),
  });
  const outboxValues = <T>(rendered: (column: 'subject' | 'text' | 'html') => T) => ({ to: p('to'), subject: rendered('subject'), text: rendered('text'), html: rendered('html'), template: p('template'), language: p('language') });
  return { orderValues, outboxValues, p, orderId };
};

/** the order and its confirmation as inserted after a separate claim (the number known) */
const separateClaimStatements = preparedOnce((db) => {
  const { orderValues, outboxValues, p } = orderStatementParts();
  return {
    order: db.insert(orders).values(orderValues(p('number'), p('variableSymbol'))).prepare(),
    outbox: db.insert(outbox).values(outboxValues(p)).returning({ id: outbox.id }).prepare(),
  };
});

/** the order and its confirmation as inserted with the claim in the same batch (claimInBatch; built apart, so a path prepares only what it runs) */
const claimedInBatchStatements = preparedOnce((db) => {
  const { orderValues, outboxValues, p } = orderStatementParts();
  return {
    // the number the claim took, NULL (the batch fails) when the key is not this request's
    order: db.insert(orders).values(orderValues(claimedNumber(sql`'OP' || ${p('year')}`), claimedNumber(sql`${p('year')}`))).prepare(),
    // rendered before the number is known: its placeholder replaced by the order's variable symbol (the number is 'OP' + it)
    outbox: db
      .insert(outbox)
      .values(outboxValues((column) => sql`replace(${p(column)}, ${p('marker')}, (SELECT variable_symbol FROM orders WHERE token = ${p('token')}))`))
      .returning({ id: outbox.id })
      .prepare(),
  };
});

const orderStatements = preparedOnce((db) => {
  const { p, orderId } = orderStatementParts();
  return {
    item: db
      .insert(orderItems)
      .values({
        orderId,
        position: p('position'),
        serviceId: p('serviceId'),
        carrier: p('carrier'),
        shipment: p('shipment'),
        quote: p('quote'),
        priceMinor: p('priceMinor'),
        priceVatMinor: p('priceVatMinor'),
        vatRate: p('vatRate'),
        collectionPointId: p('collectionPointId'),
        deliveryPointId: p('deliveryPointId'),
      })
      .returning()
      .prepare(),
    payment: db.insert(payments).values({ orderId, method: p('method'), amountMinor: p('amountMinor'), currency: p('currency') }).returning().prepare(),
    readBack: db.select().from(orders).where(eq(orders.token, p('token'))).prepare(),
    keyDone: db.update(idempotencyKeys).set({ status: 'done', responseStatus: 201 }).where(eq(idempotencyKeys.key, p('key'))).prepare(),
    // the books: what the order owes (orderTaken's legs; a zero discount writes no line). Built by the
    // query builder per order, it was ~0.15 ms of an order's CPU (profile, issue 29)
    orderTaken: ledgerInsertPrepared(db, orderTakenLegs({ id: orderId, userId: sql`${p('userId')}`, currency: sql`${p('currency')}`, method: sql`${p('method')}` }, sql`${p('saleMinor')}`, sql`${p('discountMinor')}`))!.prepare(),
  };
});

/**
 * The order in one batch: the order, its items, payment, ledger lines, the confirmation's
 * outbox row (with credit also the debit and the paid marks, each conditional on the one
 * before; a bank transfer's key marked done). A bank transfer's new order comes back with
 * its parts as the batch returned them, for the answer without reading them again.
 */
async function insertOrder(
  env: OriginBindings,
  input: OrderInput,
  ctx: CreateContext,
  key: string,
  now: Date,
  prepared: PreparedOrder,
  numbering: { sequence: number | null } | { claim: ReturnType<typeof claimInBatch> },
): Promise<{ order: OrderRow; outboxId?: number; parts?: OrderParts } | null> {
  const user = ctx.user;
  const { payer, currency, discount, items, discountMinor, totalMinor, totalVatMinor } = prepared;
  const claim = 'claim' in numbering ? numbering.claim : null;
  // claimed in the batch: the mail is rendered with a placeholder for the variable symbol the batch takes
  const marker = claim ? `vs${crypto.randomUUID().replaceAll('-', '')}` : null;
  const { number, variableSymbol } = marker
    ? { number: `OP${marker}`, variableSymbol: marker }
    : 'sequence' in numbering && numbering.sequence !== null
      ? orderNumberOf(numbering.sequence, now)
      : await nextOrderNumber(env.DB, now);
  const token = newOrderToken();
  const db = database(env.DB);
  const orderId = sql<number>`(SELECT id FROM orders WHERE token = ${token})`;
  // the save-address flags: into the user's address book with the order, once
  const addressWrites = user ? await orderAddressWrites(env.DB, user.id, input.items.map((item) => item.shipment)) : [];
  const payerName = input.payer.type === 'company' ? input.payer.company : input.payer.type === 'account' ? user!.company : null;
  const nowIso = now.toISOString();
  const order = {
    token,
    number,
    variableSymbol,
    idempotencyKey: key,
    userId: user?.id ?? null,
    email: input.email,
    language: input.language ?? ctx.language,
    territory: ctx.territory,
    currency,
    paymentMethod: input.payment_method,
    payerType: input.payer.type,
    payerName,
    payerIco: input.payer.type === 'company' ? input.payer.ico : input.payer.type === 'account' ? user!.ico : null,
    payerDic: payer.dic,
    payerIcDph: payer.icDph,
    discountCode: discount?.code ?? null,
    discountMinor,
    totalMinor,
    totalVatMinor,
  };
  const itemRows = items.map((item) => ({
    position: item.position,
    serviceId: item.serviceId,
    carrier: item.carrier,
    shipment: JSON.stringify(item.input.shipment),
    quote: JSON.stringify(compactQuote(item.quote)),
    priceMinor: item.priceMinor,
    priceVatMinor: item.priceVatMinor,
    vatRate: item.vatRate,
    collectionPointId: item.input.collection_point_id ?? null,
    deliveryPointId: item.input.delivery_point_id ?? null,
  }));
  const name = greetingOf({ payerName, email: input.email }, user, input.items[0]?.shipment);
  const confirmation = outboxRowOf(orderMail(env, order, itemRows.map((row, i) => ({ ...row, id: -i, orderId: 0 })), name, 'order_confirmation'));
  const bankTransfer = input.payment_method === 'bank_transfer';
  const statements = orderStatements(env.DB);
  // an order on the contract owes nothing here: the monthly invoice books it (orderTaken)
  const saleMinor = totalVatMinor + discountMinor;
  checkLedgerAmount(saleMinor);
  checkLedgerAmount(discountMinor);
  const ledger = input.payment_method === 'invoice' ? null : bind(statements.orderTaken, { token, userId: user?.id ?? null, currency, method: input.payment_method, saleMinor, discountMinor, ...ledgerStampOf(now) });
  const writes: Bound<unknown>[] = [
    ...(claim ? claim.writes : []),
    claim ? bind(claimedInBatchStatements(env.DB).order, { ...order, ...claim.mine, year: orderNumberOf(0, now).variableSymbol.slice(0, -8) }) : bind(separateClaimStatements(env.DB).order, order),
    ...itemRows.map((row) => bind(statements.item, { ...row, token })),
    bind(statements.payment, { token, method: input.payment_method, amountMinor: totalVatMinor, currency }),
    // read back by its token, not RETURNING (whose plan shows the foreign-key walks of every table under orders)
    bind(statements.readBack, { token }),
    claim ? bind(claimedInBatchStatements(env.DB).outbox, { ...confirmation, marker, token }) : bind(separateClaimStatements(env.DB).outbox, confirmation),
    // the books: what the order owes (the order's id is known only in the batch)
    ...(ledger ? [ledger] : []),
    // nothing after the batch decides a bank transfer's answer: its key is done with it (claimed in
    // the batch, the key was inserted done: claimInBatch)
    ...(bankTransfer && !claim ? [bind(statements.keyDone, { key })] : []),
  ];
  const creditWrites =
    input.payment_method === 'credit'
      ? (() => {
          const dedupeKey = `pay:order:${token}`;
          const debited = sql`EXISTS (SELECT 1 FROM credit_entries WHERE dedupe_key = ${dedupeKey})`;
          return [
            conditionalDebit(env.DB, { userId: user!.id, currency, amountMinor: totalVatMinor, orderId, dedupeKey }),
            db.update(orders).set({ status: 'paid', paidAt: nowIso }).where(sql`${orders.token} = ${token} AND ${orders.status} = 'unpaid' AND ${debited}`),
            db.update(payments).set({ status: 'paid', receivedMinor: totalVatMinor, updatedAt: nowIso }).where(sql`${payments.orderId} = ${orderId} AND ${payments.status} = 'pending' AND ${debited}`),
            ledgerInsertWhere(env.DB, orderPaidFromCredit({ id: orderId, userId: user!.id, currency, method: 'credit' }, totalVatMinor), debited, now),
          ].filter((w) => w !== null);
        })()
      : [];
  let results: readonly unknown[];
  try {
    results = await batchOf(env.DB, [...writes, ...[...creditWrites, ...addressWrites].map((w) => built(w as PromiseLike<unknown>))]);
  } catch (error) {
    // claimed in the batch: nothing was stored (or, when its answer was lost after it committed, the key is
    // done with its order); the caller claims the key on its own, as for a key that was there before
    if (claim) return null;
    // another request with this key won the race: continue its order
    const existing = String(error).includes('UNIQUE') ? await orderByKey(env.DB, key) : undefined;
    if (existing) return { order: existing };
    throw error;
  }
  // the claim's statements come first
  const at = claim ? claim.writes.length : 0;
  const returned = <T>(i: number) => (results[at + i] as T[])[0]!;
  const outboxId = returned<{ id: number }>(itemRows.length + 3).id;
  if (bankTransfer) {
    const created = returned<OrderRow>(itemRows.length + 2);
    return { order: created, outboxId, parts: newOrderParts(itemRows.map((_, i) => returned<OrderItemRow>(i + 1)), returned<PaymentRow>(itemRows.length + 1)) };
  }
  // credit: the batch may have paid it
  const created = (await orderByToken(env.DB, token))!;
  if (input.payment_method === 'credit' && created.status !== 'paid') {
    // the balance changed between the check and the batch (another payment won): nothing was charged
    await db.update(payments).set({ status: 'failed', failureReason: 'credit_insufficient' }).where(eq(payments.orderId, created.id));
  }
  return { order: created, outboxId };
}

/**
 * POST v1/orders/price: what the order would cost now, priced by the server as POST v1/orders
 * will (the checkout shows it, checks a discount code with it and sends its total back as
 * expected_total_vat). Nothing is stored.
 */
export async function priceOrder(
  env: OriginBindings,
  input: Pick<CreateOrderOutput, 'items' | 'discount_code'> & { payer?: CreateOrderOutput['payer'] },
  scope: { territory: Territory; language: ContentLanguage; now?: Date; user?: UserRow | null },
) {
  const { priced: listed, errors } = await priceItems(env.DB, input.items, scope, quoteOptionsOf(env), windowPricer(env, scope.territory));
  if (errors.length) throw validationError(errors, 'Some items cannot be ordered as they are');
  // without the payer (not chosen yet) the checkout is priced for a consumer, as POST v1/orders prices a person
  const priced = input.payer ? withVatRule(listed, vatBusinessOf({ type: input.payer.type, ...payerIds(input.payer, scope.user ?? null) })) : withVatRule(listed, null);
  const currency = priced[0]!.quote.priceVat!.currency;
  const discount = await findDiscount(env.DB, input.discount_code, scope.now ?? new Date());
  if (input.discount_code && !discount) throw validationError([{ field: 'discount_code', code: 'validation.discount_code', message: 'validation.discount_code' }]);
  // the guest's e-mail is not known yet here: POST v1/orders checks it
  if (discount && scope.user && (await discountUsed(env.DB, discount, { userId: scope.user.id, emails: [scope.user.email] }))) throw discountUsedError();
  const { items, discountMinor } = applyDiscount(priced, discount, currency);
  const sums = orderTotals(items);
  return {
    currency,
    /** list prices with VAT − discount = total_vat = total (base) + vat + rounding */
    list_total_vat: sums.listMinor / 100,
    total: sums.baseMinor / 100,
    vat: sums.vatMinor / 100,
    rounding: sums.roundingMinor / 100,
    total_vat: sums.totalMinor / 100,
    total_vat_minor: sums.totalMinor,
    discount: discountMinor / 100,
    discount_code: discount?.code ?? null,
    items: items.map((i) => {
      const list = listItemOf(i);
      return {
        position: i.position,
        service_id: i.serviceId,
        list_price: list.baseMinor / 100,
        list_price_vat: list.totalMinor / 100,
        price: i.priceMinor / 100,
        price_vat: i.priceVatMinor / 100,
        pickup_date: i.quote.timeInTransit.pickupDate,
        pickup_window: i.quote.timeInTransit.pickupWindow ?? null,
      };
    }),
  };
}

/**
 * POST v1/shipments/create: a contract customer books one shipment directly, billed on the
 * contract's monthly invoice (an order paid by `invoice`, so it goes to the carrier at once).
 */
export async function bookOnContract(env: OriginBindings, user: UserRow, item: OrderInput['items'][number], ctx: Omit<CreateContext, 'user'>): Promise<CreateResult> {
  if (!user.hasContract) throw new ApiError(403, 'API_FORBIDDEN_ERROR', 'Direct booking is for contract customers; others order through the cart');
  return createOrder(
    env,
    { items: [item], payment_method: 'invoice', payer: { type: 'account', company: '', ico: '', dic: '', ic_dph: '', country: 'cz' }, email: user.email, discount_code: '', terms: true },
    { ...ctx, user, idempotencyKey: `shipment:${ctx.idempotencyKey}` },
  );
}
