import { describe, expect, it } from 'vitest';
import { countriesOf } from '../../src/lib/csv-import/country';
import type { ImportField } from '../../src/lib/csv-import/fields';
import { checkRow, fieldOfPath, fieldsOfRow, MAX_CELL_CHARS, type RowContext } from '../../src/lib/csv-import/rows';
import { emptyAddress } from '../../src/lib/schemas/address';
import { emptyDraft } from '../../src/lib/schemas/draft';

const countries = countriesOf([
  { code: 'cz', prefix: '+420', names: ['Česko'] },
  { code: 'sk', prefix: '+421', names: ['Slovensko'] },
  { code: 'de', prefix: '+49', names: ['Německo'] },
]);
const defaultSender = { ...emptyAddress('cz', '+420'), companyName: 'Firma s.r.o.', firstName: 'Petr', lastName: 'Svoboda', phoneNumber: { prefix: '+420', number: '777123456' }, email: 'firma@example.cz', street: 'Nádražní 1', city: 'Brno', zip: '60200' };
const ctx: RowContext = { territory: 'cz', defaultSender, countries };

const good: Partial<Record<ImportField, string>> = {
  'recipient.name': 'Jan Novák',
  'recipient.street': 'Dlouhá 12',
  'recipient.city': 'Praha',
  'recipient.zip': '110 00',
  'recipient.phone': '601 234 567',
  'recipient.email': 'jan@example.cz',
  'package.weight': '2,5',
};
/** a row of just the given fields (over a good recipient), each in its own column */
const check = (patch: Partial<Record<ImportField, string>> = {}, context = ctx) => {
  const cells = { ...good, ...patch };
  const mapping = Object.keys(cells) as ImportField[];
  return checkRow(Object.values(cells) as string[], mapping, context);
};
const errorsOf = (patch: Partial<Record<ImportField, string>>) => check(patch).errors;

describe('the field of a draft path (fieldOfPath)', () => {
  const none = new Set<ImportField>();
  it('blames a name part on the name column mapped for it: its own, else the whole name, else the company', () => {
    expect(fieldOfPath('recipient.firstName', none)).toBe('recipient.firstName');
    expect(fieldOfPath('recipient.firstName', new Set(['recipient.name']))).toBe('recipient.name');
    expect(fieldOfPath('recipient.firstName', new Set(['recipient.company']))).toBe('recipient.company');
    expect(fieldOfPath('recipient.firstName', new Set(['recipient.company', 'recipient.name']))).toBe('recipient.name');
    expect(fieldOfPath('sender.lastName', none)).toBe('sender.lastName');
    expect(fieldOfPath('sender.lastName', new Set(['sender.name', 'recipient.lastName']))).toBe('sender.name');
    expect(fieldOfPath('sender.lastName', new Set(['sender.company']))).toBe('sender.company');
    expect(fieldOfPath('sender.lastName', new Set(['sender.lastName', 'sender.name']))).toBe('sender.lastName');
  });

  it('blames the company, phone and address parts of either side on their own columns, and nothing else', () => {
    expect(fieldOfPath('sender.companyName', none)).toBe('sender.company');
    expect(fieldOfPath('recipient.phoneNumber.number', none)).toBe('recipient.phone');
    expect(fieldOfPath('sender.phoneNumber.prefix', none)).toBe('sender.phone');
    for (const part of ['street', 'city', 'zip', 'country', 'email']) {
      expect(fieldOfPath(`recipient.${part}`, none)).toBe(`recipient.${part}`);
      expect(fieldOfPath(`sender.${part}`, none)).toBe(`sender.${part}`);
    }
    expect(fieldOfPath('recipient.isProfile', none)).toBeNull();
  });

  it('blames a package\'s type and measures on their columns and anything else of the packages on the count', () => {
    expect(fieldOfPath('content.0.type', none)).toBe('package.type');
    for (const measure of ['weight', 'width', 'height', 'length']) expect(fieldOfPath(`content.3.${measure}`, none)).toBe(`package.${measure}`);
    expect(fieldOfPath('content.0', none)).toBe('package.count');
    expect(fieldOfPath('content', none)).toBe('package.count');
  });

  it('blames cash on delivery on its amount, currency, bank code (or the account when there is no bank code column), variable symbol or account', () => {
    expect(fieldOfPath('services.cod.value', none)).toBe('cod.amount');
    expect(fieldOfPath('services.cod.currency', none)).toBe('cod.currency');
    expect(fieldOfPath('services.cod.bankAccount.bankCode', none)).toBe('cod.account');
    expect(fieldOfPath('services.cod.bankAccount.bankCode', new Set(['cod.bankCode']))).toBe('cod.bankCode');
    expect(fieldOfPath('services.cod.bankAccount.variable', none)).toBe('cod.variableSymbol');
    expect(fieldOfPath('services.cod.bankAccount.accountNumber', none)).toBe('cod.account');
    expect(fieldOfPath('services.cod', none)).toBe('cod.account');
  });

  it('blames insurance, the reference, carrier, service and note on their columns, the currency on the COD currency, the rest on the row', () => {
    expect(fieldOfPath('services.ins.value', none)).toBe('insurance.value');
    expect(fieldOfPath('services.ins', none)).toBe('insurance.value');
    for (const head of ['reference', 'carrier', 'service', 'note']) expect(fieldOfPath(head, none)).toBe(head);
    expect(fieldOfPath('currency', none)).toBe('cod.currency');
    expect(fieldOfPath('services.hdf', none)).toBeNull();
    expect(fieldOfPath('pickupDate', none)).toBeNull();
    expect(fieldOfPath('', none)).toBeNull();
  });
});

