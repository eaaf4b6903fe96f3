import { storedQuote } from './stored-quote';
import { pathLocaleOf, type ContentLanguage } from '../../../lib/language';
import { codToCollect } from './cod';
import { and, eq, sql } from 'drizzle-orm';
import { formatDay, formatMoney as formatSiteMoney } from '../../../lib/format';
import { CARD_GATEWAY_UNAVAILABLE, type OrderShipment } from '../../../lib/schemas/order';
import type { QuoteRequestOutput } from '../../../lib/schemas/quote';
import { carrierByCode } from '../../carriers';
import { CarrierRefusedError, type Booking, type BookingCustoms, type BookingParty } from '../../carriers/booking';
import { carrierTransport } from '../../carriers/availability';
import { storeCarrierPackages } from './carrier-labels';
import { database } from '../../db/client';
import { itemsOf, orderById, paymentsOf, shipmentsOf, type OrderItemRow, type OrderRow, type ShipmentRow } from '../../db/repositories/orders';
import { orders, payments, shipments } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { cardGateway } from '../../payments/card/gateway';
import { CardGatewayError, type CardPaymentItem, type CreateCardPayment } from '../../payments/card/types';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { sendMail } from '../../mail/send';
import type { Defer } from '../accounts/account';
import { siteUrl } from '../accounts/links';
import { getParcelPoint } from '../parcel-points';
import { toShipment } from '../quote-request';
import { loadPricingContext } from '../quote-service';
import { ensureInvoice } from './invoice';
import { listItemOf, orderTotals } from './pricing';
import { labelDataOf } from './label';
import { newTrackingNumber } from './numbers';
import { assertOrderTransition } from './states';
import { translator } from '../../../i18n';
import { href } from '../../../routes';
import { newRecipientNonce } from '../tracking/recipient';
import { greetingName } from './greeting';
import { handoverOf } from '../../../lib/quote-rules';
import { carrierAndServiceIn } from '../../carriers/stored-names';

/**
 * What happens to an order after it is taken: the card payment is started, the customer is
 * told; once paid: the invoice is issued, each item is booked with its carrier, the order
 * moves on. Every step is idempotent (the SQL repeats the state it moves from), so a retry,
 * a repeated notification or the scheduled job can run it again safely.
 */

/** the site's money format (src/lib/format.ts): '1 376,68 Kč' in Czech e-mails, 'CZK 1 376.68' in English ones */
export const formatMoney = (minor: number, currency: string, language: ContentLanguage) => formatSiteMoney(minor / 100, currency, language);

export const orderPagePath = (order: Pick<OrderRow, 'language' | 'token'>) => href('order', pathLocaleOf(order.language), { token: order.token });
export const thankYouPath = (order: Pick<OrderRow, 'language' | 'token'>) => href('order-done', pathLocaleOf(order.language), { token: order.token });

/** the gateway's return and notification addresses (ours) */
export const cardReturnUrl = (env: OriginBindings, order: OrderRow) => siteUrl(env, `/api/v1/payments/card/return?token=${encodeURIComponent(order.token)}&lang=${order.language}`, order.territory);
export const cardNotifyUrl = (env: OriginBindings, order: OrderRow) => siteUrl(env, '/api/v1/payments/card/notify', order.territory);

