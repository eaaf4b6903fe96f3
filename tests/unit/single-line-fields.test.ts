import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RegisterSchema, ProfileUpdateSchema, CompanyUpdateSchema } from '../../src/lib/schemas/account';
import { AddressSchema, emptyAddress } from '../../src/lib/schemas/address';
import { AddressBookEntrySchema } from '../../src/lib/schemas/address-book';
import { ShipmentRatingSchema } from '../../src/lib/schemas/app';
import { PickupPlaceSchema } from '../../src/lib/schemas/business';
import { ClaimMessageSchema, ClaimSchema } from '../../src/lib/schemas/claims';
import { ContactMessageSchema } from '../../src/lib/schemas/contact';
import { multiLineText, text } from '../../src/lib/schemas/fields';
import { ImportRowSchema } from '../../src/lib/schemas/import';
import { ShippingAddressSchema } from '../../src/lib/schemas/order';
import { QuoteRequestSchema } from '../../src/lib/schemas/quote';
import { ChangeRequestSchema } from '../../src/server/services/change-requests';
import cs from '../../translations/cs.json';
import en from '../../translations/en.json';
import es from '../../translations/es.json';
import sk from '../../translations/sk.json';

/** the messages of the issues on a dotted path */
function messagesAt(schema: v.GenericSchema, input: unknown, path: string): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.filter((i) => (v.getDotPath(i) ?? '') === path).map((i) => i.message);
}

// line feed, carriage return, tab, NUL, escape, DEL, a C1 control, line separator, RLO, PDF, LRI, PDI
const BREAKERS = ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\u202c', '\u2066', '\u2069'];

