import { addressFromApi } from '../../../lib/address';
import type { AddressBookEntry } from '../../../lib/schemas/address-book';
import type { AddressForm } from '../../../lib/schemas/address';
import { displayZip, normalizeZip } from '../../../lib/validators';

/**
 * A saved address on a side of the configurator's draft. It keeps its address-book id, which
 * is what makes the side "saved" for the parcel-point rule of spec §4 (isSavedAddress).
 */
export const savedAddressForm = (entry: AddressBookEntry): AddressForm => ({ ...addressFromApi(entry), zip: displayZip(entry.zip, entry.country), addressType: entry.address_type });

/**
 * Whether the default sender may fill the sender side: nobody is on it yet (only the place
 * the quote was asked for, if any), and the default sender is in that place, so the quote
 * the user chose still holds.
 */
export function canPrefillSender(sender: AddressForm, entry: AddressBookEntry): boolean {
  const blank = (text: string) => text.trim() === '';
  const nobody = [sender.companyName, sender.firstName, sender.lastName, sender.street, sender.email, sender.phoneNumber.number].every(blank);
  const country = sender.country.toLowerCase();
  const samePlace = (blank(country) || country === entry.country) && (blank(sender.zip) || normalizeZip(sender.zip, country) === entry.zip);
  return nobody && samePlace;
}
