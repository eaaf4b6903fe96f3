import * as v from 'valibot';
import { object } from './object';
import { hasRequiredHouseNumber, isValidEmail, isValidIco, isValidPhone, isValidVatin, isValidZipFormat, isZipOfCountry } from '../validators';
import { storedBoolean, storedString, text } from './fields';

/** Client form shape of an address (spec §3). */

export const NEW_ADDRESS_ID = -1;
export const ADDRESS_TYPES = ['all', 'parcel-point'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Lenient shape for stored drafts: every field falls back to its empty value. */
export const AddressDraftSchema = object({
  id: v.fallback(v.optional(v.number(), NEW_ADDRESS_ID), NEW_ADDRESS_ID),
  isProfile: storedBoolean(),
  /** ISO 3166 alpha-2, lowercase like the rest of the project ('cz') */
  country: storedString(),
  companyName: storedString(),
  tin: storedString(),
  vatin: storedString(),
  firstName: storedString(),
  lastName: storedString(),
  /** prefix as the country list gives it ('+420'), number as typed */
  phoneNumber: v.fallback(
    v.optional(object({ prefix: storedString(), number: storedString() }), { prefix: '', number: '' }),
    { prefix: '', number: '' },
  ),
  email: storedString(),
  street: storedString(),
  city: storedString(),
  zip: storedString(),
  addressType: v.fallback(v.optional(v.picklist(ADDRESS_TYPES), 'all'), 'all'),
});
export type AddressForm = v.InferOutput<typeof AddressDraftSchema>;

export function emptyAddress(country = '', phonePrefix = ''): AddressForm {
  return { ...v.getDefaults(AddressDraftSchema), country, phoneNumber: { prefix: phonePrefix, number: '' } };
}

/**
 * Completeness levels (spec §4): 0 needs country, city and zip; 1 also street; 2 also
 * e-mail, phone and a company or both first and last name. Filled optional fields must
 * still be valid at every level.
 */
export type AddressLevel = 0 | 1 | 2;

const optionalIco = (country: string, tin: string) =>
  tin === '' || !['cz', 'sk'].includes(country.toLowerCase()) || isValidIco(tin);

function buildAddressSchema(level: AddressLevel) {
  const full = level === 2;
  return v.pipe(
    object({
      id: v.number(),
      isProfile: v.boolean(),
      country: v.pipe(text(true), v.check((value) => value === '' || /^[a-z]{2}$/i.test(value), 'validation.country_code')),
      companyName: text(false),
      tin: text(false),
      vatin: text(false),
      firstName: text(false),
      lastName: text(false),
      phoneNumber: v.pipe(
        object({ prefix: text(false), number: text(full) }),
        v.forward(v.check((phone) => phone.number === '' || isValidPhone(phone), 'validation.phone'), ['number']),
      ),
      email: v.pipe(text(full), v.check((value) => value === '' || isValidEmail(value), 'validation.email')),
      street: text(level >= 1),
      city: text(true),
      zip: text(true),
      addressType: v.picklist(ADDRESS_TYPES),
    }),
    v.forward(
      v.partialCheck([['zip'], ['country']], ({ zip, country }) => zip === '' || isValidZipFormat(zip, country), 'validation.zip'),
      ['zip'],
    ),
    v.forward(
      v.partialCheck(
        [['zip'], ['country']],
        ({ zip, country }) => zip === '' || !isValidZipFormat(zip, country) || isZipOfCountry(zip, country),
        'validation.zipCountry',
      ),
      ['zip'],
    ),
    v.forward(
      v.partialCheck([['street'], ['country']], ({ street, country }) => hasRequiredHouseNumber(street, country), 'validation.street_number'),
      ['street'],
    ),
    v.forward(v.partialCheck([['tin'], ['country']], ({ tin, country }) => optionalIco(country, tin), 'validation.tin'), ['tin']),
    v.forward(
      v.partialCheck([['vatin'], ['country']], ({ vatin, country }) => vatin === '' || isValidVatin(vatin, country), 'validation.vatin'),
      ['vatin'],
    ),
    v.forward(
      v.partialCheck(
        [['companyName'], ['firstName']],
        ({ companyName, firstName }) => !full || companyName !== '' || firstName !== '',
        'validation.required',
      ),
      ['firstName'],
    ),
    v.forward(
      v.partialCheck(
        [['companyName'], ['lastName']],
        ({ companyName, lastName }) => !full || companyName !== '' || lastName !== '',
        'validation.required',
      ),
      ['lastName'],
    ),
  );
}

const ADDRESS_LEVEL_SCHEMAS = [buildAddressSchema(0), buildAddressSchema(1), buildAddressSchema(2)] as const;

export function addressLevelSchema(level: AddressLevel) {
  return ADDRESS_LEVEL_SCHEMAS[level];
}

/** An address complete enough to send a parcel (spec §5). */
export const AddressSchema = addressLevelSchema(2);
export type AddressOutput = v.InferOutput<typeof AddressSchema>;
