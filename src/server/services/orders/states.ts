import type { ORDER_STATUSES, PAYMENT_STATUSES } from '../../db/schema';

/**
 * Order and payment states as explicit machines (DOMAIN.md). Every status change goes
 * through `assertTransition`, and the SQL that writes it repeats the `from` state in its
 * WHERE, so two requests racing each other cannot both move an order.
 */
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled', 'refunded'],
  processing: ['completed', 'cancelled', 'refunded'],
  completed: ['refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed', 'cancelled'],
  paid: ['refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};

export const canOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);
export const canPayment = (from: PaymentStatus, to: PaymentStatus) => PAYMENT_TRANSITIONS[from].includes(to);

export class TransitionError extends Error {
  override readonly name = 'TransitionError';
}

export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canOrder(from, to)) throw new TransitionError(`order ${from} → ${to} is not allowed`);
}

export function assertPaymentTransition(from: PaymentStatus, to: PaymentStatus): void {
  if (!canPayment(from, to)) throw new TransitionError(`payment ${from} → ${to} is not allowed`);
}

/** the states an order may be in to move to `to` (the WHERE of the update) */
export const ordersFrom = (to: OrderStatus): OrderStatus[] => (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => canOrder(from, to));
export const paymentsFrom = (to: PaymentStatus): PaymentStatus[] => (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((from) => canPayment(from, to));