/** the payment's lines for the gateway: one per shipment (its price with VAT), adding up to the amount */
export function cardItemsOf(items: readonly Pick<OrderItemRow, 'position' | 'serviceId' | 'priceVatMinor' | 'vatRate' | 'quote' | 'shipment'>[], amountMinor: number, language: ContentLanguage): CardPaymentItem[] {
  const lines: CardPaymentItem[] = items.map((item) => {
    const quote = storedQuote(item.quote);
    const shipment = JSON.parse(item.shipment) as Partial<OrderShipment>;
    const route = shipment.from?.city && shipment.to?.city ? ` (${shipment.from.city} → ${shipment.to.city})` : '';
    const vatRate = [0, 10, 12, 15, 21].includes(item.vatRate) ? (item.vatRate as CardPaymentItem['vatRate']) : undefined;
    return { name: `${quote.serviceName ?? item.serviceId}${route}`, amountMinor: item.priceVatMinor, count: 1, type: 'ITEM', ...(vatRate !== undefined ? { vatRate } : {}) };
  });
  // what the lines do not cover (a discount kept apart from them): one line of its own
  const rest = amountMinor - lines.reduce((sum, l) => sum + l.amountMinor, 0);
  if (rest !== 0) lines.push({ name: tr(language, rest < 0 ? 'order.card.item.discount' : 'order.card.item.other'), amountMinor: rest, count: 1, type: rest < 0 ? 'DISCOUNT' : 'ITEM' });
  return lines;
}

/** the payer as the gateway wants them: the order's e-mail, the first sender's name, phone and address */
function cardPayerOf(order: OrderRow, items: readonly Pick<OrderItemRow, 'shipment'>[]): CreateCardPayment['payer'] {
  const from = items[0] ? (JSON.parse(items[0].shipment) as Partial<OrderShipment>).from : undefined;
  return { email: order.email, firstName: from?.firstname, lastName: from?.surname, phone: from?.phone, street: from?.street, city: from?.city, postalCode: from?.zip, country: from?.country };
}

/**
 * A card order's gateway payment, created once (a retry of a failed payment adds a new one).
 * False when the gateway could not start it: the payment stays pending without a gateway
 * payment (the order page offers another try, or a bank transfer) and nothing is lost.
 */
export async function ensureCardPayment(env: OriginBindings, order: OrderRow): Promise<boolean> {
  const [payment] = await paymentsOf(env.DB, order.id);
  if (!payment || payment.method !== 'card' || payment.status !== 'pending') return false;
  if (payment.gatewayRef) return true;
  const items = await itemsOf(env.DB, order.id);
  let created: { ref: string; redirectUrl: string };
  try {
    created = await cardGateway(env).create({
      orderNumber: order.number,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      label: `${order.number}`,
      items: cardItemsOf(items, payment.amountMinor, order.language),
      payer: cardPayerOf(order, items),
      language: order.language,
      returnUrl: cardReturnUrl(env, order),
      notifyUrl: cardNotifyUrl(env, order),
    });
  } catch (error) {
    if (!(error instanceof CardGatewayError)) throw error;
    console.warn(JSON.stringify({ service: 'card', event: 'payment not started', order: order.number, kind: error.kind, error: error.message }));
    await database(env.DB).update(payments).set({ failureReason: CARD_GATEWAY_UNAVAILABLE, updatedAt: new Date().toISOString() }).where(and(eq(payments.id, payment.id), sql`${payments.gatewayRef} IS NULL`));
    return false;
  }
  await database(env.DB)
    .update(payments)
    .set({ gatewayRef: created.ref, redirectUrl: created.redirectUrl, failureReason: null, updatedAt: new Date().toISOString() })
    .where(and(eq(payments.id, payment.id), sql`${payments.gatewayRef} IS NULL`));
  return true;
}

/** the card payment of a new (or continued) order; its confirmation e-mail is recorded with the order (create.ts) */
export async function afterOrderCreated(env: OriginBindings, order: OrderRow): Promise<void> {
  if (order.paymentMethod === 'card' && order.status === 'unpaid') await ensureCardPayment(env, order);
}

export async function sendOrderMail(env: OriginBindings, order: OrderRow, template: 'order_confirmation' | 'payment_received') {
  return sendMail(env, orderMail(env, order, await itemsOf(env.DB, order.id), await greetingName(env.DB, order), template));
}

