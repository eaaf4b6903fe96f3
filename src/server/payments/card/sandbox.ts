import { eq, sql } from 'drizzle-orm';
import { database } from '../../db/client';
import { sandboxCardPayments } from '../../db/schema';
import { base64url, hmacSha256, randomToken, timingSafeEqualText } from '../../identity/crypto';
import type { CardGateway, GatewayStatus } from './types';

/**
 * The sandbox card gateway (local development only; its page says sandbox): the same
 * protocol as a real gateway. It keeps its own payments (sandbox_card_payments), serves a
 * payment page with Pay, Decline and Cancel (src/server/sandbox), signs its notifications
 * with HMAC-SHA256 of the body and answers status checks and refunds.
 */
export const SANDBOX_GATEWAY_PAGE = '/_sandbox/gateway/pay';

export const signNotification = async (secret: string, body: string) => base64url(await hmacSha256(secret, body));

const STATUS: Record<string, GatewayStatus> = { created: 'pending', paid: 'paid', declined: 'declined', cancelled: 'cancelled', refunded: 'refunded' };

export function sandboxGateway(d1: D1Database, secret: string): CardGateway {
  const db = database(d1);
  return {
    mode: 'sandbox',
    async create(p) {
      const ref = `SBX-${randomToken(12)}`;
      await db.insert(sandboxCardPayments).values({ ref, merchantOrder: p.orderNumber, amountMinor: p.amountMinor, currency: p.currency, returnUrl: p.returnUrl, notifyUrl: p.notifyUrl });
      return { ref, redirectUrl: `${SANDBOX_GATEWAY_PAGE}/${ref}` };
    },
    async verifyNotification(body, signature) {
      if (!signature || !timingSafeEqualText(await signNotification(secret, body), signature)) return null;
      try {
        const { ref } = JSON.parse(body) as { ref?: unknown };
        return typeof ref === 'string' ? { ref } : null;
      } catch {
        return null;
      }
    },
    async status(ref) {
      const row = await db.select({ status: sandboxCardPayments.status }).from(sandboxCardPayments).where(eq(sandboxCardPayments.ref, ref)).get();
      if (!row) throw new Error(`sandbox gateway: no payment ${ref}`);
      return STATUS[row.status]!;
    },
    async refund(ref, amountMinor) {
      const { meta } = await db
        .update(sandboxCardPayments)
        .set({ refundedMinor: sql`${sandboxCardPayments.refundedMinor} + ${amountMinor}`, status: sql`CASE WHEN ${sandboxCardPayments.refundedMinor} + ${amountMinor} >= ${sandboxCardPayments.amountMinor} THEN 'refunded' ELSE ${sandboxCardPayments.status} END` })
        .where(sql`${sandboxCardPayments.ref} = ${ref} AND ${sandboxCardPayments.status} IN ('paid', 'refunded') AND ${sandboxCardPayments.refundedMinor} + ${amountMinor} <= ${sandboxCardPayments.amountMinor}`)
        .run();
      if (meta.changes !== 1) throw new Error(`sandbox gateway: refund of ${amountMinor} on ${ref} refused`);
    },
  };
}

/** the sandbox page's outcome: the payment's new status (only from created) */
export async function settleSandboxPayment(d1: D1Database, ref: string, outcome: 'paid' | 'declined' | 'cancelled') {
  return database(d1)
    .update(sandboxCardPayments)
    .set({ status: outcome })
    .where(sql`${sandboxCardPayments.ref} = ${ref} AND ${sandboxCardPayments.status} = 'created'`)
    .returning()
    .get();
}

export const sandboxPayment = (d1: D1Database, ref: string) => database(d1).select().from(sandboxCardPayments).where(eq(sandboxCardPayments.ref, ref)).get();
