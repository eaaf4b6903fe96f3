import { eq } from 'drizzle-orm';
import type { OrderShipment } from '../../lib/schemas/order';
import { database } from '../db/client';
import { orderById, orderByToken, shipmentById } from '../db/repositories/orders';
import { npsResponses, orderItems, ratings } from '../db/schema';
import type { OriginBindings } from '../env';
import { ApiError, notFound } from '../http/errors';
import { timingSafeEqualText } from '../identity/crypto';

/**
 * Customers rate a delivered shipment (issue 11): one rating per shipment, given with the
 * order token (the orderer rates; a recipient token opens no rating), editable for 14 days. A new rating changes the aggregate and the country's
 * figure, so the gateway's cached answers of those are dropped at once (the next read
 * recomputes them) instead of staying up to 90 minutes stale.
 */
export const RATING_EDIT_DAYS = 14;
const DAY_MS = 86_400_000;

/** the gateway's KV keys (src/edge/gateway.ts cacheKey) of the rating answers, every territory and language */
const TERRITORIES = ['cz', 'sk'] as const;
const LOCALES = ['cs', 'en', 'sk', 'es'] as const;
export const ratingCacheKeys = (countries: readonly string[]) =>
  TERRITORIES.flatMap((territory) =>
    LOCALES.flatMap((locale) => [
      `api:${territory}:${locale}:/api/v1/app/aggregate-rating`,
      // the home page's benefit rating is the same aggregate (services/benefit-stats.ts)
      `api:${territory}:${locale}:/api/v1/benefit-stats/info`,
      ...countries.map((country) => `api:${territory}:${locale}:/api/v1/app/pricelist-rating?country=${country}`),
    ]),
  );

async function rateable(env: OriginBindings, token: string, id: number) {
  const shipment = await shipmentById(env.DB, id);
  const order = shipment && (await orderById(env.DB, shipment.orderId));
  if (!shipment || !order || !timingSafeEqualText(order.token, token)) throw notFound('No such shipment');
  const item = await database(env.DB).select().from(orderItems).where(eq(orderItems.id, shipment.itemId)).get();
  const input = JSON.parse(item!.shipment) as OrderShipment;
  return { shipment, order, input };
}

const ratingOf = (d1: D1Database, shipmentId: number) => database(d1).select().from(ratings).where(eq(ratings.shipmentId, shipmentId)).get();

export async function shipmentRating(env: OriginBindings, token: string, id: number, now = new Date()) {
  const { shipment, input } = await rateable(env, token, id);
  const rating = await ratingOf(env.DB, shipment.id);
  const until = rating ? new Date(new Date(rating.createdAt).getTime() + RATING_EDIT_DAYS * DAY_MS) : null;
  return {
    shipment: { id: shipment.id, tracking_number: shipment.trackingNumber, carrier: shipment.carrier, status: shipment.trackingStatus, delivered_at: shipment.deliveredAt, to_city: input.to.city, from_city: input.from.city },
    rating: rating ? { score: rating.score, comment: rating.comment, created_at: rating.createdAt, editable_until: until!.toISOString() } : null,
    can_rate: shipment.trackingStatus === 'delivered' && (!until || until > now),
  };
}

/** "Jana N.": a public rating names its author by first name and initial only */
const authorOf = (p: OrderShipment['from']) => (p.firstname ? `${p.firstname} ${p.surname ? `${p.surname[0]}.` : ''}`.trim() : p.company || ''); // no name: the page says "Customer" in its own language

export async function rateShipment(env: OriginBindings, input: { token: string; id: number; rating: number; comment: string }, now = new Date()) {
  const { shipment, order, input: sent } = await rateable(env, input.token, input.id);
  if (shipment.trackingStatus !== 'delivered') throw new ApiError(409, 'API_CONFLICT_ERROR', 'A shipment can be rated once it is delivered', [{ field: 'id', code: 'rating.error.not_delivered', message: 'rating.error.not_delivered' }]);
  const existing = await ratingOf(env.DB, shipment.id);
  const db = database(env.DB);
  if (existing) {
    if (new Date(existing.createdAt).getTime() + RATING_EDIT_DAYS * DAY_MS < now.getTime()) {
      throw new ApiError(409, 'API_CONFLICT_ERROR', 'The rating can no longer be changed', [{ field: 'id', code: 'rating.error.closed', message: 'rating.error.closed' }]);
    }
    await db.update(ratings).set({ score: input.rating, comment: input.comment, updatedAt: now.toISOString() }).where(eq(ratings.id, existing.id));
  } else {
    await db
      .insert(ratings)
      .values({ author: authorOf(sent.from), score: input.rating, comment: input.comment, createdAt: now.toISOString(), carrier: shipment.carrier, country: sent.to.country, shipmentId: shipment.id, language: order.language })
      .onConflictDoUpdate({ target: ratings.shipmentId, set: { score: input.rating, comment: input.comment, updatedAt: now.toISOString() } });
  }
  if (env.CACHE) await Promise.all(ratingCacheKeys([...new Set([sent.to.country, sent.from.country])]).map((key) => env.CACHE!.delete(key).catch(() => undefined)));
  return shipmentRating(env, input.token, input.id, now);
}

/** NPS: once per order token */
export async function npsStatus(env: OriginBindings, token: string) {
  const row = await database(env.DB).select().from(npsResponses).where(eq(npsResponses.token, token)).get();
  return { answered: Boolean(row) };
}

export async function answerNps(env: OriginBindings, token: string, input: { score: number; comment: string }) {
  const order = await orderByToken(env.DB, token);
  if (!order) throw notFound('No such survey');
  const [stored] = await database(env.DB).insert(npsResponses).values({ token, orderId: order.id, score: input.score, comment: input.comment }).onConflictDoNothing().returning();
  if (!stored) throw new ApiError(409, 'API_CONFLICT_ERROR', 'This survey has been answered', [{ field: 'score', code: 'nps.error.answered', message: 'nps.error.answered' }]);
  return { answered: true };
}
