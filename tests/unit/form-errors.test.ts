import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issueErrors, messageIdOf, serverErrors } from '../../src/lib/form-errors';
import { issueCode } from '../../src/lib/api-errors';
import { PasswordSetSchema, RegisterSchema } from '../../src/lib/schemas/account';
import { LoginSchema } from '../../src/lib/schemas/login';
import cs from '../../translations/cs.json';
import en from '../../translations/en.json';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issueErrors(result.issues);
};

describe('message ids of error codes', () => {
  it('keeps ids and puts the spec’s bare codes under validation', () => {
    expect(messageIdOf('validation.email')).toBe('validation.email');
    expect(messageIdOf('auth.locked')).toBe('auth.locked');
    expect(messageIdOf('PASSWORD_DOES_NOT_MATCH')).toBe('validation.PASSWORD_DOES_NOT_MATCH');
  });

  it('has a Czech and an English text for every code the account forms can meet', () => {
    const codes = [
      'PASSWORD_MUST_BE_AT_LEAST_4_CHARACTERS_LENGTH',
      'PASSWORD_DOES_NOT_MATCH',
      'BAD_ORIGINAL_PASSWORD',
      'PASSWORD_EQUALS_EMAIL',
      'PASSWORD_TOO_COMMON',
      'validation.segment',
      'validation.terms',
      'validation.business_country',
      'validation.dic',
      'validation.phone',
      'validation.tin',
      'validation.vatin',
      'validation.setting_key',
      'validation.too_many',
      'validation.tutorial_code',
      'validation.email_taken',
      'validation.bad_credentials',
      'validation.token_invalid',
    ];
    for (const code of codes) {
      expect(cs, code).toHaveProperty([messageIdOf(code)]);
      expect(en, code).toHaveProperty([messageIdOf(code)]);
    }
  });
});

describe('form errors', () => {
  it('gives each field its first client error as a message id', () => {
    expect(errorsOf(LoginSchema, { email: ' jan@ ', password: '' })).toEqual({ email: 'validation.email', password: 'validation.required' });
    expect(errorsOf(PasswordSetSchema, { token: 't', password: 'abc', confirmation: 'abd' })).toEqual({
      password: 'validation.PASSWORD_MUST_BE_AT_LEAST_4_CHARACTERS_LENGTH',
      confirmation: 'validation.PASSWORD_DOES_NOT_MATCH',
    });
  });

  it('reports a wrong IČO of a business registration on its field', () => {
    const business = { segment: 'B', email: 'firma@example.cz', password: 'dlouheheslo', firstname: 'Jan', surname: 'Novák', phone: '777123456', terms: true, company: 'Firma s.r.o.', ico: '12345678', street: 'Hlavní 1', city: 'Praha', zip: '11000', country: 'cz' };
    expect(errorsOf(RegisterSchema, business)).toEqual({ ico: 'validation.tin' });
    expect(errorsOf(RegisterSchema, { ...business, ico: '26765799' })).toEqual({});
  });

  it('maps server field errors (spec §8) to the same fields and ids', () => {
    expect(
      serverErrors([
        { field: 'email', code: 'validation.email_taken', message: 'taken' },
        { field: 'password', code: 'PASSWORD_TOO_COMMON', message: 'common' },
        { field: 'password', code: 'validation.too_long', message: 'second error of a field' },
      ]),
    ).toEqual({ email: 'validation.email_taken', password: 'validation.PASSWORD_TOO_COMMON' });
  });
});

describe('issueCode: the spec code of any valibot issue (§5, §8)', () => {
  const codesOf = (schema: v.GenericSchema, input: unknown) => (v.safeParse(schema, input).issues ?? []).map(issueCode);
  it('a missing field is validation.required, whatever message the object has', () => {
    expect(codesOf(v.object({ score: v.number() }), {})).toEqual(['validation.required']);
    expect(codesOf(v.object({ score: v.number() }, 'validation.object'), {})).toEqual(['validation.required']);
    expect(codesOf(v.variant('form', [v.object({ form: v.literal('a') })]), {})).toEqual(['validation.required']);
  });
  it('keeps a schema’s own code and names valibot’s defaults by kind', () => {
    expect(codesOf(v.object({ score: v.number('rating.error.score') }), { score: 'x' })).toEqual(['rating.error.score']);
    expect(codesOf(v.object({ score: v.number() }), { score: 'x' })).toEqual(['validation.number']);
    expect(codesOf(v.object({ s: v.pipe(v.string(), v.maxLength(2)) }), { s: 'abc' })).toEqual(['validation.too_long']);
    expect(codesOf(v.object({ s: v.picklist(['a']) }), { s: 'b' })).toEqual(['validation.invalid']);
    expect(codesOf(v.object({ s: v.string() }), 5)).toEqual(['validation.object']);
  });
});
