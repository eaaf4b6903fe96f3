import { carrierByCode } from '../carriers';
import { carrierTransport } from '../carriers/availability';
import type { RawTrackingEvent } from '../carriers/sandbox-story';
import type { OriginBindings } from '../env';
import type { Defer } from '../services/accounts/account';
import { ingestTrackingEvents, nextOpenShipments, openShipmentsByIds, pollShipments, shipmentsByCarrierRefs } from '../services/tracking/ingest';
import type { TrackingEventsMessage, TrackingMessage, TrackingPollMessage } from './messages';

/** Queue.sendBatch takes at most 100 messages */
const SEND_BATCH = 100;
/** shipments per poll message: one consumer invocation asks the carrier this many times */
export const POLL_CHUNK = 25;
/** open shipments the 5-minute cron fans out (the inline poller asks about 100) */
export const POLL_FAN_OUT_LIMIT = 2_000;

async function sendAll<T>(queue: Queue<T>, bodies: readonly T[]) {
  for (let i = 0; i < bodies.length; i += SEND_BATCH) await queue.sendBatch(bodies.slice(i, i + SEND_BATCH).map((body) => ({ body, contentType: 'json' as const })));
}

/** the webhook's events, one message per parcel; the number of events queued, or null when the queue refused them (the caller stores them inline) */
export async function enqueueCarrierEvents(queue: Queue<TrackingMessage>, carrier: string, byParcel: ReadonlyMap<string, RawTrackingEvent[]>): Promise<number | null> {
  const bodies: TrackingEventsMessage[] = [...byParcel].map(([parcel, events]) => ({ kind: 'tracking-events', carrier, parcel, events }));
  try {
    await sendAll(queue, bodies);
  } catch (error) {
    console.error(`tracking queue refused ${carrier}'s events, storing them inline`, error);
    return null;
  }
  return bodies.reduce((n, b) => n + b.events.length, 0);
}

/** the poller's fan-out (Workers cron): one message per carrier and chunk of its open shipments */
export async function enqueueTrackingPoll(env: OriginBindings & { TRACKING_QUEUE: Queue<TrackingMessage> }, now: Date): Promise<{ shipments: number; messages: number }> {
  const open = await nextOpenShipments(env, POLL_FAN_OUT_LIMIT, now);
  const byCarrier = new Map<string, number[]>();
  for (const s of open) {
    const carrier = carrierByCode(s.carrier);
    // a carrier not bookable here is not asked (deployed, no sandbox story is told)
    if (carrier && carrierTransport(env, carrier)) byCarrier.set(s.carrier, [...(byCarrier.get(s.carrier) ?? []), s.id]);
  }
  const bodies: TrackingPollMessage[] = [];
  for (const [carrier, ids] of byCarrier) {
    for (let i = 0; i < ids.length; i += POLL_CHUNK) bodies.push({ kind: 'tracking-poll', carrier, shipmentIds: ids.slice(i, i + POLL_CHUNK), at: now.toISOString() });
  }
  await sendAll(env.TRACKING_QUEUE, bodies);
  return { shipments: open.length, messages: bodies.length };
}

/**
 * The tracking queue's consumer: webhook events grouped per carrier and parcel (one lookup
 * per carrier, one ingest per shipment, repeated events stored once), the poller's messages
 * one by one. A message whose work failed is retried; the others are acknowledged.
 */
export async function consumeTracking(env: OriginBindings, messages: readonly Message<TrackingMessage>[], defer: Defer): Promise<void> {
  const events = messages.filter((m): m is Message<TrackingEventsMessage> => m.body.kind === 'tracking-events');
  const byCarrier = new Map<string, Message<TrackingEventsMessage>[]>();
  for (const m of events) byCarrier.set(m.body.carrier, [...(byCarrier.get(m.body.carrier) ?? []), m]);
  for (const [carrier, list] of byCarrier) {
    const byParcel = new Map<string, Message<TrackingEventsMessage>[]>();
    for (const m of list) byParcel.set(m.body.parcel, [...(byParcel.get(m.body.parcel) ?? []), m]);
    let known;
    try {
      known = await shipmentsByCarrierRefs(env, carrier, [...byParcel.keys()]);
    } catch (error) {
      console.error(`tracking queue: looking up ${carrier}'s parcels failed`, error);
      for (const m of list) m.retry();
      continue;
    }
    for (const [parcel, group] of byParcel) {
      const shipment = known.find((s) => s.carrierRef === parcel);
      if (!shipment) console.warn(`tracking queue: ${carrier} sent events of an unknown parcel`);
      else {
        try {
          await ingestTrackingEvents(env, shipment, group.flatMap((m) => m.body.events), 'webhook', defer);
        } catch (error) {
          console.error(`tracking queue: storing ${carrier}'s events failed`, error);
          for (const m of group) m.retry();
          continue;
        }
      }
      for (const m of group) m.ack();
    }
  }
  for (const m of messages) {
    if (m.body.kind !== 'tracking-poll') continue;
    try {
      await pollShipments(env, await openShipmentsByIds(env, m.body.shipmentIds), defer, new Date(m.body.at));
      m.ack();
    } catch (error) {
      console.error(`tracking queue: polling ${m.body.carrier} failed`, error);
      m.retry();
    }
  }
}
