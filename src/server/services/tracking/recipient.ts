import { and, eq, isNull } from 'drizzle-orm';
import { database } from '../../db/client';
import type { ShipmentRow } from '../../db/repositories/orders';
import { shipments } from '../../db/schema';
import type { OriginBindings } from '../../env';
import { base64url, hex, hmacSha256, timingSafeEqualText } from '../../identity/crypto';
import { forgetTracking } from './view';

/**
 * The recipient token: held by the parcel's recipient (the link of the tracking e-mails); opens
 * that one parcel's tracking with its addresses and nothing of the order (no order page, invoice,
 * labels, storno, claim, change request or rating: those take the order token).
 * Design: each shipment keeps a random 128-bit nonce; the token is
 * HMAC-SHA256(SESSION_SECRET, 'recipient-tracking:' + nonce), so every later mail prints the
 * same link again, while the database alone (a leak or a backup) yields no token.
 */
export const newRecipientNonce = () => hex(crypto.getRandomValues(new Uint8Array(16)));

const tokenOf = async (secret: string, nonce: string) => base64url(await hmacSha256(secret, `recipient-tracking:${nonce}`));

/** does `token` open this shipment as its recipient? */
export async function isRecipientToken(env: Pick<OriginBindings, 'SESSION_SECRET'>, shipment: Pick<ShipmentRow, 'recipientNonce'>, token: string): Promise<boolean> {
  if (!env.SESSION_SECRET || !shipment.recipientNonce) return false;
  return timingSafeEqualText(await tokenOf(env.SESSION_SECRET, shipment.recipientNonce), token);
}

/** the shipment's recipient token for a mail (a nonce is drawn for a row that has none); null without the secret */
export async function recipientToken(env: Pick<OriginBindings, 'SESSION_SECRET' | 'DB'>, shipment: Pick<ShipmentRow, 'id' | 'trackingNumber' | 'recipientNonce'>): Promise<string | null> {
  if (!env.SESSION_SECRET) return null;
  let nonce = shipment.recipientNonce;
  if (!nonce) {
    const db = database(env.DB);
    await db.update(shipments).set({ recipientNonce: newRecipientNonce() }).where(and(eq(shipments.id, shipment.id), isNull(shipments.recipientNonce)));
    nonce = (await db.select({ nonce: shipments.recipientNonce }).from(shipments).where(eq(shipments.id, shipment.id)).get())?.nonce ?? null;
    forgetTracking(env.DB, shipment.trackingNumber);
  }
  return nonce ? tokenOf(env.SESSION_SECRET, nonce) : null;
}
