import { describe, expect, it } from 'vitest';
import { canPrefillSender, savedAddressForm } from '../../src/components/client/addresses/saved-address';
import { addressToApi, isAddressComplete } from '../../src/lib/address';
import { parcelPointSides } from '../../src/lib/configurator-form';
import type { AddressBookEntry } from '../../src/lib/schemas/address-book';
import { emptyAddress } from '../../src/lib/schemas/address';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { sampleQuote } from './configurator-fixtures';

const entry: AddressBookEntry = {
  id: 7,
  company: '',
  firstname: 'Jan',
  surname: 'Novák',
  phone: '+420777123456',
  phone_number: '777123456',
  email: 'jan@example.cz',
  street: 'Náměstí Republiky 1',
  city: 'Plzeň',
  zip: '30100',
  country: 'cz',
  tin: '',
  vatin: '',
  address_type: 'all',
  is_default_sender: true,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

describe('savedAddressForm', () => {
  it('fills the whole form, complete for sending, and keeps the address-book id', () => {
    const form = savedAddressForm(entry);
    expect(form).toMatchObject({ id: 7, firstName: 'Jan', lastName: 'Novák', phoneNumber: { prefix: '+420', number: '777123456' }, zip: '301 00', country: 'cz' });
    expect(isAddressComplete(form)).toBe(true);
    // sent back as it was saved
    expect(addressToApi(form)).toMatchObject({ id: 7, phone: '+420777123456', phone_number: '777123456', zip: '30100' });
  });

  it('opens its side of a CZ → CZ shipment (spec §4), where a typed address needs a parcel point', () => {
    const quote = sampleQuote({ type: 'REGULAR', attributes: { ...sampleQuote().attributes, deliveryBranchSupported: true } });
    const typed = emptyDraft('cz');
    expect(parcelPointSides(typed, quote)).toMatchObject({ sender: 'required', recipient: 'required' });
    const picked = { ...typed, sender: savedAddressForm(entry), recipient: savedAddressForm({ ...entry, id: 8 }) };
    expect(parcelPointSides(picked, quote)).toMatchObject({ sender: 'none', recipient: 'optional' });
  });
});

describe('canPrefillSender', () => {
  const sender = emptyAddress('cz', '+420');

  it('fills an empty sender side, also one with the quote’s place when it is the default sender’s', () => {
    expect(canPrefillSender(sender, entry)).toBe(true);
    expect(canPrefillSender({ ...sender, zip: '301 00', city: 'Plzeň' }, entry)).toBe(true);
  });

  it('leaves a side someone is on, another place and another country alone', () => {
    expect(canPrefillSender({ ...sender, firstName: 'Eva' }, entry)).toBe(false);
    expect(canPrefillSender({ ...sender, phoneNumber: { prefix: '+420', number: '601' } }, entry)).toBe(false);
    expect(canPrefillSender({ ...sender, zip: '602 00', city: 'Brno' }, entry)).toBe(false);
    expect(canPrefillSender(emptyAddress('sk', '+421'), entry)).toBe(false);
  });
});
