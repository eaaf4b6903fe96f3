import { storedQuote } from '../orders/stored-quote';
import { itemWithRecords } from '../archive/read';
import { pathLocaleOf, type ContentLanguage } from '../../../lib/language';
import { storedQuoteNames } from '../../carriers/stored-names';
import { forgetTracking } from './view';
import { recipientToken } from './recipient';
import { RECIPIENT_TRACKING_SETTING } from '../accounts/profile';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { formatDay } from '../../../lib/format';
import type { OrderShipment } from '../../../lib/schemas/order';
import { carrierByCode } from '../../carriers';
import { carrierTransport } from '../../carriers/availability';
import type { TrackingStatus } from '../../carriers/types';
import { chunks } from '../../db/chunks';
import { LAST_NEWS, OPEN } from '../../db/open-parcels';
import { database } from '../../db/client';
import { orderById, type ShipmentRow } from '../../db/repositories/orders';
import { orderItems, orders, shipmentNotifications, shipments, trackingEvents, userSettings } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { sendMail } from '../../mail/send';
import type { MailTemplate } from '../../mail/templates';
import type { Defer } from '../accounts/account';
import { siteUrl } from '../accounts/links';
import { recipientLanguage, territoryOfMail } from '../../mail/recipient-language';
import { getParcelPoint } from '../parcel-points';
import { href } from '../../../routes';
import type { RawTrackingEvent, TrackQuery } from '../../carriers/sandbox-story';

/**
 * Tracking events in, from a carrier's webhook or its poller: each stored once (by the
 * carrier's event id per shipment), the shipment's status taken from the newest event by
 * the time it happened (events may arrive out of order), the recipient told once per
 * milestone, and the order completed when every parcel is delivered.
 */
export type IngestResult = { stored: number; duplicates: number };

const MILESTONE_MAIL: Partial<Record<TrackingStatus, { kind: string; template: MailTemplate }>> = {
  picked_up: { kind: 'picked_up', template: 'tracking_picked_up' },
  out_for_delivery: { kind: 'on_the_way', template: 'tracking_out_for_delivery' },
  ready_for_pickup: { kind: 'on_the_way', template: 'tracking_ready_for_pickup' },
  delivered: { kind: 'delivered', template: 'tracking_delivered' },
};

export const eventKeyOf = (e: Pick<RawTrackingEvent, 'eventId' | 'rawStatus' | 'time'>) => e.eventId || `${e.rawStatus}@${e.time}`;

export async function ingestTrackingEvents(env: OriginBindings, shipment: ShipmentRow, events: readonly RawTrackingEvent[], source: 'webhook' | 'poll' | 'sandbox', defer: Defer): Promise<IngestResult> {
  const carrier = carrierByCode(shipment.carrier);
  const db = database(env.DB);
  let stored = 0;
  for (const e of events) {
    const time = new Date(e.time);
    if (Number.isNaN(time.getTime())) continue;
    const inserted = await db
      .insert(trackingEvents)
      .values({
        shipmentId: shipment.id,
        eventKey: eventKeyOf(e).slice(0, 200),
        rawStatus: e.rawStatus.slice(0, 60),
        status: carrier ? carrier.trackingStatus(e.rawStatus) : 'unknown',
        occurredAt: time.toISOString(),
        location: e.location?.slice(0, 200) ?? null,
        description: e.description?.slice(0, 500) ?? null,
        source,
      })
      .onConflictDoNothing()
      .returning({ id: trackingEvents.id });
    stored += inserted.length;
  }
  if (stored > 0) await applyLatest(env, shipment, defer);
  // the courier's newest position is kept beside the events (each poll moves it; it is no event of its own)
  const position = events.flatMap((e) => (e.position ? [e.position] : [])).sort((a, b) => a.at.localeCompare(b.at)).at(-1);
  if (position && Number.isFinite(position.lat) && Number.isFinite(position.lon)) {
    await db.update(shipments).set({ courierPosition: JSON.stringify({ lat: position.lat, lon: position.lon, at: position.at }) }).where(eq(shipments.id, shipment.id));
    forgetTracking(env.DB, shipment.trackingNumber);
  }
  return { stored, duplicates: events.length - stored };
}

/**
 * A carrier's shipments by its own parcel numbers, in lookups of PARAMS_PER_STATEMENT numbers (db/chunks.ts): a queue
 * batch holds up to 100 parcels (wrangler.toml), and one IN list of them all was refused by D1
 * ('too many SQL variables'), so every burst of 100 parcels was retried into the dead-letter queue.
 */
export async function shipmentsByCarrierRefs(env: OriginBindings, carrier: string, refs: readonly string[]) {
  const db = database(env.DB);
  const found = await Promise.all(chunks(refs).map((part) => db.select().from(shipments).where(and(eq(shipments.carrier, carrier), inArray(shipments.carrierRef, part)))));
  return found.flat();
}

