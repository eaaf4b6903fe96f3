import { storedQuote } from './stored-quote';
import { withArchivedRecords } from '../archive/read';
import { refusalKind } from '../../carriers/refusals';
import { codToCollect } from './cod';
import type { OrderShipment } from '../../../lib/schemas/order';
import { SHOP_ACCOUNTS } from '../../payments/bank/account';
import { itemsOf, paymentsOf, shipmentsOf, type InvoiceRow, type OrderItemRow, type OrderRow, type PaymentRow, type ShipmentRow } from '../../db/repositories/orders';
import { invoiceOfOrder } from '../billing/invoices';
import { creditedMinor } from './payments';
import { owedBackOf, refundsView } from './refunds';
import { paymentQr } from './qr';
import { carrierPackagesOf } from './carrier-labels';
import { listItemOf, orderTotals } from './pricing';
import { carrierByCode } from '../../carriers';
import { beforePickupCutoff, serviceCutoff } from '../../carriers/booking';
import { handoverOf } from '../../../lib/quote-rules';
import type { Language } from '../../../lib/language';
import { storedQuoteNames } from '../../carriers/stored-names';

/**
 * An order as the API answers it (POST v1/orders, GET v1/orders/:token). Amounts are major
 * units (2 decimals) at this edge; the server computes in minor units.
 */
const major = (minor: number) => minor / 100;

export type OrderView = Awaited<ReturnType<typeof orderView>>;

const party = (a: OrderShipment['from']) => ({ name: a.company || `${a.firstname} ${a.surname}`.trim(), street: a.street, city: a.city, zip: a.zip, country: a.country });

export const labelUrl = (shipmentId: number, token: string, format: 'a6' | 'a4' = 'a6') => `/api/v1/shipments/${shipmentId}/label?format=${format}&token=${encodeURIComponent(token)}`;

export type ShipmentRefusal = 'with_carrier' | 'past_cutoff';

/**
 * Why a shipment can no longer be cancelled, or null while it can: only before the carrier
 * has the parcel (no tracking event beyond `pending`) and before the carrier closes its pickup
 * day (the order time limit of its service; the carrier refuses after).
 */
export function stornoRefusal(s: Pick<ShipmentRow, 'status' | 'pickupDate' | 'carrier' | 'serviceId' | 'trackingStatus'>, now: Date): ShipmentRefusal | null {
  if (s.trackingStatus !== 'pending') return 'with_carrier';
  if (s.status === 'pending') return null;
  const carrier = carrierByCode(s.carrier);
  return s.status === 'created' && beforePickupCutoff(s.pickupDate, carrier ? serviceCutoff(carrier.sheet, s.serviceId) : null, now) ? null : 'past_cutoff';
}

export const isCancellable = (s: Parameters<typeof stornoRefusal>[0], now: Date) => stornoRefusal(s, now) === null;

/** what the view reads besides the order: `loaded` when the caller has it (a new order: its batch returned it) */
export type OrderParts = [OrderItemRow[], PaymentRow[], ShipmentRow[], Pick<InvoiceRow, 'id' | 'token'> | undefined, number, Awaited<ReturnType<typeof refundsView>>];

/** an order just created: its items and payment as its batch returned them, nothing else yet */
export const newOrderParts = (items: OrderItemRow[], payment: PaymentRow): OrderParts => [items, [payment], [], undefined, 0, []];

/** everything the view reads besides the order; an order past RECORDS_ARCHIVE_AFTER_MONTHS reads its items' quotes and label data back from R2 */
async function orderParts(db: D1Database, order: OrderRow, files?: R2Bucket, main: D1Database = db): Promise<OrderParts> {
  const [{ items, shipments }, payments, invoice, credited, refunds] = await Promise.all([
    Promise.all([itemsOf(db, order.id), shipmentsOf(db, order.id)]).then(([items, shipments]) => withArchivedRecords({ DB: db, FILES: files }, order, { items, shipments })),
    paymentsOf(db, order.id),
    invoiceOfOrder(db, order.id, main),
    order.userId ? creditedMinor(db, order.id) : 0,
    refundsView(db, order.id),
  ]);
  return [items, payments, shipments, invoice, credited, refunds];
}

/**
 * `language`: the page's, for the carrier and service names (a stored quote keeps those it was priced in).
 * `qrSvg: false`: a bank transfer's QR payload without its drawing (POST v1/orders answers so; the order page draws it).
 * `main`: the main database when `db` is a closed year's (services/archive/years/read.ts): what is never moved is read there
 */
