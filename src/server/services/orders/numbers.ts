import { nextInSequence } from '../../db/repositories/orders';
import { randomToken } from '../../identity/crypto';

/**
 * Order numbers and tokens. The variable symbol is 10 digits (the year's two digits and an
 * 8-digit sequence), the order number 'OP' + it (spec §5: an OP number is an order, not a
 * tracking number). Tokens are 32 random bytes: the capability of the guest's order page.
 */
export async function nextOrderNumber(db: D1Database, now: Date): Promise<{ number: string; variableSymbol: string }> {
  return orderNumberOf(await nextInSequence(db, ORDER_SEQUENCE), now);
}

/** the counter of order numbers (taken with the idempotency claim: repositories/orders.ts claimKey) */
export const ORDER_SEQUENCE = 'order';

export function orderNumberOf(n: number, now: Date): { number: string; variableSymbol: string } {
  const variableSymbol = `${String(now.getUTCFullYear()).slice(2)}${String(n).padStart(8, '0')}`;
  return { number: `OP${variableSymbol}`, variableSymbol };
}

export async function nextInvoiceNumber(db: D1Database, now: Date): Promise<string> {
  const n = await nextInSequence(db, `invoice-${now.getUTCFullYear()}`);
  return `FV${now.getUTCFullYear()}${String(n).padStart(6, '0')}`;
}

/** the order token: the orderer's capability (see orders.token in db/schema.ts) */
export const newOrderToken = () => randomToken(32);

/** spec §5 tracking number: 'IZ' + 10 digits (unique: the caller retries on a collision) */
export function newTrackingNumber(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint32Array(10)), (n) => String(n % 10)).join('');
  return `IZ${digits}`;
}
