import { storedQuote } from './orders/stored-quote';
import { pathLocaleOf } from '../../lib/language';
import { codToCollect } from './orders/cod';
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { singleLine } from '../../lib/schemas/fields';
import { object, variant } from '../../lib/schemas/object';
import type { OrderShipment } from '../../lib/schemas/order';
import { trackingNumberError } from '../../lib/tracking-number';
import { allowedChanges, type ChangeKind } from '../carriers/changes';
import { database } from '../db/client';
import { orderById } from '../db/repositories/orders';
import { changeRequests, orderItems, shipments } from '../db/schema';
import type { OriginBindings } from '../env';
import { ApiError, notFound } from '../http/errors';
import { timingSafeEqualText } from '../identity/crypto';
import { sendMail } from '../mail/send';
import type { Defer } from './accounts/account';
import { siteUrl } from './accounts/links';
import { href } from '../../routes';
import { greetingName } from './orders/greeting';
import { itemWithRecords } from './archive/read';

/**
 * Change requests (issue 11): with the order token (the orderer's; the mails go to the order's
 * e-mail; a recipient token opens none) the orderer asks to change the delivery address, the
 * recipient's contact, the cash on delivery or the delivery date. The carrier's rules at the parcel's current status decide
 * (src/server/carriers/changes.ts); the answer is kept and e-mailed. Without the token, the
 * tracking number and the order's e-mail send the link to that e-mail (nothing is revealed).
 */
async function shipmentWithToken(d1: D1Database, trackingNumber: string, token: string) {
  if (trackingNumberError(trackingNumber)) throw notFound('No such shipment');
  const shipment = await database(d1).select().from(shipments).where(eq(shipments.trackingNumber, trackingNumber.trim().toUpperCase())).get();
  const order = shipment && (await orderById(d1, shipment.orderId));
  if (!shipment || !order || !timingSafeEqualText(order.token, token)) throw notFound('No such shipment');
  const item = (await database(d1).select().from(orderItems).where(eq(orderItems.id, shipment.itemId)).get())!;
  return { shipment, order, item, input: JSON.parse(item.shipment) as OrderShipment };
}

export async function changeRequestState(env: Pick<OriginBindings, 'DB' | 'FILES'>, trackingNumber: string, token: string) {
  const d1 = env.DB;
  const { shipment, order, item: stored, input } = await shipmentWithToken(d1, trackingNumber, token);
  // the quote (the cash on delivery priced with the order) may have moved to R2 with the order's records
  const item = await itemWithRecords(env, stored, order);
  const cod = input.services.find((s) => s.code === 'cod');
  const rules = shipment.status === 'cancelled' ? allowedChanges(shipment.carrier, 'cancelled', { toParcelPoint: true, hasCod: false }) : allowedChanges(shipment.carrier, shipment.trackingStatus, { toParcelPoint: Boolean(item.deliveryPointId), hasCod: Boolean(cod) });
  const requests = await database(d1).select().from(changeRequests).where(eq(changeRequests.shipmentId, shipment.id)).orderBy(desc(changeRequests.createdAt), desc(changeRequests.id));
  return {
    tracking_number: shipment.trackingNumber,
    carrier: shipment.carrier,
    status: shipment.status === 'cancelled' ? 'cancelled' : shipment.trackingStatus,
    allowed: rules,
    current: {
      to: { street: input.to.street, city: input.to.city, zip: input.to.zip, country: input.to.country, phone: input.to.phone, email: input.to.email },
      cod: codToCollect(input, storedQuote(item.quote, item)),
    },
    requests: requests.map((r) => ({ id: r.id, kind: r.kind, payload: JSON.parse(r.payload) as unknown, status: r.status, reason: r.reason, created_at: r.createdAt })),
  };
}

const line = (max: number) => v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(max, 'validation.too_long'), singleLine());
export const ChangeRequestSchema = variant('kind', [
  object({ kind: v.literal('address'), street: line(200), city: line(100), zip: v.pipe(line(12), v.transform((z) => z.replace(/\s+/g, ''))) }),
  object({ kind: v.literal('contact'), phone: v.pipe(line(40), v.regex(/^\+?[\d\s]{6,20}$/, 'validation.phone')), email: v.pipe(line(254), v.email('validation.email')) }),
  object({ kind: v.literal('cod'), value: v.pipe(v.number('validation.number'), v.minValue(0, 'validation.too_low'), v.maxValue(1_000_000, 'validation.too_high')) }),
  object({ kind: v.literal('date'), date: v.pipe(v.string('validation.required'), v.isoDate('validation.date')) }),
]);
export type ChangeRequestInput = v.InferOutput<typeof ChangeRequestSchema>;

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').replace(/\s+/g, ' ').trim().toLowerCase() === (b ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const digits = (phone: string | null | undefined) => (phone ?? '').replace(/[^\d+]/g, '');