/** a carrier's pushed events, by its parcel numbers: each known parcel's events ingested, the unknown parcels counted */
export async function ingestCarrierEvents(env: OriginBindings, carrier: string, byParcel: ReadonlyMap<string, readonly RawTrackingEvent[]>, defer: Defer): Promise<IngestResult & { unknownParcels: number }> {
  const known = await shipmentsByCarrierRefs(env, carrier, [...byParcel.keys()]);
  let stored = 0;
  let duplicates = 0;
  for (const shipment of known) {
    const result = await ingestTrackingEvents(env, shipment, byParcel.get(shipment.carrierRef!)!, 'webhook', defer);
    stored += result.stored;
    duplicates += result.duplicates;
  }
  const unknownParcels = [...byParcel.keys()].filter((ref) => !known.some((s) => s.carrierRef === ref)).length;
  return { stored, duplicates, unknownParcels };
}

/** the shipment follows its newest event; a milestone that is the newest tells the recipient, once */
async function applyLatest(env: OriginBindings, shipment: ShipmentRow, defer: Defer) {
  const db = database(env.DB);
  const latest = await db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, shipment.id)).orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.id)).limit(1).get();
  if (!latest) return;
  const delivered = latest.status === 'delivered';
  await db
    .update(shipments)
    .set({ trackingStatus: latest.status, trackingAt: latest.occurredAt, ...(delivered ? { deliveredAt: latest.occurredAt } : {}) })
    .where(eq(shipments.id, shipment.id));
  forgetTracking(env.DB, shipment.trackingNumber);
  // an archived parcel's notification marks are gone: a late event mails nobody
  const milestone = shipment.eventsArchivedAt ? undefined : MILESTONE_MAIL[latest.status];
  if (milestone) {
    const [first] = await db.insert(shipmentNotifications).values({ shipmentId: shipment.id, kind: milestone.kind }).onConflictDoNothing().returning();
    if (first) defer(notifyRecipient(env, shipment, milestone.template), `tracking mail ${milestone.kind}`);
  }
  if (delivered) await completeOrderWhenDelivered(env, shipment.orderId);
}

async function completeOrderWhenDelivered(env: OriginBindings, orderId: number) {
  const db = database(env.DB);
  const open = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), notInArray(shipments.status, ['cancelled']), sql`${shipments.trackingStatus} <> 'delivered'`))
    .get();
  if ((open?.n ?? 0) === 0) await db.update(orders).set({ status: 'completed', updatedAt: new Date().toISOString() }).where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'processing'])));
}

/** the recipient's tracking link: with their own recipient token (never the order's), or the public page without a secret */
export const trackingPagePath = (language: ContentLanguage, trackingNumber: string, recipientToken: string | null) =>
  recipientToken ? href('tracking-result-token', pathLocaleOf(language), { id: trackingNumber, token: recipientToken }) : href('tracking-result', pathLocaleOf(language), { id: trackingNumber });

async function notifyRecipient(env: OriginBindings, shipment: ShipmentRow, template: MailTemplate) {
  const order = await orderById(env.DB, shipment.orderId);
  const stored = await database(env.DB).select().from(orderItems).where(eq(orderItems.id, shipment.itemId)).get();
  if (!order || !stored) return;
  // the sender turned these e-mails off in their settings (an e-shop that mails its customers itself)
  if (shipment.userId !== null) {
    const off = await database(env.DB).select({ value: userSettings.value }).from(userSettings).where(and(eq(userSettings.userId, shipment.userId), eq(userSettings.key, RECIPIENT_TRACKING_SETTING))).get();
    if (off?.value === 'false') return;
  }
  // its quote may have moved to R2 with the order's records (a late event of a parcel long final)
  const item = await itemWithRecords(env, stored, order);
  const input = JSON.parse(item.shipment) as OrderShipment;
  const quote = storedQuote(item.quote, item);
  const point = item.deliveryPointId ? await getParcelPoint(env.DB, item.deliveryPointId) : null;
  const language = recipientLanguage(order.language, input.to.country);
  const expected = quote.timeInTransit.deliveryDate ? formatDay(quote.timeInTransit.deliveryDate, language) : '—';
  await sendMail(env, {
    to: input.to.email,
    template,
    language,
    name: `${input.to.firstname} ${input.to.surname}`.trim() || input.to.company,
    link: siteUrl(env, trackingPagePath(language, shipment.trackingNumber, await recipientToken(env, shipment)), territoryOfMail(language, order.territory)),
    values: {
      number: shipment.trackingNumber,
      carrier: storedQuoteNames(quote, language).carrier,
      sender: `${input.from.firstname} ${input.from.surname}`.trim() || input.from.company,
      expected,
      point: point ? `${point.name}, ${point.street}, ${point.city}` : '',
    },
  });
}

/** what the carrier's poller asks about one shipment */
export async function trackQueryOf(env: OriginBindings, shipment: ShipmentRow): Promise<TrackQuery | null> {
  if (!shipment.carrierRef) return null;
  const stored = await database(env.DB).select().from(orderItems).where(eq(orderItems.id, shipment.itemId)).get();
  if (!stored) return null;
  const item = await itemWithRecords(env, stored);
  const input = JSON.parse(item.shipment) as OrderShipment;
  const quote = storedQuote(item.quote, item);
  return {
    carrierRef: shipment.carrierRef,
    trackingNumber: shipment.trackingNumber,
    pickupDate: shipment.pickupDate,
    deliveryDate: quote.timeInTransit.deliveryDate,
    toParcelPoint: Boolean(item.deliveryPointId),
    fromCity: input.from.city,
    toCity: input.to.city,
    createdAt: shipment.createdAt,
  };
}

