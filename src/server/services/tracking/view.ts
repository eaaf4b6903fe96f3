import { storedQuote } from '../orders/stored-quote';
import { codToCollect } from '../orders/cod';
import { asc, eq } from 'drizzle-orm';
import type { OrderShipment } from '../../../lib/schemas/order';
import { trackingNumberError } from '../../../lib/tracking-number';
import { database } from '../../db/client';
import type { UserRow } from '../../db/repositories/users';
import { orderItems, orders, shipments, trackingEvents, type TRACKING_STATUS_VALUES } from '../../db/schema';
import { ApiError, validationError } from '../../http/errors';
import { timingSafeEqualText } from '../../identity/crypto';
import { getParcelPoint } from '../parcel-points';
import type { OriginBindings } from '../../env';
import { isRecipientToken } from './recipient';
import { handoverOf } from '../../../lib/quote-rules';
import type { Language } from '../../../lib/language';
import { storedQuoteNames } from '../../carriers/stored-names';
import { archivedEventsOf, itemWithRecords } from '../archive/read';
import { mainOf, type MainBinding } from '../archive/years/read';

type TrackingStatus = (typeof TRACKING_STATUS_VALUES)[number];

/**
 * GET v1/orders/:id?tracking=1: a parcel's story by its tracking number. Anyone sees the
 * status, the timeline, the carrier, the countries and the expected delivery. The recipient
 * (their own recipient token, services/tracking/recipient.ts) also sees the addresses, the
 * parcel point with its opening hours and cash on delivery, and nothing of the order; so does
 * the order's token, which older recipient e-mails carried. Only the signed-in owner also gets
 * the order (its page, rating, change and claim links). Nothing personal otherwise.
 */
export const TRACKING_NOT_FOUND = 'tracking.not_found';

/**
 * the parcel's rows and events, as the view reads them (one stage: asked at once, the page waits on this);
 * a parcel whose events were archived (services/archive/tracking.ts) reads them from R2, with any that arrived later
 */
async function readParcel(d1: D1Database, files: R2Bucket | undefined, number: string) {
  const db = database(d1);
  const [rows, events] = await Promise.all([
    db
      .select({ shipment: shipments, item: orderItems, order: { id: orders.id, token: orders.token, number: orders.number, recordsArchiveKey: orders.recordsArchiveKey } })
      .from(shipments)
      .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(eq(shipments.trackingNumber, number)),
    db
      .select({ status: trackingEvents.status, rawStatus: trackingEvents.rawStatus, occurredAt: trackingEvents.occurredAt, location: trackingEvents.location, description: trackingEvents.description })
      .from(trackingEvents)
      .innerJoin(shipments, eq(shipments.id, trackingEvents.shipmentId))
      .where(eq(shipments.trackingNumber, number))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id)),
  ]);
  const found = rows[0];
  const archive = found?.shipment.eventsArchivedAt ? found.shipment.eventsArchiveKey : null;
  // the item's quote moved to R2 with its order's records (services/archive/orders.ts): read back, beside the archived events
  const [item, archivedEvents] = await Promise.all([
    found && found.item.quote === '' ? itemWithRecords({ DB: d1, FILES: files }, found.item, found.order) : found?.item,
    archive ? archivedEventsOf({ DB: d1, FILES: files }, archive, found!.shipment.id) : null,
  ]);
  const parcelRows = found && item !== found.item ? [{ ...found, item: item! }] : rows;
  if (!archivedEvents) return { rows: parcelRows, events };
  const archived = archivedEvents.map((e) => ({ status: e.status as TrackingStatus, rawStatus: e.raw_status, occurredAt: e.occurred_at, location: e.location, description: e.description }));
  return { rows: parcelRows, events: [...archived, ...events].sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0)) };
}

/**
 * A tracking page is reloaded often while nothing changes, so a found parcel is remembered
 * in isolate memory for TRACKING_MEMO_MS. Ingesting an event or cancelling the shipment
 * forgets it here at once; another isolate may show the previous state for at most that long
 * (carriers' own tracking lags by minutes). Unknown numbers are never remembered.
 */
export const TRACKING_MEMO_MS = 15_000;
const TRACKING_MEMO_SIZE = 500;
type Parcel = Awaited<ReturnType<typeof readParcel>>;
const memos = new WeakMap<D1Database, Map<string, { at: number; parcel: Parcel }>>();

function recalled(d1: D1Database, number: string): Parcel | null {
  const memo = memos.get(d1)?.get(number);
  return memo && Date.now() - memo.at < TRACKING_MEMO_MS ? memo.parcel : null;
}