/**
 * A change that asks for what the shipment already has (its order's values, or the last
 * accepted change of that kind) changes nothing: it is refused, not recorded or mailed.
 */
export function changesNothing(change: ChangeRequestInput, state: Pick<Awaited<ReturnType<typeof changeRequestState>>, 'current' | 'requests'>): boolean {
  const lastAccepted = state.requests.find((r) => r.kind === change.kind && r.status === 'accepted')?.payload as Record<string, unknown> | undefined;
  const to = { ...state.current.to, ...(change.kind === 'address' || change.kind === 'contact' ? lastAccepted : {}) } as Record<string, string>;
  switch (change.kind) {
    case 'address':
      return same(change.street, to.street) && same(change.city, to.city) && same(change.zip.replace(/\s/g, ''), String(to.zip ?? '').replace(/\s/g, ''));
    case 'contact':
      return digits(change.phone) === digits(to.phone) && same(change.email, to.email);
    case 'cod': {
      const current = lastAccepted ? Number(lastAccepted.value) : (state.current.cod?.value ?? null);
      return current !== null && Math.round(current * 100) === Math.round(change.value * 100);
    }
    case 'date':
      return lastAccepted !== undefined && lastAccepted.date === change.date;
  }
}

export async function requestChange(env: OriginBindings, trackingNumber: string, token: string, change: ChangeRequestInput, defer: Defer, now = new Date()) {
  const state = await changeRequestState(env, trackingNumber, token);
  const { shipment, order } = await shipmentWithToken(env.DB, trackingNumber, token);
  const kind: ChangeKind = change.kind;
  if (kind === 'date' && 'date' in change && change.date <= now.toISOString().slice(0, 10)) {
    throw new ApiError(400, 'FORM_VALIDATION_ERROR', 'The date must be in the future', [{ field: 'date', code: 'change.error.date', message: 'change.error.date' }]);
  }
  if (changesNothing(change, state)) {
    throw new ApiError(400, 'FORM_VALIDATION_ERROR', 'Nothing would change', [{ field: 'kind', code: 'change.error.nothing_changed', message: 'change.error.nothing_changed' }]);
  }
  const accepted = state.allowed[kind];
  const { kind: _, ...payload } = change;
  await database(env.DB)
    .insert(changeRequests)
    .values({ shipmentId: shipment.id, kind, payload: JSON.stringify(payload), status: accepted ? 'accepted' : 'rejected', reason: accepted ? null : `not_allowed_at_${state.status}` });
  defer(
    greetingName(env.DB, order).then((name) => sendMail(env, {
      to: order.email,
      template: accepted ? 'change_accepted' : 'change_rejected',
      language: order.language,
      name,
      link: siteUrl(env, href('change-request-detail', pathLocaleOf(order.language), { trackingNumber: shipment.trackingNumber, token }), order.territory),
      values: { number: shipment.trackingNumber },
    })),
    'change request mail',
  );
  if (!accepted) throw new ApiError(409, 'API_CONFLICT_ERROR', 'The carrier no longer accepts this change', [{ field: 'kind', code: 'change.error.not_allowed', message: 'change.error.not_allowed' }]);
  return changeRequestState(env, trackingNumber, token);
}

/** the link to the change page goes to the order's e-mail when the number and that e-mail match; the answer is the same either way */
export async function sendChangeLink(env: OriginBindings, trackingNumber: string, email: string, defer: Defer) {
  if (trackingNumberError(trackingNumber)) return;
  const shipment = await database(env.DB).select().from(shipments).where(eq(shipments.trackingNumber, trackingNumber.trim().toUpperCase())).get();
  const order = shipment && (await orderById(env.DB, shipment.orderId));
  if (!shipment || !order || order.email.toLowerCase() !== email.trim().toLowerCase()) return;
  defer(
    greetingName(env.DB, order).then((name) => sendMail(env, {
      to: order.email,
      template: 'change_link',
      language: order.language,
      name,
      link: siteUrl(env, href('change-request-detail', pathLocaleOf(order.language), { trackingNumber: shipment.trackingNumber, token: order.token }), order.territory),
      values: { number: shipment.trackingNumber },
    })),
    'change link mail',
  );
}