/** an order's e-mail (to render, or to record in the outbox with the order: create.ts) */
export function orderMail(
  env: OriginBindings,
  order: Pick<OrderRow, 'totalVatMinor' | 'currency' | 'language' | 'territory' | 'paymentMethod' | 'variableSymbol' | 'email' | 'token' | 'number' | 'discountCode'>,
  items: readonly OrderItemRow[],
  name: string,
  template: 'order_confirmation' | 'payment_received',
) {
  const amount = formatMoney(order.totalVatMinor, order.currency, order.language);
  const account = SHOP_ACCOUNTS[order.territory];
  const extra =
    template !== 'order_confirmation'
      ? []
      : order.paymentMethod === 'bank_transfer'
        ? [tr(order.language, 'mail.order.bank', { amount, account: account.account, iban: account.iban, vs: order.variableSymbol })]
        : order.paymentMethod === 'invoice'
          ? [tr(order.language, 'mail.order.monthlyInvoice')]
          : [];
  return {
    to: order.email,
    template,
    language: order.language,
    name,
    link: siteUrl(env, orderPagePath(order), order.territory),
    values: { number: order.number, amount },
    extra: [...orderMailLines(order, items), ...extra],
  };
}

/** the order as the e-mails print it: each item at its list price, the discount, the total with its base and VAT (they add up as on the order page) */
export function orderMailLines(order: Pick<OrderRow, 'currency' | 'language' | 'discountCode'>, items: readonly OrderItemRow[]): string[] {
  const t = translator(order.language);
  const money = (minor: number) => formatMoney(minor, order.currency, order.language);
  const sums = orderTotals(items);
  return [
    ...items.map((item) => {
      const shipment = JSON.parse(item.shipment) as OrderShipment;
      const quote = storedQuote(item.quote, item);
      const values = { position: String(item.position + 1), carrier: carrierAndServiceIn(quote, order.language), route: `${shipment.from.city} → ${shipment.to.city}`, amount: money(listItemOf(item).totalMinor) };
      const date = quote.timeInTransit.pickupDate;
      if (!date) return t('mail.order.item', values);
      return t(handoverOf(quote, item.collectionPointId !== null) === 'handIn' ? 'mail.order.itemHandIn' : 'mail.order.itemPickup', { ...values, date: formatDay(date, order.language) });
    }),
    ...(sums.discountMinor ? [t('mail.order.discount', { code: order.discountCode ?? '', amount: money(-sums.discountMinor) })] : []),
    ...(sums.roundingMinor ? [t('mail.order.rounding', { amount: money(sums.roundingMinor) })] : []),
    t('mail.order.totalVat', { amount: money(sums.totalMinor), base: money(sums.baseMinor), vat: money(sums.vatMinor) }),
  ];
}

const tr = (language: ContentLanguage, id: 'mail.order.bank' | 'mail.order.monthlyInvoice' | 'order.card.item.discount' | 'order.card.item.other', values?: Record<string, string>) => translator(language)(id, values);

/**
 * Unpaid → paid, once: the caller that moves it sends the payment-received e-mail (not for an
 * order on the contract: nothing was paid). The work after payment runs for any caller (it
 * finishes what an earlier, interrupted one began).
 */
