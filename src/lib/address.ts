import * as v from 'valibot';
import { addressLevelSchema, NEW_ADDRESS_ID, type AddressForm, type AddressLevel } from './schemas/address';
import { normalizePhone, normalizeZip } from './validators';

/** Address rules of spec §3 and §4 and the mapping between the form and the API shape. */

/** The highest completeness level the address meets, or -1 when it misses even level 0. */
export function addressCompletenessLevel(address: AddressForm): AddressLevel | -1 {
  for (const level of [2, 1, 0] as const) {
    if (v.is(addressLevelSchema(level), address)) return level;
  }
  return -1;
}

export function isAddressComplete(address: AddressForm, level: AddressLevel = 2): boolean {
  return addressCompletenessLevel(address) >= level;
}

/** 'ACME s.r.o. (Jan Novák)', 'ACME s.r.o.', 'Jan Novák' or ''. */
export function addressDisplayName(address: Pick<AddressForm, 'companyName' | 'firstName' | 'lastName'>): string {
  const person = [address.firstName.trim(), address.lastName.trim()].filter(Boolean).join(' ');
  const company = address.companyName.trim();
  if (company && person) return `${company} (${person})`;
  return company || person;
}

/** Address as the API sends and receives it (spec §3). */
export type ApiAddress = {
  id: number | null;
  company: string;
  firstname: string;
  surname: string;
  /** E.164: '+' + prefix + number */
  phone: string;
  /** the national number alone */
  phone_number: string;
  email: string;
  street: string;
  city: string;
  zip: string;
  country: string;
  tin: string;
  vatin: string;
};

/** What the API may return: any field missing or null. */
export type ApiAddressInput = { [K in keyof ApiAddress]?: ApiAddress[K] | null };

const digitsOf = (value: string) => value.replace(/\D/g, '');

export function addressToApi(address: AddressForm): ApiAddress {
  const nationalNumber = digitsOf(address.phoneNumber.number);
  const phone =
    nationalNumber === ''
      ? ''
      : (normalizePhone(address.phoneNumber) ?? `+${digitsOf(address.phoneNumber.prefix)}${nationalNumber}`);
  return {
    id: address.id === NEW_ADDRESS_ID ? null : address.id,
    company: address.companyName.trim(),
    firstname: address.firstName.trim(),
    surname: address.lastName.trim(),
    phone,
    phone_number: phone === '' ? '' : phone.slice(1 + digitsOf(address.phoneNumber.prefix).length),
    email: address.email.trim(),
    street: address.street.trim(),
    city: address.city.trim(),
    zip: normalizeZip(address.zip, address.country),
    country: address.country.trim().toLowerCase(),
    tin: address.tin.trim(),
    vatin: address.vatin.trim().replace(/\s/g, '').toUpperCase(),
  };
}

/**
 * Splits '+420777123456' into prefix and number: by `phone_number` when the API sends it,
 * else by the country's own prefix when the phone starts with it; otherwise the whole
 * phone is the number and the prefix is left for the user to pick.
 */
function splitPhone(phone: string, phoneNumber: string, countryPrefix: string): AddressForm['phoneNumber'] {
  const compact = phone.replace(/\s/g, '');
  if (phoneNumber && compact.endsWith(phoneNumber) && compact.length > phoneNumber.length) {
    return { prefix: compact.slice(0, compact.length - phoneNumber.length), number: phoneNumber };
  }
  if (countryPrefix && compact.startsWith(countryPrefix)) {
    return { prefix: countryPrefix, number: compact.slice(countryPrefix.length) };
  }
  return { prefix: countryPrefix, number: phoneNumber || compact };
}

/**
 * `countryPhonePrefix` is the '+420' of the address country (from the country list) and
 * is only used when the API does not tell the number apart.
 */
export function addressFromApi(api: ApiAddressInput, countryPhonePrefix = ''): AddressForm {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    id: api.id ?? NEW_ADDRESS_ID,
    isProfile: false,
    country: text(api.country).toLowerCase(),
    companyName: text(api.company),
    tin: text(api.tin),
    vatin: text(api.vatin),
    firstName: text(api.firstname),
    lastName: text(api.surname),
    phoneNumber: splitPhone(text(api.phone), text(api.phone_number).replace(/\s/g, ''), countryPhonePrefix),
    email: text(api.email),
    street: text(api.street),
    city: text(api.city),
    zip: text(api.zip),
    addressType: 'all',
  };
}
