import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressLevelSchema, AddressSchema, emptyAddress, type AddressForm } from '../../src/lib/schemas/address';
import { CustomsDraftSchema, CustomsSchema } from '../../src/lib/schemas/customs';
import { emptyDraft, ShipmentDraftSchema, StoredQuoteSchema } from '../../src/lib/schemas/draft';
import { LoginSchema } from '../../src/lib/schemas/login';
import { PackageSchema, PackagesSchema } from '../../src/lib/schemas/package';
import { emptyServices, servicesSchema, ServicesDraftSchema } from '../../src/lib/schemas/services';
import { TrackingNumberSchema } from '../../src/lib/schemas/tracking';
import { sampleQuote } from './configurator-fixtures';

/** Issue messages by dotted path ('' for the root). */
function issues(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}

const completeAddress = (): AddressForm => ({
  ...emptyAddress('cz', '+420'),
  firstName: 'Jan',
  lastName: 'Novák',
  phoneNumber: { prefix: '+420', number: '777 123 456' },
  email: 'jan@example.cz',
  street: 'Na Poříčí 12',
  city: 'Praha',
  zip: '110 00',
});

describe('AddressSchema', () => {
  it('accepts a complete address and trims it', () => {
    const result = v.parse(AddressSchema, { ...completeAddress(), city: ' Praha ' });
    expect(result.city).toBe('Praha');
  });

  it('needs country, city and zip at level 0, also street at 1', () => {
    const empty = emptyAddress('', '');
    expect(issues(addressLevelSchema(0), empty)).toEqual({
      country: ['validation.required'],
      city: ['validation.required'],
      zip: ['validation.required'],
    });
    const level0 = { ...empty, country: 'cz', city: 'Praha', zip: '11000' };
    expect(issues(addressLevelSchema(0), level0)).toEqual({});
    expect(issues(addressLevelSchema(1), level0)).toEqual({ street: ['validation.required'] });
  });

  it('needs e-mail, phone and a name or company at level 2', () => {
    const address = { ...completeAddress(), firstName: '', lastName: '', email: '', phoneNumber: { prefix: '+420', number: '' } };
    expect(issues(AddressSchema, address)).toEqual({
      email: ['validation.required'],
      'phoneNumber.number': ['validation.required'],
      firstName: ['validation.required'],
      lastName: ['validation.required'],
    });
    expect(issues(AddressSchema, { ...completeAddress(), firstName: '', lastName: '', companyName: 'ACME s.r.o.' })).toEqual({});
    expect(issues(AddressSchema, { ...completeAddress(), lastName: '' })).toEqual({ lastName: ['validation.required'] });
  });

  it('checks filled values at every level', () => {
    const address = {
      ...completeAddress(),
      email: 'jan@',
      phoneNumber: { prefix: '+420', number: '123' },
      tin: '26765798',
      vatin: 'CZ26765798',
    };
    expect(issues(addressLevelSchema(0), address)).toEqual({
      email: ['validation.email'],
      'phoneNumber.number': ['validation.phone'],
      tin: ['validation.tin'],
      vatin: ['validation.vatin'],
    });
  });

  it('tells a malformed zip from a zip of the other country', () => {
    expect(issues(AddressSchema, { ...completeAddress(), zip: '1100' })).toEqual({ zip: ['validation.zip'] });
    expect(issues(AddressSchema, { ...completeAddress(), zip: '811 04' })).toEqual({ zip: ['validation.zipCountry'] });
    expect(issues(AddressSchema, { ...completeAddress(), country: 'sk', zip: '811 04', phoneNumber: { prefix: '+421', number: '905123456' } })).toEqual({});
  });

  it('checks the IČO only for CZ and SK', () => {
    expect(issues(AddressSchema, { ...completeAddress(), tin: '26765799' })).toEqual({});
    expect(issues(AddressSchema, { ...completeAddress(), country: 'de', zip: '10115', tin: 'HRB 1234' })).toEqual({});
  });

  it('rejects a country that is not a 2-letter code', () => {
    expect(issues(addressLevelSchema(0), { ...completeAddress(), country: 'CZE' })).toEqual({ country: ['validation.country_code'] });
  });
});

describe('PackageSchema', () => {
  it('turns typed text into numbers', () => {
    expect(v.parse(PackageSchema, { type: 'package', weight: '2,5', width: '30', height: ' 20 ', length: 10 })).toEqual({
      type: 'package',
      weight: 2.5,
      width: 30,
      height: 20,
      length: 10,
    });
  });

  it('reports empty, non-positive and over-limit values', () => {
    expect(issues(PackageSchema, { type: 'package', weight: '', width: '0', height: 'abc', length: '301' })).toEqual({
      weight: ['validation.required'],
      width: ['validation.dimension'],
      height: ['validation.dimension'],
      length: ['validation.dimensionMax'],
    });
    expect(issues(PackageSchema, { type: 'envelope', weight: '3', width: '30', height: '1', length: '20' })).toEqual({
      weight: ['validation.weightMax'],
    });
    expect(issues(PackageSchema, { type: 'pallet', weight: '800', width: '120', height: '100', length: '80' })).toEqual({});
    expect(issues(PackageSchema, { type: 'box', weight: '1', width: '1', height: '1', length: '1' })).toEqual({
      type: ['validation.package_type'],
    });
  });

  it('allows 1 to 10 packages', () => {
    const pkg = { type: 'package', weight: '1', width: '10', height: '10', length: '10' };
    expect(issues(PackagesSchema, [])).toEqual({ '': ['validation.required'] });
    expect(issues(PackagesSchema, Array(10).fill(pkg))).toEqual({});
    expect(issues(PackagesSchema, Array(11).fill(pkg))).toEqual({ '': ['validation.too_many_packages'] });
  });
});

