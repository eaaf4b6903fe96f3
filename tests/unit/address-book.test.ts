import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AddressBookEntrySchema,
  AddressBookQuerySchema,
  addressFingerprint,
  addressSearchText,
  foldText,
  matchesSearch,
  nationalNumber,
  searchTerms,
} from '../../src/lib/schemas/address-book';

const novak = {
  company: '',
  firstname: 'Jan',
  surname: 'Novák',
  phone: '+420777123456',
  email: 'Jan.Novak@Example.cz',
  street: 'Náměstí Republiky 1',
  city: 'Plzeň',
  zip: '301 00',
  country: 'cz',
};

const finds = (query: string, address = novak) => matchesSearch(addressSearchText(address), searchTerms(query));

describe('foldText', () => {
  it('drops case and the diacritics of Czech, Slovak and other Latin letters', () => {
    expect(foldText('Plzeň')).toBe('plzen');
    expect(foldText('ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY')).toBe('zlutoucky kun upel dabelske ody');
    expect(foldText('Ľubochňa, Ŕ, Ô, Ä, Ĺ')).toBe('lubochna, r, o, a, l');
    expect(foldText('Łódź Straße Øster')).toBe('lodz strasse oster');
  });

  it('collapses white space and is idempotent', () => {
    expect(foldText('  Jan \t\n Novák  ')).toBe('jan novak');
    fc.assert(fc.property(fc.string(), (text) => foldText(foldText(text)) === foldText(text)));
  });
});

describe('searchTerms', () => {
  it('splits at spaces, commas and semicolons, folds and drops repeats', () => {
    expect(searchTerms(' Novák,  PLZEŇ; novak ')).toEqual(['novak', 'plzen']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('keeps at most eight words of the first 100 characters', () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms(`${'x'.repeat(100)}yyy`)).toEqual(['x'.repeat(100)]);
  });
});

describe('address search', () => {
  it('finds "Plzeň" by "Plzen" and "Novák" by "novak"', () => {
    expect(finds('Plzen')).toBe(true);
    expect(finds('novak')).toBe(true);
    expect(finds('NOVÁK')).toBe(true);
  });

  it('looks in names, company, street, city, zip (with or without the space) and e-mail', () => {
    expect(finds('jan')).toBe(true);
    expect(finds('namesti republiky')).toBe(true);
    expect(finds('301 00')).toBe(true);
    expect(finds('30100')).toBe(true);
    expect(finds('example.cz')).toBe(true);
    expect(finds('acme', { ...novak, company: 'ACME s.r.o.' })).toBe(true);
  });

  it('needs every word and does not look in the phone or the country', () => {
    expect(finds('novak brno')).toBe(false);
    expect(finds('777123456')).toBe(false);
    expect(finds('cz ')).toBe(true); // in the e-mail's domain
    expect(finds('czech')).toBe(false);
  });

  it('matches nothing but everything for an empty query', () => {
    expect(finds('')).toBe(true);
  });

  it('finds any address by any word of its own name, typed in any case or with diacritics dropped', () => {
    const word = fc.stringMatching(/^[a-zA-ZáčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]{1,12}$/);
    fc.assert(
      fc.property(word, word, (first, last) => {
        const address = { ...novak, firstname: first, surname: last };
        const typed = foldText(last).toUpperCase();
        return finds(typed, address) && finds(first.toLowerCase(), address);
      }),
    );
  });

  it('begins the search text with the sort name: company, else surname', () => {
    expect(addressSearchText(novak).startsWith('novak jan')).toBe(true);
    expect(addressSearchText({ ...novak, company: 'Šťastná Ryba' }).startsWith('stastna ryba novak')).toBe(true);
  });
});

describe('addressFingerprint', () => {
  it('is the same for case, spacing and the zip’s space, and differs for another person', () => {
    const same = { ...novak, city: 'PLZEŇ', street: 'Náměstí  Republiky 1 ', zip: '30100', email: 'jan.novak@example.cz' };
    expect(addressFingerprint(same)).toBe(addressFingerprint(novak));
    expect(addressFingerprint({ ...novak, firstname: 'Jana' })).not.toBe(addressFingerprint(novak));
    expect(addressFingerprint({ ...novak, city: 'Plzen' })).not.toBe(addressFingerprint(novak));
  });
});

describe('nationalNumber', () => {
  const prefixes = ['+1', '+420', '+421', '+49', '+1264'];
  it('takes the country’s calling code first, else the longest known one', () => {
    expect(nationalNumber('+420777123456', prefixes, '+420')).toBe('777123456');
    expect(nationalNumber('+421905123456', prefixes, '+420')).toBe('905123456');
    expect(nationalNumber('+12642345678', prefixes)).toBe('2345678');
    expect(nationalNumber('+12125551234', prefixes)).toBe('2125551234');
    expect(nationalNumber('+99912345', prefixes)).toBe('');
  });
});

describe('AddressBookEntrySchema', () => {
  const parse = (input: Record<string, unknown>) => v.safeParse(AddressBookEntrySchema, input);
  const errors = (input: Record<string, unknown>) => {
    const result = parse(input);
    return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path?.map((p) => p.key).join('.'), i.message]));
  };

  it('normalizes what it stores: E.164 phone, zip without the space, lower-case country, DIČ in capitals', () => {
    const result = parse({ ...novak, phone: '777 123 456', country: 'CZ', company: 'ACME', tin: '267 657 99', vatin: 'cz 26765799' });
    expect(result.success && result.output).toMatchObject({ phone: '+420777123456', phone_number: '', zip: '30100', country: 'cz', tin: '26765799', vatin: 'CZ26765799', address_type: 'all', is_default_sender: false });
  });

  it('applies the configurator’s field rules', () => {
    expect(errors({ ...novak, phone: '12345' })).toEqual({ phone: 'validation.phone' });
    expect(errors({ ...novak, phone: '+420777123456', phone_number: '999' })).toEqual({ phone: 'validation.phone' });
    expect(errors({ ...novak, email: 'jan@novak' })).toEqual({ email: 'validation.email' });
    expect(errors({ ...novak, zip: '3010' })).toEqual({ zip: 'validation.zip' });
    expect(errors({ ...novak, zip: '811 01' })).toEqual({ zip: 'validation.zipCountry' });
    expect(errors({ ...novak, country: 'sk', zip: '811 01', phone: '+421905123456' })).toEqual({});
    expect(errors({ ...novak, tin: '12345678' })).toEqual({ tin: 'validation.tin' });
    expect(errors({ ...novak, country: 'de', zip: '10115', tin: '12345678' })).toEqual({});
    expect(errors({ ...novak, firstname: '', surname: ' ' })).toEqual({ firstname: 'validation.required', surname: 'validation.required' });
    expect(errors({ ...novak, firstname: '', surname: '', company: 'ACME' })).toEqual({});
  });

  it('accepts the national part the form sends, also with a trunk zero', () => {
    expect(errors({ ...novak, phone: '+421 905 123 456', phone_number: '0905 123 456', country: 'sk', zip: '81101' })).toEqual({});
  });
});

describe('AddressBookQuerySchema', () => {
  it('defaults to the first page of 20', () => {
    expect(v.parse(AddressBookQuerySchema, {})).toEqual({ q: '', limit: 20, offset: 0 });
    expect(v.parse(AddressBookQuerySchema, { q: 'Plzeň', limit: '5', offset: '10' })).toEqual({ q: 'Plzeň', limit: 5, offset: 10 });
  });
});
