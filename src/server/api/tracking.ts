import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { object } from '../../lib/schemas/object';
import { carrierByCode } from '../carriers';
import { database } from '../db/client';
import { shipmentById } from '../db/repositories/orders';
import { trackingEvents } from '../db/schema';
import { isLocalDev, type OriginBindings, type OriginEnv } from '../env';
import { ApiError, notFound } from '../http/errors';
import { hex, hmacSha256, timingSafeEqualText } from '../identity/crypto';
import { eventKeyOf, ingestCarrierEvents, ingestTrackingEvents, trackQueryOf } from '../services/tracking/ingest';
import { sandboxStory, type RawTrackingEvent } from '../carriers/sandbox-story';
import { enqueueCarrierEvents } from '../queues/tracking';
import { deferIn } from './user';

/**
 * POST v1/carriers/:carrier/events: the webhook carriers push tracking events to. The body
 * is signed with HMAC-SHA256 under the carrier's secret (`x-carrier-signature: sha256=<hex>`);
 * a bad signature is refused before anything is read or queued. Events name the parcel by the
 * carrier's own number; repeated events are stored once, out-of-order ones sorted by time.
 * With the tracking queue the answer is 202 with the number of events queued; without it
 * (or when the queue refuses them) they are stored here and the answer counts them.
 */
export const CARRIER_SIGNATURE_HEADER = 'x-carrier-signature';
export const MAX_WEBHOOK_EVENTS = 100;

/** the carrier's webhook secret: configured (CARRIER_WEBHOOK_SECRET), or a derived one for the local sandbox carriers */
export function carrierWebhookSecret(env: Pick<OriginBindings, 'CARRIER_WEBHOOK_SECRET' | 'SESSION_SECRET' | 'LOCAL_DEV'>, carrier: string): string | null {
  if (env.CARRIER_WEBHOOK_SECRET) return `${env.CARRIER_WEBHOOK_SECRET}:${carrier}`;
  return isLocalDev(env) && env.SESSION_SECRET ? `${env.SESSION_SECRET}:carrier-sandbox:${carrier}` : null;
}

export const signCarrierBody = async (secret: string, body: string) => `sha256=${hex(await hmacSha256(secret, body))}`;

const text = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))), null);
const WebhookSchema = object({
  events: v.pipe(
    v.array(
      object({
        parcel: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
        event_id: v.optional(v.pipe(v.string(), v.maxLength(120)), ''),
        status: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
        time: v.pipe(v.string(), v.isoTimestamp('validation.date')),
        location: text(200),
        description: text(500),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_WEBHOOK_EVENTS),
  ),
});

export const carriersApi = new Hono<OriginEnv>().post('/:carrier/events', async (c) => {
  const carrier = carrierByCode(c.req.param('carrier'));
  if (!carrier) throw notFound('No such carrier');
  const secret = carrierWebhookSecret(c.env, carrier.code);
  const body = await c.req.text();
  const signature = c.req.header(CARRIER_SIGNATURE_HEADER) ?? '';
  if (!secret || !timingSafeEqualText(await signCarrierBody(secret, body), signature)) throw new ApiError(403, 'API_FORBIDDEN_ERROR', 'Bad signature');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ApiError(400, 'API_BAD_REQUEST_ERROR', 'The body is not JSON');
  }
  const parsed = v.safeParse(WebhookSchema, json);
  if (!parsed.success) throw new ApiError(400, 'API_BAD_REQUEST_ERROR', 'Malformed events');
  const byParcel = new Map<string, RawTrackingEvent[]>();
  for (const e of parsed.output.events) {
    byParcel.set(e.parcel, [...(byParcel.get(e.parcel) ?? []), { eventId: e.event_id, rawStatus: e.status, time: e.time, location: e.location, description: e.description }]);
  }
  // acknowledged at once: the tracking queue's consumer stores them (src/server/queues/tracking.ts)
  if (c.env.TRACKING_QUEUE) {
    const queued = await enqueueCarrierEvents(c.env.TRACKING_QUEUE, carrier.code, byParcel);
    if (queued !== null) return c.json({ data: { queued } }, 202);
  }
  const result = await ingestCarrierEvents(c.env, carrier.code, byParcel, deferIn(c));
  return c.json({ data: { stored: result.stored, duplicates: result.duplicates, unknown_parcels: result.unknownParcels } });
});

/** POST v1/sandbox/shipments/:id/advance (local development only): the sandbox carrier's next event, now */
export const sandboxTracking = new Hono<OriginEnv>().post('/shipments/:id/advance', async (c) => {
  if (!isLocalDev(c.env)) throw notFound('No endpoint');
  const shipment = await shipmentById(c.env.DB, Number(c.req.param('id')) || 0);
  const carrier = shipment && carrierByCode(shipment.carrier);
  const query = shipment && (await trackQueryOf(c.env, shipment));
  if (!shipment || !carrier || !query) throw notFound('No booked shipment');
  const stored = new Set(
    (await database(c.env.DB).select({ key: trackingEvents.eventKey }).from(trackingEvents).where(eq(trackingEvents.shipmentId, shipment.id))).map((r) => r.key),
  );
  const next = sandboxStory(query, carrier.tracking).find((e) => !stored.has(eventKeyOf(e)));
  if (next) await ingestTrackingEvents(c.env, shipment, [next], 'sandbox', deferIn(c));
  const fresh = (await shipmentById(c.env.DB, shipment.id))!;
  return c.json({ data: { tracking_number: fresh.trackingNumber, status: fresh.trackingStatus, advanced: Boolean(next) } });
});