describe('servicesSchema', () => {
  const cz = servicesSchema({ from: 'cz', to: 'cz' });
  const czSk = servicesSchema({ from: 'CZ', to: 'SK' });
  const withCod = (data: Partial<ReturnType<typeof emptyServices>['cod']['data']>) => {
    const services = emptyServices();
    return { ...services, cod: { ...services.cod, active: true, data: { ...services.cod.data, ...data } } };
  };
  const account = { accountNumber: '19-2000145399', bankCode: '0800', variable: '' };

  it('does not check inactive services', () => {
    expect(issues(cz, emptyServices())).toEqual({});
  });

  it('accepts cash on delivery with a Czech account', () => {
    const result = v.parse(cz, withCod({ currency: 'CZK', value: '1 500', bankAccount: account }));
    expect(result.cod.active && result.cod.data.value).toBe(1500);
  });

  it('allows only the route currencies (spec §9)', () => {
    expect(issues(cz, withCod({ currency: 'EUR', value: '10', bankAccount: account }))).toEqual({
      'cod.data.currency': ['validation.cod_currency'],
    });
    expect(issues(czSk, withCod({ currency: 'EUR', value: '10', bankAccount: account }))).toEqual({});
    expect(issues(servicesSchema({ from: 'sk', to: 'sk' }), withCod({ currency: 'CZK', value: '10', bankAccount: account }))).toEqual({
      'cod.data.currency': ['validation.cod_currency'],
    });
  });

  it('checks the account number, bank code and variable symbol', () => {
    expect(
      issues(cz, withCod({ currency: 'CZK', value: '10', bankAccount: { accountNumber: '18-2000145399', bankCode: '', variable: '12345678901' } })),
    ).toEqual({
      'cod.data.bankAccount.accountNumber': ['validation.bankAccount'],
      'cod.data.bankAccount.bankCode': ['validation.required'],
      'cod.data.bankAccount.variable': ['validation.variableSymbol'],
    });
    expect(issues(cz, withCod({ currency: 'CZK', value: '10', bankAccount: { ...account, bankCode: '80' } }))).toEqual({
      'cod.data.bankAccount.bankCode': ['validation.bankCode'],
    });
  });

  it('asks for a missing account once', () => {
    expect(issues(cz, withCod({ currency: 'CZK', value: '10', bankAccount: { accountNumber: ' ', bankCode: '', variable: '' } }))).toEqual({
      'cod.data.bankAccount.accountNumber': ['validation.required'],
      'cod.data.bankAccount.bankCode': ['validation.required'],
    });
  });

  it('accepts an IBAN without a bank code and rejects a wrong IBAN', () => {
    const iban = { accountNumber: 'CZ65 0800 0000 1920 0014 5399', bankCode: '', variable: '123' };
    expect(issues(cz, withCod({ currency: 'CZK', value: '10', bankAccount: iban }))).toEqual({});
    expect(issues(cz, withCod({ currency: 'CZK', value: '10', bankAccount: { ...iban, accountNumber: 'CZ6608000000192000145399' } }))).toEqual({
      'cod.data.bankAccount.accountNumber': ['validation.iban'],
    });
  });

  it('needs a positive amount', () => {
    expect(issues(cz, withCod({ currency: 'CZK', value: '', bankAccount: account }))).toEqual({ 'cod.data.value': ['validation.required'] });
    expect(issues(cz, withCod({ currency: 'CZK', value: '-5', bankAccount: account }))).toEqual({ 'cod.data.value': ['validation.amount'] });
  });

  it('checks active insurance', () => {
    const services = emptyServices();
    const ins = { ...services, ins: { active: true, code: 'ins' as const, data: { value: '0', currency: 'czk' } } };
    expect(issues(cz, ins)).toEqual({ 'ins.data.value': ['validation.amount'], 'ins.data.currency': ['validation.currency_code'] });
  });

  it('reads stored services leniently', () => {
    const stored = v.parse(ServicesDraftSchema, { cod: { active: 'yes', data: { value: 12 } } });
    expect(stored.cod.active).toBe(false);
    expect(stored.cod.data.value).toBe('12');
    expect(stored.cod.data.bankAccount).toEqual({ accountNumber: '', bankCode: '', variable: '' });
    expect(stored.hdf).toEqual({ active: false, code: 'hdf', data: {} });
  });
});