export async function orderView(db: D1Database, order: OrderRow, now = new Date(), language: Language = order.language, files?: R2Bucket, loaded?: OrderParts, { qrSvg = true, main = db }: { qrSvg?: boolean; main?: D1Database } = {}) {
  const [items, payments, shipments, invoice, credited, refunds] = loaded ?? (await orderParts(db, order, files, main));
  const payment = payments[0];
  const account = SHOP_ACCOUNTS[order.territory];
  const positionOf = new Map(items.map((i) => [i.id, i.position]));
  const bankTransfer = payment?.method === 'bank_transfer';
  // each item's stored quote parsed once (its handover and its line both read it)
  const quotes = new Map(items.map((i) => [i.id, storedQuote(i.quote, i)]));
  const handovers = new Map(items.map((i) => [i.id, handoverOf(quotes.get(i.id)!, i.collectionPointId !== null)]));
  const sums = orderTotals(items);
  return {
    token: order.token,
    number: order.number,
    status: order.status,
    created_at: order.createdAt,
    paid_at: order.paidAt,
    email: order.email,
    language: order.language,
    currency: order.currency,
    /** list prices with VAT − discount = total_vat = total (base) + vat + rounding, as the invoice states it */
    list_total_vat: major(sums.listMinor),
    total: major(sums.baseMinor),
    vat: major(sums.vatMinor),
    rounding: major(sums.roundingMinor),
    total_vat: major(order.totalVatMinor),
    discount: major(order.discountMinor),
    discount_code: order.discountCode,
    refunded: major(order.refundedMinor),
    /** money the order does not keep that has not gone back yet (refunds neither sent nor settled) */
    owed_back: owedBackOf(refunds),
    /** each refund: amount, way (card, bank_transfer, credit) and state (requested, waiting_for_account, sent, settled) */
    refunds,
    /** a bank refund waits for the payer's account (the order page asks; Slovakia: IBAN only) */
    refund_account: { needed: refunds.some((r) => r.state === 'waiting_for_account'), iban_only: order.territory === 'sk' },
    /** a signed-in owner's money beyond the price, put on the account's credit */
    credited: major(credited),
    payer: { type: order.payerType, name: order.payerName, ico: order.payerIco, dic: order.payerDic },
    payment: payment && {
      method: payment.method,
      status: payment.status,
      amount: major(payment.amountMinor),
      received: major(payment.receivedMinor),
      variable_symbol: order.variableSymbol,
      failure_reason: payment.failureReason,
      redirect_url: payment.method === 'card' && payment.status === 'pending' ? payment.redirectUrl : null,
      ...(bankTransfer
        ? { iban: account.iban, account: account.account, bic: account.bic, holder: account.holder, ...paymentQr(order, Math.max(0, payment.amountMinor - payment.receivedMinor), account, { svg: qrSvg }) }
        : {}),
    },
    items: items.map((item) => {
      const shipment = JSON.parse(item.shipment) as OrderShipment;
      const quote = quotes.get(item.id)!;
      const list = listItemOf(item);
      const names = storedQuoteNames(quote, language);
      return {
        position: item.position,
        carrier: { code: item.carrier, name: names.carrier },
        service_id: item.serviceId,
        service_name: names.service ?? '',
        /** 'pickup': a courier collects the parcel on pickup_date; 'handIn': the sender hands it in from that day */
        handover: handovers.get(item.id)!,
        from: party(shipment.from),
        to: party(shipment.to),
        packages: shipment.packages?.length ?? 1,
        /** what the carrier collects on delivery (shipping added when the sender chose it), or null */
        cod: codToCollect(shipment, quote),
        pickup_date: quote.timeInTransit.pickupDate,
        delivery_date: quote.timeInTransit.deliveryDate,
        /** the item at its list price, before the discount */
        list_price: major(list.baseMinor),
        list_price_vat: major(list.totalMinor),
        price: major(item.priceMinor),
        price_vat: major(item.priceVatMinor),
        collection_point_id: item.collectionPointId,
        delivery_point_id: item.deliveryPointId,
      };
    }),
    shipments: shipments.map((s) => ({
      id: s.id,
      item_position: positionOf.get(s.itemId) ?? null,
      tracking_number: s.trackingNumber,
      carrier: s.carrier,
      carrier_ref: s.carrierRef,
      carrier_parcel_numbers: carrierPackagesOf(s.carrierPackages).map((p) => p.ref),
      status: s.status,
      handover: handovers.get(s.itemId) ?? 'pickup',
      pickup_date: s.pickupDate,
      pickup_from: s.pickupFrom,
      pickup_to: s.pickupTo,
      error: s.lastError,
      /** the carrier refused the booking: what it means, for the page to say in the customer's language */
      refusal: s.status === 'pending' && s.refusalCode !== null ? refusalKind(s.carrier, s.refusalCode) : null,
      label_url: s.status === 'created' ? labelUrl(s.id, order.token) : null,
      label_url_a4: s.status === 'created' ? labelUrl(s.id, order.token, 'a4') : null,
      cancellable: isCancellable(s, now),
      storno_refusal: s.status === 'cancelled' ? null : stornoRefusal(s, now),
      delivered: s.trackingStatus === 'delivered',
    })),
    invoice_url: invoice ? `/faktura/${invoice.token}` : null,
    invoice_pdf_url: invoice ? `/api/v1/invoices/${invoice.token}/pdf` : null,
    can_retry_payment: order.status === 'unpaid' && payment?.method === 'card' && (payment.status !== 'pending' || !payment.gatewayRef),
  };
}