describe('the fields of a row (fieldsOfRow)', () => {
  it('are the mapped columns and the fields filled in the row editor', () => {
    expect([...fieldsOfRow(['recipient.name', null, 'package.weight'], { note: 'x' })]).toEqual(['recipient.name', 'package.weight', 'note']);
    expect([...fieldsOfRow([null])]).toEqual([]);
  });
});

describe('a row\'s cells', () => {
  it('takes a package count of 1 to the maximum, one package when the cell is empty', () => {
    expect(check({ 'package.count': '' }).draft.content).toHaveLength(1);
    expect(check({ 'package.count': '1' }).draft.content).toHaveLength(1);
    const ten = check({ 'package.count': '10' });
    expect(ten.errors).toEqual([]);
    expect(ten.draft.content).toHaveLength(10);
    expect(ten.draft.content[9]).toEqual(ten.draft.content[0]);
    expect(ten.draft.content[9]).not.toBe(ten.draft.content[0]);
  });

  it.each(['0', '1.5', '11', '-1', 'dva'])('refuses a package count of %j, saying the maximum, and makes one package', (count) => {
    const checked = check({ 'package.count': count });
    expect(checked.errors).toEqual([{ field: 'package.count', code: 'import.error.count', values: { max: 10 } }]);
    expect(checked.draft.content).toHaveLength(1);
  });

  it('reads the package type words of the template, in any case and without accents', () => {
    const typeOf = (word: string) => check({ 'package.type': word }).draft.content[0]!.type;
    expect(typeOf('')).toBe('package');
    expect(typeOf('Balík')).toBe('package');
    expect(typeOf('Obálka')).toBe('envelope');
    expect(typeOf('10')).toBe('envelope');
    expect(typeOf('pneu')).toBe('tire');
    expect(typeOf('20')).toBe('tire');
    expect(typeOf('PALETA')).toBe('pallet');
    expect(typeOf('30')).toBe('pallet');
  });

  it('knows every package type word and code of the template', () => {
    const words: Record<string, string[]> = {
      package: ['0', 'package', 'parcel', 'balik', 'balicek', 'Balíček'],
      envelope: ['10', 'envelope', 'obalka'],
      tire: ['20', 'tire', 'tyre', 'pneumatika', 'pneu'],
      pallet: ['30', 'pallet', 'paleta'],
    };
    for (const [type, list] of Object.entries(words)) {
      for (const word of list) {
        const checked = check({ 'package.type': word });
        expect([word, checked.draft.content[0]!.type, checked.errors.filter((e) => e.field === 'package.type')]).toEqual([word, type, []]);
      }
    }
  });

  it('reads the units people write after numbers, in any case, with or without a space or a dot', () => {
    const weight = (cell: string) => check({ 'package.weight': cell }).draft.content[0]!.weight;
    for (const [cell, value] of [['2 kg', '2'], ['2KG.', '2'], ['500 g', '500'], ['30 cm', '30'], ['300mm', '300'], ['1 490 Kč', '1490'], ['1 490 kc', '1490'], ['10 CZK', '10'], ['10 eur', '10'], ['10 €', '10'], [' 2,5 ', '2.5']]) {
      expect([cell, weight(cell)]).toEqual([cell, value]);
    }
    expect(weight('2 kgs')).toBe('2 kgs');
    expect(weight('kg 2')).toBe('kg 2');
    expect(weight('2 kg 3')).toBe('2 kg 3');
  });

  it('reads numbers with spaces, decimal commas and a unit after them; measures left empty take the defaults', () => {
    const { draft } = check({ 'package.weight': '2,5 kg', 'package.width': '30cm', 'package.height': '', 'package.length': '1 200,5 mm.' });
    expect(draft.content[0]).toMatchObject({ weight: '2.5', width: '30', height: '10', length: '1200.5' });
    expect(check({ 'package.weight': 'těžký' }).draft.content[0]!.weight).toBe('těžký');
  });

  it('insures the value of the insurance cell in the draft\'s currency, and nothing when it is empty', () => {
    expect(check({ 'insurance.value': '5 000 Kč' }).draft.services.ins).toEqual({ active: true, code: 'ins', data: { value: '5000', currency: 'CZK' } });
    expect(check({ 'insurance.value': ' ' }).draft.services.ins).toEqual(emptyDraft('cz').services.ins);
    expect(errorsOf({ 'insurance.value': 'hodně' }).map((e) => e.field)).toEqual(['insurance.value']);
  });

  it(`takes a cell of ${MAX_CELL_CHARS} characters and refuses a longer one without reading it`, () => {
    const long = 'a'.repeat(MAX_CELL_CHARS);
    expect(check({ note: long }).errors.map((e) => e.code)).not.toContain('import.error.cell_too_long');
    const over = check({ note: `${long}b` });
    expect(over.errors).toContainEqual({ field: 'note', code: 'import.error.cell_too_long', values: { max: 300 } });
    expect(over.draft.note).toBe('');
  });

  it('gives one error per field: a cell already in error is not blamed again by the checks', () => {
    expect(errorsOf({ 'package.type': '=1+1' })).toEqual([{ field: 'package.type', code: 'import.error.formula' }]);
    expect(errorsOf({ 'package.count': 'x'.repeat(301) })).toEqual([{ field: 'package.count', code: 'import.error.cell_too_long', values: { max: 300 } }]);
    expect(errorsOf({ 'recipient.email': '=1', 'recipient.zip': '1' }).map((e) => e.field)).toEqual(['recipient.email', 'recipient.zip']);
  });

  it('splits a whole name at its last word and takes a lone word for the first name', () => {
    expect(check({ 'recipient.name': '  Jan  Maria Novák ' }).draft.recipient).toMatchObject({ firstName: 'Jan Maria', lastName: 'Novák' });
    expect(check({ 'recipient.name': 'Novák' }).draft.recipient).toMatchObject({ firstName: 'Novák', lastName: '' });
    expect(check({ 'recipient.name': '', 'recipient.firstName': 'Eva', 'recipient.lastName': 'Malá' }).draft.recipient).toMatchObject({ firstName: 'Eva', lastName: 'Malá' });
  });

  it('keeps a national phone number with the country\'s prefix and splits an international one', () => {
    expect(check({ 'recipient.phone': ' 601 234 567 ' }).draft.recipient.phoneNumber).toEqual({ prefix: '+420', number: '601 234 567' });
    expect(check({ 'recipient.phone': '+49 (30) 123-4567' }).draft.recipient.phoneNumber).toEqual({ prefix: '+49', number: '301234567' });
    expect(check({ 'recipient.phone': '' }).draft.recipient.phoneNumber).toEqual({ prefix: '+420', number: '' });
  });

  it('takes the territory for an empty country cell and a code or name for a written one', () => {
    expect(check({}).draft.recipient.country).toBe('cz');
    expect(check({ 'recipient.country': 'Německo' }).draft.recipient.country).toBe('de');
    expect(check({ 'recipient.country': 'xx' }).draft.recipient.country).toBe('xx');
  });

  it('reads the COD currency as written (Kč, €, codes in any case), else the route\'s first, and an IBAN as the account', () => {
    const cod = (patch: Partial<Record<ImportField, string>>) => check({ 'cod.amount': '100', 'cod.account': '19-2000145399/0800', ...patch }).draft.services.cod.data;
    expect(cod({}).currency).toBe('CZK');
    expect(cod({ 'cod.currency': 'Kč' }).currency).toBe('CZK');
    expect(cod({ 'cod.currency': '€' }).currency).toBe('EUR');
    expect(cod({ 'cod.currency': 'eur' }).currency).toBe('EUR');
    expect(cod({ 'cod.currency': 'KC' }).currency).toBe('CZK');
    expect(cod({ 'cod.currency': ' czk ' }).currency).toBe('CZK');
    expect(cod({ 'cod.currency': 'usd' }).currency).toBe('USD');
    expect(cod({ 'recipient.country': 'Slovensko' }).currency).toBe('CZK');
    expect(cod({ 'cod.account': 'cz65 0800 0000 1920 0014 5399' }).bankAccount).toEqual({ accountNumber: 'CZ6508000000192000145399', bankCode: '', variable: '' });
    expect(cod({ 'cod.account': '2000145399', 'cod.bankCode': '0800', 'cod.variableSymbol': ' 123 ' }).bankAccount).toEqual({ accountNumber: '2000145399', bankCode: '0800', variable: '123' });
  });

  it('takes the reference, note, carrier and service of the row, trimmed', () => {
    const { draft, request } = check({ reference: ' OBJ-1 ', note: ' křehké ', carrier: ' ppl ', service: ' PRIVATE ' });
    expect([draft.reference, draft.note, request.carrier, request.service]).toEqual(['OBJ-1', 'křehké', 'ppl', 'PRIVATE']);
  });

  it('trims every cell: a blank cell is an empty one', () => {
    const padded = check({ 'recipient.city': ' Praha ', 'sender.city': ' ', 'package.count': ' ', 'package.height': ' ', 'cod.amount': ' ', 'package.weight': ' 2 kg ' });
    expect(padded.errors).toEqual([]);
    expect(padded.draft.recipient.city).toBe('Praha');
    expect(padded.defaultSender).toBe(true);
    expect(padded.draft.content).toEqual([{ type: 'package', weight: '2', width: '10', height: '10', length: '10' }]);
    expect(padded.draft.services.cod.active).toBe(false);
    expect(check({ 'package.weight': ' těžký ' }).draft.content[0]!.weight).toBe('těžký');
    expect(check({ 'package.height': '20' }).draft.content[0]!.height).toBe('20');
    expect(check({ 'package.type': 'kufr' }).draft.content[0]!.type).toBe('package');
  });

  it('reads a missing cell at the end of a short row as empty', () => {
    const { draft } = checkRow(['Jan Novák'], ['recipient.name', 'note'], ctx);
    expect(draft.note).toBe('');
  });

  it('takes only a whole number starting with + or 00 for an international phone', () => {
    expect(check({ 'recipient.phone': '601 002 345' }).draft.recipient.phoneNumber).toEqual({ prefix: '+420', number: '601 002 345' });
    expect(check({ 'recipient.phone': '00420 601 abc' }).draft.recipient.phoneNumber).toEqual({ prefix: '+420', number: '00420 601 abc' });
    expect(check({ 'recipient.phone': '+999 123 456' }).draft.recipient.phoneNumber).toEqual({ prefix: '', number: '+999 123 456' });
    expect(check({ 'recipient.country': 'xx', 'recipient.phone': '' }).draft.recipient.phoneNumber).toEqual({ prefix: '', number: '' });
    expect(check({ 'recipient.country': 'xx', 'recipient.phone': '123456' }).draft.recipient.phoneNumber).toEqual({ prefix: '', number: '123456' });
  });

  it('reads the COD account cells: a bank code alone is the row\'s own (no default), an account without a slash has no bank code', () => {
    const account = { accountNumber: '19-2000145399', bankCode: '0800' };
    const bankOnly = check({ 'cod.amount': '100', 'cod.bankCode': '0800' }, { ...ctx, defaultCodAccount: account });
    expect(bankOnly.draft.services.cod.data.bankAccount).toMatchObject({ accountNumber: '', bankCode: '0800' });
    expect([bankOnly.defaultCodAccount, bankOnly.codAccountMissing]).toEqual([false, false]);
    const blankBank = check({ 'cod.amount': '100', 'cod.bankCode': ' ' }, { ...ctx, defaultCodAccount: account });
    expect(blankBank.defaultCodAccount).toBe(true);
    const own = check({ 'cod.amount': '100', 'cod.account': '2000145399' });
    expect(own.draft.services.cod.data.bankAccount).toEqual({ accountNumber: '2000145399', bankCode: '', variable: '' });
    expect([own.defaultCodAccount, own.codAccountMissing]).toEqual([false, false]);
    expect(check({ 'cod.amount': '100', 'cod.account': '2000145399/0800', 'cod.currency': ' eur ' }).draft.services.cod.data.currency).toBe('EUR');
    expect(check({ 'cod.amount': '100', 'cod.account': '2000145399/0800', 'recipient.country': 'Německo' }).draft.services.cod.data.currency).toBe('CZK');
  });

  it('blames only cash on delivery and insurance paths of the services on their cells', () => {
    const none = new Set<ImportField>();
    expect(fieldOfPath('other.cod', none)).toBeNull();
    expect(fieldOfPath('other.ins', none)).toBeNull();
    expect(fieldOfPath('services.cod.other.bankCode', new Set(['cod.bankCode']))).toBe('cod.account');
    expect(fieldOfPath('services.cod.other.variable', none)).toBe('cod.account');
  });

  it('blames every error of a row without a sender on a cell', () => {
    const none = check({}, { ...ctx, defaultSender: null });
    expect(none.errors.length).toBeGreaterThan(0);
    expect(none.errors.filter((e) => e.field === null)).toEqual([]);
  });
});
