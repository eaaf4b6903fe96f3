import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isValidDic, phoneE164, RegisterSchema } from '../../src/lib/schemas/account';
import { TOKEN_TTL_MS } from '../../src/server/identity/keys';
import { hashPassword, isCommonPassword, PBKDF2_ITERATIONS, UNUSABLE_HASH, verifyPassword } from '../../src/server/identity/passwords';
import { lockEnd, SIGN_IN_LIMITS } from '../../src/server/services/accounts/limits';

describe('password hashing', () => {
  it('hashes with PBKDF2-SHA256 at 100,000 iterations, a salt per password, and verifies only the same password and pepper', async () => {
    const a = await hashPassword('Kocka-v-botach-77', 'pepper');
    const b = await hashPassword('Kocka-v-botach-77', 'pepper');
    expect(a).toMatch(new RegExp(`^pbkdf2_sha256\\$${PBKDF2_ITERATIONS}\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`));
    expect(a).not.toBe(b);
    expect(await verifyPassword('Kocka-v-botach-77', a, 'pepper')).toBe(true);
    expect(await verifyPassword('kocka-v-botach-77', a, 'pepper')).toBe(false);
    expect(await verifyPassword('Kocka-v-botach-77', a, 'another pepper')).toBe(false);
    expect(await verifyPassword('Kocka-v-botach-77', 'md5$abc', 'pepper')).toBe(false);
  });

  it('has a hash no password matches, for unknown e-mails', async () => {
    for (const guess of ['', 'password', 'no-such-account!']) expect(await verifyPassword(guess, UNUSABLE_HASH, 'pepper')).toBe(false);
  });

  it('knows the most common passwords, Czech ones too, whatever the case', async () => {
    for (const common of ['123456', 'password', 'Qwerty', 'heslo123', 'AHOJAHOJ', 'sparta']) expect(await isCommonPassword(common)).toBe(true);
    expect(await isCommonPassword('Kocka-v-botach-77')).toBe(false);
  });
});

describe('sign-in limits', () => {
  const { failures, withinMs, lockMs } = SIGN_IN_LIMITS.email;
  const minute = 60_000;

  it('locks for 15 minutes from the 10th failure within 15 minutes', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i * minute);
    expect(lockEnd(ten, failures, withinMs, lockMs)).toBe(9 * minute + lockMs);
    expect(lockEnd(ten.slice(0, 9), failures, withinMs, lockMs)).toBe(0);
  });

  it('does not lock for 10 failures spread over more than 15 minutes', () => {
    const spread = Array.from({ length: 10 }, (_, i) => i * 2 * minute);
    expect(lockEnd(spread, failures, withinMs, lockMs)).toBe(0);
  });
});

describe('one-time tokens', () => {
  it('expire: login links after 15 minutes, password resets after an hour', () => {
    expect(TOKEN_TTL_MS.login).toBe(15 * 60_000);
    expect(TOKEN_TTL_MS.password_reset).toBe(60 * 60_000);
  });
});

describe('registration checks', () => {
  it('stores phones as E.164: +420/+421 with 9 digits, a bare 9-digit number is Czech', () => {
    expect(phoneE164('777 123 456')).toBe('+420777123456');
    expect(phoneE164('+421 905 123 456')).toBe('+421905123456');
    expect(phoneE164('00420777123456')).toBe('+420777123456');
    expect(phoneE164('+420 77 123')).toBeNull();
    expect(phoneE164('+49 30 1234567')).toBe('+49301234567');
  });

  it('checks DIČ as typed: CZ + IČO or birth number; Slovak DIČ 10 digits', () => {
    expect(isValidDic('CZ27082440', 'cz')).toBe(true);
    expect(isValidDic('CZ27082441', 'cz')).toBe(false);
    expect(isValidDic('2021879959', 'sk')).toBe(true);
    expect(isValidDic('20218799', 'sk')).toBe(false);
  });

  const fieldsOf = (input: unknown) => {
    const r = v.safeParse(RegisterSchema, input);
    return r.success ? {} : Object.fromEntries(r.issues.map((i) => [(i.path ?? []).map((p) => p.key).join('.'), i.message]));
  };
  const personal = { segment: 'A', email: 'Eva@Example.cz ', password: 'Kocka-v-botach-77', firstname: 'Eva', surname: 'Malá', phone: '777123456', terms: true, extra: 'ignored' };

  it('takes a personal registration, lower-cases the e-mail and ignores unknown keys', () => {
    const r = v.parse(RegisterSchema, personal);
    expect(r.email).toBe('eva@example.cz');
    expect(r).not.toHaveProperty('extra');
  });

  it('asks a business for its company, a valid IČO, DIČ and address; IČ DPH only in Slovakia', () => {
    expect(fieldsOf({ ...personal, segment: 'B' })).toEqual({ company: 'validation.required', ico: 'validation.required', street: 'validation.required', city: 'validation.required', zip: 'validation.required', country: 'validation.required' });
    const business = { ...personal, segment: 'B', company: 'Alza.cz a.s.', ico: '27082440', street: 'Jankovcova 1522/53', city: 'Praha 7', zip: '170 00', country: 'cz' };
    expect(fieldsOf(business)).toEqual({});
    expect(fieldsOf({ ...business, ico: '27082441' })).toEqual({ ico: 'validation.tin' });
    expect(fieldsOf({ ...business, dic: 'CZ1234' })).toEqual({ dic: 'validation.dic' });
    expect(fieldsOf({ ...business, ic_dph: 'SK2022749619' })).toEqual({ ic_dph: 'validation.vatin' });
    expect(fieldsOf({ ...business, country: 'sk', zip: '81104', ic_dph: 'SK2022749619' })).toEqual({});
    expect(fieldsOf({ ...business, terms: false })).toEqual({ terms: 'validation.terms' });
  });
});