function remember(d1: D1Database, number: string, parcel: Parcel): Parcel {
  if (parcel.rows.length === 0) return parcel;
  let memo = memos.get(d1);
  if (!memo) memos.set(d1, (memo = new Map()));
  memo.delete(number);
  if (memo.size >= TRACKING_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(number, { at: Date.now(), parcel });
  return parcel;
}

/** the parcel changed (a new event, a cancellation): the next view reads it again */
export function forgetTracking(d1: D1Database, trackingNumber: string | null | undefined) {
  if (trackingNumber) memos.get(d1)?.delete(trackingNumber.toUpperCase());
}

/** `env.MAIN_DB`: the main database when `DB` is a closed year's (services/archive/years/read.ts): the parcel point is read there */
export async function trackingView(env: Pick<OriginBindings, 'DB' | 'FILES' | 'SESSION_SECRET'> & MainBinding, id: string, access: { token: string | null; user: UserRow | null }, language: Language = 'cs') {
  const d1 = env.DB;
  const problem = trackingNumberError(id);
  if (problem) throw validationError([{ field: 'id', code: problem === 'required' ? 'validation.required' : `tracking.${problem}`, message: `tracking.${problem}` }], 'Not a tracking number');
  const number = id.trim().toUpperCase();
  const answer = recalled(d1, number) ?? remember(d1, number, await readParcel(d1, env.FILES, number));
  const { rows, events } = answer;
  const found = rows[0];
  if (!found) throw new ApiError(404, 'API_NOT_FOUND_ERROR', 'No parcel with this tracking number', [{ field: 'id', code: TRACKING_NOT_FOUND, message: TRACKING_NOT_FOUND }]);
  const { shipment, item, order } = found;
  const input = JSON.parse(item.shipment) as OrderShipment;
  const quote = storedQuote(item.quote, item);
  const owner = Boolean(access.user && shipment.userId === access.user.id);
  const names = storedQuoteNames(quote, language);
  const full = owner || Boolean(access.token && ((await isRecipientToken(env, shipment, access.token)) || (order && timingSafeEqualText(order.token, access.token))));
  const base = {
    tracking_number: shipment.trackingNumber,
    carrier: { code: shipment.carrier, name: names.carrier },
    service_name: names.service ?? '',
    status: shipment.status === 'cancelled' ? 'cancelled' : shipment.trackingStatus,
    status_at: shipment.trackingAt,
    delivered_at: shipment.deliveredAt,
    expected_delivery: shipment.deliveredAt ? null : quote.timeInTransit.deliveryDate,
    pickup_date: shipment.pickupDate,
    /** 'handIn': the sender hands the parcel in from pickup_date (no courier collects it) */
    handover: handoverOf(quote, item.collectionPointId !== null),
    from_country: input.from.country,
    to_country: input.to.country,
    to_parcel_point: Boolean(item.deliveryPointId),
    // the courier's last known position while the parcel is on its way (Liftago)
    courier_position: shipment.courierPosition && shipment.status === 'created' && ['pending', 'picked_up', 'out_for_delivery'].includes(shipment.trackingStatus) ? (JSON.parse(shipment.courierPosition) as { lat: number; lon: number; at: string }) : null,
    events: events.map((e) => ({ status: e.status, raw_status: e.rawStatus, time: e.occurredAt, location: e.location, description: e.description })),
    /** the events older than the archive age are read from the archive (the page says so) */
    archived: Boolean(shipment.eventsArchivedAt),
    full,
  };
  if (!full) return base;
  // parcel points are never moved to a year's database
  const point = item.deliveryPointId ? await getParcelPoint(mainOf(env), item.deliveryPointId) : null;
  const party = (p: OrderShipment['from']) => ({ name: `${p.firstname} ${p.surname}`.trim(), company: p.company || null, street: p.street, city: p.city, zip: p.zip, country: p.country, phone: p.phone, email: p.email });
  const cod = codToCollect(input, quote);
  const parcel = {
    ...base,
    from: party(input.from),
    to: party(input.to),
    parcel_point: point && { id: point.id, name: point.name, street: point.street, city: point.city, zip: point.zip, opening_hours: point.openingHours },
    cod,
  };
  // a token holder sees the parcel, not the sender's e-mail nor anything that opens the order
  if (!owner) return { ...parcel, from: { ...parcel.from, email: null } };
  return { ...parcel, shipment_id: shipment.id, reference: input.reference ?? null, order: order ? { number: order.number, token: order.token } : null };
}

export type TrackingView = Awaited<ReturnType<typeof trackingView>>;