describe('CustomsSchema', () => {
  const item = { name: 'Kniha', country: 'cz', quantity: '2', value: '250', hsCode: '4901.99 00' };
  const customs = { ...v.getDefaults(CustomsDraftSchema), currency: 'CZK', items: [item] };

  it('defaults the reason to commercial and normalizes HS code and EORI', () => {
    const result = v.parse(CustomsSchema, { ...customs, reason: '', eori: 'cz 26765799' });
    expect(result.reason).toBe('commercial');
    expect(result.items[0]).toEqual({ name: 'Kniha', country: 'cz', quantity: 2, value: 250, hsCode: '49019900' });
    expect(result.eori).toBe('CZ26765799');
  });

  it('checks items', () => {
    const bad = { name: '', country: 'Czechia', quantity: '1,5', value: '0', hsCode: '12345' };
    expect(issues(CustomsSchema, { ...customs, items: [bad] })).toEqual({
      'items.0.name': ['validation.required'],
      'items.0.country': ['validation.country_code'],
      'items.0.quantity': ['validation.quantity'],
      'items.0.value': ['validation.amount'],
      'items.0.hsCode': ['validation.hsCode'],
    });
    expect(issues(CustomsSchema, { ...customs, items: [{ ...item, quantity: '0', hsCode: '' }] })).toEqual({
      'items.0.quantity': ['validation.quantity'],
    });
    expect(issues(CustomsSchema, { ...customs, items: [] })).toEqual({ items: ['validation.customsItems'] });
  });

  it('checks the reason, currency and EORI', () => {
    expect(issues(CustomsSchema, { ...customs, reason: 'bribe', currency: '', eori: '12' })).toEqual({
      reason: ['validation.customsReason'],
      currency: ['validation.required'],
      eori: ['validation.eori'],
    });
  });
});

describe('LoginSchema', () => {
  it('trims and requires both fields', () => {
    expect(v.parse(LoginSchema, { email: ' jan@example.cz ', password: ' secret ' })).toEqual({ email: 'jan@example.cz', password: 'secret' });
    expect(issues(LoginSchema, { email: '  ', password: '' })).toEqual({ email: ['validation.required'], password: ['validation.required'] });
  });
  it('checks the e-mail only when filled', () => {
    expect(issues(LoginSchema, { email: 'jan@', password: 'x' })).toEqual({ email: ['validation.email'] });
  });
});

describe('TrackingNumberSchema', () => {
  it('gives one message per input', () => {
    expect(issues(TrackingNumberSchema, '')).toEqual({ '': ['tracking.required'] });
    expect(issues(TrackingNumberSchema, 'OP1234567890')).toEqual({ '': ['tracking.invalid_number_op'] });
    expect(issues(TrackingNumberSchema, 'IZ123')).toEqual({ '': ['tracking.invalid_number'] });
  });
  it('outputs the trimmed uppercase number', () => {
    expect(v.parse(TrackingNumberSchema, ' iz1234567890 ')).toBe('IZ1234567890');
  });
});

describe('ShipmentDraftSchema', () => {
  it('round-trips a draft', () => {
    const draft = emptyDraft('cz');
    expect(v.parse(ShipmentDraftSchema, JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('starts a territory draft with its country and currency', () => {
    const draft = emptyDraft('sk');
    expect(draft.sender.country).toBe('sk');
    expect(draft.sender.phoneNumber.prefix).toBe('+421');
    expect(draft.currency).toBe('EUR');
    expect(draft.content).toHaveLength(1);
  });

  it('replaces malformed fields by their defaults instead of failing', () => {
    const draft = v.parse(ShipmentDraftSchema, {
      sender: 'cz',
      content: [],
      services: null,
      note: 42,
      saveSenderAddress: 'yes',
      customsClearance: 'nope',
      pickupDate: '2026-11-21',
    });
    expect(draft.sender).toEqual(emptyAddress());
    expect(draft.content).toEqual([{ type: 'package', weight: '', width: '', height: '', length: '' }]);
    expect(draft.services).toEqual(emptyServices());
    expect(draft.note).toBe('');
    expect(draft.saveSenderAddress).toBe(false);
    expect(draft.customsClearance).toBeNull();
    expect(draft.pickupDate).toBe('2026-11-21');
  });

  it('keeps at most 10 packages', () => {
    const pkg = { type: 'package', weight: '1', width: '', height: '', length: '' };
    expect(v.parse(ShipmentDraftSchema, { content: Array(12).fill(pkg) }).content).toHaveLength(10);
  });
});

describe('StoredQuoteSchema', () => {
  it('accepts a quote and rejects one without a carrier code', () => {
    const quote = sampleQuote();
    expect(v.parse(StoredQuoteSchema, JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    expect(v.is(StoredQuoteSchema, { ...quote, carrier: { code: '', name: 'X' } })).toBe(false);
    expect(v.is(StoredQuoteSchema, { ...quote, attributes: undefined })).toBe(false);
  });
});
