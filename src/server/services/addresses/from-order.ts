import * as v from 'valibot';
import { AddressBookEntrySchema, type AddressBookInput } from '../../../lib/schemas/address-book';
import type { OrderShipment, ShippingAddress } from '../../../lib/schemas/order';
import { insertAddress, valuesOf } from './book';

/**
 * The save-address flags of a shipment (spec §3 saveSenderAddress / saveRecipientAddress,
 * §7 save_from_address / save_to_address): the writes that put its sender and recipient in
 * the signed-in user's address book, for the order's own batch, so they are stored with the
 * order and only then. An address already in the book (same fingerprint) is not added again;
 * one the book's rules refuse, or one past the book's cap, is left out without failing the order.
 */
export async function orderAddressWrites(d1: D1Database, userId: number, shipments: readonly OrderShipment[]) {
  const wanted: ShippingAddress[] = shipments.flatMap((s) => [...(s.save_from_address ? [s.from] : []), ...(s.save_to_address ? [s.to] : [])]);
  const writes: ReturnType<typeof insertAddress>[] = [];
  const seen = new Set<string>();
  for (const address of wanted) {
    const input: AddressBookInput = {
      company: address.company,
      firstname: address.firstname,
      surname: address.surname,
      phone: address.phone,
      email: address.email,
      street: address.street,
      city: address.city,
      zip: address.zip,
      country: address.country,
    };
    const parsed = v.safeParse(AddressBookEntrySchema, input);
    if (!parsed.success) continue;
    const values = await valuesOf(d1, parsed.output).catch(() => null);
    if (!values || seen.has(values.fingerprint)) continue;
    seen.add(values.fingerprint);
    writes.push(insertAddress(d1, userId, values, { unlessSame: true }));
  }
  return writes;
}
