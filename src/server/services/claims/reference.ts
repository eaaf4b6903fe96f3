import { eq } from 'drizzle-orm';
import { database } from '../../db/client';
import { orderItems, orders, shipments } from '../../db/schema';
import { base64url, hmacSha256, timingSafeEqualText } from '../../identity/crypto';
import type { OriginBindings } from '../../env';
import { itemWithRecords } from '../archive/read';

export type ReferenceQuery = { tracking_number: string; token?: string; email?: string };

export type ShipmentRef = {
  shipment: typeof shipments.$inferSelect;
  order: typeof orders.$inferSelect;
  /** the carrier's name as quoted */
  carrierName: string;
};

function carrierNameOf(quote: string, code: string): string {
  try {
    const name = (JSON.parse(quote) as { carrier?: { name?: unknown } } | null)?.carrier?.name;
    return typeof name === 'string' ? name : code;
  } catch {
    return code;
  }
}

const sameText = (a: string, b: string) => a.length > 0 && timingSafeEqualText(a, b);
const normalEmail = (email: string | undefined | null) => (email ?? '').trim().toLowerCase();

/** the e-mails of a shipment's parties from its stored payload (a malformed one has none) */
function partyEmails(payload: string): string[] {
  try {
    const raw = JSON.parse(payload) as { from?: { email?: unknown }; to?: { email?: unknown } } | null;
    return [raw?.from?.email, raw?.to?.email].filter((e): e is string => typeof e === 'string').map(normalEmail);
  } catch {
    return [];
  }
}

/**
 * The shipment of a tracking number when the caller proves it is theirs: the order's token,
 * or the e-mail of the order, of the sender or of the recipient (any case). Anything else,
 * an unknown number included, is the same null: the answer never tells a number exists.
 */
export async function findReference(env: Pick<OriginBindings, 'DB' | 'FILES'>, query: ReferenceQuery): Promise<ShipmentRef | null> {
  const number = query.tracking_number.trim().toUpperCase();
  const token = (query.token ?? '').trim();
  const email = normalEmail(query.email);
  if (!number || (!token && !email)) return null;
  const row = await database(env.DB)
    .select({ shipment: shipments, order: orders, payload: orderItems.shipment, quote: orderItems.quote })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(orderItems, eq(orderItems.id, shipments.itemId))
    .where(eq(shipments.trackingNumber, number))
    .get();
  if (!row) return null;
  const proven = (token && sameText(token, row.order.token)) || (email && [normalEmail(row.order.email), ...partyEmails(row.payload)].some((known) => sameText(email, known)));
  if (!proven) return null;
  // an order's quote moves to R2 with its records (services/archive/orders.ts): read back once the caller proved the parcel is theirs
  const { quote } = await itemWithRecords(env, { id: row.shipment.itemId, orderId: row.order.id, quote: row.quote }, row.order);
  return { shipment: row.shipment, order: row.order, carrierName: carrierNameOf(quote, row.shipment.carrier) };
}

/** a reference proven by e-mail: the shipment's id signed for a day (the caller then needs no token) */
const REFERENCE_TTL_S = 24 * 3600;

export async function signReference(secret: string, shipmentId: number, now: Date): Promise<string> {
  const payload = `${shipmentId}.${Math.floor(now.getTime() / 1000) + REFERENCE_TTL_S}`;
  return `r.${payload}.${base64url(await hmacSha256(secret, `claim-ref:${payload}`))}`;
}

/** the shipment id of a signed reference still valid, or null */
export async function verifyReference(secret: string, reference: string, now: Date): Promise<number | null> {
  const m = /^r\.(\d{1,12})\.(\d{1,12})\.([\w-]{20,100})$/.exec(reference);
  if (!m) return null;
  const expected = base64url(await hmacSha256(secret, `claim-ref:${m[1]}.${m[2]}`));
  if (!timingSafeEqualText(expected, m[3]!) || Number(m[2]) * 1000 < now.getTime()) return null;
  return Number(m[1]);
}
