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
  if (order.userId) {
    const user = await userById(d1, order.userId);
    const name = fullName(user?.firstname, user?.surname);
    if (name) return name;
  }
  const [first] = await itemsOf(d1, order.id);
  if (first) {
    const from = (JSON.parse(first.shipment) as OrderShipment).from;
    const name = fullName(from.firstname, from.surname) || from.company;
    if (name) return name;
  }
  return order.email;
}
