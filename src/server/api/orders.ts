import { contentLanguageOf } from '../../lib/language';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { CreateOrderSchema, OrderShipmentSchema, PriceOrderSchema, RefundAccountSchema, SandboxStatementSchema, StornoSchema } from '../../lib/schemas/order';
import { idLike } from '../../lib/schemas/quote';
import { object } from '../../lib/schemas/object';
import { orderByToken, paymentsOf } from '../db/repositories/orders';
import { isLocalDev, type OriginEnv } from '../env';
import { currentUser, requireUser, sessionOf } from '../http/auth';
import { ApiError, badRequest, notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { bookSandboxLine, sandboxStatement } from '../payments/bank/sandbox';
import { CardGatewayError } from '../payments/card/types';
import { pickLanguage } from '../services/countries';
import { parseTerritory } from '../services/quote-request';
import { bookOnContract, createOrder, priceOrder } from '../services/orders/create';
import { orderPagePath, thankYouPath } from '../services/orders/lifecycle';
import { paymentMethods } from '../services/orders/methods';
import { ingestBankTransactions, payByTransferInstead, receiveCardNotification, retryCardPayment, settleCardPayment } from '../services/orders/payments';
import { cancelShipments, cancelUnpaidOrder } from '../services/orders/storno';
import { orderView } from '../services/orders/view';
import { givePayerAccount } from '../services/orders/refunds';
import { trackingView } from '../services/tracking/view';
import { invoicePdf, labelPdf } from '../services/orders/documents';
import { invoiceDocument } from '../services/billing/invoices';
import { deferIn } from './user';
import { mainOf, orInYearDatabases } from '../services/archive/years/read';
import { checkCustomsInvoices, markCustomsInvoicesOrdered } from './customs-invoices';

const PaySchema = object({ method: v.optional(v.picklist(['card', 'bank_transfer'], 'validation.payment_method_unavailable'), 'card') });

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const language = (c: Context) => contentLanguageOf(pickLanguage(c.req.header('language'), c.req.header('accept-language')));

const orderOf = async (c: Context<OriginEnv>, token: string) => {
  const order = await orderByToken(c.env.DB, token);
  if (!order) throw notFound('No such order');
  return order;
};

/** v1/orders: checkout and the order pages (the token is the capability of a guest's order); the signed-in user's list is in client-shipments.ts */
export const ordersApi = new Hono<OriginEnv>()
  .post('/', async (c) => {
    const key = c.req.header('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('An Idempotency-Key header (8-100 letters, digits, - _ . :) is required');
    const input = await readJson(c, CreateOrderSchema);
    // own customs invoices: only the orderer's uploads, kept once ordered (issue 14)
    const invoiceFiles = await checkCustomsInvoices(c, input.items);
    const result = await createOrder(c.env, input, {
      user: await currentUser(c),
      territory: parseTerritory(c.req.header('x-territory')),
      language: language(c),
      idempotencyKey: key,
      defer: deferIn(c),
    });
    if (result.status < 300) await markCustomsInvoicesOrdered(c, invoiceFiles, result.body.data.token);
    return c.json(result.body, result.status as 201);
  })
  .post('/price', async (c) => {
    const input = await readJson(c, PriceOrderSchema);
    return c.json({ data: await priceOrder(c.env, input, { territory: parseTerritory(c.req.header('x-territory')), language: language(c), user: await currentUser(c) }) });
  })
  // `sandbox`: local development, where the order page offers the sandbox bank's payment
  // with ?tracking=1 the id is a tracking number (spec §7 orders tracking): the parcel's story
  // an order or parcel of a closed year is read from its year's database (services/archive/years)
  .get('/:token', async (c) => {
    const token = c.req.param('token');
    if (c.req.query('tracking')) {
      const access = { token: c.req.query('token') ?? null, user: await currentUser(c) };
      return c.json({ data: await orInYearDatabases(c.env, (env) => trackingView(env, token, access, language(c))) });
    }
    const view = await orInYearDatabases(c.env, async (env) => {
      const order = await orderByToken(env.DB, token);
      if (!order) throw notFound('No such order');
      return orderView(env.DB, order, undefined, language(c), env.FILES, undefined, { main: mainOf(env) });
    });
    return c.json({ data: { ...view, sandbox: isLocalDev(c.env) } });
  })
  // another go at the card, or (method bank_transfer) the transfer instead
  .post('/:token/pay', async (c) => {
    const { method } = await readJson(c, PaySchema);
    const order = method === 'bank_transfer' ? await payByTransferInstead(c.env, c.req.param('token')) : await retryCardPayment(c.env, c.req.param('token'));
    return c.json({ data: await orderView(c.env.DB, (await orderByToken(c.env.DB, order.token))!, undefined, language(c), c.env.FILES) });
  })
  // the account a waiting bank refund goes to (the token is the capability)
  .post('/:token/refund-account', async (c) => {
    const { account } = await readJson(c, RefundAccountSchema);
    const order = await givePayerAccount(c.env, c.req.param('token'), account);
    return c.json({ data: await orderView(c.env.DB, (await orderByToken(c.env.DB, order.token))!, undefined, language(c), c.env.FILES) });
  })
  .post('/:token/cancel', async (c) => {
    const order = await orderOf(c, c.req.param('token'));
    await cancelUnpaidOrder(c.env, order);
    return c.json({ data: await orderView(c.env.DB, (await orderByToken(c.env.DB, order.token))!, undefined, language(c), c.env.FILES) });
  });

/** v1/payment/methods and the gateway's callbacks */
export const paymentApi = new Hono<OriginEnv>().get('/methods', async (c) => c.json({ data: await paymentMethods(c.env, await currentUser(c), language(c), parseTerritory(c.req.header('x-territory'))) }));

const ReturnQuerySchema = object({ token: v.pipe(v.string(), v.minLength(10), v.maxLength(100)), lang: v.optional(v.string()), id: v.optional(v.pipe(v.string(), v.maxLength(30))) });

export const paymentsApi = new Hono<OriginEnv>()
  // GoPay's notification: GET with ?id= only. Whatever it names, the state is asked from the
  // gateway; GoPay counts anything but 200 as undelivered and notifies again, so an unknown,
  // repeated or unconfirmed one answers 200, and only a gateway we cannot ask answers 503
  .get('/card/notify', async (c) => {
    try {
      await receiveCardNotification(c.env, c.req.url, deferIn(c));
    } catch (error) {
      if (!(error instanceof CardGatewayError)) throw error;
      console.warn(JSON.stringify({ service: 'card', event: 'notification not confirmed', error: error.message }));
      throw new ApiError(503, 'API_UNAVAILABLE_ERROR', 'The card gateway cannot be asked now');
    }
    return c.json({ data: { ok: true } });
  })
  // the customer's browser comes back here from the gateway (GoPay adds ?id=, only a hint):
  // ask the gateway about the order's latest payment, then show the outcome
  .get('/card/return', async (c) => {
    const { token } = readQuery(c, ReturnQuerySchema);
    const order = await orderOf(c, token);
    const [payment] = await paymentsOf(c.env.DB, order.id);
    let settled = order as Awaited<ReturnType<typeof settleCardPayment>>;
    if (payment?.method === 'card' && payment.gatewayRef) {
      try {
        settled = (await settleCardPayment(c.env, payment.gatewayRef, deferIn(c))) ?? order;
      } catch (error) {
        // the gateway cannot be asked now: the order page shows the payment as it stands (the notification settles it)
        if (!(error instanceof CardGatewayError)) throw error;
        return c.redirect(orderPagePath(order), 303);
      }
    }
    const paid = settled !== undefined && settled.status !== 'unpaid' && settled.status !== 'cancelled';
    // a cancelled order shows what happened to the money (credit or owed back), not a failed payment
    return c.redirect(paid ? thankYouPath(order) : settled?.status === 'cancelled' ? orderPagePath(order) : `${orderPagePath(order)}?payment=failed`, 303);
  });

/** v1/sandbox: the sandbox bank's statement (local development only; 404 otherwise) */
export const sandboxApi = new Hono<OriginEnv>().post('/bank/statement', async (c) => {
  if (!isLocalDev(c.env)) throw notFound('No endpoint');
  const line = await readJson(c, SandboxStatementSchema);
  await bookSandboxLine(c.env.DB, {
    variableSymbol: line.variable_symbol,
    amountMinor: Math.round(line.amount * 100),
    currency: line.currency,
    counterAccount: line.counter_account ?? null,
    bookedOn: new Date().toISOString().slice(0, 10),
  });
  const outcomes = await ingestBankTransactions(c.env, await sandboxStatement(c.env.DB).incoming(), deferIn(c));
  return c.json({ data: { outcomes } });
});

const LabelQuerySchema = object({ format: v.optional(v.picklist(['a6', 'a4'], 'validation.label_format'), 'a6'), token: v.optional(v.pipe(v.string(), v.maxLength(100))) });

const CreateShipmentSchema = object({ shipment: OrderShipmentSchema, collection_point_id: idLike, delivery_point_id: idLike, config: v.optional(v.unknown()) });

/** v1/shipments: a contract customer's direct booking, storno, labels (the owner's list and detail are in client-shipments.ts) */
export const shipmentsApi = new Hono<OriginEnv>()
  .post('/create', async (c) => {
    const me = await requireUser(c);
    const item = await readJson(c, CreateShipmentSchema);
    const key = c.req.header('idempotency-key') ?? crypto.randomUUID();
    if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('Invalid Idempotency-Key');
    const result = await bookOnContract(
      c.env,
      me,
      { shipment: item.shipment, collection_point_id: item.collection_point_id, delivery_point_id: item.delivery_point_id },
      { territory: parseTerritory(c.req.header('x-territory')), language: language(c), idempotencyKey: key, defer: deferIn(c) },
    );
    return c.json({ data: { data: result.body.data.shipments, order: result.body.data.token } }, result.status as 201);
  })
  .post('/storno', async (c) => {
    const { shipments, token } = await readJson(c, StornoSchema);
    const cancelled = await cancelShipments(c.env, shipments.map((s) => s.id), { user: await currentUser(c), token: token ?? null });
    return c.json({ data: { cancelled } });
  })
  .get('/:id/label', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isInteger(id)) throw notFound('No such shipment');
    const { format, token } = readQuery(c, LabelQuerySchema);
    const user = await currentUser(c);
    // a moved shipment's label: from its year's database (its order page links it)
    const pdf = await orInYearDatabases(c.env, (env) => labelPdf(env, id, format, { user, token: token ?? null }));
    return new Response(pdf.body, { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${pdf.filename}"`, 'cache-control': 'private, no-store' } });
  });

/** v1/invoices/:token(/pdf): the invoice page's data and its PDF (the token is the capability) */
export const invoicesApi = new Hono<OriginEnv>()
  .get('/:token', async (c) => c.json({ data: await orInYearDatabases(c.env, (env) => invoiceDocument(env.DB, c.req.param('token'), undefined, env.FILES, mainOf(env))) }))
  .get('/:token/pdf', async (c) => {
  const pdf = await orInYearDatabases(c.env, (env) => invoicePdf(env, c.req.param('token')));
  return new Response(pdf.body, { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${pdf.filename}"`, 'cache-control': 'private, no-store' } });
});
