import { describe, expect, it } from 'vitest';
import { addressCompletenessLevel, addressDisplayName, addressFromApi, addressToApi, isAddressComplete } from '../../src/lib/address';
import { emptyAddress, type AddressForm } from '../../src/lib/schemas/address';

const address = (fields: Partial<AddressForm> = {}): AddressForm => ({ ...emptyAddress('cz', '+420'), ...fields });

const full = address({
  id: 12,
  firstName: 'Jan',
  lastName: 'Novák',
  companyName: 'ACME s.r.o.',
  phoneNumber: { prefix: '+420', number: '777 123 456' },
  email: 'jan@example.cz',
  street: 'Na Poříčí 12',
  city: 'Praha',
  zip: '110 00',
  tin: '26765799',
  vatin: 'cz 26765799',
});

describe('addressCompletenessLevel', () => {
  it('climbs with country/city/zip, then street, then contacts and name', () => {
    expect(addressCompletenessLevel(address({ country: '' }))).toBe(-1);
    const level0 = address({ city: 'Praha', zip: '11000' });
    expect(addressCompletenessLevel(level0)).toBe(0);
    const level1 = { ...level0, street: 'Na Poříčí 12' };
    expect(addressCompletenessLevel(level1)).toBe(1);
    const level2 = { ...level1, firstName: 'Jan', lastName: 'Novák', email: 'jan@example.cz', phoneNumber: { prefix: '+420', number: '777123456' } };
    expect(addressCompletenessLevel(level2)).toBe(2);
    expect(isAddressComplete(level2)).toBe(true);
    expect(isAddressComplete(level1)).toBe(false);
    expect(isAddressComplete(level1, 1)).toBe(true);
  });

  it('counts a company instead of both names', () => {
    expect(addressCompletenessLevel({ ...full, firstName: '', lastName: '' })).toBe(2);
    expect(addressCompletenessLevel({ ...full, companyName: '', lastName: '' })).toBe(1);
  });

  it('does not count an invalid zip', () => {
    expect(addressCompletenessLevel({ ...full, zip: '811 04' })).toBe(-1);
  });
});

describe('addressDisplayName', () => {
  it('shows the company with the person in brackets, or the person', () => {
    expect(addressDisplayName(full)).toBe('ACME s.r.o. (Jan Novák)');
    expect(addressDisplayName({ ...full, companyName: '' })).toBe('Jan Novák');
    expect(addressDisplayName({ ...full, firstName: '', lastName: '' })).toBe('ACME s.r.o.');
    expect(addressDisplayName({ ...full, companyName: ' ', lastName: '' })).toBe('Jan');
    expect(addressDisplayName(emptyAddress())).toBe('');
  });
});

describe('API mapping', () => {
  it('maps the form to the API shape', () => {
    expect(addressToApi(full)).toEqual({
      id: 12,
      company: 'ACME s.r.o.',
      firstname: 'Jan',
      surname: 'Novák',
      phone: '+420777123456',
      phone_number: '777123456',
      email: 'jan@example.cz',
      street: 'Na Poříčí 12',
      city: 'Praha',
      zip: '11000',
      country: 'cz',
      tin: '26765799',
      vatin: 'CZ26765799',
    });
  });

  it('sends null for a new address and empty phone fields without a number', () => {
    const api = addressToApi(address({ phoneNumber: { prefix: '+420', number: '' } }));
    expect(api.id).toBeNull();
    expect(api.phone).toBe('');
    expect(api.phone_number).toBe('');
  });

  it('drops the Slovak trunk zero in both phone fields', () => {
    const api = addressToApi(address({ country: 'sk', phoneNumber: { prefix: '+421', number: '0905 123 456' } }));
    expect(api.phone).toBe('+421905123456');
    expect(api.phone_number).toBe('905123456');
  });

  it('maps the API shape to the form, splitting the phone by phone_number', () => {
    const form = addressFromApi({ ...addressToApi(full), phone: '+421905123456', phone_number: '905123456', country: 'SK' });
    expect(form.phoneNumber).toEqual({ prefix: '+421', number: '905123456' });
    expect(form.country).toBe('sk');
    expect(form.id).toBe(12);
    expect(form.companyName).toBe('ACME s.r.o.');
    expect(form.lastName).toBe('Novák');
  });

  it('splits a phone without phone_number by the country prefix, and fills nulls with empty text', () => {
    const form = addressFromApi({ id: null, phone: '+420777123456', phone_number: null, firstname: null, country: 'cz' }, '+420');
    expect(form.phoneNumber).toEqual({ prefix: '+420', number: '777123456' });
    expect(form.id).toBe(-1);
    expect(form.firstName).toBe('');
    expect(form.addressType).toBe('all');
  });

  it('round-trips form → API → form', () => {
    const back = addressFromApi(addressToApi(full));
    expect(back).toEqual({ ...full, zip: '11000', vatin: 'CZ26765799', phoneNumber: { prefix: '+420', number: '777123456' } });
  });
});
