import type { OrderShipment } from '../../../lib/schemas/order';
import { itemsOf, type OrderRow } from '../../db/repositories/orders';
import { userById } from '../../db/repositories/users';

const fullName = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * Whom an order's e-mails greet: the paying company, else the account holder, else the
 * sender the orderer entered on the first shipment; the e-mail address only when no name
 * was ever given.
 */
export async function greetingName(d1: D1Database, order: Pick<OrderRow, 'id' | 'userId' | 'payerName' | 'email'>): Promise<string> {
  if (order.payerName) return order.payerName;
  const user = order.userId ? await userById(d1, order.userId) : undefined;
  const name = fullName(user?.firstname, user?.surname);
  if (name) return name;
  const [first] = await itemsOf(d1, order.id);
  return greetingOf(order, null, first ? (JSON.parse(first.shipment) as OrderShipment) : undefined);
}

/** the same from what is at hand (a new order: its account holder and its first shipment) */
export function greetingOf(order: Pick<OrderRow, 'payerName' | 'email'>, user: { firstname: string | null; surname: string | null } | null, first: Pick<OrderShipment, 'from'> | undefined): string {
  if (order.payerName) return order.payerName;
  const name = fullName(user?.firstname, user?.surname);
  if (name) return name;
  if (first) {
    const sender = fullName(first.from.firstname, first.from.surname) || first.from.company;
    if (sender) return sender;
  }
  return order.email;
}