export async function markPaid(env: OriginBindings, orderId: number, defer: Defer, now = new Date()): Promise<boolean> {
  assertOrderTransition('unpaid', 'paid');
  const [moved] = await database(env.DB)
    .update(orders)
    .set({ status: 'paid', paidAt: now.toISOString(), updatedAt: now.toISOString() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .returning();
  if (moved && moved.paymentMethod !== 'invoice') defer(sendOrderMail(env, moved, 'payment_received'), 'payment received');
  await afterPaid(env, orderId, defer, now);
  return Boolean(moved);
}

export async function afterPaid(env: OriginBindings, orderId: number, _defer: Defer, now = new Date()): Promise<void> {
  const order = await orderById(env.DB, orderId);
  if (!order || !['paid', 'processing'].includes(order.status)) return;
  await ensureInvoice(env, order, now);
  await bookShipments(env, order, now);
}

export const partyOf = (a: OrderShipment['from']): BookingParty => ({
  name: `${a.firstname} ${a.surname}`.trim() || a.company,
  company: a.company || null,
  street: a.street,
  city: a.city,
  zip: a.zip,
  country: a.country,
  phone: a.phone,
  email: a.email,
});

/** rows per multi-row insert of shipments (11 bound values each with the defaults: 88, within D1's 100) */
const SHIPMENT_INSERT_CHUNK = 8;

/**
 * A shipment row per item (with its tracking number), then each pending one booked with its
 * carrier. An order holds up to MAX_ORDER_ITEMS items: the rows go in multi-row inserts and
 * the pricing context and parcel points are read once per order, so booking costs about one
 * D1 write per shipment besides the carrier's own call; up to BOOKING_CONCURRENCY shipments
 * are booked at once, and the order moves on once all have been tried.
 */
export async function bookShipments(env: OriginBindings, order: OrderRow, now = new Date()): Promise<void> {
  const db = database(env.DB);
  const items = await itemsOf(env.DB, order.id);
  const existing = new Set((await shipmentsOf(env.DB, order.id)).map((s) => s.itemId));
  const rowOf = (item: OrderItemRow) => ({ orderId: order.id, itemId: item.id, userId: order.userId, trackingNumber: newTrackingNumber(), recipientNonce: newRecipientNonce(), carrier: item.carrier, serviceId: item.serviceId });
  const missing = items.filter((i) => !existing.has(i.id));
  for (let i = 0; i < missing.length; i += SHIPMENT_INSERT_CHUNK) {
    const chunk = missing.slice(i, i + SHIPMENT_INSERT_CHUNK);
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await db.insert(shipments).values(chunk.map(rowOf)).onConflictDoNothing({ target: shipments.itemId });
        break;
      } catch (error) {
        // a tracking number already taken (1 in 10^10): the whole chunk draws again
        if (!String(error).includes('UNIQUE') || attempt === 4) throw error;
      }
    }
  }
  const byItem = new Map(items.map((i) => [i.id, i]));
  const shared: BookingShared = { contexts: new Map(), points: new Map() };
  // a shipment its carrier refused is not asked again: the refusal is its answer (the order page says it)
  const pending = (await shipmentsOf(env.DB, order.id)).filter((s) => s.status === 'pending' && s.refusalCode === null);
  await eachAtMost(pending, BOOKING_CONCURRENCY, (shipment) => bookOne(env, order, byItem.get(shipment.itemId)!, shipment, now, shared));
  const all = await shipmentsOf(env.DB, order.id);
  if (all.length === items.length && all.every((s) => s.status !== 'pending')) {
    await db.update(orders).set({ status: 'processing', updatedAt: now.toISOString() }).where(and(eq(orders.id, order.id), eq(orders.status, 'paid')));
  }
}

/** an order's shipments booked at once: each is its own carrier call and its own D1 write */
const BOOKING_CONCURRENCY = 5;

/** `task` for every item, at most `limit` running at a time */
async function eachAtMost<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** what every shipment of one order's booking reads alike, read once */
type BookingShared = {
  contexts: Map<string, ReturnType<typeof loadPricingContext>>;
  points: Map<string, ReturnType<typeof getParcelPoint>>;
};