const party = { firstname: 'Jan', surname: 'Novák', company: '', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz', phone: '+420777123456', email: 'jan@example.cz' };

describe('text() and multiLineText()', () => {
  it('a one-line field refuses line breaks, control characters and bidi controls inside it', () => {
    for (const c of BREAKERS) {
      expect(messagesAt(text(true), `Jan${c}Novák`, ''), JSON.stringify(c)).toEqual(['validation.single_line']);
    }
    expect(v.parse(text(true), '  Jan Nováková-Dvořáková  ')).toBe('Jan Nováková-Dvořáková');
    // an edge line break is trimmed away, not refused
    expect(v.parse(text(true), 'Jan Novák\n')).toBe('Jan Novák');
  });

  it('a multi-line field keeps line breaks and tabs but refuses other controls and bidi controls', () => {
    expect(v.parse(multiLineText(true), 'První řádek\r\nDruhý\n\tTřetí')).toBe('První řádek\r\nDruhý\n\tTřetí');
    for (const c of ['\u0000', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066']) {
      expect(messagesAt(multiLineText(true), `A${c}B`, ''), JSON.stringify(c)).toEqual(['validation.control_chars']);
    }
  });

  it('has the messages in cs, en, sk and es', () => {
    for (const messages of [cs, en, sk, es] as Record<string, string>[]) {
      expect(messages['validation.single_line']).toBeTruthy();
      expect(messages['validation.control_chars']).toBeTruthy();
    }
  });
});

describe('every one-line field of the payloads', () => {
  const cases: [string, v.GenericSchema, (bad: string) => unknown, string][] = [
    ['order address name', ShippingAddressSchema, (bad) => ({ ...party, firstname: bad }), 'firstname'],
    ['order address company', ShippingAddressSchema, (bad) => ({ ...party, company: bad }), 'company'],
    ['order address street', ShippingAddressSchema, (bad) => ({ ...party, street: `Dlouhá${bad}12` }), 'street'],
    ['order address city', ShippingAddressSchema, (bad) => ({ ...party, city: bad }), 'city'],
    ['client address form', AddressSchema, (bad) => ({ ...emptyAddress('cz', '+420'), firstName: bad, lastName: 'Novák', phoneNumber: { prefix: '+420', number: '777123456' }, email: 'jan@example.cz', street: 'Dlouhá 12', city: 'Praha', zip: '11000' }), 'firstName'],
    ['registration', RegisterSchema, (bad) => ({ segment: 'A', email: 'jan@example.cz', password: 'dlouheheslo123', firstname: bad, surname: 'Novák', phone: '777123456', terms: true }), 'firstname'],
    ['profile', ProfileUpdateSchema, (bad) => ({ surname: bad }), 'surname'],
    ['company settings', CompanyUpdateSchema, (bad) => ({ company: bad, ico: '27082440', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz' }), 'company'],
    ['address book', AddressBookEntrySchema, (bad) => ({ ...party, company: bad }), 'company'],
    ['pickup place contact', PickupPlaceSchema, (bad) => ({ name: 'Sklad', contact_person: bad, phone: '777123456', email: 'jan@example.cz', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz' }), 'contact_person'],
    ['contact form name', ContactMessageSchema, (bad) => ({ form: 'contact', topic: 'other', name: bad, email: 'jan@example.cz', message: 'Dobrý den, mám dotaz.', started_at: 0 }), 'name'],
    ['claim contact e-mail', ClaimSchema, (bad) => ({ tracking_number: 'IZ1234567890', token: 't', reason: 'damaged', description: 'x'.repeat(30), bank_account: '19-2000145399/0800', contact_email: `a${bad}@example.cz` }), 'contact_email'],
    ['shipment reference', QuoteRequestSchema, (bad) => ({ from: { country: 'cz' }, to: { country: 'cz' }, reference: bad }), 'reference'],
    ['import row', ImportRowSchema, (bad) => ({ from: party, to: { ...party, surname: bad }, packages: [{ type: 0, weight: 1, width: 10, height: 10, length: 10 }] }), 'to.surname'],
    ['change request', ChangeRequestSchema, (bad) => ({ kind: 'address', street: `Dlouhá${bad}12`, city: 'Praha', zip: '11000' }), 'street'],
  ];
  for (const [name, schema, input, path] of cases) {
    it(`${name}: "Jan\\nNovák" and a right-to-left override are refused on ${path}`, () => {
      expect(messagesAt(schema, input('Jan\nNovák'), path)).toContain('validation.single_line');
      expect(messagesAt(schema, input('Jan\u202eNovák'), path)).toContain('validation.single_line');
      expect(messagesAt(schema, input('Jan Novák'), path)).not.toContain('validation.single_line');
    });
  }
});

describe('multi-line fields', () => {
  it('claims, contact messages and ratings keep their line breaks', () => {
    const claim = { tracking_number: 'IZ1234567890', token: 't', reason: 'damaged', bank_account: '19-2000145399/0800', contact_email: 'a@example.cz' };
    expect(messagesAt(ClaimSchema, { ...claim, description: 'Krabice dorazila promáčklá.\nHrnek je rozbitý.' }, 'description')).toEqual([]);
    expect(messagesAt(ClaimSchema, { ...claim, description: 'Krabice dorazila promáčklá.\u0000Hrnek je rozbitý.' }, 'description')).toEqual(['validation.control_chars']);
    expect(v.parse(ClaimMessageSchema, { body: 'Dobrý den,\nposílám foto.' }).body).toBe('Dobrý den,\nposílám foto.');
    expect(messagesAt(ContactMessageSchema, { form: 'contact', topic: 'other', name: 'Jan', email: 'jan@example.cz', message: 'Dobrý den,\nmám dotaz.', started_at: 0 }, 'message')).toEqual([]);
    expect(messagesAt(ShipmentRatingSchema, { token: 'x'.repeat(20), id: 1, score: 5, comment: 'Super\nrychlé' }, 'comment')).toEqual([]);
    expect(messagesAt(ShipmentRatingSchema, { token: 'x'.repeat(20), id: 1, score: 5, comment: 'Super\u202erychlé' }, 'comment')).toEqual(['validation.control_chars']);
    expect(messagesAt(PickupPlaceSchema, { name: 'Sklad', contact_person: 'Jan', phone: '777123456', email: 'jan@example.cz', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz', note: 'Zvonit\nu brány' }, 'note')).toEqual([]);
  });
});