/**
 * A parcel with no news (no event, or none since it was booked) for this long is not asked about any
 * more: a carrier that has said nothing for a month about a parcel in its network has lost it (a
 * claim is the way on from there), and asking every five minutes forever would fill the poller's
 * runs with such parcels, ahead of the ones on their way.
 */
export const POLL_SILENT_DAYS = 30;

/** where the poller's last run stopped (KV): each run goes on after it, round the open parcels */
const POLL_CURSOR_KEY = 'tracking-poll:after';

/**
 * Up to `limit` open parcels with news in the last POLL_SILENT_DAYS, along the id after `after`
 * and then from the start (a round: every open parcel is asked in turn, however many there are).
 */
export async function openShipments(env: OriginBindings, limit: number, now = new Date(), after = 0): Promise<ShipmentRow[]> {
  const since = new Date(now.getTime() - POLL_SILENT_DAYS * 86_400_000).toISOString();
  const first = await openShipmentsPage(env.DB, limit, since, after).all();
  return first.length < limit && after > 0 ? [...first, ...(await openShipmentsPage(env.DB, limit - first.length, since, 0, after).all())] : first;
}

/**
 * openShipments' statement: open parcels with news since `since`, ids in (from, to], along the id (its plan:
 * tests/worker/tracking.test.ts). The ids come from shipments_open named (INDEXED BY): without sqlite_stat1 the planner
 * ties it with shipments_status (status, then the rowid: the same status = ? AND id > ?) and may take that one, every
 * booked parcel of the table; with the daily PRAGMA optimize's sampled statistics it still does at 300,000 parcels
 * (580,046 rows read for 100 parcels: docs/d1-reads.md); named, a statement the index cannot serve is an error, never a slow walk.
 */
export const openShipmentsPage = (d1: D1Database, limit: number, since: string, from: number, to?: number) =>
  database(d1)
    .select()
    .from(shipments)
    .where(
      sql`${shipments.id} IN (SELECT "id" FROM ${shipments} INDEXED BY "shipments_open" WHERE ${and(OPEN, sql`${shipments.id} > ${from}`, to === undefined ? undefined : sql`${shipments.id} <= ${to}`, sql`${LAST_NEWS} >= ${since}`)} ORDER BY "id" LIMIT ${limit})`,
    )
    .orderBy(shipments.id);

/**
 * The next run's open parcels (openShipments after the cursor the last run left in KV), and the
 * cursor moved on past them. Without KV every run starts from the first open parcel.
 */
export async function nextOpenShipments(env: OriginBindings, limit: number, now: Date): Promise<ShipmentRow[]> {
  const after = Number((await env.CACHE?.get(POLL_CURSOR_KEY)) ?? 0) || 0;
  const open = await openShipments(env, limit, now, after);
  const last = open.at(-1);
  if (env.CACHE && last) await env.CACHE.put(POLL_CURSOR_KEY, String(last.id));
  return open;
}

/** these shipments, those still open (the poller's fan-out names them; some may have been delivered since) */
export const openShipmentsByIds = (env: OriginBindings, ids: readonly number[]) =>
  ids.length
    ? database(env.DB)
        .select()
        .from(shipments)
        .where(and(inArray(shipments.id, [...ids]), OPEN))
        .orderBy(shipments.id)
    : Promise.resolve([]);

/** the poller (Workers cron, inline when there is no tracking queue): asks each carrier about its open shipments */
export async function pollTracking(env: OriginBindings, defer: Defer, now = new Date(), limit = 100): Promise<{ shipments: number; stored: number }> {
  const open = await nextOpenShipments(env, limit, now);
  return { shipments: open.length, stored: await pollShipments(env, open, defer, now) };
}

/** asks the carriers about these shipments (each on its own: one failing does not stop the others); the events stored */
export async function pollShipments(env: OriginBindings, list: readonly ShipmentRow[], defer: Defer, now: Date): Promise<number> {
  let stored = 0;
  for (const shipment of list) {
    const carrier = carrierByCode(shipment.carrier);
    // a carrier not bookable here is not asked (deployed, no sandbox story is told)
    const transport = carrier ? carrierTransport(env, carrier) : null;
    if (!transport) continue;
    try {
      // inside the try: a parcel whose archived quote cannot be read back (ArchiveMissingError) stops only its own poll
      const query = await trackQueryOf(env, shipment);
      if (!query) continue;
      stored += (await ingestTrackingEvents(env, shipment, await transport.track(query, now), 'poll', defer)).stored;
    } catch (error) {
      console.warn(`tracking poll of ${shipment.trackingNumber} at ${shipment.carrier} failed`, error);
    }
  }
  return stored;
}