/** what the carrier is sent for a shipment (and what its `find` looks up) */
export function bookingOf(order: Pick<OrderRow, 'territory' | 'language'>, item: OrderItemRow, shipment: Pick<ShipmentRow, 'trackingNumber'>): Booking {
  const input = JSON.parse(item.shipment) as OrderShipment;
  const priced = toShipment({ ...input, complete: true } as unknown as QuoteRequestOutput, { territory: order.territory, language: order.language });
  return {
    serviceId: item.serviceId,
    // the carrier collects the amount priced with the order (shipping added when the sender chose it)
    shipment: { ...priced, cod: codToCollect(input, storedQuote(item.quote, item)), codWithShipping: false },
    sender: partyOf(input.from),
    recipient: partyOf(input.to),
    collectionPointId: item.collectionPointId,
    deliveryPointId: item.deliveryPointId,
    reference: input.reference ?? null,
    trackingNumber: shipment.trackingNumber,
    carrierPrice: storedQuote(item.quote, item).carrierPrice ?? null,
    customs: customsOf(input.customs),
  };
}

function customsOf(customs: OrderShipment['customs']): BookingCustoms | null {
  if (!customs?.items?.length) return null;
  return {
    reason: customs.reason || 'commercial',
    currency: customs.currency ?? '',
    items: customs.items.map((i) => ({ name: i.name, country: i.country, quantity: i.quantity, value: i.value, hsCode: i.hs_code?.replace(/[\s.]/g, '') || null })),
    invoiceFiles: customs.invoice === 'create' ? [] : (customs.invoice_files ?? []),
  };
}

/** books one shipment; a refusal or an outage leaves it pending with the reason, for a retry or a cancellation */
async function bookOne(env: OriginBindings, order: OrderRow, item: OrderItemRow, shipment: ShipmentRow, now: Date, shared: BookingShared) {
  const db = database(env.DB);
  const carrier = carrierByCode(item.carrier);
  const input = JSON.parse(item.shipment) as OrderShipment;
  const quote = storedQuote(item.quote, item);
  const attempt = { attempts: sql`${shipments.attempts} + 1` };
  const transport = carrier ? carrierTransport(env, carrier) : null;
  if (carrier && !transport) {
    // not bookable here (deployed without its client or credentials): waits, uncounted, until it is
    await db.update(shipments).set({ lastError: `${carrier.code} cannot be booked online here yet (no carrier client or credentials)` }).where(eq(shipments.id, shipment.id));
    return;
  }
  try {
    if (!carrier || !transport) throw new CarrierRefusedError(`Unknown carrier ${item.carrier}`);
    const booking = bookingOf(order, item, shipment);
    if (!shared.contexts.has(booking.shipment.currency)) shared.contexts.set(booking.shipment.currency, loadPricingContext(env.DB, { currency: booking.shipment.currency }, now));
    const context = await shared.contexts.get(booking.shipment.currency)!;
    // an earlier attempt's answer may have been lost after the carrier booked it: look it up before booking again
    const found = shipment.attempts > 0 && transport.find ? await transport.find(booking, context) : null;
    const booked = found ?? (await transport.create(booking, context));
    const pointId = item.deliveryPointId ?? null;
    if (pointId && !shared.points.has(pointId)) shared.points.set(pointId, getParcelPoint(env.DB, pointId));
    const point = pointId ? await shared.points.get(pointId)! : null;
    const label = labelDataOf({ order, item, shipment: input, quote, row: shipment, booked, point });
    const carrierPackages = await storeCarrierPackages(env, shipment.trackingNumber, booked);
    await db
      .update(shipments)
      .set({ status: 'created', carrierRef: booked.carrierRef, carrierPackages: carrierPackages && JSON.stringify(carrierPackages), pickupDate: booked.pickupDate, pickupFrom: booked.pickupFrom, pickupTo: booked.pickupTo, label: JSON.stringify(label), lastError: null, refusalCode: null, ...attempt })
      .where(and(eq(shipments.id, shipment.id), eq(shipments.status, 'pending')));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`shipment ${shipment.trackingNumber} not booked with ${item.carrier}:`, reason);
    const refusalCode = error instanceof CarrierRefusedError ? (error.code ?? '').slice(0, 100) : null;
    await db.update(shipments).set({ lastError: reason.slice(0, 500), refusalCode, ...attempt }).where(eq(shipments.id, shipment.id));
  }
}
