import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressLevelSchema, emptyAddress } from '../../src/lib/schemas/address';
import { ShippingAddressSchema } from '../../src/lib/schemas/order';
import { hasRequiredHouseNumber } from '../../src/lib/validators';

/** issue 14 item 7: a CZ/SK street line carries a house number; other countries are not forced */
describe('street with a house number', () => {
  const withNumber = ['Vinohradská 12', 'Kounicova 1013/5', 'Na Příkopě 12a', 'Hlavná 1/A', '28. října 5', 'Lhota 15', 'Nábřeží Kapitána Jaroše 1000/7, vchod z ulice Letohradská', 'Vinohradská 12.', 'č. p. 123', 'Dlouhá 5 B'];
  const without = ['Vinohradská', 'Na Příkopě', '28. října', 'Kounicova ulice', 'A1'];

  it.each(withNumber)('CZ and SK accept %s', (street) => {
    expect(hasRequiredHouseNumber(street, 'cz')).toBe(true);
    expect(hasRequiredHouseNumber(street, 'SK')).toBe(true);
  });

  it.each(without)('CZ and SK refuse %s', (street) => {
    expect(hasRequiredHouseNumber(street, 'cz')).toBe(false);
    expect(hasRequiredHouseNumber(street, 'sk')).toBe(false);
  });

  it('other countries are not forced; an empty street is left to the required rule', () => {
    expect(hasRequiredHouseNumber('Baker Street', 'gb')).toBe(true);
    expect(hasRequiredHouseNumber('Unter den Linden', 'de')).toBe(true);
    expect(hasRequiredHouseNumber('', 'cz')).toBe(true);
  });

  it('the address form schema refuses it on the street field with a translated code', () => {
    const address = { ...emptyAddress('cz', '+420'), street: 'Vinohradská', city: 'Praha', zip: '12000' };
    const issues = v.safeParse(addressLevelSchema(1), address).issues ?? [];
    expect(issues.map((i) => [v.getDotPath(i), i.message])).toEqual([['street', 'validation.street_number']]);
    expect(v.is(addressLevelSchema(1), { ...address, street: 'Vinohradská 12' })).toBe(true);
    expect(v.is(addressLevelSchema(1), { ...address, country: 'de', zip: '10115', city: 'Berlin', street: 'Unter den Linden' })).toBe(true);
  });

  it('the order API schema refuses it too (spec §8 validation error on the street)', () => {
    const base = { firstname: 'Jan', surname: 'Novák', city: 'Bratislava', zip: '811 04', country: 'SK', phone: '+421905123456', email: 'jan@example.com' };
    const refused = v.safeParse(ShippingAddressSchema, { ...base, street: 'Obchodná' });
    expect(refused.success).toBe(false);
    expect(refused.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['street', 'validation.street_number']]);
    expect(v.safeParse(ShippingAddressSchema, { ...base, street: 'Obchodná 7/A' }).success).toBe(true);
  });
});

/** the order API checks a CZ/SK postcode as the form does: five digits, and the country's range */
describe('postcode in the order API', () => {
  const base = { firstname: 'Jan', surname: 'Novák', street: 'Vinohradská 12', city: 'Praha', phone: '+420777123456', email: 'jan@example.com' };
  const codes = (zip: string, country: string) => v.safeParse(ShippingAddressSchema, { ...base, zip, country }).issues?.map((i) => [v.getDotPath(i), i.message]) ?? [];
  it('accepts well-formed codes of the country, with or without the space', () => {
    expect(codes('120 00', 'cz')).toEqual([]);
    expect(codes('12000', 'CZ')).toEqual([]);
    expect(codes('811 04', 'sk')).toEqual([]);
    expect(codes('SW1A 1AA', 'gb')).toEqual([]);
  });
  it('refuses a malformed CZ/SK code and the other country’s code', () => {
    expect(codes('1200', 'cz')).toEqual([['zip', 'validation.zip']]);
    expect(codes('12O00', 'cz')).toEqual([['zip', 'validation.zip']]);
    expect(codes('811 04', 'cz')).toEqual([['zip', 'validation.zipCountry']]);
    expect(codes('120 00', 'sk')).toEqual([['zip', 'validation.zipCountry']]);
  });
});
